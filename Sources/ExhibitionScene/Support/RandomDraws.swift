import SceneryCore

/// The session's seeded generator as a scene sees it, through ``SceneEnvironment/random``.
struct EnvironmentRandom: RandomNumberGenerator {
    let draw: @Sendable () -> UInt64

    init(_ environment: SceneEnvironment) { draw = environment.random }

    mutating func next() -> UInt64 { draw() }
}
