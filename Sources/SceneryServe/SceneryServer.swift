import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import HummingbirdWSCompression
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
/// told otherwise; it answers only the host names it listens as and takes a WebSocket only from
/// its own page or an `--allow-origin` (``HostPolicy``: DNS rebinding, cross-site WebSocket
/// hijacking); and every file a session touches is confined to `--data-root` (``DataRoot``),
/// none without one. Against abuse (``ServeLimits``): a session cap under the file descriptors,
/// a memory budget, a deadline for request heads, bounded frames (``ConnectionGuard``), heavy
/// requests that cannot stall light ones (``HeavyRequestGate``), and memory given back when
/// sessions end (``ProcessMemory``).
public struct SceneryServer: Sendable {
    public var host: String
    public var port: Int
    public var root: DataRoot
    public var limits: EngineLimits
    public var http: HTTPClient.Timeouts
    public var serveLimits: ServeLimits
    /// Origins (`scheme://host[:port]`) whose pages may open sessions besides the server's own.
    public var allowedOrigins: [String]
    /// `--drain-seconds`: how long, after SIGTERM, `/healthz` answers 503 before the server
    /// stops listening (``Drain``).
    public var drainSeconds: Double = 0
    /// `--photos-endpoint`: the photos scene on this URL is the page's first preset; nil: none.
    public var photosEndpoint: String?
    /// A folder where each session is recorded as a transcript, `session-N.transcript` (``SessionRecorder``); nil: none.
    public var record: String?
    /// Whether sessions are recorded as readable goldens, `session-N.golden`, instead.
    public var recordReadable = false

    public init(host: String = "127.0.0.1", port: Int = 8080, root: DataRoot, limits: EngineLimits = EngineLimits(),
                http: HTTPClient.Timeouts = HTTPClient.Timeouts(), serveLimits: ServeLimits = ServeLimits(), allowedOrigins: [String] = [], record: String? = nil, recordReadable: Bool = false) {
        self.record = record
        self.recordReadable = recordReadable
        self.host = host; self.port = port; self.root = root; self.limits = limits; self.http = http
        self.serveLimits = serveLimits; self.allowedOrigins = allowedOrigins
    }

    /// `permessage-deflate` (RFC 7692), when the client offers it (every browser does): the
    /// server's window is 2^12 bytes and its compressor's memory level 5, so a session's
    /// compressor and decompressor hold about 60 KiB however long it lives (zlib's defaults,
    /// 2^15 and 8, hold about 300 KiB); each message is compressed against the ones before
    /// (context takeover), as patches repeat their paths.
    static let compression = WebSocketExtensionFactory.perMessageDeflate(
        clientMaxWindow: 12, serverMaxWindow: 12, compressionLevel: 6, memoryLevel: 5,
        maxDecompressedFrameSize: 1 << 14, minFrameSizeToCompress: 128)

    /// The folder of the page's files, inside the module's resources.
    static var pageFolder: String {
        Bundle.module.url(forResource: "Page", withExtension: nil)?.path ?? "Page"
    }

    /// Runs until the process is stopped. `onListening` gets the port (the one asked for, or the
    /// free one the system chose for port 0) and what the server takes on.
    public func run(onListening: @escaping @Sendable (Int, String) -> Void = { _, _ in }) async throws {
        let descriptors = FileDescriptorLimit.raise()
        let metrics = ServeMetrics()
        let counter = SessionCounter(metrics: metrics)
        let drain = Drain(metrics: metrics, holdSeconds: drainSeconds)
        let door = FrontDoor(policy: HostPolicy(listenHost: host, port: port, allowedOrigins: allowedOrigins), counter: counter, drain: drain,
                             sessionCap: serveLimits.sessionCap(descriptors), memoryBudgetMiB: serveLimits.memoryBudgetMiB, limits: serveLimits)
        let router = SceneryServer.router(door: door, drain: drain, metrics: metrics, counter: counter,
                                          presets: CanonicalJSON.encode(Presets.json(root: root, photosEndpoint: photosEndpoint)))
        let environment = root.confine(LiveEnvironment.make(maxFileBytes: limits.maxFileBytes, http: http))
        let limits = self.limits, record = self.record, recordReadable = self.recordReadable
        let memory = ProcessMemory()
        let gate = HeavyRequestGate(width: serveLimits.heavyRequests)
        let timeout = door.requestTimeout
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(
            // The idle timeout bounds a plain HTTP connection after its first request (a stalled
            // body, a keep-alive connection left open); ConnectionGuard bounds the first head.
            http1: .init(idleTimeout: timeout),
            ws: .init(maxFrameSize: max(limits.maxLineBytes + 1024, 1 << 16), extensions: [SceneryServer.compression],
                      autoPing: .enabled(timePeriod: .milliseconds(Int64(serveLimits.pingSeconds * 1000))), closeTimeout: .seconds(2),
                      validateUTF8: true))
        let app = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                GuardedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: channel) { request, _, _ in
                    // ConnectionGuard has judged Host, Origin, the cap and the memory budget, and
                    // answered with the reason. Host and Origin are judged again on the head as the
                    // HTTP parser read it, in case it saw an upgrade where the guard saw none.
                    let hosts = door.hosts
                    guard request.path == "/session", hosts.refusal(host: request.authority) == nil,
                          hosts.refusal(origin: request.headerFields[.origin]) == nil else { return .dontUpgrade }
                    return .upgrade([:]) { inbound, outbound, _ in
                        let outbox = Outbox(limit: WebSocketSession.outboxLimit)
                        let number = counter.next()
                        let session = WebSocketSession(environment: environment, limits: limits, outbox: outbox,
                                                       label: "scenery.session.\(number)",
                                                       recorder: record.flatMap { SessionRecorder.session(number, inFolder: $0, readable: recordReadable, limits: limits) })
                        let writer = Task {
                            for await line in outbox.lines {
                                guard (try? await outbound.write(.text(line))) != nil else { break }
                                outbox.sent(line.utf8.count)
                                metrics.lineBytesSent.increment(by: Int64(line.utf8.count))
                            }
                        }
                        // Why the client's frames ended, when they broke a rule (a message over
                        // the limit, invalid UTF-8): thrown at the end, the WebSocket library
                        // closes with its code (1009, 1007), not 1000.
                        let broken = BrokenFrames()
                        // The socket is read all along, also while a request waits its turn at
                        // the gate or runs, so that the library answers pings and sees the
                        // client's pongs and close (``Inbox``); the frames are handled one at a
                        // time, in the order they came.
                        let inbox = Inbox(limit: limits.maxLineBytes + 1024)
                        let handler = Task {
                            while let entry = await inbox.next() {
                                guard case .text(let text) = entry.frame else {
                                    await session.handle("{}")  // a binary frame is not a request: -32600
                                    continue
                                }
                                await SceneryServer.deliver(text, readAt: entry.read, to: session, outbox: outbox, gate: gate, door: door)
                                if session.engine.isShutDown {
                                    broken.shutDown()
                                    break
                                }
                            }
                            // After `shutdown`, or once the frames before a broken one are handled.
                            outbox.finish()
                        }
                        let reader = Task {
                            do {
                                for try await message in inbound.messages(maxSize: limits.maxLineBytes + 1024) {
                                    guard case .text(let text) = message else {
                                        guard await inbox.put(.binary) else { break }
                                        continue
                                    }
                                    guard await inbox.put(.text(text)) else { break }
                                }
                            } catch {
                                broken.record(error)
                            }
                            broken.clientLeft()
                            guard broken.error == nil else {
                                inbox.finish(dropping: false)  // the frames before the broken one are answered, then it closes
                                return
                            }
                            // The client left (or the session is over): what it sent and is not
                            // answered yet is dropped, a request waiting at the gate included.
                            inbox.finish(dropping: true)
                            handler.cancel()
                            outbox.finish()
                        }
                        // The session ends when the tab goes, when the server drains (SIGTERM or
                        // SIGINT: every session ends at once with the close frame 1012, even when its
                        // client is not reading: ``Drain``), or when its client stops reading and its
                        // answers pile up: then it is dropped with 1008 and the reason (a close frame
                        // the client sees if it ever reads again; the connection goes anyway).
                        if !drain.opened(number, end: { outbox.finish() }) { outbox.finish() }
                        let overflow = await withGracefulShutdownHandler {
                            await outbox.end()
                        } onGracefulShutdown: {
                            outbox.finish()
                        }
                        // Judged before the reader is cancelled (which ends its frames as if the
                        // client had left).
                        let drained = overflow == nil && drain.isDraining && !broken.clientHasLeft
                        inbox.finish(dropping: true)
                        handler.cancel()
                        reader.cancel()
                        session.close()
                        drain.closed(number)
                        defer {
                            counter.closed()
                            memory.sessionEnded()
                        }
                        if let overflow {
                            counter.droppedOne()
                            FileHandle.standardError.write(Data("scenery serve: session \(number) dropped with 1008: \(overflow)\n".utf8))
                            writer.cancel()
                            let close = Task { try? await outbound.close(.policyViolation, reason: overflow) }
                            try? await Task.sleep(for: .seconds(2))
                            close.cancel()
                            return
                        }
                        if drained {
                            // Nothing more goes out but the close frame: given up after 2 s when
                            // the client does not read (then the connection goes).
                            writer.cancel()
                            await SceneryServer.within(.seconds(2)) {
                                try? await outbound.close(.unknown(Drain.closeCode), reason: Drain.closeReason)
                            }
                            return
                        }
                        // After `shutdown` the last answers go out. A client that sent its close
                        // frame gets nothing more (a data frame after the client's close is a
                        // protocol error the browser reports), and on the server's shutdown
                        // nothing waits for a client that is not reading.
                        if Task.isShuttingDownGracefully || broken.clientHasLeft { writer.cancel() }
                        _ = await writer.result
                        if !Task.isShuttingDownGracefully, let error = broken.error { throw error }
                    }
                }, door: door)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "scenery",
                                 availableConnectionsDelegate: MaximumAvailableConnections(descriptors.connectionCap)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                door.listening(on: port)
                onListening(port, "at most \(door.sessionCap) sessions and \(descriptors.connectionCap) connections (\(descriptors.soft) file descriptors), memory budget \(door.memoryBudgetMiB) MiB")
            },
            logger: Logger(label: "scenery.serve")
        )
        // The drain is listed after the server: the group shuts its services down last to first,
        // so the drain runs while the server still listens.
        let group = ServiceGroup(configuration: .init(services: [app, DrainService(drain: drain, counter: counter)],
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "scenery.serve")))
        try await group.run()
    }

    /// Hands one text frame to its session: a heavy request waits its turn at the gate, and a
    /// `scene.open` or `sets.load` past the memory budget is answered -32010 instead.
    /// `readAt`: when the frame was read (its wait in the ``Inbox`` counts in the command's time).
    static func deliver(_ text: String, readAt start: ContinuousClock.Instant, to session: WebSocketSession, outbox: Outbox,
                        gate: HeavyRequestGate, door: FrontDoor) async {
        let metrics = door.counter.metrics
        metrics.commands.increment()
        defer { metrics.commandSeconds.record(ContinuousClock.now - start) }
        guard HeavyRequestGate.mayBeHeavy(text) else {
            await session.handle(text)
            return
        }
        await gate.run {
            guard let refusal = door.memoryRefusal() else {
                await session.handle(text)
                return
            }
            for line in text.split(separator: "\n") {
                if let request = try? JSONParser.parse(String(line)), let method = request["method"]?.stringValue,
                   method == "scene.open" || method == "sets.load" {
                    door.counter.refusedOne()
                    let answer: JSON = ["jsonrpc": "2.0", "id": request["id"] ?? .null,
                                        "error": RPCError(code: ServeErrorCode.overBudget, message: "\(method): " + refusal).json]
                    outbox.send(Array((CanonicalJSON.encode(answer) + "\n").utf8))
                } else {
                    await session.handle(String(line))
                }
            }
        }
    }

    /// Runs `body` for at most `limit`: then it is cancelled and left.
    static func within(_ limit: Duration, _ body: @escaping @Sendable () async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await body() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}

/// The error codes only `scenery serve` sends (PROTOCOL.md section 6).
public enum ServeErrorCode {
    /// A `scene.open` or `sets.load` refused because the server is over its memory budget.
    public static let overBudget = -32010
}

/// How a session's frames ended: the error that broke them, kept for the end of the session, and
/// whether the client left or the session was shut down.
final class BrokenFrames: @unchecked Sendable {
    private let lock = Lock()
    private var recorded: (any Error)?
    private var left = false
    private var shut = false
    func record(_ error: any Error) { if !(error is CancellationError) { lock.withLock { recorded = error } } }
    var error: (any Error)? { lock.withLock { recorded } }
    /// The session answered `shutdown`: its last answers go out, and the end of its frames that
    /// follows is not the client leaving.
    func shutDown() { lock.withLock { shut = true } }
    /// The frames ended: unless after `shutdown`, the client ended the session (its close frame,
    /// or the connection went): it reads nothing more.
    func clientLeft() { lock.withLock { if !shut { left = true } } }
    var clientHasLeft: Bool { lock.withLock { left } }
}
