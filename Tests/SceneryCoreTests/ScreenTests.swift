import Testing
@testable import SceneryCore

/// A scene small enough to reason about: rows whose values the state gives, an optional
/// section of them whose inputs the state gives separately (so a test can tell whether the
/// engine walked it), and a model that counts the rows.
enum RowsScene: Scene {
    struct State: Sendable {
        var rows: [(key: Int, value: Int)]
        /// Rows shown in the "tail" section, whose inputs are `tailInputs` alone.
        var tail: [(key: Int, value: Int)] = []
        var tailInputs = 0
        var offsetY = 0.0
    }

    struct Part: ScreenPart {
        let key: Int
        let value: Int
        func nodes() -> [(id: String, node: Node)] {
            [("row.\(key)", Node(.rect, frame: Rect(x: 0, y: Double(key * 10), width: 10, height: Double(value)), layer: .content))]
        }
    }

    static let name = "rows"
    static let methods: [MethodDescription] = []
    static let gestures: Set<Gesture> = [.tap, .scroll]
    static let openParameters: JSONObject = [:]
    static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        (State(rows: []), [])
    }
    static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] { [] }
    static func builtinImage(_ id: String) -> ImageData? { nil }

    static func render(_ state: State, into screen: inout Screen<Part>) -> JSON {
        screen.content = ScrollContent(frame: Rect(x: 0, y: 0, width: 10, height: 100), width: 10, height: 1000, offsetY: state.offsetY)
        for row in state.rows { screen.add(Part(key: row.key, value: row.value)) }
        screen.section("tail", inputs: state.tailInputs, with: state) { screen, state in
            for row in state.tail { screen.add(Part(key: row.key, value: row.value)) }
        }
        return ["rows": .number(state.rows.count + state.tail.count)]
    }
}

@Suite("Screen and renderer")
struct ScreenTests {
    /// Renders `state` through `renderer` and checks the result against a fresh render and a
    /// JSON diff; returns the groups by row key and whether the update was in place.
    static func step(_ state: RowsScene.State, _ renderer: inout SceneRenderer<RowsScene>, _ display: inout DisplayList)
        -> (groups: [Int: NodeGroup], inPlace: Bool) {
        let old = display
        let oldModel = renderer.modelJSON ?? .null
        var patch = PatchWriter()
        let inPlace = renderer.refresh(state, display: &display, displayPath: "/display", modelPath: PatchPath("/model"), baseline: .null, into: &patch)
        let before: JSON = ["display": old.json, "model": oldModel]
        let after: JSON = ["display": display.json, "model": renderer.modelJSON ?? .null]
        #expect(patch.operations == JSONPatch.diff(from: before, to: after))
        var groups: [Int: NodeGroup] = [:]
        for group in display.groups {
            if let id = group.nodes.first?.id, let key = Int(id.dropFirst(4)) { groups[key] = group }
        }
        return (groups, inPlace)
    }

    @Test("an equal part keeps its nodes, a changed one is rebuilt, and the changed one is swapped in place")
    func equalPartsAreKept() {
        var renderer = SceneRenderer<RowsScene>()
        var display = DisplayList()
        var state = RowsScene.State(rows: [(1, 5), (2, 5), (3, 5)])
        let first = Self.step(state, &renderer, &display)
        #expect(!first.inPlace, "the first render builds everything")
        state.rows[1].value = 7
        let second = Self.step(state, &renderer, &display)
        #expect(second.inPlace)
        #expect(second.groups[1] === first.groups[1] && second.groups[3] === first.groups[3])
        #expect(second.groups[2] !== first.groups[2])
        #expect(display.node("row.2")?.frame.height == 7)
    }

    @Test("parts added in another order, shifted or with new ones between, are still matched by key")
    func partsMatchByKey() {
        var renderer = SceneRenderer<RowsScene>()
        var display = DisplayList()
        func render(_ keys: [Int]) -> [Int: NodeGroup] {
            Self.step(RowsScene.State(rows: keys.map { ($0, $0) }), &renderer, &display).groups
        }
        let first = render([1, 2, 3, 4])
        let shifted = render([0, 1, 2, 3, 4, 5])  // a scroll: one new row at each end
        for key in 1...4 { #expect(shifted[key] === first[key]) }
        let reordered = render([5, 3, 9, 1, 8, 7, 6, 0, 4, 2])  // out of place: scans, then the hashed lookup
        for key in [0, 1, 2, 3, 4, 5] { #expect(reordered[key] === shifted[key]) }
        let again = render([2, 1])
        #expect(again[1] === reordered[1])
        _ = render([1])
        #expect(render([2, 1])[2] !== again[2], "a part the last render did not have is built again")
    }

    @Test("a section whose inputs are unchanged is not walked: its parts stay as they were")
    func sectionWithSameInputsIsNotWalked() {
        var renderer = SceneRenderer<RowsScene>()
        var display = DisplayList()
        var state = RowsScene.State(rows: [(1, 5)], tail: [(10, 5), (11, 5)], tailInputs: 1)
        let first = Self.step(state, &renderer, &display)
        // The tail's rows change but its inputs do not (a scene that broke the rule): the engine
        // does not look, which shows it skipped the section.
        state.tail[0].value = 9
        state.offsetY = 20
        let second = Self.step(state, &renderer, &display)
        #expect(second.inPlace && second.groups[10] === first.groups[10] && display.node("row.10")?.frame.height == 5)
        #expect(display.content?.offsetY == 20)
        state.tailInputs = 2
        let third = Self.step(state, &renderer, &display)
        #expect(third.inPlace, "the same number of parts: the changed group is swapped in place")
        #expect(display.node("row.10")?.frame.height == 9 && third.groups[11] === first.groups[11])
        state.tail.append((12, 1))
        state.tailInputs = 3
        let fourth = Self.step(state, &renderer, &display)
        #expect(!fourth.inPlace && display.node("row.12") != nil && fourth.groups[11] === first.groups[11])
    }

    @Test("a render that keeps every part in place writes nothing; the same parts swapped are still diffed right")
    func keptEverythingAndSwapped() {
        var renderer = SceneRenderer<RowsScene>()
        var display = DisplayList()
        var state = RowsScene.State(rows: [(1, 5), (2, 6)], tail: [(10, 5)], tailInputs: 1)
        let first = Self.step(state, &renderer, &display)
        let groupsBefore = display.groups
        var patch = PatchWriter()
        let inPlace = renderer.refresh(state, display: &display, displayPath: "/display", modelPath: PatchPath("/model"),
                                       baseline: .null, into: &patch)
        #expect(inPlace && patch.isEmpty, "nothing changed: no operation")
        #expect(display.groups.count == 3 && zip(display.groups, groupsBefore).allSatisfy { $0 === $1 })
        // The same parts, kept, in the other order: the display's groups are not where the last
        // render had them, so the renderer must not take the shortcut.
        state.rows = [(2, 6), (1, 5)]
        let swapped = Self.step(state, &renderer, &display)
        #expect(swapped.groups[1] === first.groups[1] && swapped.groups[2] === first.groups[2])
        state.rows = [(2, 7), (1, 5)]
        // The swap left the display's groups in the renderer's order, so this change is in place.
        #expect(Self.step(state, &renderer, &display).inPlace)
        #expect(display.node("row.2")?.frame.height == 7 && display.node("row.1")?.frame.height == 5)
        #expect(display.json == RowsScene.render(state).display.json)
    }

    @Test("random renders through the renderer equal fresh renders and JSON diffs")
    func randomRenders() {
        var random = SeededRandom(seed: 3)
        var renderer = SceneRenderer<RowsScene>()
        var display = DisplayList()
        var state = RowsScene.State(rows: [])
        for _ in 0..<400 {
            let keys = (0..<random.below(12)).map { _ in random.below(20) }
            var seen = Set<Int>()
            state.rows = keys.filter { seen.insert($0).inserted }.map { ($0, random.below(3)) }
            if random.below(3) == 0 {
                state.tail = (0..<random.below(4)).map { (100 + $0, random.below(3)) }
                state.tailInputs += 1
            }
            state.offsetY = Double(random.below(3))
            _ = Self.step(state, &renderer, &display)
            #expect(display.json == RowsScene.render(state).display.json)
        }
    }
}
