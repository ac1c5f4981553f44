import SceneryCore
import SceneryEngine

/// One golden file checked against the engine, whichever its format: a readable golden
/// (`.golden`, ``Golden``) or a protocol transcript (anything else, ``Transcript``). What
/// `scenery replay`, `scenery review` and the test suites run.
public struct GoldenFile {
    /// What replaying the file found.
    public enum Outcome {
        /// A `# needs:` path is missing: the message names it.
        case skipped(String)
        /// The engine wrote what the file expects, for this many requests.
        case matches(requests: Int)
        /// The engine wrote something else: the report of every difference, what changed in each
        /// step (one line a step), and the file as `--update` writes it.
        case differs(report: String, changes: [String], updated: String)
    }

    /// Whether `path` is a readable golden (by its extension).
    public static func isReadable(_ path: String) -> Bool { path.hasSuffix(".golden") }

    /// Replays `path` (relative paths in its requests taken from its folder) and compares.
    public static func check(_ path: String, limits: EngineLimits = EngineLimits()) throws(RPCError) -> Outcome {
        let bytes = try LiveEnvironment.readFile(path, limit: 1 << 30)
        let folder = Replay.folder(of: path)
        let environment = Replay.environment(relativeTo: folder)
        func missing(_ needs: [String]) -> Outcome? {
            let absent = Transcript.missing(needs, inFolder: folder)
            return absent.isEmpty ? nil : .skipped("needs \(absent.joined(separator: ", ")) (relative to the file), which is missing")
        }
        do {
            if isReadable(path) {
                let golden = try Golden(parsing: bytes)
                if let skipped = missing(golden.needs) { return skipped }
                let actual = GoldenRun.run(golden, environment: environment, limits: limits)
                guard let report = GoldenDiff.report(golden, actual, file: path) else { return .matches(requests: golden.steps.count) }
                return .differs(report: report, changes: GoldenDiff.changes(golden, actual), updated: golden.updated(with: actual))
            }
            let transcript = try Transcript(parsing: bytes)
            if let skipped = missing(transcript.needs) { return skipped }
            let actual = Replay.run(transcript, environment: environment, limits: limits)
            guard let report = TranscriptDiff.report(transcript, actual, file: path) else { return .matches(requests: transcript.steps.count) }
            let changes = transcript.steps.indices.filter { transcript.steps[$0].expected != actual[$0] }.map { index in
                let step = transcript.steps[index], now = actual[index]
                let differing = (0..<max(now.count, step.expected.count)).filter { i in
                    (i < now.count ? now[i] : nil) != (i < step.expected.count ? step.expected[i] : nil)
                }.count
                let method = (try? JSONParser.parse(step.request))?["method"]?.stringValue ?? "?"
                return "line \(step.line) (\(method)): \(differing) of \(now.count) output lines differ" + (now.count == step.expected.count ? "" : " (were \(step.expected.count))")
            }
            return .differs(report: report, changes: changes, updated: transcript.updated(with: actual))
        } catch {
            throw RPCError(code: ErrorCode.invalidParams, message: "\(path):\(error.line): \(error.message)")
        }
    }

    /// The golden files a path names: the file itself, or every `.golden` and `.transcript` under
    /// a folder, in path order.
    public static func files(under path: String) -> [String] {
        guard let info = LiveEnvironment.fileInfo(path), info.isDirectory else { return [path] }
        var out: [String] = []
        for name in (try? LiveEnvironment.listDirectory(path)) ?? [] where !name.hasPrefix(".") {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            if LiveEnvironment.fileInfo(child)?.isDirectory == true {
                out += files(under: child)
            } else if name.hasSuffix(".golden") || name.hasSuffix(".transcript") {
                out.append(child)
            }
        }
        return out
    }
}
