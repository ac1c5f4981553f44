import Testing
import SceneryTestSupport
@testable import HooScene
@testable import SceneryCore

/// The memo only saves work: after any sequence of commands, rendering through the memo the
/// scene kept gives exactly what rendering from scratch gives.
@Suite("Hoo render memo")
struct HooMemoTests {
    @Test("a render through the kept memo equals a fresh render after every random gesture")
    func memoMatchesFreshRender() throws {
        var state = HooFixture.state(HooFixture.originalSets)
        var renderer = SceneRenderer<HooScene>()
        let clock = HooFixture.Clock()
        var random = SeededRandom(seed: 4)
        var previous = DisplayList()
        _ = RenderCheck.step(HooScene.self, state, renderer: &renderer, display: &previous, "the first render")
        var reusedGroups = 0, updatedInPlace = 0
        var t = 0.0
        for step in 0..<1500 {
            let ids = previous.allNodes.map(\.id)
            let point = Point(x: Double(random.below(340)) - 10, y: Double(random.below(500)) - 10)
            t += Double(random.below(40))
            clock.now = Int(t)
            switch random.below(9) {
            case 0, 1: _ = try? HooFixture.reduce(&state, .tap(id: ids[random.below(ids.count)], point: nil), clock: clock)
            case 2: _ = try? HooFixture.reduce(&state, .tap(id: nil, point: point), clock: clock)
            case 3: _ = try? HooFixture.reduce(&state, .scroll(.by(deltaY: Double(random.below(800)) - 400)), clock: clock)
            case 4: _ = try? HooFixture.reduce(&state, .viewport(random.below(2) == 0 ? HooFixture.mock : .phone), clock: clock)
            case 5: _ = try? HooFixture.reduce(&state, .timerFired(name: random.below(2) == 0 ? "decelerate" : "autoscroll"), clock: clock)
            default:
                let phases = ["began", "changed", "changed", "ended", "cancelled"]
                _ = try? HooFixture.pan(&state, phases[random.below(phases.count)], point.x, point.y, t: t, clock: clock)
            }
            // As the engine does: update the last render in place when the scene can, else render.
            let (inPlace, kept) = RenderCheck.step(HooScene.self, state, renderer: &renderer, display: &previous, "step \(step)")
            if inPlace { updatedInPlace += 1 }
            reusedGroups += kept
        }
        #expect(reusedGroups > 10_000, "the memo should serve most groups")
        #expect(updatedInPlace > 200, "taps, scrub steps and commands that change nothing should update the last render in place")
    }
}

extension HooMemoTests {
    /// A tap within a set leaves the header's group as it was (the same object); a tap on
    /// another set's Hoo replaces it, and the patch changes the header image.
    @Test func aTapWithinASetKeepsTheHeaderGroup() throws {
        var state = HooFixture.state(HooFixture.originalSets)
        var renderer = SceneRenderer<HooScene>()
        var display = DisplayList()
        _ = RenderCheck.step(HooScene.self, state, renderer: &renderer, display: &display, "the first render")
        func headerGroup() -> NodeGroup? { display.groups.first { $0.nodes.contains { $0.id == "header" } } }
        func tap(_ id: String) throws -> [JSON] {
            try HooFixture.reduce(&state, .tap(id: id, point: nil))
            let old = display
            let inPlace = RenderCheck.step(HooScene.self, state, renderer: &renderer, display: &display, "tap \(id)").inPlace
            #expect(inPlace)
            return JSONPatch.diff(from: old.json, to: display.json)
        }
        _ = try tap("cell.1.1")
        let header = try #require(headerGroup())
        let sameSet = try tap("cell.1.2")
        #expect(headerGroup() === header)
        #expect(!sameSet.contains { $0["path"]?.stringValue?.hasPrefix("/nodes/header") == true })
        let otherSet = try tap("cell.2.1")
        #expect(headerGroup() !== header)
        #expect(otherSet.contains { $0["path"] == "/nodes/header/image" })
    }
}
