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

/// Turns a ``HooState`` into the `model` and `display` parts of the state document. Only the
/// cells near the visible part of the grid become nodes, so a render costs the same for 9 Hoos
/// or 100k.
enum HooRender {
    typealias M = HooMetrics

    // Styles shared by many nodes, built once (a render then only retains them).
    static let cellStyle: JSONObject = ["background": .string(M.cellColor)]
    static let discStyle: JSONObject = ["background": .string(M.discColor)]
    static let numberStyle: JSONObject = ["align": "center", "verticalAlign": "center", "lines": 1, "fontFallback": .string(M.fallbackFont)]
    static let colorNameStyle: JSONObject = ["align": "center", "verticalAlign": "center", "lines": 1, "rotation": -90,
                                             "fontFallback": .string(M.fallbackFont)]
    static let bottomTextStyle: JSONObject = ["align": "left", "verticalAlign": "center", "lines": 1, "fontFallback": .string(M.fallbackFont)]
    static let lineStyle: JSONObject = ["color": .string(M.lineColor)]
    static let headerStyle: JSONObject = ["contentMode": "aspectFit", "align": "left"]
    static let imageStyle: JSONObject = ["contentMode": "aspectFit"]

    /// The screen of `state`: the chrome, the header and the selection, then the cells of the
    /// rendered band and the colour names on the first cells of its sets. The cells depend on
    /// the frame alone (the disc is drawn over the selected cell's number), so a tap does not
    /// walk them; the colour names also on which first cell is selected, since that one's is
    /// hidden.
    static func render(_ state: HooState, into screen: inout Screen<HooPart>) -> HooModel {
        let grid = state.grid
        screen.content = ScrollContent(frame: state.layout.gridFrame, width: state.viewport.width, height: grid.contentHeight, offsetY: state.offset)
        let selected = state.selected
        let frame = HooFrame(state)
        // The chrome, the header and the selection change only with the frame, the selection and
        // the originals: a command that changes none of them (a scroll to where the grid is, a
        // pan step that does not move it) does not look at them.
        screen.section("top", inputs: TopInputs(frame: frame, selection: state.selection, originals: state.originals),
                       with: state) { screen, state in
            screen.add(HooPart(key: .chrome, inputs: inputs(.chrome, state, selected: selected)))
            screen.add(HooPart(key: .header, inputs: inputs(.header, state, selected: selected)))
            screen.add(HooPart(key: .selection, inputs: inputs(.selection, state, selected: selected)))
        }
        let range = renderedCells(state)
        screen.section("cells", inputs: frame, with: state) { screen, state in addCells(state.catalog, range, grid: grid, to: &screen) }
        let hiddenColor = selected.flatMap { $0.hoo == 0 ? $0.ref : nil }
        screen.section("setColors", inputs: SetColorsInputs(frame: frame, hidden: hiddenColor), with: state) { screen, state in
            addSetColors(state.catalog, range, grid: grid, hidden: hiddenColor, to: &screen)
        }
        return model(state, selected: selected)
    }

    /// What the chrome, the header and the selection are drawn from.
    struct TopInputs: Equatable {
        var frame: HooFrame
        var selection: HooRef?
        var originals: OriginalImages
    }

    /// What the colour names are drawn from: the frame, and the first cell whose name is hidden
    /// because it is selected.
    struct SetColorsInputs: Equatable {
        var frame: HooFrame
        var hidden: HooRef?
    }

    /// What the group `key` is built from in `state`, whose selection is at `selected`
    /// (``HooState/selected``, looked up once per render). Cells and colour names out of the
    /// rendered band are not asked for.
    static func inputs(_ key: HooGroupKey, _ state: HooState, selected: HooLocation?) -> HooGroupInputs {
        let viewport = state.viewport
        switch key {
        case .chrome:
            return .chrome(viewport: viewport, logo: state.originals.id(HooImages.logo))
        case .header:
            return .header(viewport: viewport, image: state.headerSetIndex(selected: selected).flatMap { headerImage(state, setIndex: $0) })
        case .selection:
            guard let selected else {
                return .selection(viewport: viewport, title: nil, poemLine: nil, overlay: nil, cellFrame: nil)
            }
            let hoo = state.catalog[selected]
            let overlay = hoo.image.map {
                HooImageName(hoo: $0, set: selected.ref.set, hoo: selected.ref.hoo, load: state.catalog.loads[selected.set])
            }
            let cellFrame = renderedCells(state).contains(selected.index) ? state.grid.cellFrame(selected.index) : nil
            return .selection(viewport: viewport, title: hoo.title, poemLine: hoo.poemLine, overlay: overlay, cellFrame: cellFrame)
        case .cell(let index):
            let (s, h) = state.catalog.location(ofIndex: index) ?? (0, 0)
            let set = state.catalog.sets[s].number, hoo = state.catalog.sets[s].hoos[h].number
            return .cell(frame: state.grid.cellFrame(index), set: set, hoo: hoo)
        case .setColor(let number):
            let s = state.catalog.setIndex(number: number) ?? 0
            return .setColor(cellFrame: state.grid.cellFrame(state.catalog.starts[s]), colorName: state.catalog.sets[s].colorName,
                             hidden: selected.map { $0.set == s && $0.hoo == 0 } ?? false)
        }
    }

    /// The nodes of the group `key` built from `inputs`.
    static func nodes(_ key: HooGroupKey, _ inputs: HooGroupInputs) -> [(id: String, node: Node)] {
        switch (key, inputs) {
        case (_, .chrome(let viewport, let logo)):
            let layout = HooScreenLayout(viewport)
            var nodes = DisplayList()
            nodes.add("background", Node(.rect, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                                         style: ["background": .string(M.background)]))
            addChrome(layout: layout, logo: logo, to: &nodes)
            return nodes.nodes
        case (_, .header(let viewport, let image?)):
            return [("header", Node(.image, frame: HooScreenLayout(viewport).headerFrame, z: M.zChrome, style: headerStyle, image: image.id))]
        case (_, .selection(let viewport, let title, let poemLine, let overlay, let cellFrame)):
            // In id order: bottom.poem, bottom.title, overlay, selection.disc.
            let layout = HooScreenLayout(viewport)
            var nodes: [(id: String, node: Node)] = []
            nodes.reserveCapacity(5)
            if let title, let poemLine {
                nodes.append(("bottom.poem", Node(.text, frame: layout.poemFrame, z: M.zChrome, style: bottomTextStyle,
                                                  text: [TextRun(poemLine, font: M.lightFont, size: M.poemSize, weight: "light", color: M.textColor)])))
                nodes.append(("bottom.title", Node(.text, frame: layout.titleFrame, z: M.zChrome, style: bottomTextStyle,
                                                   text: [TextRun(title, font: M.mediumFont, size: M.titleSize, weight: "medium", color: M.textColor)])))
            }
            if let overlay {
                nodes.append(("overlay", Node(.image, frame: layout.overlayFrame, z: M.zOverlay, style: imageStyle, image: overlay.id)))
            }
            if let cellFrame {
                // Drawn over the cell's number (z), which lies inside the disc's circle; the
                // colour name, which may reach past it, is left out instead (`setColor`).
                let inset = (M.cellSize - M.discSize) / 2
                nodes.append(("selection.disc", Node(.circle, frame: cellFrame.inset(dx: inset, dy: inset), z: M.zDisc, layer: .content,
                                                     style: discStyle)))
            }
            return nodes
        case (_, .cell(let frame, let set, let hoo)):
            var text = ASCIIText()
            text.append("cell.")
            text.append(set)
            text.append(".")
            text.append(hoo)
            let id = text.string
            text.append(".label")
            let circle = Node(.circle, frame: frame, z: M.zCell, layer: .content, style: cellStyle)
            let inset = (M.cellSize - M.numberBox) / 2
            return [(id, circle),
                    (text.string, Node(.text, frame: frame.inset(dx: inset, dy: inset), z: M.zCellText, layer: .content, style: numberStyle,
                                         text: [TextRun(String(hoo), font: M.mediumFont, size: M.numberSize, weight: "medium", color: M.textColor)]))]
        case (.setColor(let set), .setColor(let cell, let colorName, false)):
            // Turned to read bottom to top: the frame is the upright box on screen.
            let frame = Rect(x: cell.x + M.colorNameCenterX - M.colorNameThickness / 2, y: cell.y, width: M.colorNameThickness, height: M.cellSize)
            var id = ASCIIText()
            id.append("set.")
            id.append(set)
            id.append(".color")
            return [(id.string, Node(.text, frame: frame, z: M.zCellText, layer: .content, style: colorNameStyle,
                                              text: [TextRun(colorName, font: M.mediumFont, size: M.colorNameSize,
                                                             weight: "medium", color: M.textColor)]))]
        default:
            return []  // a hidden colour name, or a set without a header image
        }
    }

    /// The content band whose cells are nodes: the visible part plus half its height above and
    /// below (one screen of overscan in all, as in the Directory scene).
    static func renderedBand(_ state: HooState) -> (minY: Double, maxY: Double) {
        let height = state.layout.gridFrame.height
        return (state.offset - height / 2, state.offset + height * 1.5)
    }

    // MARK: Model

    /// The model of `state`, whose selection is at `selected` (``HooState/selected``).
    static func model(_ state: HooState, selected: HooLocation?) -> HooModel {
        var selection: HooModel.Selection?
        if let selected {
            let hoo = state.catalog[selected], ref = selected.ref
            selection = HooModel.Selection(color: state.catalog.sets[selected.set].color, hoo: ref.hoo, index: selected.index, set: ref.set,
                                           title: hoo.title, poemLine: hoo.poemLine)
        }
        return HooModel(columns: state.grid.columns, hoos: state.catalog.count, sets: state.catalog.sets.count,
                        decelerating: state.deceleration != nil,
                        headerSet: state.headerSetIndex(selected: selected).map { state.catalog.sets[$0].number },
                        loadErrors: state.loadErrorsJSON, loading: state.loading?.path,
                        maxOffsetY: roundPoint(state.maxOffset), offsetY: roundPoint(state.offset), originals: state.originalsJSON,
                        pan: state.pan?.mode.rawValue, sample: state.isSample, selection: selection)
    }

    // MARK: Cells

    /// The flow positions whose cells are nodes: those in the rendered band.
    static func renderedCells(_ state: HooState) -> Range<Int> {
        let band = renderedBand(state)
        return state.grid.indexes(minY: band.minY, maxY: band.maxY)
    }

    /// The cells at the flow positions `range` (the rendered band), each its circle and number.
    static func addCells(_ catalog: HooCatalog, _ range: Range<Int>, grid: HooGrid, to screen: inout Screen<HooPart>) {
        guard let first = catalog.location(ofIndex: range.lowerBound) else { return }
        var s = first.set, h = first.hoo
        for index in range {
            while h >= catalog.sets[s].hoos.count { s += 1; h = 0 }
            screen.add(HooPart(key: .cell(index: index),
                               inputs: .cell(frame: grid.cellFrame(index), set: catalog.sets[s].number, hoo: catalog.sets[s].hoos[h].number)))
            h += 1
        }
    }

    /// The colour names on the first cells of the sets in `range` (the rendered band); `hidden`
    /// is the selected first cell, whose name the disc would cover.
    static func addSetColors(_ catalog: HooCatalog, _ range: Range<Int>, grid: HooGrid, hidden: HooRef?, to screen: inout Screen<HooPart>) {
        guard let first = catalog.location(ofIndex: range.lowerBound) else { return }
        var s = first.hoo == 0 ? first.set : first.set + 1
        while s < catalog.sets.count && catalog.starts[s] < range.upperBound {
            let set = catalog.sets[s]
            if let firstHoo = set.hoos.first {
                screen.add(HooPart(key: .setColor(set: set.number),
                                   inputs: .setColor(cellFrame: grid.cellFrame(catalog.starts[s]), colorName: set.colorName,
                                                     hidden: hidden == HooRef(set: set.number, hoo: firstHoo.number))))
            }
            s += 1
        }
    }

    // MARK: Chrome

    static func addChrome(layout: HooScreenLayout, logo: String, to display: inout DisplayList) {
        display.add("logo", Node(.image, frame: layout.logoFrame, z: M.zChrome, style: imageStyle, image: logo))
        display.add("line.top", Node(.line, frame: layout.topLine, z: M.zChrome, style: lineStyle))
        display.add("line.bottom", Node(.line, frame: layout.bottomLine, z: M.zChrome, style: lineStyle))
    }

    /// The header image for the viewport's scale: the smallest variant at least as sharp as the
    /// screen, else the sharpest there is.
    static func headerImage(_ state: HooState, setIndex s: Int) -> HooImageName? {
        let set = state.catalog.sets[s]
        let wanted = Int(state.viewport.scale.rounded(.up))
        var best: (scale: Int, asset: HooAsset)?, sharpest: (scale: Int, asset: HooAsset)?
        for (scale, asset) in set.headers {
            if scale >= wanted && scale < (best?.scale ?? .max) { best = (scale, asset) }
            if scale > (sharpest?.scale ?? .min) { sharpest = (scale, asset) }
        }
        guard let (scale, asset) = best ?? sharpest else { return nil }
        return HooImageName(header: asset, set: set.number, scale: scale, load: state.catalog.loads[s])
    }
}

/// The asset id of a set image, kept in parts until a node needs its text: a render compares
/// these (a few integers), and spells ``id`` only for a node that shows a different image.
///
/// Built-in images keep their own id (`hoo.sample.3.header`); images of loaded sets are named by
/// the load that brought the set, so a set loaded again never reuses an id whose bytes a front
/// end may have cached: `hoo.load.2.set.3.header.2` (the `@2x` header of set 3 from the second
/// load) and `hoo.load.2.set.3.hoo.7`.
public enum HooImageName: Equatable, Sendable {
    case builtin(String)
    case header(load: Int, set: Int, scale: Int)
    case hoo(load: Int, set: Int, hoo: Int)

    /// The header `asset` of a set at `scale`.
    init(header asset: HooAsset, set: Int, scale: Int, load: Int) {
        if case .builtin(let name) = asset { self = .builtin(name) } else { self = .header(load: load, set: set, scale: scale) }
    }

    /// The picture `asset` of a Hoo.
    init(hoo asset: HooAsset, set: Int, hoo: Int, load: Int) {
        if case .builtin(let name) = asset { self = .builtin(name) } else { self = .hoo(load: load, set: set, hoo: hoo) }
    }

    /// The asset id, as nodes and `asset.read` have it.
    public var id: String {
        switch self {
        case .builtin(let name): return name
        case .header(let load, let set, let scale): return HooImageName.id(load, set, "header.", scale)
        case .hoo(let load, let set, let hoo): return HooImageName.id(load, set, "hoo.", hoo)
        }
    }

    /// `hoo.load.LOAD.set.SET.` + `kind` + `number`.
    private static func id(_ load: Int, _ set: Int, _ kind: StaticString, _ number: Int) -> String {
        var text = ASCIIText()
        text.append("hoo.load.")
        text.append(load)
        text.append(".set.")
        text.append(set)
        text.append(".")
        text.append(kind)
        text.append(number)
        return text.string
    }

    /// The asset an id names in `catalog`, nil when it names none.
    static func asset(_ id: String, in catalog: HooCatalog) -> HooAsset? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        func number(_ i: Int) -> Int? {
            guard i < parts.count, let n = Int(parts[i]), String(n) == parts[i] else { return nil }
            return n
        }
        guard parts.count == 7, parts[0] == "hoo", parts[1] == "load", parts[3] == "set",
              let load = number(2), let setNumber = number(4), let last = number(6),
              let s = catalog.setIndex(number: setNumber), catalog.loads[s] == load else { return nil }
        switch parts[5] {
        case "header": return catalog.sets[s].headers[last]
        case "hoo": return catalog.hoo(HooRef(set: setNumber, hoo: last))?.hoo.image
        default: return nil
        }
    }
}
