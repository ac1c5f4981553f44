import Foundation
import SceneryCore

/// Lets a bounded number of heavy requests (`scene.open`, `sets.load`: reading and laying out a
/// data file, which can take seconds) run at once, one less than the processors, so that a
/// processor stays free for the light ones: a quiet tab's taps are not stuck behind four tabs
/// opening 100,000-person directories. A request waiting here holds no thread, and its session
/// reads no further frames meanwhile (they wait in the kernel, as a flood's do).
final class HeavyRequestGate: @unchecked Sendable {
    private let lock = Lock()
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) { self.width = width }

    /// Whether a frame may hold a heavy request: a cheap look for the method names (a frame that
    /// only mentions one in a string waits its turn, no more).
    static func mayBeHeavy(_ text: String) -> Bool {
        text.contains("\"scene.open\"") || text.contains("\"sets.load\"")
    }

    /// Runs `body` once fewer than `width` heavy requests run.
    func run(_ body: () async -> Void) async {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if running < width { running += 1; return true }
                waiting.append(turn)
                return false
            }
            if now { turn.resume() }
        }
        await body()
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty { running -= 1; return nil }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
