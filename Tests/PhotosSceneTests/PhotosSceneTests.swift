import Foundation
import Testing
import SceneryTestSupport
@testable import SceneryCore
@testable import PhotosScene

/// Opening the scene and driving it without an engine.
enum PhotosFixture {
    static let environment = SceneEnvironment(now: { 0 }, random: { 42 }, readFile: { (path) throws(RPCError) in
        throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): no files here")
    })

    static func sample(_ viewport: Viewport = .phone) throws -> PhotosState {
        try PhotosScene.open(Params([:]), viewport: viewport, environment: environment).0
    }

    /// Sends `action`; returns the effects.
    @discardableResult
    static func send(_ state: inout PhotosState, _ action: PhotosScene.Action) throws -> [SceneEffect] {
        try PhotosScene.reduce(&state, action, environment: environment)
    }

    static func model(_ state: PhotosState) -> JSON { PhotosScene.render(state).model }
}

@Suite("Photos gallery")
struct PhotosGalleryTests {
    @Test("a thumbnail opens the gallery on it, titled 5/16, and starts the 2 s count")
    func openGallery() throws {
        var state = try PhotosFixture.sample()
        let effects = try PhotosFixture.send(&state, .tap(id: "photo.4", point: nil))
        #expect(state.screen == .gallery(index: 4))
        #expect(effects == [.startTimer(name: "advance", ms: 2000)])
        let model = PhotosFixture.model(state)
        #expect(model["title"] == "5/16" && model["gallery"]?["name"] == "Tiger")
        #expect(PhotosScene.render(state).display.node("gallery.photo")?.image == "photos.sample.5")
    }

    @Test("every 2 s the next photo, after the last the first; page moves either way and starts the count again")
    func advanceWrapAndPage() throws {
        var state = try PhotosFixture.sample()
        try PhotosFixture.send(&state, .tap(id: "photo.14", point: nil))
        #expect(try PhotosFixture.send(&state, .timerFired(name: "advance")) == [.startTimer(name: "advance", ms: 2000)])
        #expect(state.screen == .gallery(index: 15))
        try PhotosFixture.send(&state, .timerFired(name: "advance"))
        #expect(state.screen == .gallery(index: 0))
        #expect(try PhotosFixture.send(&state, .page(.previous)) == [.startTimer(name: "advance", ms: 2000)])
        #expect(state.screen == .gallery(index: 15))
        try PhotosFixture.send(&state, .page(.next))
        #expect(state.screen == .gallery(index: 0))
        #expect(throws: RPCError.invalidParams("params.direction: expected one of \"next\", \"previous\", got \"up\"")) {
            try PhotosFixture.send(&state, .page(PageDirection(Params(["direction": "up"]))))
        }
    }

    @Test("back returns home at the offset the user left and stops the count; page at home changes nothing")
    func back() throws {
        var state = try PhotosFixture.sample(Viewport(width: 320, height: 480, scale: 2, safeArea: EdgeInsets(top: 20)))
        try PhotosFixture.send(&state, .scroll(.to(offsetY: 200)))
        let offset = state.offset
        #expect(offset > 0)
        try PhotosFixture.send(&state, .tap(id: "photo.9", point: nil))
        try PhotosFixture.send(&state, .scroll(.to(offsetY: 0)))
        #expect(try PhotosFixture.send(&state, .tap(id: "gallery.back.icon", point: nil)) == [.cancelTimer(name: "advance")])
        #expect(state.screen == .home && state.offset == offset)
        #expect(try PhotosFixture.send(&state, .page(.next)).isEmpty)
        #expect(state.screen == .home)
    }

    @Test("remove: 5/16 becomes 5/15 on the next photo; after the last, the first; the only photo returns home to the empty state")
    func remove() throws {
        var state = try PhotosFixture.sample()
        try PhotosFixture.send(&state, .tap(id: "photo.4", point: nil))
        try PhotosFixture.send(&state, .tap(id: "gallery.remove.icon", point: nil))
        #expect(PhotosFixture.model(state)["title"] == "5/15")
        #expect(PhotosFixture.model(state)["gallery"]?["photo"] == "photo.5")
        try PhotosFixture.send(&state, .page(.previous))
        try PhotosFixture.send(&state, .page(.previous))
        try PhotosFixture.send(&state, .page(.previous))
        try PhotosFixture.send(&state, .page(.previous))
        try PhotosFixture.send(&state, .page(.previous))
        #expect(PhotosFixture.model(state)["title"] == "15/15")
        try PhotosFixture.send(&state, .tap(id: "gallery.remove", point: nil))
        #expect(PhotosFixture.model(state)["title"] == "1/14")
        for _ in 0..<13 { try PhotosFixture.send(&state, .tap(id: "gallery.remove", point: nil)) }
        #expect(PhotosFixture.model(state)["title"] == "1/1")
        #expect(try PhotosFixture.send(&state, .tap(id: "gallery.remove", point: nil)) == [.cancelTimer(name: "advance")])
        let model = PhotosFixture.model(state)
        #expect(state.screen == .home && model["count"] == 0 && model["emptyState"] == "empty" && model["removed"] == 16)
        #expect(PhotosScene.render(state).display.node("empty.title")?.text.first?.text == "No Photos")
    }
}

@Suite("Photos data, cache and downloads")
struct PhotosDataTests {
    @Test("the list: names and descriptions may be empty or missing; a record without an imageURL is refused with its index")
    func listDecoding() throws {
        let photos = try PhotoListDecoder.photos(Array(#"[{"imageName":"Toad","imageDescription":"","imageURL":"http://x/1.jpg"},{"imageURL":"file:pics/2.png"}]"#.utf8),
                                                 endpoint: "file:data/list.json")
        #expect(photos.map(\.name) == ["Toad", ""] && photos.map(\.url) == ["http://x/1.jpg", "file:data/pics/2.png"])
        #expect(throws: RPCError(code: ErrorCode.fileMalformed, message: "[1].imageURL: expected a URL string, got nothing")) {
            try PhotoListDecoder.photos(Array(#"[{"imageURL":"a"},{"imageName":"b"}]"#.utf8), endpoint: "http://x")
        }
        #expect(throws: RPCError.self) { try PhotoListDecoder.photos(Array("{}".utf8), endpoint: "http://x") }
    }

    @Test("the brief's endpoint sample reads as 14 photos", SharedData.needs("seed-data/AVPhotoApp/homework.sample.json", "the photo brief's endpoint sample"))
    func briefsList() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedData.path("seed-data/AVPhotoApp/homework.sample.json"))))
        let photos = try PhotoListDecoder.photos(bytes, endpoint: "http://x")
        #expect(photos.count == 14 && photos.contains { $0.description.isEmpty })
    }

    @Test("a cache entry reads back whole; any damaged byte, a cut or a foreign file reads as missing")
    func cacheFormat() {
        let payload = Array("a photo's bytes".utf8)
        let entry = DiskCache.encode(payload)
        #expect(DiskCache.decode(entry) == payload)
        for i in entry.indices {
            var damaged = entry
            damaged[i] ^= 0x01
            #expect(DiskCache.decode(damaged) == nil, "byte \(i)")
        }
        #expect(DiskCache.decode(Array(entry.dropLast())) == nil)
        #expect(DiskCache.decode(payload) == nil)
        #expect(DiskCache.hash("http://x/1.jpg").count == 16)
    }

    /// Runs `body` on a cache of `limit` bytes in a new temporary folder, removed afterwards.
    func withCache(limit: Int, _ body: (DiskCache, SceneEnvironment) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "photo-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(DiskCache(folder: folder, limit: limit), LocalFiles.environment)
    }

    @Test("past its bound the cache removes the least recently used entries, down to 90%")
    func eviction() throws { try withCache(limit: 10_000) { cache, environment in
        for n in 0..<8 {
            #expect(cache.write(.image, "http://x/\(n)", [UInt8](repeating: UInt8(n), count: 1000), environment: environment))
            // Modification times a second apart, so "least recently used" is clear.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + n))], ofItemAtPath: cache.path(.image, "http://x/\(n)"))
        }
        #expect(cache.read(.image, "http://x/0", environment: environment) != nil)   // 0 is used now: the most recent
        for n in 8..<12 { cache.write(.image, "http://x/\(n)", [UInt8](repeating: 1, count: 1000), environment: environment) }
        let kept = (0..<12).filter { cache.read(.image, "http://x/\($0)", environment: environment) != nil }
        #expect(kept.contains(0) && !kept.contains(1) && !kept.contains(2), "\(kept)")
        #expect(cache.entries(environment).reduce(0) { $0 + $1.size } <= 10_000)
    } }

    @Test("an eviction removes the temporary file of a write abandoned long ago, and keeps a recent one")
    func abandonedWrites() throws { try withCache(limit: 3_000) { cache, environment in
        #expect(cache.write(.image, "http://x/0", [UInt8](repeating: 0, count: 1000), environment: environment))
        let old = cache.path(.image, "http://x/1") + ".partial-999-1", recent = cache.path(.image, "http://x/2") + ".partial-999-2"
        for path in [old, recent] { FileManager.default.createFile(atPath: path, contents: Data(count: 500)) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old)
        for n in 3..<7 { cache.write(.image, "http://x/\(n)", [UInt8](repeating: 1, count: 1000), environment: environment) }  // past the bound: evicts
        #expect(!FileManager.default.fileExists(atPath: old), "an hour-old partial write is removed")
        #expect(FileManager.default.fileExists(atPath: recent), "a partial write of a moment ago may still be renamed: it stays")
    } }

    @Test("offline is a missing connection; an answer from the server (a status, a body too large) is not, nor a file: endpoint")
    func offlineClassification() {
        #expect(PhotoListJob.isOffline("network disabled by initialize", endpoint: "http://x"))
        #expect(PhotoListJob.isOffline("Could not connect to the server.", endpoint: "https://x"))
        #expect(!PhotoListJob.isOffline("HTTP status 503", endpoint: "http://x"))
        #expect(!PhotoListJob.isOffline("body of 9 bytes, more than the limit of 8", endpoint: "http://x"))
        #expect(!PhotoListJob.isOffline("no such file", endpoint: "file:list.json"))
    }

    @Test("a line under the bar says when the network is why photos are missing: grey downloads, or the cache's list")
    func offlineNotice() throws {
        func state(source: PhotoListOutcome.Source, failure: String?, offline: Bool, download: String?) throws -> PhotosState {
            var state = PhotosState(endpoint: "file:list.json", cache: nil, viewport: .phone)
            state.listToken = 1
            let photos = [Photo(key: 0, name: "", description: "", url: "http://x/0.jpg"), Photo(key: 1, name: "", description: "", url: "file:1.png")]
            try PhotosFixture.send(&state, .jobFinished(name: "photos.list", result: PhotoListOutcome(token: 1, photos: photos, source: source, failure: failure, offline: offline)))
            for url in ["http://x/0.jpg", "file:1.png"] {
                let result: Result<String, ImageLoadFailure> = url == "http://x/0.jpg" && download != nil
                    ? .failure(ImageLoadFailure(download!)) : .success("image.1")
                try PhotosFixture.send(&state, .imageLoaded(url: url, result: result))
            }
            return state
        }
        func shown(_ state: PhotosState) -> String? {
            let rendered = PhotosScene.render(state)
            let label = rendered.display.node("notice.label")?.text.first?.text
            #expect(label == rendered.model["notice"]?.stringValue, "the node says what the model says")
            #expect((rendered.display.node("notice") != nil) == (label != nil))
            return label
        }
        #expect(shown(try state(source: .endpoint, failure: nil, offline: false, download: "network disabled by initialize"))
                == "You're offline — photos can't download")
        #expect(shown(try state(source: .endpoint, failure: nil, offline: false, download: "could not connect (connection refused)"))
                == "Can't reach the server — photos can't download")
        #expect(shown(try state(source: .endpoint, failure: nil, offline: false, download: "HTTP status 404")) == nil, "the server answered")
        #expect(shown(try state(source: .endpoint, failure: nil, offline: false, download: nil)) == nil, "nothing missing")
        #expect(shown(try state(source: .cache, failure: "network disabled by initialize", offline: true, download: nil))
                == "You're offline — showing cached photos")
        #expect(shown(try state(source: .cache, failure: "HTTP status 503", offline: false, download: nil)) == nil, "Cached, not offline")
        var gallery = try state(source: .endpoint, failure: nil, offline: false, download: "network disabled by initialize")
        try PhotosFixture.send(&gallery, .tap(id: "photo.0", point: nil))
        #expect(shown(gallery) == "You're offline — photos can't download", "the gallery's grey photo too")
    }

    @Test("downloads start at most 4 at a time, the photos on screen first, once per URL")
    func downloadScheduling() throws {
        var state = PhotosState(endpoint: "http://x/list", cache: nil, viewport: .phone)
        let photos = (0..<40).map { Photo(key: $0, name: "", description: "", url: "http://x/\($0 % 30).jpg") }
        state.listToken = 1
        var effects = try PhotosFixture.send(&state, .jobFinished(name: "photos.list", result: PhotoListOutcome(token: 1, photos: photos, source: .endpoint, failure: nil, offline: false)))
        #expect(effects.count == 4 && state.inFlight == 4)
        #expect(Set(state.loads.keys) == Set((0..<4).map { "http://x/\($0).jpg" }), "the first on screen first")
        var started: [String] = Array(state.loads.keys)
        // Finishing one download starts the next, still at most four running.
        for round in 0..<40 {
            guard let url = state.loads.first(where: { $0.value == .loading })?.key else { break }
            effects = try PhotosFixture.send(&state, .imageLoaded(url: url, result: .failure(ImageLoadFailure("x"))))
            #expect(state.inFlight <= 4, "round \(round)")
            started += state.loads.keys.filter { !started.contains($0) }
        }
        #expect(Set(started).count == started.count, "once per URL")
        // The band of nodes on 375x812: 9 rows of 3 (the screen and half a screen below it).
        #expect(started.count == 27, "the photos of the band, not the ones below it")
        #expect(state.loads["http://x/0.jpg"] != nil && state.inFlight == 0)
    }
}

/// The live file primitives, for the cache tests (the transport's are the same calls).
enum LocalFiles {
    static let environment = SceneEnvironment(now: { 0 }, random: { 0 }, files: FileAccess(
            readFile: { (path) throws(RPCError) in
            guard let data = FileManager.default.contents(atPath: path) else { throw RPCError(code: ErrorCode.fileUnreadable, message: path) }
            return [UInt8](data)
        },
            readFileRange: { (path, _, _) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: path) },
            fileInfo: { path in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            var info = FileInfo(isDirectory: attributes[.type] as? FileAttributeType == .typeDirectory, size: (attributes[.size] as? Int) ?? 0)
            info.modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return info
        },
            listDirectory: { (path) throws(RPCError) in (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] },
            writeFile: { (path, bytes) throws(RPCError) in
            do { try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic) } catch { throw RPCError(code: ErrorCode.fileUnreadable, message: path) }
        },
            removeFile: { path in try? FileManager.default.removeItem(atPath: path) },
            createDirectory: { (path) throws(RPCError) in
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch { throw RPCError(code: ErrorCode.fileUnreadable, message: path) }
        },
            touchFile: { path in try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path) }))
}

/// The memo only saves work: after any commands, a render through it equals a fresh one.
@Suite("Photos render memo")
struct PhotosMemoTests {
    @Test("a render through the kept memo equals a fresh render after every random command")
    func memoMatchesFreshRender() throws {
        var state = try PhotosFixture.sample(Viewport(width: 320, height: 480, scale: 2, safeArea: EdgeInsets(top: 20)))
        var renderer = SceneRenderer<PhotosScene>()
        var random = SeededRandom(seed: 9)
        var display = DisplayList()
        _ = RenderCheck.step(PhotosScene.self, state, renderer: &renderer, display: &display, "the first render")
        for step in 0..<600 {
            let ids = display.allNodes.map(\.id)
            let action: PhotosScene.Action
            switch random.below(8) {
            case 0, 1: action = .tap(id: ids[random.below(ids.count)], point: nil)
            case 2: action = .page(random.below(2) == 0 ? .next : .previous)
            case 3: action = .timerFired(name: "advance")
            case 4, 5: action = .scroll(.by(deltaY: Double(random.below(600)) - 300))
            case 6: action = .viewport(random.below(2) == 0 ? .phone : Viewport(width: 812, height: 375, scale: 3, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44)))
            default: action = .tap(id: "gallery.remove", point: nil)
            }
            _ = try? PhotosFixture.send(&state, action)
            _ = RenderCheck.step(PhotosScene.self, state, renderer: &renderer, display: &display, "step \(step): \(action)")
        }
    }
}
