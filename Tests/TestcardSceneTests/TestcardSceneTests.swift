import Foundation
import Testing
import SceneryCore
import SceneryTestSupport
@testable import TestcardScene

/// The test card as a front end's author uses it: every node kind and style member of the
/// protocol somewhere on its pages, every page reachable, nothing random.
@Suite("The test card")
struct TestcardSceneTests {
    /// A scene clock a test can move.
    final class Clock: @unchecked Sendable {
        var now = 0
        var environment: SceneEnvironment {
            SceneEnvironment(now: { self.now }, random: { 0 },
                             readFile: { (path) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): no files here") })
        }
    }

    static func open(_ params: JSONObject = [:], clock: Clock = Clock()) throws(RPCError) -> TestcardState {
        try TestcardScene.open(Params(params), viewport: .phone, environment: clock.environment).0
    }

    static func reduce(_ state: inout TestcardState, _ action: TestcardScene.Action) throws(RPCError) {
        _ = try TestcardScene.reduce(&state, action, environment: Clock().environment)
    }

    static func page(_ direction: String) throws(RPCError) -> TestcardScene.Action { .page(try PageDirection(Params(["direction": .string(direction)]))) }

    /// Every node of every page, as a front end would be sent them.
    static func allNodes() throws -> [(id: String, node: Node)] {
        try TestcardPage.allCases.flatMap { page in
            TestcardScene.render(try open(["page": .number(Double(page.rawValue))])).display.allNodes
        }
    }

    static func schema() throws -> JSON {
        try JSONParser.parse(Array(Data(contentsOf: SharedData.repo.appendingPathComponent("Protocol/scenery.schema.json"))))
    }

    @Test("every style member the schema lists, each of its enumerated and boolean values, every node kind and both layers appear on some page")
    func everythingTheProtocolHasIsShown() throws {
        let schema = try Self.schema()
        let style = try #require(schema["$defs"]?["style"]?["properties"]?.objectValue)
        let node = try #require(schema["$defs"]?["node"]?["properties"]?.objectValue)
        let nodes = try Self.allNodes()
        #expect(style.count >= 20)
        for (member, definition) in style {
            let values = nodes.compactMap { $0.node.style[member] }
            #expect(!values.isEmpty, "no patch shows style.\(member)")
            for expected in definition["enum"]?.arrayValue ?? [] {
                #expect(values.contains(expected), "no patch shows style.\(member) \(expected)")
            }
            if definition["type"] == "boolean" {
                #expect(values.contains(true) && values.contains(false), "style.\(member) is not shown both true and false")
            }
        }
        for kind in node["kind"]?["enum"]?.arrayValue ?? [] {
            #expect(nodes.contains { .string($0.node.kind.rawValue) == kind }, "no patch shows a \(kind) node")
        }
        for layer in node["layer"]?["enum"]?.arrayValue ?? [] {
            #expect(nodes.contains { .string($0.node.layer.rawValue) == layer }, "no patch is on the \(layer) layer")
        }
        let animations = nodes.compactMap(\.node.animation)
        #expect(animations.contains { $0.anchor == nil } && animations.contains { $0.anchor != nil })
        #expect(nodes.contains { $0.node.text.count > 1 }, "no text of several runs")
    }

    @Test("every patch is labelled with its own small text, and the patches of a page fit the phone's safe area without overlapping")
    func patchesAreLabelledAndFit() throws {
        let safe = TestcardRender.safeFrame(.phone)
        for page in TestcardPage.allCases {
            let nodes = TestcardScene.render(try Self.open(["page": .string(page.title)])).display
            let cells = TestcardRender.cells(page, in: safe)
            #expect(!cells.isEmpty)
            for (i, (patch, cell)) in cells.enumerated() {
                let label = try #require(nodes.node("\(patch.rawValue).label"), "\(patch) has no label")
                #expect(label.text.map(\.text) == [patch.label])
                #expect(label.text.allSatisfy { $0.size <= 11 })
                #expect(cell.x >= safe.x && cell.maxX <= safe.maxX && cell.y >= safe.y && cell.maxY <= safe.maxY, "\(patch) leaves the safe area")
                for (other, frame) in cells[(i + 1)...] {
                    let apart = frame.x >= cell.maxX || cell.x >= frame.maxX || frame.y >= cell.maxY || cell.y >= frame.maxY
                    #expect(apart, "\(patch) overlaps \(other)")
                }
            }
        }
    }

    @Test("page next goes through every page in order and stops at the last; previous comes back and stops at the first")
    func pagingReachesEveryPage() throws {
        var state = try Self.open()
        var seen = [TestcardScene.render(state).model["pageTitle"]]
        for _ in TestcardPage.allCases {
            try Self.reduce(&state, Self.page("next"))
            seen.append(TestcardScene.render(state).model["pageTitle"])
        }
        #expect(seen == TestcardPage.allCases.map { .string($0.title) } + [.string("Scroll")])
        for _ in TestcardPage.allCases { try Self.reduce(&state, Self.page("previous")) }
        #expect(state.page == .fills)
        #expect(TestcardScene.render(state).model["pageNames"] == .array(TestcardPage.allCases.map { .string($0.title) }))
    }

    @Test("section jumps to a page by its title or its index, and scene.open's page starts there")
    func sectionsAreThePages() throws {
        var state = try Self.open()
        for page in TestcardPage.allCases.reversed() {
            try Self.reduce(&state, .section(.title(page.title)))
            #expect(state.page == page)
            try Self.reduce(&state, .section(.index(0)))
            try Self.reduce(&state, .section(.index(page.rawValue)))
            #expect(TestcardScene.render(state).model["page"] == .number(Double(page.rawValue)))
            #expect(try Self.open(["page": .string(page.title)]).page == page)
        }
    }

    @Test("bad open params, page directions and sections are -32602 naming the field, and leave the state as it was")
    func badParamsAreRefused() throws {
        for (params, field) in [(["page": "Colours"], "params.page"), (["page": 8], "params.page"), (["page": 1.5], "params.page"),
                                (["page": -1], "params.page"), (["page": true], "params.page"), (["resources": "x"], "params.resources")] as [(JSONObject, String)] {
            #expect(throws: RPCError.self) { try Self.open(params) }
            do { _ = try Self.open(params) } catch {
                #expect(error.code == ErrorCode.invalidParams)
                #expect(error.message.hasPrefix(field + ":"), "\(error.message)")
            }
        }
        var state = try Self.open(["page": "Scroll"])
        try Self.reduce(&state, .scroll(.to(offsetY: 40)))
        let before = state
        for params: JSONObject in [["direction": "up"], [:], ["direction": "next", "by": 2]] {
            do {
                _ = try PageDirection(Params(params))
                Issue.record("page \(params) was accepted")
            } catch {
                #expect(error.code == ErrorCode.invalidParams && error.message.hasPrefix("params"), "\(error.message)")
            }
        }
        for action: TestcardScene.Action in [.section(.title("scroll")), .section(.index(8)), .scroll(.by(deltaY: .infinity))] {
            do {
                try Self.reduce(&state, action)
                Issue.record("\(action) was accepted")
            } catch {
                #expect(error.code == ErrorCode.invalidParams, "\(action): \(error.message)")
                #expect(error.message.hasPrefix("params"), "\(error.message)")
            }
            #expect(state == before)
        }
    }

    @Test("the same opening gives the same document, byte for byte, on every page")
    func deterministic() throws {
        for page in TestcardPage.allCases {
            let a = TestcardScene.render(try Self.open(["page": .number(Double(page.rawValue))]))
            let b = TestcardScene.render(try Self.open(["page": .string(page.title)]))
            #expect(a.display.json.description == b.display.json.description)
            #expect(a.model.description == b.model.description)
        }
    }

    @Test("scroll moves the Scroll page's content within its height and keeps every part; on other pages it changes nothing")
    func scrollMovesTheContentOnly() throws {
        var state = try Self.open()
        try Self.reduce(&state, .scroll(.by(deltaY: 100)))
        #expect(state.offsetY == 0 && TestcardScene.render(state).display.content == nil)

        try Self.reduce(&state, .section(.title("Scroll")))
        var renderer = SceneRenderer<TestcardScene>()
        var display = DisplayList()
        _ = RenderCheck.step(TestcardScene.self, state, renderer: &renderer, display: &display, "the Scroll page")
        let content = try #require(display.content)
        #expect(content.height == TestcardRender.contentHeight && content.height > content.frame.height)
        #expect(display.allNodes.contains { $0.node.layer == .content && $0.node.frame.maxX > content.frame.width })

        try Self.reduce(&state, .scroll(.by(deltaY: 250)))
        let groups = display.groups.count
        let (_, kept) = RenderCheck.step(TestcardScene.self, state, renderer: &renderer, display: &display, "scrolled")
        #expect(display.content?.offsetY == 250 && kept == groups)

        try Self.reduce(&state, .scroll(.to(offsetY: 1_000_000)))
        #expect(state.offsetY == content.maxOffsetY)
        try Self.reduce(&state, Self.page("previous"))
        #expect(state.offsetY == 0)
    }

    @Test("the model's spin phase follows the scene clock: a quarter turn a second, from the opening")
    func spinPhase() throws {
        let clock = Clock()
        clock.now = 500
        var state = try Self.open(["page": "Motion"], clock: clock)
        let nodes = TestcardScene.render(state).display
        #expect(nodes.node("motion.centre.bar")?.animation?.startMs == 500)
        #expect(nodes.node("motion.anchor.hand")?.animation?.anchor != nil)
        #expect(nodes.node("motion.anchor.hand")?.animation == nodes.node("motion.anchor.tip")?.animation)
        for (now, angle) in [(1500, 90.0), (2500, 180), (4500, 0), (5000, 45)] {
            TestcardScene.clockAdvanced(&state, nowMs: now)
            let spin = TestcardScene.render(state).model["spin"]
            #expect(spin?["angle"] == .number(angle) && spin?["atMs"] == .number(Double(now)), "at \(now)")
        }
    }

    @Test("the built-in images are 3:1 and 1:3 blocks, a template and an animated PNG, under the scene's own ids")
    func images() throws {
        let wide = try #require(TestcardScene.builtinImage(TestcardImages.wide))
        let tall = try #require(TestcardScene.builtinImage(TestcardImages.tall))
        #expect((wide.width, wide.height) == (300, 100) && (tall.width, tall.height) == (100, 300))
        let movie = try #require(TestcardScene.builtinImage(TestcardImages.movie))
        #expect(movie.mime == "image/png" && movie.bytes.count > 100)
        #expect(TestcardScene.builtinImage(TestcardImages.template) != nil && TestcardScene.builtinImage("testcard.none") == nil)
        let used = Set(try Self.allNodes().compactMap { $0.node.image ?? $0.node.style["movie"]?.stringValue })
        #expect(used == [TestcardImages.wide, TestcardImages.tall, TestcardImages.template, TestcardImages.movie])
    }
}
