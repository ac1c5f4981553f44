import Dispatch
import SceneryCore
import SceneryEngine

/// The real clock's work for one engine: the image loads and jobs the engine asked for, and the
/// timer of its next due scene timer. Everything that touches the engine runs on `queue`, the
/// serial queue that owns it; what the engine writes because of this work (a `patch` or
/// `progress` notification) goes to `deliver`, on that queue, so it is ordered with the answers
/// the transport writes there.
///
/// Loads and jobs are Swift tasks that wait on the network without holding a thread (an HTTP GET
/// is an `await` on the event loop), so a picture that never arrives costs no thread and slows
/// no other load, here or in another session. Each session runs at most ``maxLoadsInFlight``
/// loads and ``maxJobsInFlight`` jobs at once; the rest wait in the order the scene asked for
/// them (the photos on screen first).
///
/// The stdin loop uses one per process; `scenery serve` one per WebSocket session.
public final class RealClockWork: @unchecked Sendable {
    /// Image loads one session runs at once (as a browser opens 6 connections per host).
    public static let maxLoadsInFlight = 6
    /// Jobs one session runs at once (the photos scene asks for at most 4 downloads and a list).
    public static let maxJobsInFlight = 8

    let engine: Engine
    let environment: EngineEnvironment
    /// The serial queue that owns the engine.
    public let queue: DispatchQueue
    private let deliver: @Sendable ([UInt8]) -> Void
    private var timer: DispatchSourceTimer?
    private var stopped = false

    // On `queue`: what waits, what runs.
    private var waitingLoads = FIFO<PictureLoad>()
    private var waitingJobs = FIFO<(job: SceneJob, environment: SceneEnvironment)>()
    private var loadsInFlight = 0
    private var jobsInFlight = 0
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextTaskNumber = 0

    public init(engine: Engine, environment: EngineEnvironment, queue: DispatchQueue, deliver: @escaping @Sendable ([UInt8]) -> Void) {
        self.engine = engine
        self.environment = environment
        self.queue = queue
        self.deliver = deliver
    }

    /// Starts the loads and jobs the engine asked for, as far as the bounds allow, and re-arms
    /// the timer. Call it on `queue` after every request the engine handled (and after the
    /// request's answer was handed on, so no notification can overtake it).
    public func start() {
        guard engine.clockMode == .real, !stopped else { return }
        for load in engine.takePendingLoads() { waitingLoads.append(load) }
        for job in engine.takePendingJobs() { waitingJobs.append(job) }
        while loadsInFlight < Self.maxLoadsInFlight, let load = waitingLoads.popFirst() {
            loadsInFlight += 1
            spawn { await load.run() } then: { result in
                self.loadsInFlight -= 1
                var out: [UInt8] = []
                self.engine.imageLoadFinished(load, result: result, output: &out)
                self.deliver(out)
            }
        }
        while jobsInFlight < Self.maxJobsInFlight, let (job, environment) = waitingJobs.popFirst() {
            jobsInFlight += 1
            let context = JobContext(environment: environment, progress: { progress in
                self.queue.async {
                    guard !self.stopped else { return }
                    self.deliver(Engine.progressLine(job: job.name, progress))
                }
            })
            spawn { await job.run(context) } then: { result in
                self.jobsInFlight -= 1
                var out: [UInt8] = []
                self.engine.jobFinished(name: job.name, result: result, output: &out)
                self.deliver(out)
            }
        }
        armTimer()
    }

    /// Stops the timer, cancels running loads and jobs (their network requests with them) and
    /// drops what they finish with (a closed session). Call it on `queue`.
    public func stop() {
        stopped = true
        timer?.cancel()
        timer = nil
        for task in running.values { task.cancel() }
        running = [:]
        waitingLoads = FIFO()
        waitingJobs = FIFO()
    }

    /// Runs `work` as a task; `finish` gets its value on `queue`, unless the work was stopped.
    private func spawn<T: Sendable>(_ work: @escaping @Sendable () async -> T, then finish: @escaping @Sendable (T) -> Void) {
        let number = nextTaskNumber
        nextTaskNumber += 1
        running[number] = Task {
            let value = await work()
            self.queue.async {
                self.running[number] = nil
                guard !self.stopped else { return }
                finish(value)
                self.start()
            }
        }
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

/// A first-in, first-out queue that takes from the front in constant time.
struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ item: Element) { items.append(item) }

    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
