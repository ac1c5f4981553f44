import Foundation
import SceneryCore

/// Lets a bounded number of heavy requests (`scene.open`, `sets.load`: reading and laying out a
/// data file, which can take seconds) run at once, by default one less than the processors
/// (`--heavy-requests`), so that a processor stays free for the light ones: a quiet tab's taps are not stuck behind four tabs
/// opening 100,000-person directories. A request waiting here holds no thread; its session reads
/// on meanwhile (``Inbox``: pings answered, a close seen), and takes its next frame once this one
/// is done. A request whose session ends while it waits (its task cancelled) leaves its place
/// without running.
final class HeavyRequestGate: @unchecked Sendable {
    private let lock = Lock()
    private let width: Int
    private var running = 0
    private var waiting: [(ticket: UInt64, turn: CheckedContinuation<Bool, Never>)] = []
    private var tickets: UInt64 = 0

    /// `width` heavy requests at once (`--heavy-requests`); nil: one fewer than the processors, at least 1.
    init(width: Int? = nil) { self.width = width ?? max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// Whether a frame may hold a heavy request: a cheap look for the method names (a frame that
    /// only mentions one in a string waits its turn, no more).
    static func mayBeHeavy(_ text: String) -> Bool {
        text.contains("\"scene.open\"") || text.contains("\"sets.load\"")
    }

    /// Runs `body` once fewer than `width` heavy requests run; not at all when the task is
    /// cancelled before its turn comes.
    func run(_ body: () async -> Void) async {
        guard await turn() else { return }
        await body()
        let next: CheckedContinuation<Bool, Never>? = lock.withLock {
            if waiting.isEmpty { running -= 1; return nil }
            return waiting.removeFirst().turn
        }
        next?.resume(returning: true)
    }

    /// Waits for a turn: true once it is this task's, false when the task was cancelled first.
    private func turn() async -> Bool {
        let ticket: UInt64 = lock.withLock { tickets += 1; return tickets }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (turn: CheckedContinuation<Bool, Never>) in
                let now: Bool? = lock.withLock {
                    if Task.isCancelled { return false }
                    if running < width { running += 1; return true }
                    waiting.append((ticket, turn))
                    return nil
                }
                if let now { turn.resume(returning: now) }
            }
        } onCancel: {
            let left: CheckedContinuation<Bool, Never>? = lock.withLock {
                guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return waiting.remove(at: index).turn
            }
            left?.resume(returning: false)
        }
    }
}
