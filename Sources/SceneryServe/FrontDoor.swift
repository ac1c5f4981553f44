import Hummingbird
import NIOCore
import SceneryCore

/// What a connection must show to get in, shared by every connection of one server: the hosts
/// and origins it answers (``HostPolicy``), the session cap, the memory budget, and how long a
/// request head may take. ``ConnectionGuard`` applies it to each connection before the HTTP
/// server sees a byte; ``HostCheck`` to every plain HTTP request.
final class FrontDoor: @unchecked Sendable {
    private let lock = Lock()
    private var policy: HostPolicy
    let counter: SessionCounter
    let drain: Drain
    let sessionCap: Int
    let memoryBudgetMiB: Int
    let requestTimeout: TimeAmount
    let maxFragments: Int

    init(policy: HostPolicy, counter: SessionCounter, drain: Drain, sessionCap: Int, memoryBudgetMiB: Int, limits: ServeLimits) {
        self.policy = policy; self.counter = counter; self.drain = drain; self.sessionCap = sessionCap; self.memoryBudgetMiB = memoryBudgetMiB
        requestTimeout = .nanoseconds(Int64(limits.requestTimeout * 1e9))
        maxFragments = limits.maxFragments
    }

    /// The server listens on `port` (the one the system chose, for port 0).
    func listening(on port: Int) { lock.withLock { policy.port = port } }

    var hosts: HostPolicy { lock.withLock { policy } }

    /// Why no more memory-hungry work is taken (a new session, a `scene.open`), or nil.
    func memoryRefusal() -> String? {
        guard let resident = ProcessMemory.residentMiB(), resident >= memoryBudgetMiB else { return nil }
        return "memory budget: the server holds \(resident) MiB, over the \(memoryBudgetMiB) MiB of --max-memory-mib; close sessions or try again later"
    }

    /// Why a WebSocket upgrade with `head` is refused (the HTTP status line's code and text, and
    /// the reason), or nil when it is let through; then it holds one of the ``sessionCap`` slots
    /// until its connection closes (``SessionCounter/release()``).
    func admit(_ head: RequestHead) -> (status: String, reason: String)? {
        let hosts = self.hosts
        if let reason = hosts.refusal(host: head.host) { return ("403 Forbidden", reason) }
        if let reason = hosts.refusal(origin: head.origin) { return ("403 Forbidden", "WebSocket upgrade refused: " + reason) }
        if let reason = drain.refusal {
            counter.refusedOne()
            return ("503 Service Unavailable", reason)
        }
        if let reason = memoryRefusal() {
            counter.refusedOne()
            return ("503 Service Unavailable", reason)
        }
        guard counter.reserve(cap: sessionCap) else {
            counter.refusedOne()
            return ("503 Service Unavailable", "session cap: \(sessionCap) sessions are open, the most this server takes (--max-sessions); try again when one closes")
        }
        return nil
    }
}

/// Refuses every plain HTTP request whose `Host` the server does not answer as (DNS
/// rebinding: ``HostPolicy``), with 403 and the reason.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let door: FrontDoor

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let reason = door.hosts.refusal(host: request.head.authority) {
            return Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: reason + "\n")))
        }
        return try await next(request, context)
    }
}
