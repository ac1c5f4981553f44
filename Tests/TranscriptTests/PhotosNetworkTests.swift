import Foundation
import Testing
import SceneryTestSupport
import SceneryCore
import SceneryTransport

/// The Photos scene over real HTTP: the built binary with the real clock (downloads on the
/// transport's threads) against `Tests/Support/photo_server.py` on 127.0.0.1.
@Suite("Photos over HTTP", .serialized, .hangGuard)
struct PhotosNetworkTests {
    static func temporaryFolder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("photos-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A real-clock session opened on `endpoint` with the cache in `cache`.
    static func open(_ endpoint: String, cache: URL, network: Bool = true, arguments: [String] = []) throws -> LiveEngine {
        let engine = try LiveEngine(arguments: arguments)
        try engine.request("initialize", ["clock": "real", "network": .bool(network)])
        let opened = try engine.request("scene.open", ["scene": "photos", "endpoint": .string(endpoint), "cacheDir": .string(cache.path)])
        #expect(opened["error"] == nil, "\(opened)")
        return engine
    }

    static func thumbnails(_ state: JSON) -> [(key: Int, frame: [Double], image: String, state: String)] {
        (state["display"]?["nodes"]?.objectValue ?? [:]).compactMap { id, node -> (Int, [Double], String, String)? in
            let parts = id.split(separator: ".")
            guard parts.count == 2, parts[0] == "photo", let key = Int(parts[1]) else { return nil }
            return (key, node["frame"]?.arrayValue?.compactMap(\.numberValue) ?? [], node["image"]?.stringValue ?? "",
                    node["style"]?["imageState"]?.stringValue ?? "")
        }.sorted { $0.0 < $1.0 }
    }

    static func settled(_ state: JSON, _ count: Int) -> Bool {
        state["model"]?["count"] == .number(Double(count)) && state["model"]?["downloads"]?["loading"] == .number(0)
            && state["model"]?["loading"] == .bool(false)
    }

    @Test("downloads finishing in reverse order keep the server's order; at most 4 at once; each URL fetched once")
    func orderBoundAndOnce() throws {
        let server = try TestServer()
        let cache = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let engine = try Self.open(server.url("/photos.json?n=24&reverse=40"), cache: cache)
        #expect(try engine.wait { Self.settled($0, 24) })
        let thumbnails = Self.thumbnails(engine.state)
        #expect(thumbnails.map(\.key) == Array(0..<24))
        let side = 375.0 / 3
        for thumbnail in thumbnails {
            #expect(thumbnail.frame == [Double(thumbnail.key % 3) * side, Double(thumbnail.key / 3) * side, side, side].map(roundPoint))
            #expect(thumbnail.state == "loaded" && thumbnail.image.hasPrefix("image."), "photo.\(thumbnail.key): \(thumbnail)")
        }
        // Scrolling away and back does not fetch anything again.
        try engine.request("scroll", ["offsetY": 2000])
        try engine.request("scroll", ["offsetY": 0])
        let stats = try server.stats()
        #expect(stats.requests.count == 24 && stats.requests.values.allSatisfy { $0 == 1 }, "\(stats.requests)")
        #expect(stats.maxConcurrent <= 4 && stats.maxConcurrent >= 2, "at most 4 downloads at once, and more than one: \(stats.maxConcurrent)")
        // asset.read serves a photo from the cache.
        let asset = try engine.request("asset.read", ["id": .string(thumbnails[5].image)])
        #expect(asset["result"]?["mime"] == "image/png" && asset["result"]?["width"] == 48)
        // ... read again on every asked: with its entry gone, asset.read says so (-32005); the
        // engine kept only its size in memory.
        for entry in try FileManager.default.contentsOfDirectory(atPath: cache.path) where entry.hasPrefix("image-") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(entry))
        }
        let gone = try engine.request("asset.read", ["id": .string(thumbnails[5].image)])
        #expect(gone["error"]?["code"] == -32005, "\(gone)")
        #expect(gone["error"]?["message"]?.stringValue?.contains("is gone or damaged") == true, "\(gone)")
        try engine.shutdown()
    }

    @Test("a second process with the network off shows the first one's cached list and photos, marked offline; a damaged entry is fetched again")
    func offlineAcrossProcesses() throws {
        let server = try TestServer()
        let cache = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let endpoint = server.url("/photos.json?n=9")
        let first = try Self.open(endpoint, cache: cache)
        #expect(try first.wait { Self.settled($0, 9) })
        try first.shutdown()

        let second = try Self.open(endpoint, cache: cache, network: false)
        #expect(try second.wait { Self.settled($0, 9) })
        #expect(second.state["model"]?["offline"] == true && second.state["model"]?["source"] == "cache")
        #expect(second.state["display"]?["nodes"]?["offline.badge.label"]?["text"]?.arrayValue?.first?["text"] == "Offline")
        #expect(Self.thumbnails(second.state).allSatisfy { $0.state == "loaded" })
        try second.shutdown()

        // Damage one cached photo: the next session fetches it again, and only it.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("image-") }.sorted()
        #expect(entries.count == 9)
        let damaged = cache.appendingPathComponent(entries[0])
        var bytes = try [UInt8](Data(contentsOf: damaged))
        bytes[bytes.count - 10] ^= 0xFF
        try Data(bytes).write(to: damaged)
        let before = try server.stats().requests
        let third = try Self.open(endpoint, cache: cache)
        #expect(try third.wait { Self.settled($0, 9) })
        #expect(Self.thumbnails(third.state).allSatisfy { $0.state == "loaded" })
        let after = try server.stats().requests
        let refetched = after.filter { before[$0.key] != $0.value }
        #expect(refetched.count == 1 && refetched.values.first == 2, "exactly the damaged photo is fetched again: \(refetched)")
        try third.shutdown()
    }

    @Test("each way a photo can fail ends in its own state and reason; the others load")
    func failuresPerPhoto() throws {
        let server = try TestServer()
        let cache = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let engine = try Self.open(server.url("/photos.json?n=9&fail=1&notimage=2&truncate=3&redirect=4&loop=5&big=6&slow=7"), cache: cache,
                                   arguments: ["--http-idle-timeout", "1", "--http-total-timeout", "3"])
        #expect(try engine.wait(timeout: 60) { Self.settled($0, 9) })
        let states = Dictionary(uniqueKeysWithValues: Self.thumbnails(engine.state).map { ($0.key, $0.state) })
        #expect(states == [0: "loaded", 1: "failed", 2: "failed", 3: "failed", 4: "loaded", 5: "failed", 6: "failed", 7: "failed", 8: "loaded"])
        let failures = engine.state["model"]?["failures"]?.objectValue ?? [:]
        #expect(failures["photo.1"] == "HTTP status 500")
        #expect(failures["photo.2"] == "not a PNG, JPEG or GIF image")
        #expect(failures["photo.5"]?.stringValue?.contains("redirect") == true, "\(failures)")
        #expect(failures["photo.6"]?.stringValue?.hasPrefix("body of 67108864 bytes, more than the limit") == true, "\(failures)")
        #expect(failures["photo.7"]?.stringValue?.contains("timed out") == true, "\(failures)")
        #expect(failures["photo.3"] != nil)
        try engine.shutdown()
    }

    @Test("an endpoint that fails shows why, with Retry; a retry that reaches it shows the photos")
    func listFailuresAndRetry() throws {
        let server = try TestServer()
        let cache = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        for (path, reason) in [("/list-status/404", "HTTP status 404"), ("/not-json", "the list is not JSON")] {
            let engine = try Self.open(server.url(path), cache: cache)
            #expect(try engine.wait { $0["model"]?["loading"] == false })
            #expect(engine.state["model"]?["emptyState"] == "error")
            #expect(engine.state["model"]?["loadError"]?.stringValue?.hasPrefix(reason) == true, "\(engine.state["model"] ?? .null)")
            #expect(engine.state["display"]?["nodes"]?["empty.retry"] != nil)
            try engine.shutdown()
        }
        let engine = try Self.open(server.url("/flaky.json?n=4"), cache: cache)
        #expect(try engine.wait { $0["model"]?["emptyState"] == "error" })
        try engine.request("tap", ["id": "empty.retry.label"])
        #expect(try engine.wait { Self.settled($0, 4) })
        #expect(engine.state["model"]?["emptyState"] == .null && engine.state["model"]?["source"] == "endpoint")
        try engine.shutdown()
    }
}
