import SceneryCore

/// A part of the Shelf screen: its key and what its nodes are built from.
public struct ShelfPart: ScreenPart {
    public let key: ShelfGroupKey
    let inputs: ShelfGroupInputs

    public func nodes() -> [(id: String, node: Node)] { ShelfRender.nodes(inputs) }
}

/// What the books on screen are drawn from: equal inputs draw the same books at the same
/// places (content coordinates: a scroll that keeps the same books does not walk them).
struct ShelfBooksInputs: Equatable {
    var viewport: Viewport
    var contentVersion: Int
    var visible: Range<Int>
    var jiggle: Jiggle?
}

/// A part of the Shelf screen: the chrome (bars, shelf, picture), one book, the alert.
public enum ShelfGroupKey: Hashable, Sendable {
    case chrome
    case book(Int)
    case alert
}

/// What a part's nodes are built from, all of it; equal inputs keep the last render's nodes.
enum ShelfGroupInputs: Equatable, Sendable {
    /// The bars, the shelf and its picture, the tab bar; `originals`: the images a `resources`
    /// folder replaced.
    case chrome(Viewport, originals: OriginalImages)
    /// A book at `frame` (content coordinates), its cover's `imageState` and asset, and when
    /// it jiggles, since when.
    case book(Book, frame: Rect, coverHeight: Double, imageState: String, asset: String, jiggle: Int?)
    /// The alert, or none (the part is there, empty, so that showing one replaces a part).
    case alert(Alert?, Viewport)
}

/// Turns a ``ShelfState`` into the `model` and `display` parts of the state document.
enum ShelfRender {
    typealias M = ShelfMetrics

    static func bookID(_ key: Int) -> String { "book.\(key)" }

    /// The jiggle: the original's radians in degrees (the display list's one unit for
    /// rotation), rounded to 1/1000: 0.05 rad is 2.865°.
    static let jiggleKeyframes = M.jiggleRadians.map { roundPoint($0 * 180 / Double.pi) }

    /// Centred in its two-line box, as the mock sets a one-line title ("Calculus").
    static let titleStyle: JSONObject = ["align": "left", "fontFallback": .string(M.fontFallback), "lines": 2, "verticalAlign": "center"]
    static let isbnStyle: JSONObject = ["align": "left", "fontFallback": .string(M.fontFallback), "lines": 1, "verticalAlign": "top"]
    static let optionLabelStyle: JSONObject = ["align": "center", "fontFallback": .string(M.condensedFallback), "lines": 1, "verticalAlign": "center"]
    static let coverStyles: [String: JSONObject] = Dictionary(uniqueKeysWithValues: ["none", "loading", "loaded", "failed"].map {
        ($0, ["contentMode": "aspectFill", "cornerRadius": .number(M.coverRadius), "imageState": .string($0)])
    })

    /// The screen of `state`: the chrome, the books on screen (a section: a scroll within the
    /// band of books that are nodes moves the content only), and the alert.
    static func render(_ state: ShelfState, into screen: inout Screen<ShelfPart>) -> JSON {
        let layout = state.layout
        screen.content = ScrollContent(frame: layout.grid, width: layout.grid.width, height: layout.contentHeight(state.books.count),
                                       offsetY: state.offset)
        screen.add(ShelfPart(key: .chrome, inputs: .chrome(state.viewport, originals: state.originals)))
        let visible = screen.wholeContent ? 0..<state.books.count : layout.visible(state.books.count, offset: state.offset)
        screen.section("books", inputs: ShelfBooksInputs(viewport: state.viewport, contentVersion: state.contentVersion, visible: visible,
                                                         jiggle: state.jiggle), with: state) { screen, state in
            for index in visible {
                let book = state.books[index]
                let picture = state.covers.state(of: book.key)
                var asset = state.originals.id(ShelfImages.defaultCover)
                if case .loaded(let id)? = picture { asset = id }
                screen.add(ShelfPart(key: .book(book.key),
                                     inputs: .book(book, frame: layout.item(index), coverHeight: layout.coverHeight,
                                                   imageState: ImageState.styleName(picture, hasPicture: book.cover != nil), asset: asset,
                                                   jiggle: state.jiggle?.book == book.key ? state.jiggle?.startMs : nil)))
            }
        }
        screen.add(ShelfPart(key: .alert, inputs: .alert(state.alert, state.viewport)))
        return model(state, visible: visible)
    }

    /// The nodes of a part built from `inputs`.
    static func nodes(_ inputs: ShelfGroupInputs) -> [(id: String, node: Node)] {
        switch inputs {
        case .chrome(let viewport, let originals):
            return chrome(ShelfLayout(viewport), viewport: viewport, originals: originals)
        case .book(let book, let frame, let coverHeight, let imageState, let asset, let jiggle):
            return bookNodes(book, frame: frame, coverHeight: coverHeight, imageState: imageState, asset: asset, jiggle: jiggle)
        case .alert(let alert, let viewport):
            return alert?.nodes(viewport: viewport) ?? []
        }
    }

    // MARK: Model

    static func model(_ state: ShelfState, visible: Range<Int>) -> JSON {
        let layout = state.layout
        var model = JSONObject()
        model["alert"] = state.alert?.json ?? .null
        model["books"] = .number(state.books.count)
        model["columns"] = .number(layout.columns)
        model["deleted"] = .number(state.deleted)
        model["firstVisible"] = layout.firstOnScreen(state.books.count, offset: state.offset).map { .string(bookID(state.books[$0].key)) } ?? .null
        model["item"] = ["coverHeight": .number(roundPoint(layout.coverHeight)), "height": .number(roundPoint(layout.itemHeight)),
                         "width": .number(roundPoint(layout.itemWidth))]
        if let jiggle = state.jiggle, let index = state.index(ofBook: jiggle.book) {
            model["jiggling"] = ["book": .string(bookID(jiggle.book)), "index": .number(index), "startMs": .number(jiggle.startMs),
                                 "title": .string(state.books[index].title)]
        } else {
            model["jiggling"] = .null
        }
        model["maxOffsetY"] = .number(roundPoint(state.maxOffset))
        model["offsetY"] = .number(roundPoint(state.offset))
        model["originals"] = .array(state.originals.replaced.map(JSON.string))
        model["sample"] = .bool(state.sample)
        return .object(model)
    }

    // MARK: Books

    /// A book's nodes: an invisible rect over the whole item (a tap anywhere on it is the
    /// book's), the cover, the title (two lines at most) and the ISBN; while it jiggles, the
    /// Dismiss and Delete options over the cover, and the jiggle on every node, turning about
    /// the item's centre so the book moves as one piece.
    static func bookNodes(_ book: Book, frame: Rect, coverHeight: Double, imageState: String, asset: String, jiggle: Int?) -> [(id: String, node: Node)] {
        let id = bookID(book.key)
        let animation = jiggle.map {
            Animation(property: "rotation", keyframes: jiggleKeyframes, durationMs: M.jiggleMs, startMs: $0, repeats: true,
                      anchor: Point(x: frame.centerX, y: frame.centerY))
        }
        let cover = Rect(x: frame.x, y: frame.y, width: frame.width, height: coverHeight)
        let titleTop = cover.maxY + M.titleGap
        var nodes: [(id: String, node: Node)] = [
            (id, Node(.rect, frame: frame, z: M.zBook, layer: .content, style: ["role": "button"], animation: animation)),
            (id + ".cover", Node(.image, frame: cover, z: M.zBook, layer: .content, style: coverStyles[imageState]!, image: asset, animation: animation)),
            (id + ".isbn", Node(.text, frame: Rect(x: frame.x, y: titleTop + M.titleHeight + M.isbnGap, width: frame.width, height: M.isbnHeight),
                                z: M.zBook, layer: .content, style: isbnStyle,
                                text: [TextRun(book.isbn, font: M.font, size: M.isbnSize, weight: "medium", color: M.isbnColor)], animation: animation)),
            (id + ".title", Node(.text, frame: Rect(x: frame.x, y: titleTop, width: frame.width, height: M.titleHeight), z: M.zBook, layer: .content,
                                 style: titleStyle, text: [TextRun(book.title, font: M.font, size: M.titleSize, weight: "bold", color: M.black)],
                                 animation: animation)),
        ]
        if jiggle != nil {
            let half = coverHeight / 2
            for (name, label, color, top) in [("dismiss", "Dismiss", M.dismissColor, cover.y), ("delete", "Delete", M.deleteColor, cover.y + half)] {
                let option = Rect(x: cover.x, y: top, width: cover.width, height: half)
                nodes.append((id + "." + name, Node(.rect, frame: option, z: M.zOption, layer: .content,
                                                    style: ["background": .string(color), "cornerRadius": .number(M.coverRadius),
                                                            "opacity": .number(M.optionOpacity), "role": "button"], animation: animation)))
                nodes.append((id + "." + name + ".label", Node(.text, frame: option, z: M.zOptionLabel, layer: .content, style: optionLabelStyle,
                                                               text: [TextRun(label, font: M.condensedFont, size: M.optionSize, weight: "bold", color: M.white)],
                                                               animation: animation)))
            }
        }
        return nodes
    }

    // MARK: Chrome

    /// The navigation area (word mark, settings), the shelf with the picture behind the books,
    /// and the tab bar (its shadow, SEARCH, SCAN, BROWSE).
    static func chrome(_ layout: ShelfLayout, viewport v: Viewport, originals: OriginalImages) -> [(id: String, node: Node)] {
        let safe = v.safeArea
        var nodes: [(id: String, node: Node)] = []
        func add(_ id: String, _ node: Node) { nodes.append((id, node)) }
        let fit: JSONObject = ["contentMode": "aspectFit"]

        add("navbar", Node(.rect, frame: Rect(x: 0, y: 0, width: v.width, height: layout.navigationBottom), z: M.zBars,
                           style: ["background": .string(M.white)]))
        add("navbar.separator", Node(.line, frame: Rect(x: 0, y: layout.navigationBottom, width: v.width, height: M.hairline), z: M.zBarItems,
                                     style: ["color": .string(M.separator)]))
        add("logo", Node(.image, frame: Rect(x: (v.width - M.logoWidth) / 2, y: safe.top + M.logoTop, width: M.logoWidth, height: M.logoHeight),
                         z: M.zBarItems, style: fit, image: originals.id(ShelfImages.logo)))
        let gear = Rect(x: v.width - safe.right - M.gearRight - M.gearSize, y: safe.top + M.gearTop, width: M.gearSize, height: M.gearSize)
        let touch = (M.buttonSize - M.gearSize) / 2
        add("settings", Node(.rect, frame: Rect(x: gear.x - touch, y: gear.y - touch, width: M.buttonSize, height: M.buttonSize), z: M.zBarItems,
                             style: ["role": "button"]))
        add("settings.icon", Node(.image, frame: gear, z: M.zBarItems + 1, style: fit, image: originals.id(ShelfImages.settings)))

        add("shelf", Node(.rect, frame: Rect(x: 0, y: layout.shelfTop, width: v.width, height: layout.tabBarTop - layout.shelfTop), z: M.zShelf,
                          style: ["background": .string(M.shelf)]))
        add("shelf.picture", Node(.image, frame: layout.picture, z: M.zPicture, style: ["contentMode": "scaleToFill"],
                                  image: originals.id(ShelfImages.picture)))

        add("tabbar", Node(.rect, frame: Rect(x: 0, y: layout.tabBarTop, width: v.width, height: v.height - layout.tabBarTop), z: M.zBars,
                           style: ["background": .string(M.white)]))
        add("tabbar.shadow", Node(.image, frame: Rect(x: 0, y: layout.tabBarTop - M.shadowHeight, width: v.width, height: M.shadowHeight),
                                  z: M.zBars, style: ["contentMode": "scaleToFill"], image: ShelfImages.shadow))
        let cellWidth = max(0, v.width - safe.left - safe.right) / 3
        for (i, (name, label)) in [("search", "SEARCH"), ("scan", "SCAN"), ("browse", "BROWSE")].enumerated() {
            let x = safe.left + Double(i) * cellWidth
            let id = "tab." + name
            add(id, Node(.rect, frame: Rect(x: x, y: layout.tabBarTop, width: cellWidth, height: M.tabCellHeight), z: M.zBarItems,
                         style: ["role": "button"]))
            add(id + ".icon", Node(.image, frame: Rect(x: x + (cellWidth - M.tabIconWidth) / 2, y: layout.tabBarTop + M.tabIconTop,
                                                       width: M.tabIconWidth, height: M.tabIconHeight),
                                   z: M.zBarItems + 1, style: fit, image: originals.id(ShelfImages.tabIcon(name))))
            add(id + ".label", Node(.text, frame: Rect(x: x, y: layout.tabBarTop + M.tabLabelTop, width: cellWidth, height: M.tabLabelHeight),
                                    z: M.zBarItems + 1, style: ["align": "center", "fontFallback": .string(M.condensedFallback), "lines": 1, "verticalAlign": "center"],
                                    text: [TextRun(label, font: M.condensedFont, size: M.tabLabelSize, weight: "bold", color: M.black)]))
        }
        return nodes
    }
}
