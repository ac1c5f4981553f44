import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import SceneryCore
import SceneryEngine
import SceneryTransport

/// `scenery serve`: the browser front end. Serves the page (`Page/`: plain HTML, CSS and ES
/// modules, nothing fetched from elsewhere) and `/presets.json`, and bridges each tab to its own
/// engine session over a WebSocket at `/session`, one protocol line per text frame: the page is
/// just another client of PROTOCOL.md.
///
/// Security, for a client less trusted than the owner of a pipe: it listens on 127.0.0.1 unless
/// told otherwise; it refuses a WebSocket upgrade whose `Origin` is not the page's own (a page
/// of another site would otherwise drive a session from the user's browser: cross-site
/// WebSocket hijacking); and every file a session touches is confined to `--data-root`
/// (``DataRoot``), none without one.
public struct SceneryServer: Sendable {
    public var host: String
    public var port: Int
    public var root: DataRoot
    public var limits: EngineLimits
    public var http: HTTPClient.Timeouts

    public init(host: String = "127.0.0.1", port: Int = 8080, root: DataRoot, limits: EngineLimits = EngineLimits(),
                http: HTTPClient.Timeouts = HTTPClient.Timeouts()) {
        self.host = host; self.port = port; self.root = root; self.limits = limits; self.http = http
    }

    /// The folder of the page's files, inside the module's resources.
    static var pageFolder: String {
        Bundle.module.url(forResource: "Page", withExtension: nil)?.path ?? "Page"
    }

    /// Whether an upgrade from `origin` may drive a session of the page served at `host`: no
    /// Origin (a program, not a browser page: it could claim any origin anyway), or exactly the
    /// page's own `http://HOST[:PORT]`.
    static func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host else { return false }
        return origin == "http://" + host
    }

    /// Runs until the process is stopped. `onListening` gets the port (the one asked for, or the
    /// free one the system chose for port 0).
    public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let router = Router()
        let presets = CanonicalJSON.encode(Presets.json(root: root))
        router.get("/presets.json") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: presets)))
        }
        router.get("/session") { _, _ -> Response in
            Response(status: .forbidden, headers: [.contentType: "text/plain"],
                     body: .init(byteBuffer: ByteBuffer(string: "WebSocket upgrade refused: the Origin is not this page's\n")))
        }
        router.addMiddleware { FileMiddleware(SceneryServer.pageFolder, searchForIndexHtml: true) }

        let environment = root.confine(LiveEnvironment.make(maxFileBytes: limits.maxFileBytes, http: http))
        let limits = self.limits
        let counter = SessionCounter()
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(maxFrameSize: max(limits.maxLineBytes + 1024, 1 << 16))) { request, _, _ in
                guard request.path == "/session",
                      SceneryServer.acceptsOrigin(request.headerFields[.origin], host: request.authority) else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in
                    let outbox = Outbox(limit: WebSocketSession.outboxLimit)
                    let session = WebSocketSession(environment: environment, limits: limits, outbox: outbox,
                                                   label: "scenery.session.\(counter.next())")
                    let writer = Task {
                        for await item in outbox.items {
                            switch item {
                            case .line(let line):
                                try await outbound.write(.text(line))
                                outbox.sent(line.utf8.count)
                            case .close(let reason):
                                try await outbound.close(.policyViolation, reason: reason)
                                return
                            }
                        }
                    }
                    do {
                        for try await message in inbound.messages(maxSize: limits.maxLineBytes + 1024) {
                            guard case .text(let text) = message else {
                                await session.handle("{}")  // a binary frame is not a request: -32600
                                continue
                            }
                            await session.handle(text)
                            if session.engine.isShutDown { break }
                        }
                    } catch {}
                    session.close()
                    outbox.finish()
                    _ = await writer.result
                }
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "scenery"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "scenery.serve")
        )
        try await app.runService()
    }
}

/// Numbers sessions for their queues' labels.
final class SessionCounter: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
}
