import SceneryCore

/// The test card (issue 21): like a broadcast test card, a scene that needs no data, is the same
/// on every run, and shows every node kind and every style member of the protocol, each on a
/// labelled patch of its own, over eight pages (``TestcardPage``, ``TestcardPatch``). A front
/// end draws it to check itself; screenshots of it can be checked by probing pixels.
///
/// `scene.open {"scene":"testcard", "page"?: name or index}`. Gestures: `page` (next or
/// previous), `section` (a page by title or index), `scroll` (the Scroll page's content; on
/// the other pages it changes nothing). Taps change nothing. Its model reports the phase of the
/// Motion page's animations at the scene clock, as the exhibition's ring does.
///
/// The first scene written against the one-function render API: ``render(_:into:)`` adds the
/// chrome and one part per patch; the patches sit in a section whose inputs are the page, the
/// safe area and the opening time, so a scroll or a clock step costs a comparison.
public enum TestcardScene: Scene {
    public typealias State = TestcardState

    public static let name = "testcard"
    public static let gestures: Set<Gesture> = [.tap, .scroll, .section, .page]
    public static let openParameters: JSONObject = [
        "page": ["type": ["string", "integer"],
                 "description": "testcard: the page to start on, by title (\"Fills\", …, \"Scroll\") or index from 0; the first when left out."],
    ]

    public static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        try params.allowOnly(["page"])
        var page = TestcardPage.fills
        if let value = params.object["page"], value != .null {
            let last = TestcardPage.allCases.count - 1
            switch value {
            case .string(let title) where TestcardPage(title: title) != nil: page = TestcardPage(title: title)!
            case .number(let index) where index.rounded() == index && index >= 0 && index <= Double(last): page = TestcardPage(rawValue: Int(index))!
            default:
                throw .invalidParams("params.page: expected a page title (\(TestcardPage.titleList)) or an index from 0 to \(last), got \(Params.describe(value))")
            }
        }
        return (TestcardState(page: page, viewport: viewport, startMs: environment.now()), [])
    }

    public static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        switch action {
        case .page(let direction):
            // The last page and the first stay where they are, as a paging scroll view does.
            let index = state.page.rawValue + (direction.isForward ? 1 : -1)
            if let page = TestcardPage(rawValue: index) { state.show(page) }
        case .pan:
            throw .notSupported("the testcard scene takes no pan")
        case .command(let none):
            switch none {}  // no methods of its own
        case .section(let request):
            state.show(try page(for: request))
        case .scroll(let request):
            let target = try request.target(from: state.offsetY)
            guard let content = TestcardRender.content(state) else { return [] }
            state.offsetY = min(max(0, target), content.maxOffsetY)
        case .viewport(let viewport):
            state.viewport = viewport
            if let content = TestcardRender.content(state) { state.offsetY = min(state.offsetY, content.maxOffsetY) }
        case .tap, .longPress, .imageLoaded, .timerFired, .jobFinished:
            break
        }
        return []
    }

    /// The page a `section` request names: section titles are the page titles.
    static func page(for request: SectionRequest) throws(RPCError) -> TestcardPage {
        switch request {
        case .title(let title):
            guard let page = TestcardPage(title: title) else {
                throw .invalidParams("params.title: expected a page title (\(TestcardPage.titleList)), got \(Params.describe(.string(title)))")
            }
            return page
        case .index(let index):
            guard let page = TestcardPage(rawValue: index) else {
                throw .invalidParams("params.index: expected an integer from 0 to \(TestcardPage.allCases.count - 1), got \(index)")
            }
            return page
        }
    }

    /// Keeps the model's `spin` phase current, for a front end that joins late.
    public static func clockAdvanced(_ state: inout State, nowMs: Int) {
        state.clockMs = nowMs
    }

    public static func render(_ state: State, into screen: inout Screen<TestcardPart>) -> JSON {
        TestcardRender.render(state, into: &screen)
    }

    /// The blocks, the template and the movie of ``TestcardImages``.
    public static func builtinImage(_ id: String) -> ImageData? { TestcardImages.image(id) }
}
