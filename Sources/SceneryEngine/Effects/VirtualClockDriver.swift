import SceneryCore

/// The virtual clock's driver (``EffectDriver``): work runs inline, time moves by request.
final class VirtualClockDriver: EffectDriver {
    let mode = ClockMode.virtual
    var realClock: RealClockDriver? { nil }
    /// Jobs asked for and not run yet, in order.
    private var jobs: [SceneJob] = []
    private var running = false

    func syncClock(_ engine: Engine) {}

    /// Runs the jobs before the command that asked for it answers (its progress notifications go
    /// out first). The jobs run one after another in the order they were asked for, first in,
    /// first out: a job that a finished job starts waits behind the jobs already queued, as it
    /// would behind running ones on the real clock (the photos scene's four first downloads all
    /// run before the fifth that the first one's end starts).
    func run(_ asked: [SceneJob], for engine: Engine) throws(RPCError) {
        jobs += asked
        // A job's end reduces the scene, which may ask for more: the outermost call runs them all.
        guard !running else { return }
        running = true
        defer { running = false }
        while !jobs.isEmpty {
            let job = jobs.removeFirst()
            let progress = ProgressBuffer(job: job.name)
            let context = JobContext(environment: engine.sceneEnvironment, progress: progress.report)
            let result = RunBlocking.run { await job.run(context) }
            engine.notificationsBeforeResponse += progress.lines
            do {
                try engine.reduceScene(.jobFinished(name: job.name, result: result))
            } catch {
                jobs.removeAll()
                throw error
            }
        }
    }

    /// Loads the picture now, right after the answer of the command that asked for it.
    func load(_ picture: PictureLoad, for engine: Engine) -> Result<LoadedPicture, ImageLoadFailure>? {
        RunBlocking.run { await picture.run() }
    }

    /// Moves the scene clock by `ms`, firing the due timers in order at their due times; a timer
    /// that re-arms itself fires again within the same advance.
    func advance(by ms: Int, _ engine: Engine) throws(RPCError) {
        let target = engine.clock.now + ms
        while let (name, due) = engine.timers.popDue(upTo: target) {
            engine.clock.now = due
            try? engine.reduceScene(.timerFired(name: name))
            startTimers(engine)
        }
        engine.clock.now = target
    }

    /// Starts and cancels the timers the scene just asked for; other effects stay queued.
    private func startTimers(_ engine: Engine) {
        engine.pendingEffects = engine.pendingEffects.filter { !engine.applyTimer($0) }
    }
}
