import SceneryCore

/// A readable golden (`.golden`): requests, each followed by what a person would check after it,
/// indented by two spaces. Docs/goldens.md is the guide; PROTOCOL.md section 7 the reference.
///
///     # keep: screen, model
///     > scene.open {"scene":"directory"}
///       screen
///         text "Recents"  #title
///         row "Caryn Beevis Age: 61"  #recents.person.0
///       model
///         tab = "recents"
///     > tap {"id":"tab.contacts"}
///       screen
///         ...
///
/// A request is `> METHOD` or `> METHOD {PARAMS}` (the id is the step's number), a whole JSON-RPC
/// line `> {...}`, or `>% ` and a byte expression (``Transcript/evaluate(_:)``). After it, the
/// engine's answer as a person reads it (``GoldenStep``): `error CODE: MESSAGE`, `result {...}`
/// (what the answer says besides the state), `screen` and the screen as text (``ScreenText``), or
/// `screen unchanged`, and `model` and the model's changes as key paths (``KeyPathChanges``).
/// Comments (`#`) and blank lines are kept by `--update`. Directives, in comments:
/// - `# keep: screen [ID...]`, `# keep: model [PATH...]`: what the golden holds (without any
///   `keep`, the whole screen and model); ids and paths narrow it to a region;
/// - `# redact: model PATH`, `# redact: screen ID`, `# redact: result KEY`: a value that changes
///   with no user-visible reason, written `"[redacted]"` and never compared;
/// - `# needs: PATH`, as in a protocol transcript.
public struct Golden: Sendable {
    /// One request and the lines expected after it (without their two spaces of indent).
    public struct Step: Sendable {
        /// 1-based line number of the request in the file.
        public var line: Int
        /// The request line as written.
        public var source: String
        /// The request as the engine reads it.
        public var request: [UInt8]
        /// The method, for reports (`?` when the line is not a request the engine can read).
        public var method: String
        public var expected: [String]
    }

    /// What a golden holds (its `# keep:` and `# redact:` comments).
    public struct Choices: Sendable, Equatable {
        /// Whether the screen is kept, and only which ids (empty: all).
        public var screen: [String]? = []
        /// Whether the model is kept, and only which key paths (empty: all).
        public var model: [String]? = []
        public var redactedScreen: [String] = []
        public var redactedModel: [String] = []
        public var redactedResult: [String] = []

        public init() {}
    }

    enum FileLine: Sendable {
        case other(String)
        case request(step: Int)
        case expected
    }

    public var steps: [Step] = []
    public var choices = Choices()
    /// The paths of its `# needs: PATH` comments.
    public var needs: [String] = []
    var lines: [FileLine] = []

    public init(parsing bytes: [UInt8]) throws(Transcript.ParseError) {
        var number = 0
        var kept: (screen: [String]?, model: [String]?)?
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let text = String(decoding: rawLine, as: UTF8.self)
            if text.hasPrefix("> ") || text.hasPrefix(">% ") {
                let request: (bytes: [UInt8], method: String)
                do { request = try Golden.request(text, id: steps.count + 1) } catch { throw Transcript.ParseError(line: number, message: error.message) }
                steps.append(Step(line: number, source: text, request: request.bytes, method: request.method, expected: []))
                lines.append(.request(step: steps.count - 1))
            } else if text.hasPrefix("  ") && !text.allSatisfy({ $0 == " " }) {
                guard !steps.isEmpty else { throw Transcript.ParseError(line: number, message: "an indented line (what a request shows) before any request") }
                steps[steps.count - 1].expected.append(String(text.dropFirst(2)))
                lines.append(.expected)
            } else if text.isEmpty || text.first == "#" || text.allSatisfy({ $0 == " " }) {
                lines.append(.other(text))
                if text.hasPrefix(Transcript.needsPrefix) {
                    needs.append(String(text.dropFirst(Transcript.needsPrefix.count)).trimmingSpaces)
                } else if text.hasPrefix("# keep:") {
                    let words = Golden.words(text.dropFirst(7))
                    guard let what = words.first, what == "screen" || what == "model" else {
                        throw Transcript.ParseError(line: number, message: "# keep: expected screen or model, then ids or key paths if only some")
                    }
                    var current = kept ?? (nil, nil)
                    if what == "screen" { current.screen = (current.screen ?? []) + words.dropFirst() } else { current.model = (current.model ?? []) + words.dropFirst() }
                    kept = current
                } else if text.hasPrefix("# redact:") {
                    let words = Golden.words(text.dropFirst(9))
                    guard words.count == 2, ["screen", "model", "result"].contains(words[0]) else {
                        throw Transcript.ParseError(line: number, message: "# redact: expected screen ID, model PATH or result KEY")
                    }
                    switch words[0] {
                    case "screen": choices.redactedScreen.append(words[1])
                    case "model": choices.redactedModel.append(words[1])
                    default: choices.redactedResult.append(words[1])
                    }
                }
            } else {
                throw Transcript.ParseError(line: number, message: "expected a request (\"> \"), an indented line of what it shows, or a comment (\"#\")")
            }
        }
        if let kept {
            choices.screen = kept.screen
            choices.model = kept.model
        }
        if case .other("")? = lines.last { lines.removeLast() }
    }

    static func words(_ text: Substring) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    }

    /// The bytes of a request line and its method, for step `id`.
    static func request(_ line: String, id: Int) throws(RPCError) -> (bytes: [UInt8], method: String) {
        if line.hasPrefix(">% ") {
            return (try Transcript.evaluate(String(line.dropFirst(3))), "?")
        }
        let body = line.dropFirst(2)
        if body.first == "{" {
            let method = (try? JSONParser.parse(String(body)))?["method"]?.stringValue ?? "?"
            return (Array(body.utf8), method)
        }
        let method = body.prefix { $0 != " " }
        let rest = body.dropFirst(method.count).drop { $0 == " " }
        guard !method.isEmpty else { throw RPCError(code: 0, message: "expected a method after \"> \"") }
        var request = "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":" + JSON.string(String(method)).description
        if !rest.isEmpty {
            guard case .object? = try? JSONParser.parse(String(rest)) else {
                throw RPCError(code: 0, message: "expected the params of \(method) as a JSON object, got \(rest.prefix(40))")
            }
            request += ",\"params\":" + rest
        }
        return (Array((request + "}").utf8), String(method))
    }

    /// How a recorded request is written: `> METHOD {PARAMS}` for a plain JSON-RPC request with a
    /// number id, else as a protocol transcript writes it (``Transcript/requestLine(_:)``).
    public static func requestLine(_ bytes: [UInt8]) -> String {
        guard bytes.count <= 4096, case .object(let request)? = try? JSONParser.parse(bytes),
              request["jsonrpc"] == .string("2.0"), case .number? = request["id"], case .string(let method)? = request["method"],
              !method.isEmpty, !method.contains(" "), !method.hasPrefix("{"),
              request.keys.allSatisfy({ ["jsonrpc", "id", "method", "params"].contains($0) }) else {
            return Transcript.requestLine(bytes)
        }
        switch request["params"] {
        case nil: return "> " + method
        case .object(let params)?: return params.keys.isEmpty ? "> " + method : "> " + method + " " + JSON.object(params).description
        default: return Transcript.requestLine(bytes)
        }
    }

    /// The methods a front end sends to draw rather than to act (`asset.read`, `snapshot`): they
    /// change nothing, and a golden recorded from a front end leaves them out.
    public static let plumbing: Set<String> = ["asset.read", "snapshot"]

    /// Whether a recorded request is one of ``plumbing``.
    public static func isPlumbing(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= 4096, case .string(let method)? = (try? JSONParser.parse(bytes))?["method"] else { return false }
        return plumbing.contains(method)
    }

    /// What `scenery record` writes first in a new golden.
    public static let header = """
        # A Scenery golden: each request (>), then what a person sees after it, indented.
        # scenery replay FILE checks it; --update rewrites it; Docs/goldens.md explains it.

        """

    /// The file with each step's expected lines replaced by `actual[step]`.
    public func updated(with actual: [[String]]) -> String {
        Transcript.rewrite(lines.map { line in
            switch line {
            case .other(let text): return .other(text)
            case .expected: return nil
            case .request(let step): return .request(step: step)
            }
        }, sources: steps.map(\.source), actual: actual, prefix: "  ")
    }
}
