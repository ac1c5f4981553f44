import SceneryCore

/// The frames a session's client has sent that its engine has not taken yet, in the order they
/// came, so that the socket is read on while a request waits its turn at the
/// ``HeavyRequestGate`` or runs: the client's pongs and its close frame are seen, and its pings
/// answered, at once (a socket left unread for two ping periods was closed with 1001, "Ping
/// timeout"), while the engine still takes the frames one at a time, in order.
///
/// Bounded: once the frames waiting hold more than ``limit`` bytes, ``put(_:)`` waits until the
/// engine has taken some, so a flood waits in the kernel, not in memory (and a flooding client's
/// pongs with it).
final class Inbox: @unchecked Sendable {
    /// One frame the client sent: a text frame's text (one or more request lines), or a binary
    /// frame, which is no request.
    enum Frame {
        case text(String)
        case binary
    }

    /// A frame, and when it was read (`scenery_command_duration_seconds` counts its wait here).
    struct Entry {
        let frame: Frame
        let read: ContinuousClock.Instant
    }

    /// Bytes of frames that may wait (one frame waits however long it is).
    let limit: Int
    private let lock = Lock()
    private var entries: [Entry] = []
    private var head = 0
    private var bytes = 0
    private var ended = false
    private var taker: CheckedContinuation<Entry?, Never>?
    private var putter: CheckedContinuation<Void, Never>?

    init(limit: Int) { self.limit = limit }

    /// Adds a frame the client sent; waits while more than ``limit`` bytes wait. False once the
    /// inbox has ended: read no more.
    func put(_ frame: Frame) async -> Bool {
        let entry = Entry(frame: frame, read: .now)
        let (accepted, taker, full): (Bool, CheckedContinuation<Entry?, Never>?, Bool) = lock.withLock {
            guard !ended else { return (false, nil, false) }
            if let taker = self.taker {
                self.taker = nil
                return (true, taker, false)
            }
            entries.append(entry)
            bytes += Inbox.size(frame)
            return (true, nil, bytes > limit)
        }
        taker?.resume(returning: entry)
        guard accepted else { return false }
        if full {
            await withCheckedContinuation { (room: CheckedContinuation<Void, Never>) in
                let now: Bool = lock.withLock {
                    guard !ended, bytes > limit else { return true }
                    putter = room
                    return false
                }
                if now { room.resume() }
            }
        }
        return lock.withLock { !ended }
    }

    /// The next frame, in the order they came, once there is one; nil once the inbox has ended
    /// and holds no more.
    func next() async -> Entry? {
        await withCheckedContinuation { (waiting: CheckedContinuation<Entry?, Never>) in
            let (ready, entry, room): (Bool, Entry?, CheckedContinuation<Void, Never>?) = lock.withLock {
                guard head < entries.count else {
                    if ended { return (true, nil, nil) }
                    taker = waiting
                    return (false, nil, nil)
                }
                let entry = entries[head]
                head += 1
                bytes -= Inbox.size(entry.frame)
                if head == entries.count || (head >= 32 && head * 2 >= entries.count) {
                    entries.removeFirst(head)
                    head = 0
                }
                var room: CheckedContinuation<Void, Never>?
                if bytes <= limit { (room, putter) = (putter, nil) }
                return (true, entry, room)
            }
            room?.resume()
            if ready { waiting.resume(returning: entry) }
        }
    }

    /// No more frames come. With `dropping` (the client left, or the session is over) the frames
    /// still waiting go too; without (a frame broke a rule) those before it are still taken.
    func finish(dropping: Bool) {
        let (taker, putter): (CheckedContinuation<Entry?, Never>?, CheckedContinuation<Void, Never>?) = lock.withLock {
            ended = true
            if dropping {
                entries = []
                head = 0
                bytes = 0
            }
            defer { (self.taker, self.putter) = (nil, nil) }
            return (self.taker, self.putter)
        }
        taker?.resume(returning: nil)
        putter?.resume()
    }

    private static func size(_ frame: Frame) -> Int {
        switch frame {
        case .text(let text): text.utf8.count
        case .binary: 1
        }
    }
}
