import Testing
import SceneryTestSupport
@testable import DirectoryScene
@testable import SceneryCore

/// The memo only saves work: after any sequence of commands, rendering through the memo the
/// scene kept gives exactly what rendering from scratch gives.
@Suite("Directory render memo")
struct DirectoryMemoTests {
    @Test("a render through the kept memo equals a fresh render after every random command (built-in sample)")
    func memoMatchesFreshRenderOnTheSample() throws {
        try Self.check(DirectoryScene.open(Params([:]), viewport: .phone, environment: Fixture.environment).0)
    }

    @Test("a render through the kept memo equals a fresh render after every random command (GoTest data)",
          SharedData.needs("seed-data/GoTest", "the GoTest brief's people.json and events.json"))
    func memoMatchesFreshRenderOnTheRealData() throws {
        try Self.check(Fixture.openSeedData())
    }

    static func check(_ opened: DirectoryState) throws {
        var state = opened
        var renderer = SceneRenderer<DirectoryScene>()
        var random = SeededRandom(seed: 3)
        let viewports = [Viewport.phone, Viewport(width: 414, height: 896, scale: 2, safeArea: EdgeInsets(top: 48, bottom: 34)),
                         Viewport(width: 320, height: 568, scale: 2, safeArea: EdgeInsets(top: 20))]
        var reusedGroups = 0, updatedInPlace = 0
        var previous = DisplayList()
        _ = RenderCheck.step(DirectoryScene.self, state, renderer: &renderer, display: &previous, "the first render")
        for step in 0..<1500 {
            let ids = previous.allNodes.map(\.id)
            let action: DirectoryScene.Action
            switch random.below(10) {
            case 0...3: action = .tap(id: ids[random.below(ids.count)], point: nil)
            case 4, 5: action = .scroll(.by(deltaY: Double(random.below(1200)) - 600))
            case 6: action = .scroll(.to(offsetY: Double(random.below(3000))))
            case 7: action = .section(.index(random.below(3)))
            case 8: action = .viewport(viewports[random.below(viewports.count)])
            default: action = .tap(id: "tab.\(DirectoryTab.allCases[random.below(3)].rawValue)", point: nil)
            }
            let effects = (try? DirectoryScene.reduce(&state, action, environment: Fixture.environment)) ?? []
            // Finish (or fail) every picture load that started, as the engine would.
            for case .loadImage(let url, _) in effects {
                let result: Result<String, ImageLoadFailure> = random.below(4) == 0 ? .failure(ImageLoadFailure("gone")) : .success("asset.\(url.count)")
                _ = try DirectoryScene.reduce(&state, .imageLoaded(url: url, result: result), environment: Fixture.environment)
            }
            // As the engine does: update the last render in place when the scene can, else render.
            let (inPlace, kept) = RenderCheck.step(DirectoryScene.self, state, renderer: &renderer, display: &previous, "step \(step): \(action)")
            if inPlace { updatedInPlace += 1 }
            reusedGroups += kept
        }
        #expect(reusedGroups > 10_000, "the memo should serve most groups")
        #expect(updatedInPlace > 200, "taps on rows and commands that change nothing should update the last render in place")
    }
}
