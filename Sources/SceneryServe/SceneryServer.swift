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
        let context = SessionContext(environment: root.confine(LiveEnvironment.make(maxFileBytes: limits.maxFileBytes, http: http)),
                                     limits: limits, door: door, gate: HeavyRequestGate(width: serveLimits.heavyRequests),
                                     memory: ProcessMemory(), record: record, recordReadable: recordReadable)
        let router = SceneryServer.router(door: door, drain: drain, metrics: metrics, counter: counter,
                                          presets: CanonicalJSON.encode(Presets.json(root: root, photosEndpoint: photosEndpoint)))
        let channel = channelConfiguration(requestTimeout: door.requestTimeout)
        let app = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                GuardedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: channel) { request, _, _ in
                    SceneryServer.upgrade(request, context: context)
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

    /// HTTP/1 and the WebSocket: frames up to a line, `permessage-deflate`, pings every
    /// `--ping-seconds`, a close handshake bounded to 2 s.
    private func channelConfiguration(requestTimeout: TimeAmount) -> HTTP1WebSocketUpgradeChannel.Configuration {
        HTTP1WebSocketUpgradeChannel.Configuration(
            // The idle timeout bounds a plain HTTP connection after its first request (a stalled
            // body, a keep-alive connection left open); ConnectionGuard bounds the first head.
            http1: .init(idleTimeout: requestTimeout),
            ws: .init(maxFrameSize: max(limits.maxLineBytes + 1024, 1 << 16), extensions: [SceneryServer.compression],
                      autoPing: .enabled(timePeriod: .milliseconds(Int64(serveLimits.pingSeconds * 1000))), closeTimeout: .seconds(2),
                      validateUTF8: true))
    }

    /// Whether a request becomes a session. ConnectionGuard has judged Host, Origin, the cap and
    /// the memory budget, and answered with the reason. Host and Origin are judged again on the
    /// head as the HTTP parser read it, in case it saw an upgrade where the guard saw none.
    static func upgrade(_ request: HTTPRequest, context: SessionContext)
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let hosts = context.door.hosts
        guard request.path == "/session", hosts.refusal(host: request.authority) == nil,
              hosts.refusal(origin: request.headerFields[.origin]) == nil else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in
            try await SessionConnection(context: context).run(inbound: inbound, outbound: outbound)
        }
    }
}

/// The error codes only `scenery serve` sends (PROTOCOL.md section 6).
public enum ServeErrorCode {
    /// A `scene.open` or `sets.load` refused because the server is over its memory budget.
    public static let overBudget = -32010
}
