import Dispatch
import SceneryCore
import SceneryEngine
import SceneryTransport

/// One browser tab's engine session: an ``Engine`` of its own, owned by a serial queue, fed the
/// text frames of the tab's WebSocket (one protocol line each) and writing its lines back, one per
/// text frame, through a bounded outbox.
///
/// Sessions share nothing but the process: a session that errs answers its own errors, one that
/// is flooded works through its own frames, in order (its ``Inbox`` holds a bounded few, the rest
/// of the flood waits in the kernel, not in memory), and one whose client stops reading
/// fills its outbox up to ``outboxLimit`` and is then closed with code 1008 (policy violation,
/// "client stopped reading: N bytes waiting"). A closed tab stops its timers and drops the work
/// still running for it.
final class WebSocketSession: @unchecked Sendable {
    /// Bytes of answers a session may have waiting for its client.
    static let outboxLimit = 8 << 20

    let engine: Engine
    let queue: DispatchQueue
    private let realClock: RealClockWork
    private let outbox: Outbox
    private var framer: LineFramer
    /// Writes the session as a transcript: each received line before it is answered, then what
    /// it sent (`scenery serve --record`).
    private let recorder: SessionRecorder?

    init(environment: EngineEnvironment, limits: EngineLimits, outbox: Outbox, label: String, recorder: SessionRecorder? = nil) {
        self.recorder = recorder
        engine = Engine(environment: environment, limits: limits)
        queue = DispatchQueue(label: label)
        self.outbox = outbox
        framer = LineFramer(limit: limits.maxLineBytes)
        realClock = RealClockWork(engine: engine, environment: environment, queue: queue) { out in
            recorder?.sent(out)
            outbox.send(out)
        }
    }

    /// Handles one text frame (normally one request line) on the session's queue; returns when
    /// its answers are in the outbox.
    func handle(_ text: String) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                var out: [UInt8] = []
                self.framer.feed(Array(text.utf8) + [0x0A]) { event in
                    self.recorder?.received(event)
                    let start = out.count
                    self.engine.handle(event, output: &out)
                    self.recorder?.sent(out[start...])
                }
                self.outbox.send(out)
                self.realClock.start()
                done.resume()
            }
        }
    }

    /// The tab went away: no more timers, and what running loads and jobs bring is dropped.
    func close() {
        queue.async {
            self.realClock.stop()
            self.recorder?.finish()
        }
    }
}

/// The answers waiting for a session's client, as whole lines, with the bytes they hold: once
/// over the limit the session ends (``end``) instead of buffering more.
final class Outbox: @unchecked Sendable {
    let limit: Int
    let lines: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let lock = Lock()
    private var waiting = 0
    private var ended = false
    private var overflow: String?
    private var waiters: [CheckedContinuation<String?, Never>] = []

    init(limit: Int) {
        self.limit = limit
        (lines, continuation) = AsyncStream<String>.makeStream()
    }

    /// Queues the newline-separated lines of `bytes`; past the limit, ends the session.
    func send(_ bytes: [UInt8]) {
        for line in bytes.split(separator: 0x0A) {
            // nil: the outbox has ended; true: this line takes it over the limit.
            let over: Bool? = lock.withLock {
                guard !ended else { return nil }
                waiting += line.count
                return waiting > limit
            }
            switch over {
            case nil:
                return
            case true?:
                finish(overflow: "client stopped reading: more than \(limit) bytes of answers waiting")
                return
            case false?:
                continuation.yield(String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// A line went out.
    func sent(_ count: Int) { lock.withLock { waiting -= count } }

    /// Ends the outbox: the session is over (the client left, or `overflow` says why it is dropped).
    func finish(overflow reason: String? = nil) {
        let resumed: [CheckedContinuation<String?, Never>] = lock.withLock {
            guard !ended else { return [] }
            ended = true
            overflow = reason
            defer { waiters = [] }
            return waiters
        }
        continuation.finish()
        for waiter in resumed { waiter.resume(returning: reason) }
    }

    /// Waits until the outbox ends; the overflow's reason when that is why.
    func end() async -> String? {
        await withCheckedContinuation { (waiter: CheckedContinuation<String?, Never>) in
            let done: (Bool, String?) = lock.withLock {
                if ended { return (true, overflow) }
                waiters.append(waiter)
                return (false, nil)
            }
            if done.0 { waiter.resume(returning: done.1) }
        }
    }
}
