import SceneryCore

/// Turns a ``HooState`` into the `model` and `display` parts of the state document. Only the
/// cells near the visible part of the grid become nodes, so a render costs the same for 9 Hoos
/// or 100k.
enum HooRender {
    typealias M = HooMetrics

    // Styles shared by many nodes, built once (a render then only retains them).
    /// A cell is a button (a tap selects its Hoo), named by its number: what a screen reader
    /// and the keyboard reach (PROTOCOL.md section 3, "What assistive technology is told").
    static let cellStyle: JSONObject = ["background": .string(M.cellColor), "role": "button"]
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
        let cells = screen.wholeContent ? 0..<grid.count : renderedCells(state)
        // The chrome and the header are sections of their own, kept whole while their inputs
        // hold: a tap walks neither (the header depends on the selected Hoo's set alone, so a
        // tap within a set does not look its image up again). The selection is a part at the
        // top: a tap replaces it without a section being rebuilt around it.
        screen.section("chrome", inputs: ChromeInputs(viewport: state.viewport, originals: state.originals), with: state) { screen, state in
            screen.add(chrome(state))
        }
        screen.section("header", inputs: HeaderInputs(viewport: state.viewport, catalogVersion: state.catalogVersion, set: selected?.set),
                       with: state) { screen, state in
            screen.add(header(state, selected: selected))
        }
        screen.add(selection(state, selected: selected, cells: cells))
        screen.section("cells", inputs: frame, with: state) { screen, state in
            addCells(state.catalog, cells, grid: grid, to: &screen)
        }
        let hiddenColor = selected.flatMap { $0.hoo == 0 ? $0.ref : nil }
        screen.section("setColors", inputs: SetColorsInputs(frame: frame, hidden: hiddenColor), with: state) { screen, state in
            addSetColors(state.catalog, cells, grid: grid, hidden: hiddenColor, to: &screen)
        }
        return model(state, selected: selected)
    }

    /// What the chrome is drawn from: the viewport, and the logo's original if `resources`
    /// replaced it.
    struct ChromeInputs: Equatable {
        var viewport: Viewport
        var originals: OriginalImages
    }

    /// What the header is drawn from: the set of the selected Hoo (its index in the catalog).
    struct HeaderInputs: Equatable {
        var viewport: Viewport
        var catalogVersion: Int
        var set: Int?
    }

    /// What the colour names are drawn from: the frame, and the first cell whose name is hidden
    /// because it is selected.
    struct SetColorsInputs: Equatable {
        var frame: HooFrame
        var hidden: HooRef?
    }

    /// The chrome's part: the viewport and the logo's asset id.
    static func chrome(_ state: HooState) -> HooPart {
        HooPart(key: .chrome, inputs: .chrome(viewport: state.viewport, logo: state.originals.id(HooImages.logo)))
    }

    /// The header's part: the header image of the selected Hoo's set, none without a selection
    /// (`selected`: ``HooState/selected``, looked up once per render).
    static func header(_ state: HooState, selected: HooLocation?) -> HooPart {
        HooPart(key: .header, inputs: .header(viewport: state.viewport,
                                              image: state.headerSetIndex(selected: selected).flatMap { headerImage(state, setIndex: $0) }))
    }

    /// The selection's part: the selected Hoo's title, poem line and picture, and the disc's
    /// frame when its cell is among the rendered `cells`.
    static func selection(_ state: HooState, selected: HooLocation?, cells: Range<Int>) -> HooPart {
        let viewport = state.viewport
        guard let selected else {
            return HooPart(key: .selection, inputs: .selection(viewport: viewport, title: nil, poemLine: nil, overlay: nil, cellFrame: nil))
        }
        let hoo = state.catalog[selected]
        let overlay = hoo.image.map {
            HooImageName(hoo: $0, set: selected.ref.set, hoo: selected.ref.hoo, load: state.catalog.loads[selected.set])
        }
        let cellFrame = cells.contains(selected.index) ? state.grid.cellFrame(selected.index) : nil
        return HooPart(key: .selection, inputs: .selection(viewport: viewport, title: hoo.title, poemLine: hoo.poemLine, overlay: overlay,
                                                            cellFrame: cellFrame))
    }

    /// The nodes of the part `key` built from `inputs`.
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
            // Read in place: a copy of the set would retain its strings, headers and Hoos.
            if let firstHoo = catalog.sets[s].hoos.first?.number {
                let number = catalog.sets[s].number
                screen.add(HooPart(key: .setColor(set: number),
                                   inputs: .setColor(cellFrame: grid.cellFrame(catalog.starts[s]), colorName: catalog.sets[s].colorName,
                                                     hidden: hidden == HooRef(set: number, hoo: firstHoo))))
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
        let wanted = Int(state.viewport.scale.rounded(.up))
        var best: (scale: Int, asset: HooAsset)?, sharpest: (scale: Int, asset: HooAsset)?
        for (scale, asset) in state.catalog.sets[s].headers {
            if scale >= wanted && scale < (best?.scale ?? .max) { best = (scale, asset) }
            if scale > (sharpest?.scale ?? .min) { sharpest = (scale, asset) }
        }
        guard let (scale, asset) = best ?? sharpest else { return nil }
        return HooImageName(header: asset, set: state.catalog.sets[s].number, scale: scale, load: state.catalog.loads[s])
    }
}
