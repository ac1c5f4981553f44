import SceneryCore
import SceneryEngine

/// Runs a readable golden's requests on a fresh engine, and writes what each one shows as the
/// golden holds it (``Golden``): its error or result, the screen as text, the model's changes.
public enum GoldenRun {
    /// The lines after each step (without the step's indent).
    public static func run(_ golden: Golden, environment: EngineEnvironment, limits: EngineLimits = EngineLimits()) -> [[String]] {
        let engine = Engine(environment: environment, limits: limits)
        var framer = LineFramer(limit: limits.maxLineBytes)
        var screen: ScreenText? = nil
        var model = engine.model
        var results: [[String]] = []
        for step in golden.steps {
            let out = Replay.send(step.request, to: engine, through: &framer)
            var lines = answer(out, method: step.method, choices: golden.choices)
            if let ids = golden.choices.screen {
                var text = engine.screenText(ids: ids)
                redact(&text, golden.choices.redactedScreen)
                lines += screenLines(text, after: screen)
                screen = text
            }
            if let paths = golden.choices.model {
                let next = engine.model
                let changes = KeyPathChanges(from: model, to: next, redacted: golden.choices.redactedModel).changes
                    .filter { change in paths.isEmpty || paths.contains { GoldenRun.path(change.path, isUnder: $0) } }
                if !changes.isEmpty {
                    lines.append("model")
                    lines += changes.map { "  " + $0.rendered }
                }
                model = next
            }
            results.append(lines)
        }
        return results
    }

    /// The screen after a step: `screen unchanged`; `screen changes` and the lines of the nodes
    /// that changed, when they are at most a third of the screen's lines (a tap that selects a
    /// row says that row); else `screen` and the whole screen.
    static func screenLines(_ text: ScreenText, after previous: ScreenText?) -> [String] {
        if let previous, previous == text { return ["screen unchanged"] }
        if let previous, !previous.lines.isEmpty, let changes = text.changes(from: previous), changes.count * 3 <= text.lines.count {
            return ["screen changes"] + changes.map { "  " + $0 }
        }
        return [text.lines.isEmpty ? "screen empty" : "screen"] + text.lines.map { "  " + $0.rendered }
    }

    /// Whether key path `path` is `prefix` or under it.
    static func path(_ path: String, isUnder prefix: String) -> Bool {
        guard path.hasPrefix(prefix) else { return false }
        let rest = path.dropFirst(prefix.count)
        return rest.isEmpty || rest.first == "." || rest.first == "["
    }

    static func redact(_ text: inout ScreenText, _ ids: [String]) {
        guard !ids.isEmpty else { return }
        let queries = ids.map { NodeQuery(id: $0) }
        for index in text.lines.indices where queries.contains(where: { $0.idMatches(text.lines[index].id) }) {
            if text.lines[index].text != nil { text.lines[index].text = "[redacted]" }
            if text.lines[index].asset != nil { text.lines[index].asset = "[redacted]" }
        }
    }

    /// The answer to a step as a golden keeps it: `error CODE: MESSAGE`, or `result {...}` when
    /// the result says something besides the state (nothing for a plain change of state).
    static func answer(_ output: [UInt8], method: String, choices: Golden.Choices) -> [String] {
        var lines: [String] = []
        for line in output.split(separator: 0x0A) {
            guard case .object(let message)? = try? JSONParser.parse(line), message["id"] != nil, message["method"] == nil else { continue }
            if case .object(let error)? = message["error"] {
                let code = error["code"].map(\.description) ?? "?"
                lines.append("error \(code): \(error["message"]?.stringValue ?? "")")
            } else if case .object(let result)? = message["result"] {
                let kept = keptResult(result, method: method, redacted: choices.redactedResult)
                if !kept.keys.isEmpty { lines.append("result " + JSON.object(kept).description) }
            }
        }
        return lines
    }

    /// What a golden keeps of a result: not the state (the screen and model say it), nor what
    /// describes the engine rather than the session (`initialize`'s version, methods, limits),
    /// nor an asset's bytes; a `find` keeps its count and the ids it matched.
    static func keptResult(_ result: JSONObject, method: String, redacted: [String]) -> JSONObject {
        var kept = JSONObject()
        for (key, value) in zip(result.keys, result.values) {
            if ["patch", "rev", "state", "nowMs", "text"].contains(key) { continue }
            if method == "initialize" && key != "protocolVersion" { continue }
            if method == "asset.read" && key == "data" { continue }
            if method == "find" && key == "matches", case .array(let matches) = value {
                kept[key] = .array(matches.map { $0["id"] ?? .null })
                continue
            }
            kept[key] = redacted.contains(key) ? .string("[redacted]") : value
        }
        return kept
    }
}
