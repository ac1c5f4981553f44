import SceneryCore

/// Everything the cells are drawn from: equal frames draw the same cells.
struct HooFrame: Equatable {
    var viewport: Viewport
    var offset: Double
    var catalogVersion: Int

    init(_ state: HooState) {
        viewport = state.viewport
        offset = state.offset
        catalogVersion = state.catalogVersion
    }
}

/// A part of the Hoo screen: its key and what its nodes are built from
/// (``HooRender/nodes(_:_:)``).
public struct HooPart: ScreenPart {
    public let key: HooGroupKey
    let inputs: HooGroupInputs

    public func nodes() -> [(id: String, node: Node)] { HooRender.nodes(key, inputs) }
}

/// A part of the Hoo screen. A tap changes at most four: the selection's, the header's when it
/// moves to another set, and the colour names of the sets' first cells it leaves and lands on.
/// The header is a part of its own so that a tap within a set does not touch it. The selection,
/// the header and the colour names are parts whether or not they show anything, so that a tap
/// only replaces parts and never adds or removes one.
public enum HooGroupKey: Hashable, Sendable {
    /// The background, logo and lines, which only the viewport changes.
    case chrome
    /// The header image: the selected Hoo's set's (none without a selection).
    case header
    /// The rest of what shows the selection: the title and poem line, the picture over the
    /// grid, and the disc on the selected cell when that cell is rendered.
    case selection
    /// The cell at this position of the flow across all sets: its circle and number (the
    /// selection does not change it: the disc is drawn over the number).
    case cell(index: Int)
    /// The colour name on the first cell of a set (empty while that cell is selected).
    case setColor(set: Int)
}

/// What a part's nodes are built from, all of it: ``HooRender/nodes(_:_:)`` builds a part's
/// nodes from its key and these alone. When they are equal, the last render's nodes are kept.
public enum HooGroupInputs: Equatable, Sendable {
    /// Background, logo and lines.
    /// `logo`: the logo's asset id (the drawn one, or the original from `resources`).
    case chrome(viewport: Viewport, logo: String)
    /// The header image, if the set has one.
    case header(viewport: Viewport, image: HooImageName?)
    /// The selected Hoo's title, poem line and picture (nil without a selection); the selected
    /// cell's frame, nil when it is not rendered.
    case selection(viewport: Viewport, title: String?, poemLine: String?, overlay: HooImageName?, cellFrame: Rect?)
    /// A cell: its circle and its number.
    case cell(frame: Rect, set: Int, hoo: Int)
    /// The first cell's frame and the set's colour name; hidden while that cell is selected.
    case setColor(cellFrame: Rect, colorName: String, hidden: Bool)
}
