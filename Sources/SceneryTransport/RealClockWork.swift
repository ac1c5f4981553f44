import Dispatch
import SceneryCore
import SceneryEngine

/// The real clock's work for one engine: the image loads and jobs the engine asked for, run on
/// background threads, and the timer of its next due scene timer. Everything that touches the
/// engine runs on `queue`, the serial queue that owns it; what the engine writes because of
/// this work (a `patch` or `progress` notification) goes to `deliver`, on that queue.
///
/// The stdin loop uses one per process; `scenery serve` one per WebSocket session.
public final class RealClockWork: @unchecked Sendable {
    let engine: Engine
    let environment: EngineEnvironment
    /// The serial queue that owns the engine.
    public let queue: DispatchQueue
    private let deliver: @Sendable ([UInt8]) -> Void
    private var timer: DispatchSourceTimer?
    private var stopped = false

    public init(engine: Engine, environment: EngineEnvironment, queue: DispatchQueue, deliver: @escaping @Sendable ([UInt8]) -> Void) {
        self.engine = engine
        self.environment = environment
        self.queue = queue
        self.deliver = deliver
    }

    /// Starts the loads and jobs the engine asked for and re-arms the timer. Call it on `queue`
    /// after every request the engine handled.
    public func start() {
        guard engine.clockMode == .real, !stopped else { return }
        for url in engine.takePendingLoads() {
            let environment = self.environment
            let network = engine.network
            DispatchQueue.global().async {
                let result = environment.loadImage(url, network)
                self.queue.async {
                    guard !self.stopped else { return }
                    var out: [UInt8] = []
                    self.engine.imageLoadFinished(url: url, result: result, output: &out)
                    self.deliver(out)
                    self.start()
                }
            }
        }
        for (job, environment) in engine.takePendingJobs() {
            DispatchQueue.global().async {
                let context = JobContext(environment: environment, progress: { progress in
                    self.queue.async {
                        guard !self.stopped else { return }
                        self.deliver(Engine.progressLine(job: job.name, progress))
                    }
                })
                let result = job.run(context)
                self.queue.async {
                    guard !self.stopped else { return }
                    var out: [UInt8] = []
                    self.engine.jobFinished(name: job.name, result: result, output: &out)
                    self.deliver(out)
                    self.start()
                }
            }
        }
        armTimer()
    }

    /// Stops the timer and drops what running loads and jobs finish with (a closed session).
    /// Call it on `queue`.
    public func stop() {
        stopped = true
        timer?.cancel()
        timer = nil
    }

    private func armTimer() {
        timer?.cancel()
        timer = nil
        guard let due = engine.nextTimerDue else { return }
        let delay = max(0, due - environment.realTimeMs())
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + .milliseconds(delay))
        source.setEventHandler { [weak self] in
            guard let self, !self.stopped else { return }
            var out: [UInt8] = []
            self.engine.realTimeReached(self.environment.realTimeMs(), output: &out)
            self.deliver(out)
            self.start()
        }
        timer = source
        source.resume()
    }
}
