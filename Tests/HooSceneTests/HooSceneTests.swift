import Testing
@testable import HooScene
@testable import SceneryCore
import SceneryEngine

typealias F = HooFixture

@Suite("Hoo scene: opening and the sample")
struct HooOpenTests {
    @Test("without a path the scene opens on nine sample sets with the original colour names, 8 to 16 Hoos each")
    func sample() throws {
        let (state, effects) = try HooScene.open(Params([:]), viewport: F.mock, environment: F.environment())
        #expect(effects.isEmpty)
        #expect(state.isSample)
        #expect(state.catalog.sets.map(\.color) == ["Red", "Yellow", "Blue", "Purple", "Green", "Silver", "Cyan", "Brown", "Orange"])
        #expect(state.catalog.sets.allSatisfy { (8...16).contains($0.hoos.count) })
        #expect(state.catalog.sets.map(\.number) == Array(1...9))
        #expect(Set(state.catalog.sets.flatMap { $0.hoos.map(\.title) }).count > 5)
        let model = F.model(state)
        #expect(model["sample"] == true)
        #expect(model["selection"] == .null)
        #expect(model["headerSet"] == .null)
    }

    @Test("the sample is the same on every open")
    func sampleIsDeterministic() {
        #expect(SampleHooSets.make() == SampleHooSets.make())
    }

    @Test("with a path that does not exist, scene.open fails with -32005 naming the param")
    func missingPath() {
        #expect(throws: RPCError(code: -32005, message: "params.sets: no file or folder at \"nowhere\"")) {
            _ = try HooScene.open(Params(["sets": "nowhere"]), viewport: F.mock, environment: F.environment())
        }
        #expect(throws: RPCError.self) {
            _ = try HooScene.open(Params(["set": "x"]), viewport: F.mock, environment: F.environment())
        }
    }

    @Test("with a path the grid starts empty, loading, and a sets.load job runs")
    func openWithPath() throws {
        let (state, effects) = try HooScene.open(Params(["sets": "sets"]), viewport: F.mock, environment: F.environment(files: ["sets": []]))
        #expect(effects == [.runJob(SceneJob(name: "sets.load") { _ in 0 })])
        #expect(!state.isSample && state.catalog.count == 0)
        #expect(F.model(state)["loading"] == ["path": "sets"])
        #expect(F.nodes(state).keys.sorted() == ["background", "line.bottom", "line.top", "logo"])
    }
}

@Suite("Hoo scene: what the screen shows")
struct HooRenderTests {
    @Test("cells are black circles with the Hoo's number; the first cell of each set carries its colour name, turned")
    func cells() throws {
        let state = F.state(F.originalSets)
        let nodes = F.nodes(state)
        let cell = try #require(nodes["cell.1.1"])
        #expect(cell.kind == .circle && cell.layer == .content && cell.frame == Rect(x: 2, y: 7, width: 79, height: 79))
        #expect(cell.style["background"] == "#000000")
        let label = try #require(nodes["cell.2.1.label"])
        #expect(label.text.map(\.text) == ["1"])
        #expect(label.text[0].font == "AGBookPro-MediumCnd" && label.text[0].size == 20 && label.text[0].color == "#FFFFFF")
        #expect(label.style["fontFallback"] == "Arial Narrow")
        let yellow = try #require(nodes["set.2.color"])
        #expect(yellow.text.map(\.text) == ["YELLOW"])
        #expect(yellow.style["rotation"] == -90)
        // Yellow 1 is cell 14: row 3, column 2 (x 160), as on grid.png; the name is centred 14.25 pt in.
        #expect(yellow.frame == Rect(x: 160 + 14.25 - 8, y: 7 + 3 * 79, width: 16, height: 79))
        #expect(nodes["set.1.color"] != nil)
        #expect(nodes["cell.1.2"] != nil && nodes["set.1.2.color"] == nil)
    }

    @Test("the chrome: background #1F1F1F, the logo, two white lines; no header and no bottom text before a selection")
    func chrome() throws {
        var state = F.state(F.originalSets)
        let nodes = F.nodes(state)
        #expect(nodes["background"]?.style["background"] == "#1F1F1F")
        #expect(nodes["header"] == nil)
        #expect(nodes["logo"]?.image == "hoo.logo")
        #expect(nodes["line.top"]?.style["color"] == "#FFFFFF")
        #expect(nodes["bottom.title"] == nil && nodes["bottom.poem"] == nil && nodes["overlay"] == nil && nodes["selection.disc"] == nil)
        try F.reduce(&state, .tap(id: "cell.1.2", point: nil))
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.1.header.2")
        #expect(F.nodes(state)["header"]?.frame == Rect(x: 30, y: 35, width: 276, height: 32))
    }

    @Test("the header picks the variant for the screen's scale: @3x at 3x, else the sharpest there is")
    func headerScale() {
        var set = F.set(1, count: 3)
        set.headers[3] = .file(path: "h3")
        var state = F.state([set], viewport: Viewport(width: 375, height: 812, scale: 3, safeArea: EdgeInsets()))
        state.selection = HooRef(set: 1, hoo: 1)
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.1.header.3")
        state.viewport.scale = 1
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.1.header.1")
        state.viewport.scale = 4
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.1.header.3")
        var noHeader = F.set(1, count: 3)
        noHeader.headers = [:]
        var bare = F.state([noHeader])
        bare.selection = HooRef(set: 1, hoo: 1)
        #expect(F.nodes(bare)["header"] == nil)
    }

    @Test("without a selection there is no header wherever the grid scrolls, as on the bare grid's mock; a selection brings its set's")
    func headerOnlyWithSelection() throws {
        var state = F.state(F.originalSets)
        // Row 3 starts with Red 13; row 4 with Yellow 3.
        for offset: Double in [0, 7 + 3 * 79, 7 + 4 * 79] {
            try F.reduce(&state, .scroll(.to(offsetY: offset)))
            #expect(F.model(state)["headerSet"] == .null)
            #expect(F.nodes(state)["header"] == nil)
        }
        try F.reduce(&state, .tap(id: "cell.2.3", point: nil))
        #expect(F.model(state)["headerSet"] == 2)
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.2.header.2")
        try F.reduce(&state, .tap(id: "cell.2.3", point: nil))
        #expect(F.model(state)["headerSet"] == .null)
        #expect(F.nodes(state)["header"] == nil)
    }

    @Test("only cells near the visible part are nodes: the visible rows plus half a screen above and below")
    func virtualisation() throws {
        var state = F.state(F.originalSets)  // 108 Hoos, 27 rows
        let cellIDs = { (state: HooState) in F.nodes(state).keys.filter { $0.hasPrefix("cell.") && !$0.hasSuffix(".label") } }
        // Grid 329 tall: band -164.5 ..< 493.5 covers rows 0...6.
        #expect(cellIDs(state).count == 28)
        try F.reduce(&state, .scroll(.to(offsetY: 1000)))
        let ids = cellIDs(state)
        #expect(!ids.contains("cell.1.1"))
        // Band 835.5 ..< 1493.5: rows 10 (from 797) to 18 (from 1429).
        #expect(ids.count == 9 * 4)
        #expect(ids.contains(F.state(F.originalSets).catalog.ref(ofIndex: 40).map { "cell.\($0.set).\($0.hoo)" }!))
    }

    @Test("scroll clamps to 0...content height - grid height")
    func scrollClamp() throws {
        var state = F.state(F.originalSets)
        let max = 7 + 27 * 79 + 6 - 328.0  // grid 328 pt tall on the mock (2 pt lines)
        try F.reduce(&state, .scroll(.by(deltaY: 100_000)))
        #expect(state.offset == max)
        #expect(F.model(state)["maxOffsetY"] == .number(max))
        try F.reduce(&state, .scroll(.by(deltaY: -50)))
        #expect(state.offset == max - 50)
        try F.reduce(&state, .scroll(.to(offsetY: -3)))
        #expect(state.offset == 0)
        #expect(throws: RPCError.self) { try F.reduce(&state, .scroll(.to(offsetY: .infinity))) }
        let few = F.state([F.set(1, count: 3)])
        #expect(few.maxOffset == 0)
    }

    @Test("a narrower or wider viewport re-flows the same Hoos and clamps the offset")
    func viewportChange() throws {
        var state = F.state(F.originalSets)
        try F.reduce(&state, .scroll(.to(offsetY: 10_000)))
        try F.reduce(&state, .viewport(Viewport(width: 768, height: 1024, scale: 2, safeArea: EdgeInsets(top: 20))))
        #expect(state.grid.columns == 9)
        #expect(state.offset == state.maxOffset)
        #expect(F.model(state)["columns"] == 9)
        #expect(F.nodes(state)["cell.1.10"]?.frame == Rect(x: 28.5, y: 86, width: 79, height: 79))
    }

    @Test("the scene has no sections and no other methods")
    func unsupported() {
        var state = F.state(F.originalSets)
        #expect(throws: RPCError(code: -32007, message: "section: the hoo scene has no sections; move the grid with scroll or pan")) {
            try F.reduce(&state, .section(.title("A")))
        }
        #expect(throws: RPCError.notSupported("reshuffle: the hoo scene does not handle this method")) { try HooCommand(method: "reshuffle", params: Params([:])) }
    }
}

@Suite("Hoo scene: tap")
struct HooTapTests {
    @Test("a tap on a Hoo selects it: disc for number, its set's header, title and poem below, its picture over all")
    func select() throws {
        var state = F.state(F.originalSets)
        F.tap(&state, id: "cell.2.3.label")
        #expect(state.selection == HooRef(set: 2, hoo: 3))
        let nodes = F.nodes(state)
        // Yellow 3 is cell 16: row 4, column 0, as in guides.png.
        #expect(nodes["selection.disc"]?.frame == Rect(x: 2 + 4.5, y: 7 + 4 * 79 + 4.5, width: 70, height: 70))
        #expect(nodes["selection.disc"]?.style["background"] == "#4100B2")
        // The number stays, under the disc, which covers its box whole (every corner inside the circle).
        let disc = try #require(nodes["selection.disc"]), label = try #require(nodes["cell.2.3.label"])
        #expect(nodes["cell.2.3"] != nil && disc.z > label.z && disc.kind == .circle)
        let box = label.frame, radius = disc.frame.width / 2
        for (x, y) in [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)] {
            #expect(((x - disc.frame.centerX) * (x - disc.frame.centerX) + (y - disc.frame.centerY) * (y - disc.frame.centerY)).squareRoot() < radius)
        }
        #expect(nodes["header"]?.image == "hoo.load.1.set.2.header.2")
        #expect(nodes["bottom.title"]?.text.map(\.text) == ["Title 2.3"])
        #expect(nodes["bottom.title"]?.text.first?.size == 36)
        #expect(nodes["bottom.poem"]?.text.map(\.text) == ["Poem line 2.3"])
        #expect(nodes["bottom.poem"]?.text.first?.font == "AGBookPro-LightCnd")
        #expect(nodes["overlay"]?.image == "hoo.load.1.set.2.hoo.3")
        #expect(nodes["overlay"]?.z == 10)
        let model = F.model(state)
        #expect(model["selection"] == ["set": 2, "hoo": 3, "index": 16, "title": "Title 2.3", "poemLine": "Poem line 2.3", "color": "Yellow"])
        #expect(model["headerSet"] == 2)
    }

    @Test("selecting a set's first Hoo hides its colour name under the disc")
    func firstCellSelected() {
        var state = F.state(F.originalSets)
        F.tap(&state, id: "set.2.color")
        #expect(state.selection == HooRef(set: 2, hoo: 1))
        #expect(F.nodes(state)["set.2.color"] == nil)
    }

    @Test("a tap on the selected Hoo clears the selection, by id or by point, disc included")
    func toggle() {
        var state = F.state(F.originalSets)
        F.tap(&state, id: "cell.1.6")
        F.tap(&state, id: "selection.disc")
        #expect(state.selection == nil)
        #expect(F.nodes(state)["overlay"] == nil)
        F.tap(&state, id: "cell.1.6")
        let center = F.center(state, 5)
        F.tap(&state, x: center.x, y: center.y)
        #expect(state.selection == nil)
    }

    @Test("a point tap is resolved once, by the grid: its target is the cell under the overlay, nil on empty space")
    func pointThroughOverlay() {
        var state = F.state(F.originalSets)
        F.tap(&state, id: "cell.1.1")
        let center = F.center(state, 14)
        #expect(HooScene.target(at: center, in: state, display: DisplayList()) == "cell.2.1")
        #expect(HooScene.target(at: Point(x: 1, y: 120), in: state, display: DisplayList()) == nil)
        F.tap(&state, x: center.x, y: center.y)
        #expect(state.selection == HooRef(set: 2, hoo: 1))
    }

    @Test("a tap on empty space changes nothing: header, logo, bottom area, margins, past the last Hoo, nothing at all")
    func emptySpace() throws {
        var state = F.state([F.set(1, count: 6)])
        F.tap(&state, id: "cell.1.2")
        let before = F.model(state)
        for (x, y) in [(100.0, 50.0), (280.0, 30.0), (100.0, 430.0), (1.0, 120.0), (200.0, 170.0), (-5.0, 200.0), (100.0, 600.0)] {
            F.tap(&state, x: x, y: y)
        }
        for id in ["header", "logo", "line.top", "bottom.title", "background", "cell.9.9", "set.7.color", "cell.1"] {
            F.tap(&state, id: id)
        }
        _ = try F.reduce(&state, .tap(id: nil, point: nil))
        #expect(F.model(state) == before)
    }
}

@Suite("Hoo scene: loading sets")
struct HooLoadTests {
    static func finish(_ state: inout HooState, token: UInt64, sets: [HooSet], failures: [HooLoadFailure] = []) throws {
        try F.reduce(&state, .jobFinished(name: "sets.load", result: HooLoadJobResult(token: token, result: HooLoadResult(sets: sets, failures: failures))))
    }

    static func sampleState() throws -> HooState {
        try HooScene.open(Params([:]), viewport: F.mock, environment: F.environment()).0
    }

    @Test("sets.load checks the path, marks the scene loading and returns the job")
    func start() throws {
        var state = try Self.sampleState()
        let environment = F.environment(files: ["sets": []])
        let effects = try HooScene.reduce(&state, .command(try HooCommand(method: "sets.load", params: Params(["path": "sets"]))), environment: environment)
        #expect(effects.count == 1)
        #expect(state.loading == PendingLoad(path: "sets", token: 1))
        #expect(throws: RPCError(code: -32005, message: "params.path: no file or folder at \"gone\"")) {
            try HooScene.reduce(&state, .command(try HooCommand(method: "sets.load", params: Params(["path": "gone"]))), environment: environment)
        }
        #expect(throws: RPCError(code: -32602, message: "params.path: required string is missing")) {
            try HooScene.reduce(&state, .command(try HooCommand(method: "sets.load", params: Params([:]))), environment: environment)
        }
        #expect(throws: RPCError.self) {
            try HooScene.reduce(&state, .command(try HooCommand(method: "sets.load", params: Params(["path": "sets", "merge": true]))), environment: environment)
        }
        #expect(state.loading == PendingLoad(path: "sets", token: 1))
        // The job runs the loader (the interim one reports one failure) and carries the token.
        guard case .runJob(let job) = effects[0] else { Issue.record("expected a job"); return }
        let context = JobContext(environment: environment, progress: { _ in })
        let result = try #require(RunBlocking.run { await job.run(context) } as? HooLoadJobResult)
        #expect(result.token == 1)
    }

    @Test("loaded sets replace the sample, which never mixes with real sets; selection and offset reset")
    func replacesSample() throws {
        var state = try Self.sampleState()
        F.tap(&state, id: "cell.3.2")
        try F.reduce(&state, .scroll(.to(offsetY: 300)))
        state.loading = PendingLoad(path: "sets", token: 7)
        try Self.finish(&state, token: 7, sets: [F.set(3, color: "Blue", count: 9)])
        #expect(!state.isSample)
        #expect(state.catalog.sets.map(\.number) == [3])
        #expect(state.selection == nil && state.offset == 0 && state.loading == nil)
        #expect(F.model(state)["sample"] == false)
        #expect(F.nodes(state)["header"] == nil)
        F.tap(&state, id: "cell.3.2")
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.3.header.2")
    }

    @Test("a load that yields no set keeps the sets and reports its failures")
    func failuresOnly() throws {
        var state = try Self.sampleState()
        state.loading = PendingLoad(path: "sets", token: 3)
        try Self.finish(&state, token: 3, sets: [], failures: [HooLoadFailure(source: "sets/04.zip", reason: "not a ZIP archive")])
        #expect(state.isSample && state.catalog.sets.count == 9)
        #expect(F.model(state)["loadErrors"] == [["source": "sets/04.zip", "reason": "not a ZIP archive"]])
        #expect(F.model(state)["loading"] == .null)
    }

    @Test("later loads add sets; a set number loaded again replaces the older copy with new asset ids")
    func merges() throws {
        var state = F.state([F.set(1, count: 3), F.set(2, count: 3)])
        state.loadCount = 1
        F.tap(&state, id: "cell.2.3")
        state.loading = PendingLoad(path: "more", token: 9)
        try Self.finish(&state, token: 9, sets: [F.set(2, color: "Gold", count: 2), F.set(5, count: 1)],
                        failures: [HooLoadFailure(source: "more/07.zip", reason: "bad")])
        #expect(state.catalog.sets.map(\.number) == [1, 2, 5])
        #expect(state.catalog.sets[1].color == "Gold")
        #expect(state.catalog.count == 6)
        #expect(state.selection == nil)  // Hoo 3 of set 2 is gone
        F.tap(&state, id: "cell.2.1")
        #expect(F.nodes(state)["overlay"]?.image == "hoo.load.2.set.2.hoo.1")
        #expect(F.nodes(state)["header"]?.image == "hoo.load.2.set.2.header.2")
        // The next load's failures replace these.
        state.loading = PendingLoad(path: "again", token: 10)
        try Self.finish(&state, token: 10, sets: [F.set(1, count: 3)])
        #expect(F.model(state)["loadErrors"] == [])
        #expect(state.selection == HooRef(set: 2, hoo: 1))
    }

    @Test("a result whose token is not the running load's is stale and changes nothing")
    func staleResult() throws {
        var state = try Self.sampleState()
        state.loading = PendingLoad(path: "new", token: 2)
        try Self.finish(&state, token: 1, sets: [F.set(1, count: 3)])
        #expect(state.isSample && state.loading == PendingLoad(path: "new", token: 2) && state.loadCount == 0)
        state.loading = nil
        try Self.finish(&state, token: 2, sets: [F.set(1, count: 3)])
        #expect(state.isSample)
        try F.reduce(&state, .jobFinished(name: "sets.load", result: "something else"))
        try F.reduce(&state, .jobFinished(name: "other", result: 1))
        #expect(state.isSample)
    }
}

@Suite("Hoo scene: images")
struct HooImageTests {
    @Test("a resources folder's logo@2x.png replaces the drawn logo under an id of its own, and model.originals lists it")
    func resources() throws {
        let png = Canvas(width: 2, height: 2, fill: 0xFF00_00FF).png()
        let environment = HooTestSupport.memoryEnvironment(["art/logo@2x.png": png.bytes, "art/other.png": png.bytes])
        let (state, _) = try HooScene.open(Params(["resources": "art"]), viewport: F.mock, environment: environment)
        #expect(F.nodes(state)["logo"]?.image == "hoo.logo.original")
        #expect(F.model(state)["originals"] == ["hoo.logo"])
        #expect(try HooScene.asset("hoo.logo.original", in: state, environment: environment) == png)
        let (drawn, _) = try HooScene.open(Params([:]), viewport: F.mock, environment: environment)
        #expect(F.nodes(drawn)["logo"]?.image == "hoo.logo")
        #expect(F.model(drawn)["originals"] == [])
        #expect(throws: RPCError(code: ErrorCode.fileUnreadable, message: "params.resources: no folder at \"nowhere\"")) {
            try HooScene.open(Params(["resources": "nowhere"]), viewport: F.mock, environment: environment)
        }
    }

    @Test("built-in images are PNGs of the mocks' sizes at 2x")
    func builtins() throws {
        let logo = try #require(HooScene.builtinImage("hoo.logo"))
        #expect(logo.mime == "image/png" && logo.width == 114 && logo.height == 104)
        let header = try #require(HooScene.builtinImage("hoo.sample.1.header"))
        #expect(header.height == 66 && header.width == 7 * 36 - 6)  // "RED SET"
        let overlay = try #require(HooScene.builtinImage("hoo.sample.2.hoo.1"))
        #expect(overlay.width == 640 && overlay.height == 960)
        #expect(ImageData.sniff(overlay.bytes) == overlay)
        #expect(HooScene.builtinImage("hoo.sample.2.hoo.1") == overlay)
        #expect(HooScene.builtinImage("hoo.sample.2.hoo.2") != overlay)
        for id in ["hoo.sample.10.header", "hoo.sample.0.header", "hoo.sample.1.hoo.99", "hoo.sample.01.header", "hoo.other", "directory.placeholder"] {
            #expect(HooScene.builtinImage(id) == nil, "\(id)")
        }
    }

    @Test("images of loaded sets are read from their files when asked for, by id")
    func loadedAssets() throws {
        let png = try #require(HooScene.builtinImage("hoo.logo")).bytes
        let environment = F.environment(files: ["sets/1/header@2x.png": png, "sets/1/2/hoo.png": png, "sets/1/3/hoo.png": [1, 2, 3]])
        let state = F.state([F.set(1, count: 3)])
        #expect(try HooScene.asset("hoo.load.1.set.1.header.2", in: state, environment: environment)?.width == 114)
        #expect(try HooScene.asset("hoo.load.1.set.1.hoo.2", in: state, environment: environment)?.height == 104)
        #expect(throws: RPCError.self) { try HooScene.asset("hoo.load.1.set.1.hoo.1", in: state, environment: environment) }
        #expect(throws: RPCError(code: -32006, message: "params.id: hoo.load.1.set.1.hoo.3 is not a PNG, JPEG or GIF image")) {
            try HooScene.asset("hoo.load.1.set.1.hoo.3", in: state, environment: environment)
        }
        for id in ["hoo.load.2.set.1.hoo.2", "hoo.load.1.set.1.hoo.4", "hoo.load.1.set.1.header.3", "hoo.load.1.set.9.hoo.1", "hoo.logo", "hoo.load.1.set.1.hoo.2.x"] {
            #expect(try HooScene.asset(id, in: state, environment: environment) == nil, "\(id)")
        }
    }

    @Test("archive entries need the archive reader")
    func archiveEntries() {
        let entry = ZipEntry(name: "01/01/hoo.png", method: 8, crc32: 0, compressedSize: 1, uncompressedSize: 1, dataOffset: 0)
        #expect(throws: RPCError.self) { try HooAssetReader.read(.archiveEntry(archive: "01.zip", entry: entry), environment: F.environment()) }
    }
}

@Suite("Hoo scene: 100k Hoos")
struct HooScaleTests {
    static let big: HooState = F.state((1...1000).map { F.set($0, color: "Red", count: 100) })

    @Test("1,000 sets of 100 render the same number of nodes as a grid that just fills the screen")
    func nodeCountBounded() throws {
        var big = Self.big
        var small = F.state([F.set(1, count: 100)])
        #expect(big.catalog.count == 100_000)
        #expect(F.nodes(big).count == F.nodes(small).count)
        try F.reduce(&big, .scroll(.to(offsetY: 1_000_000)))
        try F.reduce(&small, .scroll(.to(offsetY: 500)))
        // At most 10 rows of 4 cells, each a circle and a label, plus the chrome and colour names.
        #expect(F.nodes(big).count <= 10 * 4 * 2 + 10)
        #expect(F.nodes(big).keys.contains { $0.hasPrefix("cell.") })
    }

    @Test("taps, scrubs and the header work deep in the flow")
    func deepInteractions() throws {
        var state = Self.big
        try F.reduce(&state, .scroll(.to(offsetY: 7 + 24_990 * 79)))
        let center = F.center(state, 99_961)
        F.tap(&state, x: center.x, y: center.y)
        #expect(state.selection == HooRef(set: 1000, hoo: 62))
        #expect(F.model(state)["selection"]?["index"] == 99_961)
        #expect(F.model(state)["headerSet"] == 1000)
        try F.reduce(&state, .tap(id: nil, point: center))
        try F.pan(&state, "began", center.x, center.y, t: 0)
        try F.pan(&state, "changed", center.x - 79, center.y, t: 10)
        #expect(state.selection == HooRef(set: 1000, hoo: 61))
    }
}
