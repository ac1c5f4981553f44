import Foundation
import SceneryCore
import ServiceLifecycle

/// The drain that SIGTERM and SIGINT start (PROTOCOL.md section 9): `/healthz` answers 503, a
/// new session is refused with 503 and the reason, every open session is closed with **1012**
/// (service restart: the service goes on, here after a restart or on another process behind the
/// same address, so reconnect), and once they are closed, or after ``sessionBound`` at most, and
/// after `--drain-seconds`, the server stops and the process exits 0.
///
/// 1012 rather than 1001 (going away): 1001 is also what a browser sends when it leaves a page,
/// and what the server sends a client that stopped answering pings, so it cannot tell a client
/// that this server, not the session, is what ends.
final class Drain: @unchecked Sendable {
    /// The close code of a drained session.
    static let closeCode: UInt16 = 1012
    static let closeReason = "server restarting: reconnect for a new session"
    /// How long the drain waits for its sessions' close handshakes: a close frame stuck behind
    /// a client that does not read is given up after 2 s, and the WebSocket library waits 2 s
    /// more for the client's answering close frame.
    static let sessionBound: Duration = .seconds(5)

    private let lock = Lock()
    private var started = false
    private var sessions: [Int: @Sendable () -> Void] = [:]
    let metrics: ServeMetrics
    /// `--drain-seconds`: how long `/healthz` answers 503 before the server stops listening,
    /// for a load balancer's probe to see it (the sessions are closed at once all the same).
    let holdSeconds: Double

    init(metrics: ServeMetrics, holdSeconds: Double) {
        self.metrics = metrics
        self.holdSeconds = holdSeconds
    }

    var isDraining: Bool { lock.withLock { started } }

    /// Why a new session is refused, or nil.
    var refusal: String? {
        isDraining ? "draining: this server is shutting down (SIGTERM) and takes no new sessions; reconnect, another server or this one restarted will take it" : nil
    }

    /// A session opened: `end` finishes it when the drain starts. False when the drain has
    /// started already (the session must end at once).
    func opened(_ number: Int, end: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard !started else { return false }
            sessions[number] = end
            return true
        }
    }

    func closed(_ number: Int) { _ = lock.withLock { sessions.removeValue(forKey: number) } }

    /// Starts the drain: ends every session.
    func begin() {
        let ends: [@Sendable () -> Void] = lock.withLock {
            started = true
            defer { sessions = [:] }
            return Array(sessions.values)
        }
        metrics.draining.set(to: 1.0)
        for end in ends { end() }
    }
}

/// Runs the drain on graceful shutdown. Listed after the application in the service group,
/// which shuts its services down last to first: the drain runs while the server still listens
/// and answers `/healthz`, and the server stops once it returns.
struct DrainService: Service {
    let drain: Drain
    let counter: SessionCounter

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: the process ends without a drain
        }
        let clock = ContinuousClock()
        let start = clock.now
        drain.begin()
        FileHandle.standardError.write(Data("scenery serve: draining: closing \(counter.openNow) sessions with \(Drain.closeCode), /healthz answers 503\n".utf8))
        while counter.openNow > 0, clock.now - start < Drain.sessionBound {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let hold = Duration.nanoseconds(Int64(drain.holdSeconds * 1e9))
        if clock.now - start < hold { try? await Task.sleep(until: start + hold, clock: clock) }
        let left = counter.openNow
        FileHandle.standardError.write(Data("scenery serve: drained in \(clock.now - start)\(left > 0 ? ", \(left) sessions still closing" : ""); stopping\n".utf8))
    }
}
