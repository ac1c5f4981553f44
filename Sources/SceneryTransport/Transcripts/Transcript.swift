import SceneryCore

/// A golden transcript: requests (`> ` + a line, or `>% ` + a byte expression for bytes a text
/// file cannot hold), each followed by the lines the engine writes (`< `); `#` comments and
/// blank lines are ignored.
///
/// A byte expression is a list of terms: a JSON string literal (its UTF-8), `0xHH` (one byte),
/// each optionally followed by `*N` (repeat N times). `>% "[" *100000` is a line of 100,000
/// brackets; `>% "{\"id\":" 0xFF "}"` holds an invalid UTF-8 byte.
///
/// Paths in a transcript's requests are relative to the transcript's own folder (`replay` runs
/// the engine there). A comment `# needs: PATH` names a file or folder the transcript reads that
/// is not part of the repository (the briefs' data in `../shared`); where it is missing, the
/// transcript is skipped with that path named rather than failed.
public struct Transcript: Sendable {
    /// One request and what it should produce.
    public struct Step: Sendable {
        /// 1-based line number of the request in the file.
        public var line: Int
        /// The request line as written in the file (for messages and `--update`).
        public var source: String
        public var request: [UInt8]
        public var expected: [String]
    }

    /// A line of the file, kept so `--update` can rewrite it with comments in place.
    enum FileLine: Sendable {
        case other(String)
        case request(step: Int)
        case response
    }

    public var steps: [Step] = []
    var lines: [FileLine] = []
    /// The paths of its `# needs: PATH` comments, relative to the transcript's folder.
    public var needs: [String] = []

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(parsing bytes: [UInt8]) throws(ParseError) {
        var number = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = Array(rawLine)
            if line.starts(with: Array("> ".utf8)) {
                steps.append(Step(line: number, source: String(decoding: line, as: UTF8.self), request: Array(line.dropFirst(2)), expected: []))
                lines.append(.request(step: steps.count - 1))
            } else if line.starts(with: Array(">% ".utf8)) {
                let expression = String(decoding: line.dropFirst(3), as: UTF8.self)
                let request: [UInt8]
                do { request = try Transcript.evaluate(expression) } catch { throw ParseError(line: number, message: error.message) }
                steps.append(Step(line: number, source: String(decoding: line, as: UTF8.self), request: request, expected: []))
                lines.append(.request(step: steps.count - 1))
            } else if line.starts(with: Array("< ".utf8)) {
                guard !steps.isEmpty else { throw ParseError(line: number, message: "a response line before any request") }
                steps[steps.count - 1].expected.append(String(decoding: line.dropFirst(2), as: UTF8.self))
                lines.append(.response)
            } else if line.isEmpty || line.first == UInt8(ascii: "#") || line.allSatisfy({ $0 == 0x20 }) {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix(Transcript.needsPrefix) {
                    needs.append(String(text.dropFirst(Transcript.needsPrefix.count)).trimmingSpaces)
                }
                lines.append(.other(text))
            } else {
                throw ParseError(line: number, message: "expected a line starting with \"> \", \">% \", \"< \" or \"#\"")
            }
        }
        // A final newline leaves one empty piece; do not let --update grow the file.
        if case .other("")? = lines.last { lines.removeLast() }
    }

    /// The comment that names a file or folder the transcript needs.
    public static let needsPrefix = "# needs: "

    /// The needed paths (``needs``) missing when the transcript's folder is `folder`.
    public func missingNeeds(inFolder folder: String) -> [String] {
        Transcript.missing(needs, inFolder: folder)
    }

    /// Which of `needs` (paths relative to `folder`) are missing.
    public static func missing(_ needs: [String], inFolder folder: String) -> [String] {
        needs.filter { LiveEnvironment.fileInfo(folder.isEmpty ? $0 : folder + "/" + $0) == nil }
    }

    /// Evaluates a byte expression.
    public static func evaluate(_ expression: String) throws(RPCError) -> [UInt8] {
        var out: [UInt8] = []
        var lastTerm: [UInt8]?
        var rest = Substring(expression)
        func fail(_ message: String) -> RPCError { RPCError(code: 0, message: "byte expression: \(message)") }
        while true {
            rest = rest.drop { $0 == " " }
            guard let first = rest.first else { break }
            if first == "\"" {
                guard let end = ScreenText.endOfString(rest) else { throw fail("unterminated string") }
                let literal = rest[..<end]
                guard case .string(let text)? = try? JSONParser.parse(String(literal)) else { throw fail("bad string literal \(literal)") }
                lastTerm = Array(text.utf8)
                out += lastTerm!
                rest = rest[end...]
            } else if rest.hasPrefix("0x") {
                let hex = rest.dropFirst(2).prefix(2)
                guard hex.count == 2, let byte = UInt8(hex, radix: 16) else { throw fail("bad byte \(rest.prefix(4))") }
                lastTerm = [byte]
                out.append(byte)
                rest = rest.dropFirst(4)
            } else if first == "*" {
                let digits = rest.dropFirst().prefix { $0.isNumber }
                guard let count = Int(digits), count >= 1, count <= 100_000_000, let term = lastTerm else { throw fail("bad repeat \(rest.prefix(10))") }
                for _ in 1..<count { out += term }
                lastTerm = nil
                rest = rest.dropFirst(1 + digits.count)
            } else {
                throw fail("unexpected \(rest.prefix(10))")
            }
        }
        return out
    }

    /// How `record` writes a request: as is when it is printable UTF-8 of a sane length,
    /// else as a byte expression with runs compressed.
    public static func requestLine(_ bytes: [UInt8]) -> String {
        let printable = bytes.count <= 4096 && UTF8Check.firstInvalidOffset(bytes) == nil && !bytes.contains { $0 < 0x20 || $0 == 0x7F }
        if printable { return "> " + String(decoding: bytes, as: UTF8.self) }
        var terms: [String] = []
        var i = 0
        while i < bytes.count {
            var run = 1
            while i + run < bytes.count && bytes[i + run] == bytes[i] { run += 1 }
            let byte = bytes[i]
            let term = byte >= 0x20 && byte < 0x7F ? JSON.string(String(UnicodeScalar(byte))).description : "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            terms.append(run > 1 ? "\(term) *\(run)" : term)
            i += run
        }
        // Merge neighbouring single printable characters into one string literal.
        var merged: [String] = []
        for term in terms {
            if term.hasPrefix("\""), !term.contains(" *"), let last = merged.last, last.hasPrefix("\""), !last.contains(" *") {
                merged[merged.count - 1] = String(last.dropLast()) + term.dropFirst()
            } else {
                merged.append(term)
            }
        }
        return ">% " + merged.joined(separator: " ")
    }

    /// The file with each request's responses replaced by `actual[step]`.
    public func updated(with actual: [[String]]) -> String {
        Transcript.rewrite(lines.map { line in
            switch line {
            case .other(let text): return .other(text)
            case .response: return nil
            case .request(let step): return .request(step: step)
            }
        }, sources: steps.map(\.source), actual: actual, prefix: "< ")
    }

    /// A golden file rewritten: its other lines kept in place, each request's source followed
    /// by its actual lines (each after `prefix`), the old expected lines (nil) dropped. What
    /// `--update` writes for both formats.
    static func rewrite(_ lines: [FileLine?], sources: [String], actual: [[String]], prefix: String) -> String {
        var out: [String] = []
        for case let line? in lines {
            switch line {
            case .other(let text): out.append(text)
            case .response: continue
            case .request(let step):
                out.append(sources[step])
                out += actual[step].map { prefix + $0 }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
