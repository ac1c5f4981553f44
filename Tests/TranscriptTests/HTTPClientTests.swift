import Foundation
import Testing
import SceneryCore
import SceneryTestSupport
import SceneryTransport

/// The HTTP client against `Tests/Support/http_faults.py` on 127.0.0.1: every reason PROTOCOL.md
/// lists, word for word, each timeout within 0.5 s of its setting, and the limits kept whatever
/// the server sends. All at once, as a session's downloads are (FoundationNetworking crashed the
/// process on a redirect among other downloads).
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

    @Test("every documented reason, word for word, with the timeouts on time, all downloads at once")
    func reasons() async throws {
        let server = try PhotoServer(script: "http_faults.py")
        let limit = Self.limit
        let cases: [(path: String, reason: String?)] = [
            ("/png", nil),
            ("/redirect", nil),
            ("/status/404", "HTTP status 404"),
            ("/status/500", "HTTP status 500"),
            ("/declared/\(4 * limit)", "body of \(4 * limit) bytes, more than the limit of \(limit)"),
            ("/endless", "body over the limit of \(limit) bytes"),
            ("/loop", "too many redirects (more than 8)"),
            ("/stall?s=20", "timed out: no data for 1 s"),
            ("/drip?ms=250", "timed out: over 3 s in all"),
            ("/short", "body cut short after 500 bytes (the connection closed)"),
        ]
        // A probe beside the requests: how late a 3 s sleep wakes on this machine now (the tests
        // share two CPUs with other suites); a timeout may be that much later than its setting.
        let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, item) in cases.enumerated() {
                let url = server.url(item.path)
                group.addTask { (index, await Self.get(url)) }
            }
            group.addTask {
                let start = Date()
                try? await Task.sleep(for: .seconds(3))
                return (-1, Outcome(result: .success([]), seconds: Date().timeIntervalSince(start) - 3))
            }
            var outcomes: [Int: Outcome] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        let lateness = max(0, outcomes[-1]?.seconds ?? 0)
        for (index, item) in cases.enumerated() {
            let outcome = try #require(outcomes[index])
            #expect(outcome.reason == item.reason, "\(item.path): \(outcome.result)")
        }
        let seconds = { (path: String) in outcomes[cases.firstIndex { $0.path == path }!]!.seconds }
        #expect(abs(seconds("/stall?s=20") - 1) < 0.5 + lateness, "idle timeout of 1 s took \(seconds("/stall?s=20")) s (a sleep woke \(lateness) s late)")
        #expect(abs(seconds("/drip?ms=250") - 3) < 0.5 + lateness, "total timeout of 3 s took \(seconds("/drip?ms=250")) s (a sleep woke \(lateness) s late)")
        #expect(seconds("/declared/\(4 * limit)") < seconds("/png") + 0.5 + lateness, "a declared body over the limit is refused at the headers")
        // The redirect loop was followed 8 times: 9 requests.
        let stats = try server.json("/stats")
        #expect(stats["requests"]?["/loop"] == 9, "\(stats)")
        // Refused at the headers: far less of the declared 4 MiB was taken than was declared.
        let sent = stats["sent"]?["/declared/\(4 * limit)"]?.numberValue ?? 0
        #expect(sent < Double(4 * limit), "the server got \(sent) bytes out")
    }

    @Test("a refused connection, a body that is not an image, and an idle timeout under a second")
    func connectionImageAndShortIdle() async throws {
        let server = try PhotoServer(script: "http_faults.py")
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
        let short = HTTPClient.Timeouts(idle: 0.3, total: 5)
        let stalled = await Self.get(server.url("/stall?s=20"), timeouts: short)
        #expect(stalled.reason == "timed out: no data for 0.3 s")
        #expect(abs(stalled.seconds - 0.3) < 0.5, "took \(stalled.seconds) s")
    }

    @Test("cancelling the task that waits on a GET ends it at once")
    func cancellation() async throws {
        let server = try PhotoServer(script: "http_faults.py")
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
