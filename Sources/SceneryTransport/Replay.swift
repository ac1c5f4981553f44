import SceneryCore
import SceneryEngine

/// Replays transcripts against an in-process engine, through the same line framing as stdin.
public enum Replay {
    /// The live environment with the real clock stopped at 0 ms: a transcript recorded with
    /// `"clock":"real"` replays the same (its `snapshot`s say `nowMs` 0); its timers and jobs,
    /// which fire on their own in a live session, do not run in a replay.
    public static var environment: EngineEnvironment { environment(relativeTo: nil) }

    /// ``environment`` with relative paths taken from `folder` (a transcript's own folder, so
    /// that its fixtures are found wherever `replay` runs).
    public static func environment(relativeTo folder: String?) -> EngineEnvironment {
        var environment = LiveEnvironment.make(baseDirectory: folder)
        environment.realTimeMs = { 0 }
        return environment
    }

    /// The folder of a transcript file, as the base of its relative paths (`.` for a bare name).
    public static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// Runs every request of `transcript` on a fresh engine; the output lines of each step.
    public static func run(_ transcript: Transcript, environment: EngineEnvironment, limits: EngineLimits = EngineLimits()) -> [[String]] {
        let engine = Engine(environment: environment, limits: limits)
        var framer = LineFramer(limit: limits.maxLineBytes)
        var results: [[String]] = []
        for step in transcript.steps {
            var out: [UInt8] = []
            if !engine.isShutDown {
                framer.feed(step.request + [0x0A]) { event in
                    switch event {
                    case .line(let line): engine.handle(line: line, output: &out)
                    case .overlong(let count): engine.rejectOverlongLine(byteCount: count, output: &out)
                    }
                }
            }
            results.append(out.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) })
        }
        return results
    }

    /// A readable report of the first difference between expected and actual output, or nil.
    public static func firstMismatch(_ transcript: Transcript, _ actual: [[String]], file: String) -> String? {
        for (index, step) in transcript.steps.enumerated() {
            let got = actual[index]
            guard got != step.expected else { continue }
            var report = "\(file):\(step.line): output differs after request\n  \(abbreviate(step.source))\n"
            for i in 0..<max(got.count, step.expected.count) {
                let expected = i < step.expected.count ? step.expected[i] : nil
                let actual = i < got.count ? got[i] : nil
                guard expected != actual else { continue }
                if let expected, let actual {
                    let column = zip(expected, actual).prefix { $0 == $1 }.count
                    report += "  line \(i + 1) of the response, first difference at character \(column + 1):\n"
                    report += "  - expected: \(abbreviate(around(expected, column)))\n"
                    report += "  + actual:   \(abbreviate(around(actual, column)))\n"
                } else if let expected {
                    report += "  - missing line \(i + 1): \(abbreviate(expected))\n"
                } else if let actual {
                    report += "  + extra line \(i + 1): \(abbreviate(actual))\n"
                }
                break
            }
            return report
        }
        return nil
    }

    static func around(_ text: String, _ column: Int) -> String {
        let start = max(0, column - 60)
        let slice = text.dropFirst(start).prefix(160)
        return (start > 0 ? "…" : "") + slice
    }

    static func abbreviate(_ text: String) -> String {
        text.count <= 240 ? text : text.prefix(240) + "… (\(text.utf8.count) bytes)"
    }
}
