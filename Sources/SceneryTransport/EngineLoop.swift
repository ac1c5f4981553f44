import Dispatch
import SceneryCore
import SceneryEngine

/// Runs an engine on a byte input and the guarded stdout until end of input or `shutdown`.
///
/// With the virtual clock everything happens on the calling thread: read a chunk, answer every
/// line in it, write the answers in one write. With the real clock a serial queue owns the
/// engine; the reader, the timer and finished image loads all hop onto it.
public final class EngineLoop: @unchecked Sendable {
    let engine: Engine
    let input: FileInput
    let output: ProtocolOutput
    let environment: EngineEnvironment
    /// Sees every request (nil for output no request caused) with the lines it produced; `record` uses it.
    public var observer: ((LineEvent?, [UInt8]) -> Void)?

    public init(engine: Engine, environment: EngineEnvironment, input: FileInput, output: ProtocolOutput) {
        self.engine = engine
        self.environment = environment
        self.input = input
        self.output = output
    }

    /// Returns when the session ends; the process should then exit 0.
    public func run() {
        var framer = LineFramer(limit: engine.limits.maxLineBytes)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        pending.reserveCapacity(1 << 16)
        var stop = false
        while !stop {
            let count = input.read(into: buffer)
            let handleEvent: (LineEvent) -> Void = { event in
                guard !stop else { return }
                self.onQueue {
                    let start = self.pending.count
                    self.engine.handle(event, output: &self.pending)
                    self.observer?(event, Array(self.pending[start...]))
                    self.startRealClockWork()
                    if self.engine.isShutDown { stop = true }
                    // A pipelining client should not wait for a whole input chunk's answers.
                    if self.pending.count >= 1 << 16 && !self.flush() { stop = true }
                }
            }
            if count == 0 {
                framer.finish(handleEvent)
                stop = true
            } else {
                framer.feed(UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count), handleEvent)
            }
            onQueue {
                if !self.flush() { stop = true }
            }
        }
    }

    /// Answers written by the engine and not yet to stdout (an input chunk's worth, written in
    /// one go). Touched only where the engine lives, one access at a time (so without the
    /// run-time exclusivity check, as the engine's state; see ``Engine``).
    @exclusivity(unchecked) private var pending: [UInt8] = []

    /// Writes the pending answers; false when the reader went away.
    private func flush() -> Bool {
        guard !pending.isEmpty else { return true }
        defer { pending.removeAll(keepingCapacity: true) }
        return output.write(pending)
    }

    // MARK: Real clock

    private let queue = DispatchQueue(label: "scenery.engine")
    /// A notification from the real clock's work goes out after the pending answers: they
    /// carry the revisions before it (a load started by `scene.open` must not overtake its
    /// response).
    private lazy var realClock = RealClockWork(engine: engine, environment: environment, queue: queue) { [unowned self] out in
        guard !out.isEmpty else { return }
        _ = self.flush()
        self.observer?(nil, out)
        self.output.write(out)
    }

    /// Runs `body` where the engine lives: inline with the virtual clock, on the queue with the real one.
    private func onQueue(_ body: () -> Void) {
        if engine.clockMode == .real { queue.sync(execute: body) } else { body() }
    }

    /// With the real clock: starts the loads and jobs the engine asked for and re-arms the timer. Runs on the queue.
    private func startRealClockWork() {
        realClock.start()
    }
}
