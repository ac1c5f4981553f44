import Foundation
import Testing
import SceneryCore
import SceneryTestSupport
import SceneryTransport

/// The HTTP client against `Tests/Support/http_faults.py` on 127.0.0.1: every reason PROTOCOL.md
/// lists, word for word, all at once as a session's downloads are (FoundationNetworking crashed
/// the process on a redirect among other downloads); each timeout within 0.5 s of its setting;
/// the limits kept whatever the server sends.
@Suite("HTTP client", .serialized, .hangGuard)
struct HTTPClientTests {
    static let limit = 1 << 20
    static let timeouts = HTTPClient.Timeouts(idle: 1, total: 3)

    struct Outcome: Sendable {
        var result: Result<[UInt8], ImageLoadFailure>
        var seconds: Double
        var reason: String? { if case .failure(let failure) = result { return failure.reason } else { return nil } }
    }

    static func get(_ url: String, maxBytes: Int = limit, timeouts: HTTPClient.Timeouts = timeouts) async -> Outcome {
        let start = Date()
        let result = await HTTPClient.get(url, maxBytes: maxBytes, timeouts: timeouts)
        return Outcome(result: result, seconds: Date().timeIntervalSince(start))
    }

    /// A port of 127.0.0.1 that nothing listens on (bound, then closed).
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("every documented reason, word for word, all downloads at once")
    func reasons() async throws {
        let server = try TestServer(script: "http_faults.py")
        let limit = Self.limit
        let declared = 64 << 20
        let cases: [(path: String, reason: String?)] = [
            ("/png", nil),
            ("/redirect", nil),
            ("/status/404", "HTTP status 404"),
            ("/status/500", "HTTP status 500"),
            ("/declared/\(declared)", "body of \(declared) bytes, more than the limit of \(limit)"),
            ("/endless", "body over the limit of \(limit) bytes"),
            ("/loop", "too many redirects (more than 8)"),
            ("/stall?s=20", "timed out: no data for 1 s"),
            ("/drip?ms=100", "timed out: over 3 s in all"),
            ("/short", "body cut short after 500 bytes (the connection closed)"),
        ]
        let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, item) in cases.enumerated() {
                let url = server.url(item.path)
                group.addTask { (index, await Self.get(url)) }
            }
            var outcomes: [Int: Outcome] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        for (index, item) in cases.enumerated() {
            let outcome = try #require(outcomes[index])
            #expect(outcome.reason == item.reason, "\(item.path): \(outcome.result)")
        }
        // The redirect loop was followed 8 times: 9 requests.
        let stats = try server.json("/stats")
        #expect(stats["requests"]?["/loop"] == 9, "\(stats)")
        // Refused at the headers: the server could write no more than the sockets' buffers hold
        // before the connection closed, far from the 64 MiB it declared.
        let sent = stats["sent"]?["/declared/\(declared)"]?.numberValue ?? 0
        #expect(sent < Double(declared / 2), "the server got \(sent) bytes out")
    }

    /// Runs `attempt` up to three times until its time is within 0.5 s of `expected` plus how late
    /// a sleep beside it woke (the tests share two CPUs with other suites, and a loaded machine
    /// delays every timer): an implementation that ignores a timeout fails every attempt.
    static func onTime(expected: Double, _ attempt: @escaping @Sendable () async -> Outcome) async -> [String] {
        var misses: [String] = []
        for _ in 0..<3 {
            async let probe: Double = {
                let start = Date()
                try? await Task.sleep(for: .seconds(expected))
                return Date().timeIntervalSince(start) - expected
            }()
            let outcome = await attempt()
            let lateness = max(0, await probe)
            if abs(outcome.seconds - expected) < 0.5 + lateness { return [] }
            misses.append("took \(outcome.seconds) s (\(outcome.reason ?? "no failure"); a sleep woke \(lateness) s late)")
        }
        return misses
    }

    @Test("the idle and the total timeouts fire within 0.5 s of their settings, under a second too")
    func timeoutsOnTime() async throws {
        let server = try TestServer(script: "http_faults.py")
        let stall = server.url("/stall?s=20"), drip = server.url("/drip?ms=250")
        let idle = await Self.onTime(expected: 1) { await Self.get(stall) }
        #expect(idle.isEmpty, "idle timeout of 1 s: \(idle)")
        let total = await Self.onTime(expected: 3) { await Self.get(drip) }
        #expect(total.isEmpty, "total timeout of 3 s: \(total)")
        let short = HTTPClient.Timeouts(idle: 0.3, total: 5)
        let shortIdle = await Self.onTime(expected: 0.3) { await Self.get(stall, timeouts: short) }
        #expect(shortIdle.isEmpty, "idle timeout of 0.3 s: \(shortIdle)")
    }

    @Test("a refused connection, a body that is not an image, and an idle timeout under a second")
    func connectionImageAndShortIdle() async throws {
        let server = try TestServer(script: "http_faults.py")
        let refused = await Self.get("http://127.0.0.1:\(Self.closedPort())/png")
        #expect(refused.reason == "could not connect (connection refused)", "\(refused.result)")
        let environment = LiveEnvironment.make(http: HTTPClient.Timeouts(idle: 0.3, total: 5))
        #expect(await environment.loadImage(server.url("/text"), true) == .failure(ImageLoadFailure("not a PNG, JPEG or GIF image")))
        #expect(await environment.loadImage(server.url("/png"), false) == .failure(ImageLoadFailure("network disabled by initialize")))
        guard case .success(let image) = await environment.loadImage(server.url("/late?ms=100"), true) else {
            Issue.record("an idle timeout of 0.3 s must not fail a request answered in 0.1 s")
            return
        }
        #expect(image.width == 16 && image.mime == "image/png")
        let stalled = await Self.get(server.url("/stall?s=20"), timeouts: HTTPClient.Timeouts(idle: 0.3, total: 5))
        #expect(stalled.reason == "timed out: no data for 0.3 s")
    }

    @Test("cancelling the task that waits on a GET ends it at once")
    func cancellation() async throws {
        let server = try TestServer(script: "http_faults.py")
        let url = server.url("/hang")
        let start = Date()
        let task = Task { await HTTPClient.get(url, maxBytes: Self.limit, timeouts: HTTPClient.Timeouts(idle: 30, total: 60)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.value
        #expect(result == .failure(ImageLoadFailure("cancelled")))
        #expect(Date().timeIntervalSince(start) < 2)
    }
}
