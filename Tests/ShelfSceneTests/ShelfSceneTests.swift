import Foundation
import Testing
import SceneryTestSupport
@testable import SceneryCore
@testable import ShelfScene

@Suite("Shelf layout")
struct ShelfLayoutTests {
    static let phones: [(String, Viewport, Int, Double)] = [
        ("iPhone X (the mocks)", .phone, 3, 105),
        ("iPhone SE, 320 wide", Viewport(width: 320, height: 568, scale: 2, safeArea: EdgeInsets(top: 20)), 3, 86.667),
        ("iPhone 16e, 390 wide", Viewport(width: 390, height: 844, scale: 3, safeArea: EdgeInsets(top: 47, bottom: 34)), 3, 110),
        ("iPhone 17 Pro Max, 440 wide", Viewport(width: 440, height: 956, scale: 3, safeArea: EdgeInsets(top: 62, bottom: 34)), 3, 126.667),
        ("iPhone X landscape", Viewport(width: 812, height: 375, scale: 3, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)), 5, 126.8),
        ("iPhone 17 Pro Max landscape", Viewport(width: 956, height: 440, scale: 3, safeArea: EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)), 6, 121.167),
    ]

    @Test("the mock's grid on the iPhone X: covers 105 wide at x 15, 135, 255, the first at y 103, rows 205 apart")
    func mockGrid() throws {
        let state = try ShelfFixture.open()
        let layout = state.layout
        #expect(layout.grid == Rect(x: 0, y: 88 + 1.0 / 3, width: 375, height: 812 - 34 - 69.667 - 88 - 1.0 / 3))
        #expect((0..<3).map { roundPoint(layout.item($0).x) } == [15, 135, 255])
        #expect(roundPoint(layout.grid.y + layout.item(0).y) == 103)
        #expect(roundPoint(layout.item(3).y - layout.item(0).y) == 205)
        #expect(roundPoint(layout.coverHeight) == 129.667)
        #expect(roundPoint(layout.tabBarTop) == 708.333)
    }

    @Test("each phone and orientation: the column rule, items inside the safe width, none overlapping", arguments: 0..<phones.count)
    func columnsRule(phone: Int) throws {
        let (name, viewport, columns, width) = Self.phones[phone]
        let layout = ShelfLayout(viewport)
        #expect(layout.columns == columns, "\(name)")
        #expect(roundPoint(layout.itemWidth) == width, "\(name)")
        let items = (0..<(columns * 3)).map(layout.item)
        for item in items {
            #expect(item.x >= 15 - 1e-9 && item.maxX <= layout.grid.width - 15 + 1e-9, "\(name): \(item)")
        }
        for (i, a) in items.enumerated() {
            for b in items[(i + 1)...] {
                #expect(a.maxX <= b.x + 1e-9 || b.maxX <= a.x + 1e-9 || a.maxY <= b.y + 1e-9 || b.maxY <= a.y + 1e-9, "\(name): \(a) overlaps \(b)")
            }
        }
    }

    @Test("only the rows near the visible area are nodes, and a scroll moves the band")
    func virtualised() throws {
        var state = ShelfState(books: ShelfFixture.books(10_000), viewport: .phone, sample: false)
        let before = ShelfScene.render(state).display.allNodes.filter { $0.id.hasPrefix("book.") }
        #expect(before.count < 30 * 4)
        _ = try ShelfScene.reduce(&state, .scroll(.to(offsetY: 100_000)), environment: ShelfFixture.environment())
        let ids = Set(ShelfScene.render(state).display.allNodes.map(\.id))
        #expect(!ids.contains("book.0") && ids.contains("book.\(state.layout.firstOnScreen(10_000, offset: 100_000)!)"))
    }
}

@Suite("Shelf behaviour")
struct ShelfBehaviourTests {
    @Test("settings, search, scan, browse and a book each show an alert; taps outside its button change nothing; its button dismisses it")
    func alerts() throws {
        for (target, title) in [("settings", "Settings"), ("settings.icon", "Settings"), ("tab.search", "Search"), ("tab.scan.icon", "Scan"),
                                ("tab.browse.label", "Browse"), ("book.2.cover", nil), ("book.2.isbn", nil)] as [(String, String?)] {
            var state = try ShelfFixture.open()
            ShelfFixture.tap(&state, target)
            let alert = try #require(state.alert, "\(target)")
            #expect(alert.title == (title ?? state.books[2].title), "\(target)")
            let shown = state.alert
            for outside in ["alert.dim", "alert.box", "alert.title", "alert.message", "book.0", "settings", nil] as [String?] {
                ShelfFixture.tap(&state, outside)
                ShelfFixture.longPress(&state, outside)
                #expect(state.alert == shown && state.jiggle == nil, "\(target): \(outside ?? "nothing")")
            }
            ShelfFixture.tap(&state, "alert.action.0.label")
            #expect(state.alert == nil)
        }
    }

    @Test("a book's alert names it; the shelf does not scroll behind an alert")
    func bookAlert() throws {
        var state = try ShelfFixture.open()
        ShelfFixture.tap(&state, "book.7.title")
        #expect(state.alert?.message == "ISBN \(state.books[7].isbn)")
        #expect(state.alert?.subject == "book.7")
        _ = try ShelfScene.reduce(&state, .scroll(.by(deltaY: 300)), environment: ShelfFixture.environment())
        #expect(state.offset == 0)
        let model = ShelfFixture.model(state)
        #expect(model["alert"]?["title"] == .string(state.books[7].title))
        #expect(ShelfFixture.node(state, "alert.dim")?.z == Alert.Metrics.z)
    }

    @Test("a long press jiggles the book as one piece, in degrees, with Dismiss and Delete over its cover")
    func jiggle() throws {
        var state = try ShelfFixture.open()
        ShelfFixture.longPress(&state, "book.4.title", now: 1234)
        #expect(state.jiggle == Jiggle(book: 4, startMs: 1234))
        let item = state.layout.item(4)
        for id in ["book.4", "book.4.cover", "book.4.title", "book.4.isbn", "book.4.dismiss", "book.4.dismiss.label", "book.4.delete", "book.4.delete.label"] {
            let animation = try #require(ShelfFixture.node(state, id)?.animation, "\(id)")
            #expect(animation.keyframes == [0, 2.865, -2.865, 2.865, 0])
            #expect(animation.durationMs == 1000 && animation.repeats && animation.startMs == 1234)
            #expect(animation.anchor == Point(x: item.centerX, y: item.centerY), "\(id) turns about the book's centre")
        }
        #expect(ShelfFixture.node(state, "book.3.cover")?.animation == nil)
        let cover = try #require(ShelfFixture.node(state, "book.4.cover")).frame
        #expect(ShelfFixture.node(state, "book.4.dismiss")?.frame == Rect(x: cover.x, y: cover.y, width: cover.width, height: cover.height / 2))
        // A long press on the jiggling book keeps its phase; on another book the jiggle moves there.
        ShelfFixture.longPress(&state, "book.4.cover", now: 2000)
        #expect(state.jiggle == Jiggle(book: 4, startMs: 1234))
        ShelfFixture.longPress(&state, "book.5", now: 3000)
        #expect(state.jiggle == Jiggle(book: 5, startMs: 3000))
        // A long press that is not on a book changes nothing.
        ShelfFixture.longPress(&state, "settings", now: 4000)
        #expect(state.jiggle == Jiggle(book: 5, startMs: 3000))
    }

    @Test("while a book jiggles: Dismiss stops it, a tap elsewhere stops it without an alert, a scroll and a viewport change keep it")
    func whileJiggling() throws {
        var state = try ShelfFixture.open()
        ShelfFixture.longPress(&state, "book.1")
        ShelfFixture.tap(&state, "book.1.dismiss.label")
        #expect(state.jiggle == nil && state.alert == nil && state.books.count == 30)
        ShelfFixture.longPress(&state, "book.1")
        ShelfFixture.tap(&state, "settings")
        #expect(state.jiggle == nil && state.alert == nil)
        ShelfFixture.longPress(&state, "book.1")
        ShelfFixture.tap(&state, "book.2.cover")
        #expect(state.jiggle == nil && state.alert == nil)
        ShelfFixture.longPress(&state, "book.1")
        _ = try ShelfScene.reduce(&state, .scroll(.by(deltaY: 50)), environment: ShelfFixture.environment())
        _ = try ShelfScene.reduce(&state, .viewport(Viewport(width: 812, height: 375, scale: 3, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44))),
                                  environment: ShelfFixture.environment())
        #expect(state.jiggle?.book == 1 && state.offset == 50)
    }

    @Test("Delete removes the first, a middle and the last book: the later books move up one place and keep their ids", arguments: [0, 14, 29])
    func delete(position: Int) throws {
        var state = try ShelfFixture.open()
        let keys = state.books.map(\.key)
        let before = ShelfScene.render(state).display
        let key = keys[position]
        ShelfFixture.longPress(&state, "book.\(key)")
        ShelfFixture.tap(&state, "book.\(key).delete")
        #expect(state.books.map(\.key) == keys.filter { $0 != key })
        #expect(state.jiggle == nil && state.deleted == 1)
        let after = ShelfScene.render(state).display
        #expect(after.node("book.\(key)") == nil)
        // Each later book now stands where the one before it stood.
        for (i, later) in keys.enumerated().dropFirst(position + 1) {
            guard let old = before.node("book.\(keys[i - 1])"), let moved = after.node("book.\(later)") else { continue }
            #expect(moved.frame == old.frame, "book.\(later)")
        }
        // The patch moves ids: no book id is both removed and added.
        let patch = JSONPatch.diff(from: before.json, to: after.json)
        let removed = Set(patch.filter { $0["op"] == "remove" }.compactMap { $0["path"]?.stringValue })
        let added = Set(patch.filter { $0["op"] == "add" }.compactMap { $0["path"]?.stringValue })
        #expect(removed.isDisjoint(with: added))
        #expect(removed.allSatisfy { $0.hasPrefix("/nodes/book.\(key)") }, "\(removed)")
    }

    @Test("a resources folder replaces the drawn images it holds, under ids of their own; the rest stay drawn")
    func resources() throws {
        let folder = try ShelfFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = try #require(ShelfImages.image(ShelfImages.settings))
        try Data(png.bytes).write(to: URL(fileURLWithPath: folder + "/icon_settings.png"))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/README.txt"))
        let state = try ShelfFixture.open(["resources": .string(folder)])
        #expect(ShelfFixture.node(state, "settings.icon")?.image == "shelf.icon.settings.original")
        #expect(ShelfFixture.node(state, "logo")?.image == "shelf.logo")
        #expect(try ShelfScene.asset("shelf.icon.settings.original", in: state, environment: ShelfFixture.environment()) == png)
        #expect(ShelfFixture.model(state)["originals"] == ["shelf.icon.settings"])

        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/logo_text.png"))
        #expect(throws: RPCError(code: ErrorCode.fileMalformed, message: "params.resources: \(folder)/logo_text.png: not a PNG, JPEG or GIF image")) {
            try ShelfFixture.open(["resources": .string(folder)])
        }
        #expect(throws: RPCError(code: ErrorCode.fileUnreadable, message: "params.resources: no folder at \"\(folder)/nope\"")) {
            try ShelfFixture.open(["resources": .string(folder + "/nope")])
        }
    }

    @Test("with the brief's image_assets every drawn image is replaced by its original",
          SharedData.needs("seed-data/SladerChallenge/image_assets", "the Slader brief's images"))
    func briefsArt() throws {
        let state = try ShelfFixture.open(["resources": .string(SharedData.path("seed-data/SladerChallenge/image_assets"))])
        #expect(state.originals.replaced.count == ShelfImages.originals.count)
        #expect(ShelfFixture.node(state, "shelf.picture")?.image == "shelf.picture.original")
        let picture = try #require(try ShelfScene.asset("shelf.picture.original", in: state, environment: ShelfFixture.environment()))
        #expect((picture.width, picture.height) == (867, 483))
    }

    @Test("every drawn image is a PNG, and the sample's covers exist except the one meant to fail")
    func drawnImages() {
        for id in ShelfImages.originals.map(\.id) + [ShelfImages.shadow] + (1...SampleShelf.coverCount).map(ShelfImages.sampleCover) {
            let image = ShelfImages.image(id)
            #expect(image?.mime == "image/png" && (image?.width ?? 0) > 0, "\(id)")
        }
        #expect(ShelfImages.image("shelf.cover.missing") == nil)
    }
}
