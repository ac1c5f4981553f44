import SceneryCore

/// What the Hoo scene remembers between renders: its node groups by key, and what the last
/// render was drawn from.
public struct HooMemo {
    typealias Groups = RenderMemo<HooGroupKey, HooGroupInputs>
    /// The node groups of the last render, by key.
    var groups = Groups()
    /// The last render's frame, selection and header set (by index), for a command that changed
    /// only the selection.
    var last: (frame: HooFrame, selection: HooRef?, headerSet: Int?)?

    public init() {}
}

/// Everything the display is drawn from except the selection: equal frames draw the same grid.
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

/// A node group of the Hoo screen. A tap changes at most four: the selection's, the header's
/// when it moves to another set, and the colour names of the sets' first cells it leaves and
/// lands on. The header is a group of its own so that a tap within a set does not touch it.
/// The selection, the header and the colour names are groups whether or not they show anything,
/// so that a tap only replaces groups and never adds or removes one.
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

/// What a group's nodes are built from, all of it: ``HooRender/nodes(_:_:)`` builds a group
/// from its key and these alone. When they are equal, the previous render's group is reused.
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

    /// Renders through `memo`: each cell and each piece of chrome is a ``NodeGroup`` rebuilt
    /// only when what it shows changed, so a scroll costs the cells it brought in.
    static func render(_ state: HooState, memo: inout HooMemo) -> (model: HooModel, display: DisplayList) {
        let layout = state.layout
        let grid = state.grid
        var display = DisplayList(content: ScrollContent(frame: layout.gridFrame, width: state.viewport.width,
                                                         height: grid.contentHeight, offsetY: state.offset))
        display.groups.reserveCapacity(memo.groups.previousCount + 16)
        let selected = state.selected
        for key in [HooGroupKey.chrome, .header, .selection] {
            let inputs = self.inputs(key, state, selected: selected)
            display.add(memo.groups.group(key, inputs: inputs) { nodes(key, inputs) })
        }
        addCells(state, grid: grid, memo: &memo.groups, to: &display)
        memo.groups.endRender()
        memo.last = (HooFrame(state), state.selection, state.headerSetIndex(selected: selected))
        return (model(state, selected: selected), display)
    }

    /// When only the selection changed since the last render (a tap, a scrub step), updates
    /// the last render in place: the selection's group, the header's when the header moves to
    /// another set, and the colour names of the Hoo that was selected and of the one that is
    /// now (when either is the first of its set). No cell is looked at: the disc covers the
    /// selected cell's number. `nil` otherwise, or when `display` is not the memo's last render.
    static func updateLastRender(_ state: HooState, memo: inout HooMemo, display: inout DisplayList)
        -> (model: HooModel, replaced: [(position: Int, group: NodeGroup)])? {
        guard let last = memo.last, last.frame == HooFrame(state) else { return nil }
        let selected = state.selected
        if last.selection == state.selection { return (model(state, selected: selected), []) }
        let headerSet = state.headerSetIndex(selected: selected)
        var keys: [HooGroupKey] = []
        keys.reserveCapacity(4)
        keys.append(.selection)
        if headerSet != last.headerSet { keys.append(.header) }
        // The colour names of the first cells left and landed on.
        if let location = last.selection.flatMap({ state.catalog.locate($0) }), location.hoo == 0 { keys.append(.setColor(set: location.ref.set)) }
        if let location = selected, location.hoo == 0 { keys.append(.setColor(set: location.ref.set)) }
        guard let replaced = memo.groups.rebuild(keys, in: &display, { key, old, _ in
            let new = inputs(key, state, selected: selected)
            return new == old ? nil : (new, nodes(key, new))
        }) else { return nil }
        memo.last = (last.frame, state.selection, headerSet)
        return (model(state, selected: selected), replaced)
    }

    /// What the group `key` is built from in `state`, whose selection is at `selected`
    /// (``HooState/selected``, looked up once per render). Cells and colour names out of the
    /// rendered band are asked for only by ``updateLastRender(_:memo:display:)``, which finds
    /// no group for them and leaves them be.
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

    static func render(_ state: HooState) -> (model: HooModel, display: DisplayList) {
        var memo = HooMemo()
        return render(state, memo: &memo)
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

    static func addCells(_ state: HooState, grid: HooGrid, memo: inout HooMemo.Groups, to display: inout DisplayList) {
        let range = renderedCells(state)
        guard let first = state.catalog.location(ofIndex: range.lowerBound) else { return }
        let catalog = state.catalog
        let selected = state.selection
        var s = first.set, h = first.hoo
        for index in range {
            while h >= catalog.sets[s].hoos.count { s += 1; h = 0 }
            let setNumber = catalog.sets[s].number, hooNumber = catalog.sets[s].hoos[h].number
            let frame = grid.cellFrame(index)
            let inputs = HooGroupInputs.cell(frame: frame, set: setNumber, hoo: hooNumber)
            let key = HooGroupKey.cell(index: index)
            display.add(memo.reuse(key, inputs: inputs) ?? memo.store(key, inputs: inputs, nodes: nodes(key, inputs)))
            if h == 0 {
                let colorKey = HooGroupKey.setColor(set: setNumber)
                let colorInputs = HooGroupInputs.setColor(cellFrame: frame, colorName: catalog.sets[s].colorName,
                                                          hidden: selected == HooRef(set: setNumber, hoo: hooNumber))
                display.add(memo.reuse(colorKey, inputs: colorInputs) ?? memo.store(colorKey, inputs: colorInputs, nodes: nodes(colorKey, colorInputs)))
            }
            h += 1
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
