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
        return transcript.steps.map { step in
            send(step.request, to: engine, through: &framer).split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// What `engine` writes for one request's bytes, read as stdin is (framed, overlong lines
    /// refused); nothing once it has shut down.
    public static func send(_ request: [UInt8], to engine: Engine, through framer: inout LineFramer) -> [UInt8] {
        var out: [UInt8] = []
        guard !engine.isShutDown else { return out }
        framer.feed(request + [0x0A]) { engine.handle($0, output: &out) }
        return out
    }
}
