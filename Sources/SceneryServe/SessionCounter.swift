import SceneryCore

/// Counts sessions: how many were opened (their queues' labels), are open now, were dropped for
/// not reading their answers, and were refused at the cap, the memory budget or while draining;
/// `GET /stats` shows them, and `GET /metrics` (``ServeMetrics``) counts the same events.
///
/// It also holds the session slots: ``ConnectionGuard`` takes one for each WebSocket upgrade it
/// lets through (``reserve(cap:)``) and gives it back when that connection closes, so the cap
/// holds however many upgrades arrive at once.
final class SessionCounter: @unchecked Sendable {
    private let lock = Lock()
    private var opened = 0, open = 0, dropped = 0, refused = 0, slots = 0
    let metrics: ServeMetrics

    init(metrics: ServeMetrics) { self.metrics = metrics }

    func next() -> Int {
        metrics.sessionsOpened.increment()
        metrics.sessionsOpen.increment()
        return lock.withLock { opened += 1; open += 1; return opened }
    }
    func closed() {
        metrics.sessionsOpen.decrement()
        lock.withLock { open -= 1 }
    }
    /// Sessions open now.
    var openNow: Int { lock.withLock { open } }
    /// A session was dropped because its client stopped reading (close code 1008).
    func droppedOne() {
        metrics.sessionsDropped.increment()
        lock.withLock { dropped += 1 }
    }
    /// A session was refused (HTTP 503, or -32010 for a `scene.open`).
    func refusedOne() {
        metrics.sessionsRefused.increment()
        lock.withLock { refused += 1 }
    }

    /// Takes a session slot; false when all `cap` are taken.
    func reserve(cap: Int) -> Bool {
        lock.withLock {
            guard slots < cap else { return false }
            slots += 1
            return true
        }
    }

    /// Gives a slot back: its connection closed.
    func release() { lock.withLock { slots -= 1 } }

    var json: JSON {
        lock.withLock {
            ["open": .number(Double(open)), "opened": .number(Double(opened)), "dropped": .number(Double(dropped)),
             "refused": .number(Double(refused))]
        }
    }
}
