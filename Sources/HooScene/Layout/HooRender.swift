import SceneryCore

/// What the Hoo scene remembers between renders: its node groups by key.
public typealias HooMemo = RenderMemo<HooGroupKey, HooGroupInputs>

/// A node group of the Hoo screen. Groups are split so that the ones a tap changes cover ranges
/// of ids that do not interleave (`bottom.*`, `cell.S.H*`, `header`, `overlay`,
/// `selection.disc`, `set.S.color`): the engine then diffs each on its own.
public enum HooGroupKey: Hashable, Sendable {
    /// The background, logo and lines, which only the viewport changes.
    case chrome
    /// The header image of the selected Hoo's set (or the topmost visible set).
    case header
    /// The selected Hoo's title and poem line.
    case bottomText
    /// The selected Hoo's picture over the grid.
    case overlay
    /// The cell at this position of the flow across all sets: its circle and number.
    case cell(index: Int)
    /// The colour name on the first cell of a set.
    case setColor(set: Int)
    /// The selection disc, on the selected cell.
    case disc
}

/// What a group's nodes are built from: when these are equal, the previous render's group is
/// reused.
public enum HooGroupInputs: Equatable, Sendable {
    /// Background, logo and lines.
    case chrome(viewport: Viewport)
    case header(viewport: Viewport, asset: String?)
    case bottomText(viewport: Viewport, title: String?, poemLine: String?)
    case overlay(viewport: Viewport, asset: String?)
    /// A cell, which shows its number unless it is selected.
    case cell(frame: Rect, set: Int, hoo: Int, selected: Bool)
    case setColor(frame: Rect, color: String)
    case disc(frame: Rect)
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

    /// Renders through `memo`: each cell and the chrome are a ``NodeGroup`` rebuilt only when
    /// what it shows changed, so a tap or a scrub costs the cells it touched.
    static func render(_ state: HooState, memo: inout HooMemo) -> (model: JSON, display: DisplayList) {
        let layout = state.layout
        let grid = state.grid
        var display = DisplayList(content: ScrollContent(frame: layout.gridFrame, width: state.viewport.width,
                                                         height: grid.contentHeight, offsetY: state.offset))
        display.groups.reserveCapacity(memo.previousCount + 16)
        let selected = state.selection.flatMap { state.catalog.hoo($0) }
        let header = state.headerSetIndex.flatMap { headerAsset(state, setIndex: $0) }
        let overlay = state.selection.flatMap { ref -> String? in
            guard let (s, hoo) = state.catalog.hoo(ref), let image = hoo.image else { return nil }
            return HooAssetID.hoo(image, set: ref.set, hoo: hoo.number, load: state.catalog.loads[s])
        }
        display.add(memo.group(.chrome, inputs: .chrome(viewport: state.viewport)) {
            var nodes = DisplayList()
            nodes.add("background", Node(.rect, frame: Rect(x: 0, y: 0, width: state.viewport.width, height: state.viewport.height),
                                         style: ["background": .string(M.background)]))
            addChrome(layout: layout, to: &nodes)
            return nodes.nodes
        })
        let viewport = state.viewport
        display.add(memo.group(.header, inputs: .header(viewport: viewport, asset: header)) {
            guard let header else { return [] }
            return [("header", Node(.image, frame: layout.headerFrame, z: M.zChrome, style: headerStyle, image: header))]
        })
        display.add(memo.group(.bottomText, inputs: .bottomText(viewport: viewport, title: selected?.hoo.title, poemLine: selected?.hoo.poemLine)) {
            guard let hoo = selected?.hoo else { return [] }
            return [("bottom.title", Node(.text, frame: layout.titleFrame, z: M.zChrome, style: bottomTextStyle,
                                          text: [TextRun(hoo.title, font: M.mediumFont, size: M.titleSize, weight: "medium", color: M.textColor)])),
                    ("bottom.poem", Node(.text, frame: layout.poemFrame, z: M.zChrome, style: bottomTextStyle,
                                         text: [TextRun(hoo.poemLine, font: M.lightFont, size: M.poemSize, weight: "light", color: M.textColor)]))]
        })
        display.add(memo.group(.overlay, inputs: .overlay(viewport: viewport, asset: overlay)) {
            guard let overlay else { return [] }
            return [("overlay", Node(.image, frame: layout.overlayFrame, z: M.zOverlay, style: imageStyle, image: overlay))]
        })
        addCells(state, grid: grid, memo: &memo, to: &display)
        memo.endRender()
        return (model(state), display)
    }

    static func render(_ state: HooState) -> (model: JSON, display: DisplayList) {
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

    /// The model's keys and its selection's, in the canonical order the objects are built in.
    static let modelKeys = ["columns", "counts", "decelerating", "headerSet", "loadErrors", "loading", "maxOffsetY", "offsetY",
                            "pan", "sample", "selection"]
    static let selectionKeys = ["color", "hoo", "index", "poemLine", "set", "title"]
    static let countsKeys = ["hoos", "sets"]

    static func model(_ state: HooState) -> JSON {
        var selection = JSON.null
        if let ref = state.selection, let index = state.catalog.index(of: ref), let (s, hoo) = state.catalog.hoo(ref) {
            selection = .object(JSONObject(sortedKeys: selectionKeys, values: [
                .string(state.catalog.sets[s].color), .number(ref.hoo), .number(index), .string(hoo.poemLine), .number(ref.set), .string(hoo.title),
            ]))
        }
        return .object(JSONObject(sortedKeys: modelKeys, values: [
            .number(state.grid.columns),
            .object(JSONObject(sortedKeys: countsKeys, values: [.number(state.catalog.count), .number(state.catalog.sets.count)])),
            .bool(state.deceleration != nil),
            state.headerSetIndex.map { .number(state.catalog.sets[$0].number) } ?? .null,
            state.loadErrorsJSON,
            state.loading.map { ["path": .string($0.path)] } ?? .null,
            .number(roundPoint(state.maxOffset)),
            .number(roundPoint(state.offset)),
            .optional(state.pan?.mode.rawValue),
            .bool(state.isSample),
            selection,
        ]))
    }

    // MARK: Cells

    static func addCells(_ state: HooState, grid: HooGrid, memo: inout HooMemo, to display: inout DisplayList) {
        let band = renderedBand(state)
        let range = grid.indexes(minY: band.minY, maxY: band.maxY)
        guard let first = state.catalog.location(ofIndex: range.lowerBound) else { return }
        let catalog = state.catalog
        let selected = state.selection
        var s = first.set, h = first.hoo
        for index in range {
            while h >= catalog.sets[s].hoos.count { s += 1; h = 0 }
            let setNumber = catalog.sets[s].number, hooNumber = catalog.sets[s].hoos[h].number
            let frame = grid.cellFrame(index)
            let isSelected = selected == HooRef(set: setNumber, hoo: hooNumber)
            let inputs = HooGroupInputs.cell(frame: frame, set: setNumber, hoo: hooNumber, selected: isSelected)
            if let group = memo.reuse(.cell(index: index), inputs: inputs) {
                display.add(group)
            } else {
                display.add(memo.store(.cell(index: index), inputs: inputs,
                                       nodes: cellNodes(set: setNumber, hoo: hooNumber, frame: frame, selected: isSelected)))
            }
            if isSelected {
                // The disc takes the number's place and covers the colour name.
                let inset = (M.cellSize - M.discSize) / 2
                let disc = Rect(x: frame.x + inset, y: frame.y + inset, width: M.discSize, height: M.discSize)
                display.add(memo.group(.disc, inputs: .disc(frame: disc)) {
                    [("selection.disc", Node(.circle, frame: disc, z: M.zDisc, layer: .content, style: discStyle))]
                })
            } else if h == 0 {
                // Turned to read bottom to top: the frame is the upright box on screen.
                let color = catalog.sets[s].color
                let nameFrame = Rect(x: frame.x + M.colorNameCenterX - M.colorNameThickness / 2, y: frame.y,
                                     width: M.colorNameThickness, height: M.cellSize)
                display.add(memo.group(.setColor(set: setNumber), inputs: .setColor(frame: nameFrame, color: color)) {
                    [("set.\(setNumber).color", Node(.text, frame: nameFrame, z: M.zCellText, layer: .content, style: colorNameStyle,
                                                     text: [TextRun(color.uppercased(), font: M.mediumFont, size: M.colorNameSize,
                                                                    weight: "medium", color: M.textColor)]))]
                })
            }
            h += 1
        }
    }

    /// One cell: the black circle and, unless the cell is selected, its number.
    static func cellNodes(set: Int, hoo: Int, frame: Rect, selected: Bool) -> [(id: String, node: Node)] {
        let id = "cell.\(set).\(hoo)"
        let circle = Node(.circle, frame: frame, z: M.zCell, layer: .content, style: cellStyle)
        if selected { return [(id, circle)] }
        return [(id, circle),
                (id + ".label", Node(.text, frame: frame, z: M.zCellText, layer: .content, style: numberStyle,
                                     text: [TextRun(String(hoo), font: M.mediumFont, size: M.numberSize, weight: "medium", color: M.textColor)]))]
    }

    // MARK: Chrome

    static func addChrome(layout: HooScreenLayout, to display: inout DisplayList) {
        display.add("logo", Node(.image, frame: layout.logoFrame, z: M.zChrome, style: imageStyle, image: HooImages.logo))
        display.add("line.top", Node(.line, frame: layout.topLine, z: M.zChrome, style: lineStyle))
        display.add("line.bottom", Node(.line, frame: layout.bottomLine, z: M.zChrome, style: lineStyle))
    }

    /// The header image for the viewport's scale: the smallest variant at least as sharp as the
    /// screen, else the sharpest there is.
    static func headerAsset(_ state: HooState, setIndex s: Int) -> String? {
        let set = state.catalog.sets[s]
        let wanted = Int(state.viewport.scale.rounded(.up))
        let scales = set.headers.keys.sorted()
        guard let scale = scales.first(where: { $0 >= wanted }) ?? scales.last, let asset = set.headers[scale] else { return nil }
        return HooAssetID.header(asset, set: set.number, scale: scale, load: state.catalog.loads[s])
    }
}

/// Asset ids of set images. Built-in images keep their own id (`hoo.sample.3.header`); images of
/// loaded sets are named by the load that brought the set, so a set loaded again never reuses
/// an id whose bytes a front end may have cached: `hoo.load.2.set.3.header.2` (the `@2x`
/// header of set 3 from the second load) and `hoo.load.2.set.3.hoo.7`.
enum HooAssetID {
    static func header(_ asset: HooAsset, set: Int, scale: Int, load: Int) -> String {
        if case .builtin(let name) = asset { return name }
        return "hoo.load.\(load).set.\(set).header.\(scale)"
    }

    static func hoo(_ asset: HooAsset, set: Int, hoo: Int, load: Int) -> String {
        if case .builtin(let name) = asset { return name }
        return "hoo.load.\(load).set.\(set).hoo.\(hoo)"
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
