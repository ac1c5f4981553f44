import SceneryCore

/// Collects a job's progress notifications while it runs inline (virtual clock).
final class ProgressBuffer: @unchecked Sendable {
    let job: String
    var lines: [UInt8] = []
    init(job: String) { self.job = job }
    func report(_ progress: JobProgress) { lines += Engine.progressLine(job: job, progress) }
}

/// Whether the session may use the network, shared with the scene environment. Set once, by
/// `initialize`, before any job can read it.
final class NetworkSwitch: @unchecked Sendable {
    var on = true
}

/// The scene clock, shared with the scene environment.
final class SceneClock: @unchecked Sendable {
    var now = 0
}

/// The session's RNG, shared with the scene environment; reseeded by `initialize`.
final class RandomSource: @unchecked Sendable {
    var generator: SeededRandom
    init(seed: UInt64) { generator = SeededRandom(seed: seed) }
    func next() -> UInt64 { generator.next() }
}
