#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import SceneryCore

/// HTTP(S) GETs for jobs and image loads, on AsyncHTTPClient over the process's one SwiftNIO
/// event loop group (the one `scenery serve` runs on too).
///
/// **Why AsyncHTTPClient**: FoundationNetworking's `URLSession` on Linux crashed the process on a
/// redirect among other downloads, read on past a body limit it had cancelled (hundreds of MB),
/// ignored the total timeout and spun on `epoll_wait` while it waited. Here a GET waits without
/// a thread (an `await` on the event loop), and the body comes to a delegate part by part with
/// back-pressure: a part over the limit fails the request and closes its connection, so memory
/// stays at the limit plus one read buffer, whatever the server sends.
///
/// Every way a GET can go wrong ends in one of these reasons, never a hang or a crash:
/// - `HTTP status N`: a status outside 2xx;
/// - `body of N bytes, more than the limit of M`: refused at the headers when `Content-Length`
///   declares it;
/// - `body over the limit of M bytes`: found while reading a body that did not declare it;
/// - `too many redirects (more than 8)`;
/// - `timed out: no data for T s` (``Timeouts/idle``, also the connect timeout);
/// - `timed out: over T s in all` (``Timeouts/total``, head, redirects and body together);
/// - `body cut short after N bytes (the connection closed)`;
/// - `could not connect (...)`, with the system's reason (`connection refused`, an unknown host).
public enum HTTPClient {
    /// How long a request may wait: `idle` seconds without a byte (default 10), `total`
    /// seconds in all (default 30). `scenery --http-idle-timeout/--http-total-timeout` set them.
    public struct Timeouts: Sendable, Hashable {
        public var idle: Double
        public var total: Double
        public init(idle: Double = 10, total: Double = 30) { self.idle = idle; self.total = total }
    }

    /// Redirects followed before a request fails.
    public static let maxRedirects = 8

    /// GETs `url` and returns its body, at most `maxBytes` of it. Cancelling the calling task
    /// cancels the request.
    public static func get(_ url: String, maxBytes: Int, timeouts: Timeouts = Timeouts()) async -> Result<[UInt8], ImageLoadFailure> {
        let request: AsyncHTTPClient.HTTPClient.Request
        do {
            request = try AsyncHTTPClient.HTTPClient.Request(url: url, method: .GET, headers: ["User-Agent": "scenery"])
        } catch {
            return .failure(ImageLoadFailure("not a URL"))
        }
        let download = BoundedDownload(maxBytes: maxBytes)
        let task = client(for: timeouts).execute(request: request, delegate: download)
        let total = TimeAmount.nanoseconds(Int64(timeouts.total * 1e9))
        let deadline = task.eventLoop.scheduleTask(in: total) {
            task.fail(reason: DownloadFailure("timed out: over \(seconds(timeouts.total)) s in all"))
        }
        defer { deadline.cancel() }
        do {
            let body = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            return .success(body)
        } catch {
            return .failure(ImageLoadFailure(reason(for: error, received: download.received, timeouts: timeouts)))
        }
    }

    /// The reason a person reads for a failed GET.
    static func reason(for error: Error, received: Int, timeouts: Timeouts) -> String {
        if let failure = error as? DownloadFailure { return failure.reason }
        if let error = error as? HTTPClientError {
            switch error {
            case .redirectLimitReached, .redirectCycleDetected: return "too many redirects (more than \(maxRedirects))"
            case .readTimeout, .connectTimeout, .getConnectionFromPoolTimeout: return "timed out: no data for \(seconds(timeouts.idle)) s"
            case .remoteConnectionClosed: return "body cut short after \(received) bytes (the connection closed)"
            case .cancelled: return "cancelled"
            case .invalidURL, .emptyHost, .emptyScheme: return "not a URL"
            default: break
            }
        }
        if let error = error as? HTTPParserError, error == .invalidEOFState {
            return "body cut short after \(received) bytes (the connection closed)"
        }
        if let error = error as? NIOConnectionError {
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "could not connect (\(dns))" }
            if let first = error.connectionErrors.first { return "could not connect (\(describe(first.error)))" }
            return "could not connect to \(error.host):\(error.port)"
        }
        if let error = error as? IOError { return "could not connect (\(describe(error)))" }
        if error is ChannelError { return "connection failed (\(error))" }
        return "\(error)"
    }

    /// An I/O error in the system's words (`connection refused`), without NIO's call names.
    static func describe(_ error: Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercased()
        }
        return "\(error)"
    }

    /// Seconds as settings are written: `10`, `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: Clients

    private static let lock = Lock()
    nonisolated(unsafe) private static var clients: [Timeouts: AsyncHTTPClient.HTTPClient] = [:]

    /// The client for `timeouts`, made once and kept for the process's life, on the process's
    /// shared event loop group.
    static func client(for timeouts: Timeouts) -> AsyncHTTPClient.HTTPClient {
        lock.withLock {
            if let client = clients[timeouts] { return client }
            let idle = TimeAmount.nanoseconds(Int64(timeouts.idle * 1e9))
            var configuration = AsyncHTTPClient.HTTPClient.Configuration(
                redirectConfiguration: .follow(max: maxRedirects, allowCycles: true),
                timeout: .init(connect: idle, read: idle),
                decompression: .disabled)
            configuration.httpVersion = .http1Only
            // Connections per host: the pool queues requests past this, and sessions share the
            // pool, so a host whose answers hang must not fill it for every session (each session
            // runs at most 6 loads and 8 jobs; ``RealClockWork``).
            configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 1024)
            let client = AsyncHTTPClient.HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
            clients[timeouts] = client
            return client
        }
    }
}

/// A reason the download itself decided on (a status, a limit, the total timeout).
struct DownloadFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Collects one response's body up to a limit. Its calls come on the request's event loop, one
/// at a time; `received` is read after the request ended.
final class BoundedDownload: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = [UInt8]

    let maxBytes: Int
    private var body: [UInt8] = []
    private let lock = Lock()
    private var count = 0

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// Body bytes received so far.
    var received: Int { lock.withLock { count } }

    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<[UInt8]>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        guard (200..<300).contains(head.status.code) else {
            return task.eventLoop.makeFailedFuture(DownloadFailure("HTTP status \(head.status.code)"))
        }
        if let declared = head.headers.first(name: "content-length").flatMap({ Int($0) }) {
            if declared > maxBytes {
                return task.eventLoop.makeFailedFuture(DownloadFailure("body of \(declared) bytes, more than the limit of \(maxBytes)"))
            }
            body.reserveCapacity(declared)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<[UInt8]>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard buffer.readableBytes <= maxBytes - body.count else {
            return task.eventLoop.makeFailedFuture(DownloadFailure("body over the limit of \(maxBytes) bytes"))
        }
        // Grow by doubling, but never past the limit: an endless body holds at most the limit.
        let needed = body.count + buffer.readableBytes
        if needed > body.capacity { body.reserveCapacity(min(maxBytes, max(needed, body.capacity * 2))) }
        body.append(contentsOf: buffer.readableBytesView)
        lock.withLock { count = body.count }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<[UInt8]>) throws -> [UInt8] {
        defer { body = [] }
        return body
    }
}
