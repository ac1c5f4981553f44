import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import SceneryCore
import SceneryEngine
import SceneryTransport
import ServiceLifecycle

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
        // How many sessions are open: a closed tab must free its session (tests and the load
        // benchmark read it).
        router.get("/stats") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: CanonicalJSON.encode(counter.json))))
        }
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: max(limits.maxLineBytes + 1024, 1 << 16),
                                                                          closeTimeout: .seconds(2)))) { request, _, _ in
                guard request.path == "/session",
                      SceneryServer.acceptsOrigin(request.headerFields[.origin], host: request.authority) else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in
                    let outbox = Outbox(limit: WebSocketSession.outboxLimit)
                    let number = counter.next()
                    let session = WebSocketSession(environment: environment, limits: limits, outbox: outbox,
                                                   label: "scenery.session.\(number)")
                    let writer = Task {
                        for await line in outbox.lines {
                            guard (try? await outbound.write(.text(line))) != nil else { break }
                            outbox.sent(line.utf8.count)
                        }
                    }
                    let reader = Task {
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
                        outbox.finish()
                    }
                    // The session ends when the tab goes, when the server stops (SIGTERM or
                    // SIGINT: every session ends at once, with the close frame 1000, even when its
                    // client is not reading), or when its client stops reading and its answers
                    // pile up: then it is dropped with 1008 and the reason (a close frame the
                    // client sees if it ever reads again; the connection goes anyway).
                    let overflow = await withGracefulShutdownHandler {
                        await outbox.end()
                    } onGracefulShutdown: {
                        outbox.finish()
                    }
                    reader.cancel()
                    session.close()
                    if let overflow {
                        counter.droppedOne()
                        FileHandle.standardError.write(Data("scenery serve: session \(number) dropped with 1008: \(overflow)\n".utf8))
                        writer.cancel()
                        let close = Task { try? await outbound.close(.policyViolation, reason: overflow) }
                        try? await Task.sleep(for: .seconds(2))
                        close.cancel()
                    } else {
                        // A closed tab's last answers go out; on shutdown, nothing waits for a
                        // client that is not reading.
                        if Task.isShuttingDownGracefully { writer.cancel() }
                        _ = await writer.result
                    }
                    counter.closed()
                }
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "scenery"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "scenery.serve")
        )
        try await app.runService()
    }
}

/// Counts sessions: how many were opened (their queues' labels), are open now, and were dropped
/// for not reading their answers; `GET /stats` shows them.
final class SessionCounter: @unchecked Sendable {
    private let lock = Lock()
    private var opened = 0, open = 0, dropped = 0
    func next() -> Int { lock.withLock { opened += 1; open += 1; return opened } }
    func closed() { lock.withLock { open -= 1 } }
    /// A session was dropped because its client stopped reading (close code 1008).
    func droppedOne() { lock.withLock { dropped += 1 } }
    var json: JSON {
        lock.withLock { ["open": .number(Double(open)), "opened": .number(Double(opened)), "dropped": .number(Double(dropped))] }
    }
}
