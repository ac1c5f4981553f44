import SceneryCore

/// The real clock's driver (``EffectDriver``): jobs and pictures wait here for the transport
/// (`RealClockWork`), which runs them as tasks, and the scene clock is the wall clock.
final class RealClockDriver: EffectDriver {
    let mode = ClockMode.real
    var realClock: RealClockDriver? { self }
    /// Pictures the transport must load, each once.
    private var loads: [PictureLoad] = []
    /// Jobs the transport must run.
    private var jobs: [SceneJob] = []

    /// Scenes see the time a request arrived (a pan's speed without `t`).
    func syncClock(_ engine: Engine) {
        engine.clock.now = max(engine.clock.now, engine.environment.realTimeMs())
    }

    func run(_ asked: [SceneJob], for engine: Engine) throws(RPCError) { jobs += asked }

    func load(_ picture: PictureLoad, for engine: Engine) -> Result<LoadedPicture, ImageLoadFailure>? {
        if !loads.contains(where: { $0.url == picture.url }) { loads.append(picture) }
        return nil
    }

    func advance(by ms: Int, _ engine: Engine) throws(RPCError) {
        throw RPCError(code: ErrorCode.wrongClock, message: "clock.advance: the session uses the real clock; initialize with \"clock\":\"virtual\" to move time by hand")
    }

    /// Takes the pictures the transport should load.
    func takeLoads() -> [PictureLoad] {
        defer { loads = [] }
        return loads
    }

    /// A picture the transport loaded is no longer waiting.
    func loaded(_ url: String) { loads.removeAll { $0.url == url } }

    /// Takes the jobs the transport should start, each with the file access it may use.
    func takeJobs(_ environment: SceneEnvironment) -> [(job: SceneJob, environment: SceneEnvironment)] {
        defer { jobs = [] }
        return jobs.map { ($0, environment) }
    }
}
