import Testing
import SceneryTestSupport
@testable import ShelfScene
@testable import SceneryCore

/// The memo and the in-place update only save work: after any sequence of commands the
/// display, the model and the patch equal a render from scratch and a JSON diff.
@Suite("Shelf render memo")
struct ShelfMemoTests {
    @Test("a render through the kept memo (or in place) equals a fresh render after every random command")
    func memoMatchesFreshRender() throws {
        var state = try ShelfFixture.open()
        var renderer = SceneRenderer<ShelfScene>()
        var random = SeededRandom(seed: 5)
        let viewports = [Viewport.phone, Viewport(width: 812, height: 375, scale: 3, safeArea: EdgeInsets(left: 44, bottom: 21, right: 44))]
        var display = DisplayList()
        _ = RenderCheck.step(ShelfScene.self, state, renderer: &renderer, display: &display, "the first render")
        var inPlace = 0
        for step in 0..<800 {
            let ids = display.allNodes.map(\.id)
            let action: ShelfScene.Action
            switch random.below(10) {
            case 0...2: action = .tap(id: ids[random.below(ids.count)], point: nil)
            case 3, 4: action = .longPress(id: ids[random.below(ids.count)], point: nil)
            case 5: action = .tap(id: ids.first { $0.hasSuffix(".delete") } ?? ids.first { $0.hasPrefix("alert.action") }, point: nil)
            case 6: action = .scroll(.by(deltaY: Double(random.below(1200)) - 600))
            case 7: action = .scroll(.by(deltaY: Double(random.below(60)) - 30))  // often within the band of rows
            case 8: action = .viewport(viewports[random.below(viewports.count)])
            default: action = .tap(id: nil, point: nil)
            }
            let effects = (try? ShelfScene.reduce(&state, action, environment: ShelfFixture.environment(now: step))) ?? []
            for case .loadImage(let url, _) in effects {
                let result: Result<String, ImageLoadFailure> = random.below(3) == 0 ? .failure(ImageLoadFailure("gone")) : .success("asset.\(url.count)")
                _ = try ShelfScene.reduce(&state, .imageLoaded(url: url, result: result), environment: ShelfFixture.environment())
            }
            let (updated, _) = RenderCheck.step(ShelfScene.self, state, renderer: &renderer, display: &display, "step \(step): \(action)")
            if updated { inPlace += 1 }
        }
        #expect(inPlace > 200, "alerts, jiggles, small scrolls and commands that change nothing should update the last render in place")
    }

    @Test("a scroll that keeps the same books as nodes is the content's offset alone, done in place")
    func smallScrollMovesTheContentOnly() throws {
        var state = try ShelfFixture.open()
        var renderer = SceneRenderer<ShelfScene>()
        var display = DisplayList()
        _ = RenderCheck.step(ShelfScene.self, state, renderer: &renderer, display: &display, "the first render")
        let before = Set(display.allNodes.map(\.id))
        _ = try ShelfScene.reduce(&state, .scroll(.by(deltaY: 10)), environment: ShelfFixture.environment())
        let old = display
        let (inPlace, _) = RenderCheck.step(ShelfScene.self, state, renderer: &renderer, display: &display, "a 10 pt scroll")
        #expect(inPlace)
        #expect(Set(display.allNodes.map(\.id)) == before)
        #expect(JSONPatch.diff(from: old.json, to: display.json) == [["op": "replace", "path": "/content/offsetY", "value": 10]])
    }
}
