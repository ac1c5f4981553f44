import SceneryCore

/// The test card's pages, in order: `model.pageNames`, the titles `section` jumps to, and the
/// names `scene.open`'s `page` takes.
public enum TestcardPage: Int, CaseIterable, Sendable {
    case fills, text, wrapping, images, states, motion, order, scroll

    /// The page's title, as the header and `section {"title"}` spell it.
    public var title: String {
        switch self {
        case .fills: return "Fills"
        case .text: return "Text"
        case .wrapping: return "Wrapping"
        case .images: return "Images"
        case .states: return "States"
        case .motion: return "Motion"
        case .order: return "Order"
        case .scroll: return "Scroll"
        }
    }

    /// The page titled `title`, exactly as spelled.
    public init?(title: String) {
        guard let page = TestcardPage.allCases.first(where: { $0.title == title }) else { return nil }
        self = page
    }

    /// Every title, in page order, as an error message lists them.
    static var titleList: String { allCases.map { JSON.string($0.title).description }.joined(separator: ", ") }
}

/// The whole state of the test card: which page shows, how far its content is scrolled, and
/// the times its animations are reported at. Nothing in it is random or loaded.
public struct TestcardState: Equatable, Sendable {
    public var page: TestcardPage
    public var viewport: Viewport
    /// How far the Scroll page's content is scrolled; 0 again whenever the page changes.
    public var offsetY: Double = 0
    /// The scene clock at `scene.open`: when the Motion page's animations start.
    public var startMs: Int
    /// The scene clock the model's `spin` phase is for: the open, then each `clock.advance`.
    public var clockMs: Int

    public init(page: TestcardPage, viewport: Viewport, startMs: Int) {
        self.page = page; self.viewport = viewport; self.startMs = startMs; clockMs = startMs
    }

    /// Shows `page`, its content at the top.
    mutating func show(_ page: TestcardPage) {
        guard page != self.page else { return }
        self.page = page
        offsetY = 0
    }
}
