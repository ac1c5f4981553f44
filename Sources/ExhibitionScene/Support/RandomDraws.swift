import SceneryCore

/// The session's seeded generator as a scene sees it, through ``SceneEnvironment/random``.
struct EnvironmentRandom: RandomNumberGenerator {
    let draw: @Sendable () -> UInt64

    init(_ environment: SceneEnvironment) { draw = environment.random }

    mutating func next() -> UInt64 { draw() }
}

extension RandomNumberGenerator {
    /// A uniform integer in `0..<bound`, by Lemire's method as in ``SeededRandom/below(_:)``:
    /// written out rather than taken from `Int.random(in:using:)`, whose algorithm the standard
    /// library does not promise to keep, so a seed gives the same layout everywhere.
    mutating func index(below bound: Int) -> Int {
        precondition(bound > 0)
        let b = UInt64(bound)
        var m = next().multipliedFullWidth(by: b)
        if m.low < b {
            let threshold = (0 &- b) % b
            while m.low < threshold { m = next().multipliedFullWidth(by: b) }
        }
        return Int(m.high)
    }
}
