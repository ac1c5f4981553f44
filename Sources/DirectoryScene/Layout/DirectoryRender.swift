import SceneryCore

/// What the Directory scene remembers between renders: its node groups by key, and the last
/// render whole with what it was drawn from.
public struct DirectoryMemo {
    typealias Groups = RenderMemo<DirectoryGroupKey, DirectoryGroupInputs>
    /// The node groups of the last render, by key.
    var groups = Groups()
    /// What the last render showed, for a command that changed nothing it shows but the selection.
    var last: DirectoryLastRender?

    public init() {}
}

/// What the last render was drawn from besides the selection, and its model. (Its display is
/// the engine's, which ``DirectoryRender/updateLastRender(_:memo:display:)`` updates in place.)
struct DirectoryLastRender {
    var frame: DirectoryFrame
    var selectedRow: DirectoryGroupKey?
    var model: JSON
}

/// Everything a render reads except the selection: equal frames draw the same screen.
struct DirectoryFrame: Equatable {
    var tab: DirectoryTab
    var offset: Double
    var viewport: Viewport
    var contentVersion: Int

    init(_ state: DirectoryState) {
        tab = state.tab
        offset = state.offset
        viewport = state.viewport
        contentVersion = state.contentVersion
    }
}

/// A node group of the Directory screen: the chrome, a section header, or a row.
public enum DirectoryGroupKey: Hashable, Sendable {
    case chrome
    case header(tab: DirectoryTab, section: Int)
    /// A row of a tab: an event or a person, by index in the data. The row's background (which
    /// shows the selection) is a group of its own, so selecting a row rebuilds one node.
    case row(tab: DirectoryTab, isPerson: Bool, index: Int)
    case rowBackground(tab: DirectoryTab, isPerson: Bool, index: Int)

    /// One integer per key, hashed instead of the cases' fields one by one (a render looks up
    /// every visible row).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .chrome: hasher.combine(0)
        case .header(let tab, let section): hasher.combine(section << 5 | tab.number << 3 | 1)
        case .row(let tab, let isPerson, let index): hasher.combine(index << 5 | tab.number << 3 | (isPerson ? 3 : 2))
        case .rowBackground(let tab, let isPerson, let index): hasher.combine(index << 5 | tab.number << 3 | (isPerson ? 7 : 6))
        }
    }

    /// The row of `tab` whose node (or one of whose nodes) `id` is: `TAB.person.N` or
    /// `TAB.event.N`, then anything; nil for other ids.
    static func row(_ id: NodeID, tab: DirectoryTab) -> DirectoryGroupKey? {
        guard id.component(0, is: tab.rawValue) else { return nil }
        let isPerson = id.component(1, is: "person")
        guard isPerson || id.component(1, is: "event"), let index = id.number(2) else { return nil }
        return .row(tab: tab, isPerson: isPerson, index: index)
    }
}

/// What a group's nodes are built from besides the data, which does not change while the scene
/// is open: when these are equal, the previous render's group is reused.
public enum DirectoryGroupInputs: Equatable, Sendable {
    /// The bars, title, tab items, section index and background.
    case chrome(tab: DirectoryTab, viewport: Viewport, indexCount: Int)
    case header(top: Double, width: Double, margin: Double)
    /// `image`: the picture's ``ImageState`` as a number (see ``DirectoryRender/imageCode(_:)``);
    /// a loaded picture's asset never changes, so the number says all the row shows of it.
    case row(top: Double, right: Double, separator: Bool, image: UInt8, width: Double, margin: Double)
    case rowBackground(top: Double, right: Double, selected: Bool)
}

/// Turns a ``DirectoryState`` into the `model` and `display` parts of the state document.
enum DirectoryRender {
    typealias M = DirectoryMetrics

    // Styles shared by many nodes, built once (a render then only retains them).
    static let leftLine: JSONObject = ["align": "left", "verticalAlign": "center", "lines": 1]
    static let rightLine: JSONObject = ["align": "right", "verticalAlign": "center", "lines": 1]
    static let leftText: JSONObject = ["align": "left", "verticalAlign": "center"]
    static let separatorStyle: JSONObject = ["color": .string(M.separator)]
    static let rowStyle: JSONObject = ["background": .string(M.rowBackground), "role": "row"]
    static let selectedRowStyle: JSONObject = ["background": .string(M.selectedRowBackground), "role": "row"]
    static let headerStyle: JSONObject = ["background": .string(M.plainHeaderBackground)]
    static let imageStyles: [String: JSONObject] = Dictionary(uniqueKeysWithValues: ["none", "loading", "loaded", "failed"].map {
        ($0, ["contentMode": "aspectFit", "imageState": .string($0)])
    })

    /// Where the table sits on screen: between the navigation bar and the tab bar.
    static func listFrame(_ viewport: Viewport) -> Rect {
        let top = viewport.safeArea.top + M.navigationBarHeight
        let bottom = viewport.height - viewport.safeArea.bottom - M.tabBarHeight
        return Rect(x: 0, y: top, width: viewport.width, height: max(0, bottom - top))
    }

    static func maxOffset(_ state: DirectoryState, tab: DirectoryTab) -> Double {
        max(0, state.lists[tab].contentHeight - listFrame(state.viewport).height)
    }

    /// The content band whose rows are nodes: the visible part plus half a screen above and below.
    static func renderedBand(_ state: DirectoryState) -> (minY: Double, maxY: Double) {
        let height = listFrame(state.viewport).height
        return (state.offset - height / 2, state.offset + height * 1.5)
    }

    /// Renders through `memo`: each row, each section header and the chrome are a ``NodeGroup``
    /// rebuilt only when what it shows changed, so a command costs the rows it touched.
    static func render(_ state: DirectoryState, memo: inout DirectoryMemo) -> (model: JSON, display: DisplayList) {
        let viewport = state.viewport
        let frame = listFrame(viewport)
        let list = state.list
        var display = DisplayList(content: ScrollContent(frame: frame, width: viewport.width, height: list.contentHeight, offsetY: state.offset))
        display.groups.reserveCapacity(memo.groups.previousCount + 16)
        display.add(memo.groups.group(.chrome, inputs: .chrome(tab: state.tab, viewport: viewport, indexCount: state.sectionIndex.count)) {
            var chrome = DisplayList()
            let background = state.tab == .recents ? M.groupedBackground : M.rowBackground
            chrome.add("background", Node(.rect, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), style: ["background": .string(background)]))
            addChrome(state, to: &chrome)
            return chrome.nodes
        })
        addRows(state, memo: &memo.groups, to: &display)
        memo.groups.endRender()
        let model = model(state)
        memo.last = DirectoryLastRender(frame: DirectoryFrame(state), selectedRow: state.selectedRow, model: model)
        return (model, display)
    }

    /// When nothing but the selection changed since the last render (a tap on a row, or a
    /// command that changed nothing), updates the last render in place: the backgrounds of the
    /// row that was selected and of the row that is now (those visible) are rebuilt, and no other
    /// row is looked at. `nil` otherwise, or when `display` is not the memo's last render.
    static func updateLastRender(_ state: DirectoryState, memo: inout DirectoryMemo, display: inout DisplayList)
        -> (model: JSON, replaced: [(position: Int, group: NodeGroup)])? {
        guard let last = memo.last, last.frame == DirectoryFrame(state) else { return nil }
        let new = state.selectedRow
        if last.selectedRow == new { return (last.model, []) }
        var keys: [DirectoryGroupKey] = []
        for case .row(let tab, let isPerson, let index)? in [last.selectedRow, new] {
            keys.append(.rowBackground(tab: tab, isPerson: isPerson, index: index))
        }
        guard let replaced = memo.groups.rebuild(keys, in: &display, { key, inputs, group in
            guard case .rowBackground(let tab, let isPerson, let index) = key, case .rowBackground(let top, let right, _) = inputs,
                  let id = group.nodes.first?.id else { return nil }
            let selected = DirectoryGroupKey.row(tab: tab, isPerson: isPerson, index: index) == new
            return (.rowBackground(top: top, right: right, selected: selected),
                    rowBackground(id: id, isPerson: isPerson, top: top, right: right, selected: selected))
        }) else { return nil }
        let model = model(state)
        memo.last = DirectoryLastRender(frame: last.frame, selectedRow: new, model: model)
        return (model, replaced)
    }

    /// The background node of a row (its id is the row's id), which shows whether the row is selected.
    static func rowBackground(id: String, isPerson: Bool, top: Double, right: Double, selected: Bool) -> [(id: String, node: Node)] {
        [(id, Node(.rect, frame: Rect(x: 0, y: top, width: right, height: isPerson ? M.personRowHeight : M.eventRowHeight), z: 1,
                   layer: .content, style: selected ? selectedRowStyle : rowStyle))]
    }

    static func render(_ state: DirectoryState) -> (model: JSON, display: DisplayList) {
        var memo = DirectoryMemo()
        return render(state, memo: &memo)
    }

    /// Keys of the model, in the canonical order its object is built in.
    static let modelKeys = ["counts", "maxOffsetY", "offsetY", "sectionIndex", "sections", "selection", "tab", "timeZone", "title", "topSection"]

    static func model(_ state: DirectoryState) -> JSON {
        let list = state.list
        return .object(JSONObject(sortedKeys: modelKeys, values: [
            state.countsJSON,
            .number(roundPoint(maxOffset(state, tab: state.tab))),
            .number(roundPoint(state.offset)),
            state.tab == .contacts ? state.sectionIndexJSON : .null,
            list.sectionsJSON,
            .optional(state.selection),
            .string(state.tab.rawValue),
            .string(state.timeZone.name),
            .string(state.tab.title),
            list.sections.isEmpty ? .null : .string(list.sections[list.section(at: state.offset)].id),
        ]))
    }

    // MARK: Chrome

    static func addChrome(_ state: DirectoryState, to display: inout DisplayList) {
        let v = state.viewport
        let top = v.safeArea.top
        let barBottom = top + M.navigationBarHeight
        display.add("navbar", Node(.rect, frame: Rect(x: 0, y: 0, width: v.width, height: barBottom), z: 10,
                                   style: ["background": .string(M.barBackground)]))
        display.add("navbar.separator", Node(.line, frame: Rect(x: 0, y: barBottom - M.hairline, width: v.width, height: M.hairline), z: 11,
                                             style: ["color": .string(M.separator)]))
        display.add("title", Node(.text, frame: Rect(x: v.layoutMargin, y: top + M.largeTitleTop, width: v.width - 2 * v.layoutMargin, height: M.largeTitleHeight),
                                  z: 11, style: ["align": "left", "verticalAlign": "center"],
                                  text: [TextRun(state.tab.title, font: M.displayFont, size: M.largeTitleSize, weight: "bold")]))

        let tabTop = v.height - v.safeArea.bottom - M.tabBarHeight
        display.add("tabbar", Node(.rect, frame: Rect(x: 0, y: tabTop, width: v.width, height: M.tabBarHeight + v.safeArea.bottom), z: 10,
                                   style: ["background": .string(M.barBackground)]))
        display.add("tabbar.separator", Node(.line, frame: Rect(x: 0, y: tabTop, width: v.width, height: M.hairline), z: 11,
                                             style: ["color": .string(M.separator)]))
        let itemWidth = v.width / Double(DirectoryTab.allCases.count)
        for (i, tab) in DirectoryTab.allCases.enumerated() {
            let x = Double(i) * itemWidth
            let color = tab == state.tab ? M.tint : M.secondaryText
            let id = "tab.\(tab.rawValue)"
            display.add(id, Node(.rect, frame: Rect(x: x, y: tabTop, width: itemWidth, height: M.tabBarHeight), z: 11,
                                 style: ["role": "button", "selected": .bool(tab == state.tab)]))
            display.add(id + ".icon", Node(.image, frame: Rect(x: x + (itemWidth - M.tabIconSize) / 2, y: tabTop + M.tabIconTop, width: M.tabIconSize, height: M.tabIconSize),
                                           z: 12, style: ["contentMode": "aspectFit", "tint": .string(color)], image: DirectoryImages.icon(tab)))
            display.add(id + ".label", Node(.text, frame: Rect(x: x, y: tabTop + M.tabLabelTop, width: itemWidth, height: M.tabLabelHeight), z: 12,
                                            style: ["align": "center", "verticalAlign": "center"],
                                            text: [TextRun(tab.label, font: M.textFont, size: M.tabLabelSize, weight: "medium", color: color)]))
        }

        if state.tab == .contacts && !state.sectionIndex.isEmpty {
            let frame = listFrame(v)
            let entryHeight = min(M.indexEntryHeight, frame.height / Double(state.sectionIndex.count))
            let indexTop = frame.y + (frame.height - entryHeight * Double(state.sectionIndex.count)) / 2
            for (i, entry) in state.sectionIndex.enumerated() {
                display.add("index.\(entry.title)", Node(.text, frame: Rect(x: v.width - M.indexWidth, y: indexTop + Double(i) * entryHeight, width: M.indexWidth, height: entryHeight),
                                                         z: 12, style: ["align": "center", "verticalAlign": "center", "role": "button"],
                                                         text: [TextRun(entry.title, font: M.textFont, size: M.indexSize, weight: "semibold", color: M.tint)]))
            }
        }
    }

    // MARK: Rows

    static func addRows(_ state: DirectoryState, memo: inout DirectoryMemo.Groups, to display: inout DisplayList) {
        let list = state.list
        let band = renderedBand(state)
        let width = state.viewport.width, margin = state.viewport.layoutMargin
        let rowRight = state.tab == .contacts ? width - M.indexWidth : width
        let sticky = state.tab != .recents
        let selected = state.selectedRow
        let tab = state.tab
        for (sectionIndex, rows) in list.rows(in: band.minY, band.maxY) {
            var top = list.tops[sectionIndex]
            if sticky {
                // A plain table pins the header of the section at the top until the next one pushes it up.
                top = min(max(top, state.offset), list.tops[sectionIndex + 1] - list.headerHeight)
            }
            let headerKey = DirectoryGroupKey.header(tab: tab, section: sectionIndex)
            let headerInputs = DirectoryGroupInputs.header(top: top, width: width, margin: margin)
            if let group = memo.reuse(headerKey, inputs: headerInputs) {
                display.add(group)
            } else {
                var header = DisplayList()
                addHeader(state, section: list.sections[sectionIndex], top: top, sticky: sticky, to: &header)
                display.add(memo.store(headerKey, inputs: headerInputs, nodes: header.nodes))
            }
            let sectionRows = list.sections[sectionIndex].rows
            for r in rows {
                let top = list.rowTop(section: sectionIndex, row: r)
                let separator = r != sectionRows.count - 1
                let key: DirectoryGroupKey, background: DirectoryGroupKey, inputs: DirectoryGroupInputs, right: Double, isPerson: Bool
                switch sectionRows[r] {
                case .event(let i):
                    isPerson = false
                    key = .row(tab: tab, isPerson: false, index: i)
                    background = .rowBackground(tab: tab, isPerson: false, index: i)
                    right = width
                    inputs = .row(top: top, right: right, separator: separator, image: 0, width: width, margin: margin)
                case .person(let i):
                    isPerson = true
                    key = .row(tab: tab, isPerson: true, index: i)
                    background = .rowBackground(tab: tab, isPerson: true, index: i)
                    right = rowRight
                    inputs = .row(top: top, right: right, separator: separator, image: imageCode(state.pictures.state(of: i)),
                                  width: width, margin: margin)
                }
                let backgroundInputs = DirectoryGroupInputs.rowBackground(top: top, right: right, selected: selected == key)
                if let group = memo.reuse(background, inputs: backgroundInputs) {
                    display.add(group)
                } else {
                    display.add(memo.store(background, inputs: backgroundInputs,
                                           nodes: rowBackground(id: rowID(tab, sectionRows[r]), isPerson: isPerson, top: top, right: right,
                                                                selected: selected == key)))
                }
                if let group = memo.reuse(key, inputs: inputs) {
                    display.add(group)
                    continue
                }
                var row = DisplayList()
                switch sectionRows[r] {
                case .event(let i): addEventRow(state, index: i, top: top, right: width, separator: separator, to: &row)
                case .person(let i): addPersonRow(state, index: i, top: top, right: rowRight, separator: separator, to: &row)
                }
                display.add(memo.store(key, inputs: inputs, nodes: row.nodes))
            }
        }
    }

    /// The id of a row's background node, which the row's other node ids extend (`contacts.person.12`).
    static func rowID(_ tab: DirectoryTab, _ row: ListRow) -> String {
        switch row {
        case .event(let i): return "\(tab.rawValue).event.\(i)"
        case .person(let i): return "\(tab.rawValue).person.\(i)"
        }
    }

    /// A picture's state as a number for a row's inputs: 0 never asked for, 1 loading, 2 loaded, 3 failed.
    static func imageCode(_ state: ImageState?) -> UInt8 {
        switch state {
        case nil: return 0
        case .loading?: return 1
        case .loaded?: return 2
        case .failed?: return 3
        }
    }

    static func addHeader(_ state: DirectoryState, section: ListSection, top: Double, sticky: Bool, to display: inout DisplayList) {
        let width = state.viewport.width
        let margin = state.viewport.layoutMargin
        let list = state.list
        let id = "\(state.tab.rawValue).header.\(section.id)"
        if sticky {
            display.add(id, Node(.rect, frame: Rect(x: 0, y: top, width: width, height: list.headerHeight), z: 3, layer: .content,
                                 style: headerStyle))
            display.add(id + ".title", Node(.text, frame: Rect(x: margin, y: top, width: width - 2 * margin, height: list.headerHeight), z: 4, layer: .content,
                                            style: leftText,
                                            text: [TextRun(section.title, font: M.textFont, size: M.bodySize, weight: "semibold")]))
        } else {
            display.add(id + ".title", Node(.text, frame: Rect(x: margin, y: top + M.groupedHeaderTextTop, width: width - 2 * margin, height: M.groupedHeaderTextHeight),
                                            z: 4, layer: .content, style: ["align": "left", "verticalAlign": "center"],
                                            text: [TextRun(section.title.uppercased(), font: M.textFont, size: M.captionSize, color: M.groupedHeaderText)]))
        }
    }

    static func separator(id: String, left: Double, right: Double, bottom: Double, to display: inout DisplayList) {
        display.add(id + ".separator", Node(.line, frame: Rect(x: left, y: bottom - M.hairline, width: right - left, height: M.hairline), z: 2,
                                            layer: .content, style: separatorStyle))
    }

    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "27 Sep, 2018", in the scene's time zone.
    static func rowDate(_ seconds: Int, _ zone: SceneTimeZone) -> String {
        let date = zone.civilDate(seconds)
        return "\(date.day) \(shortMonths[date.month - 1]), \(date.year)"
    }

    /// An event row: the name at the leading layout margin, the date right-aligned at the trailing one.
    static func addEventRow(_ state: DirectoryState, index: Int, top: Double, right: Double, separator hasSeparator: Bool, to display: inout DisplayList) {
        let event = state.events[index]
        let id = rowID(state.tab, .event(index))
        let margin = state.viewport.layoutMargin
        let height = M.eventRowHeight
        display.add(id + ".name", Node(.text, frame: Rect(x: margin, y: top, width: max(0, right - 2 * margin - M.dateWidth - M.systemSpacing), height: height),
                                       z: 2, layer: .content, style: leftLine,
                                       text: [TextRun(event.name, font: M.textFont, size: M.bodySize)]))
        display.add(id + ".date", Node(.text, frame: Rect(x: right - margin - M.dateWidth, y: top, width: M.dateWidth, height: height),
                                       z: 2, layer: .content, style: rightLine,
                                       text: [TextRun(rowDate(event.date, state.timeZone), font: M.textFont, size: M.captionSize, color: M.secondaryText)]))
        if hasSeparator { separator(id: id, left: margin, right: right, bottom: top + height, to: &display) }
    }

    /// A person row: the 4:3 profile image inset by the system spacing and centred vertically,
    /// the name (sort value bold on the Contacts tab) and "Age: N" when known.
    static func addPersonRow(_ state: DirectoryState, index: Int, top: Double, right: Double, separator hasSeparator: Bool, to display: inout DisplayList) {
        let person = state.people[index]
        let id = rowID(state.tab, .person(index))
        let height = M.personRowHeight

        let imageFrame = Rect(x: M.systemSpacing, y: top + (height - M.imageHeight) / 2, width: M.imageWidth, height: M.imageHeight)
        let picture = state.pictures.state(of: index)
        let imageState = ImageState.styleName(picture, hasPicture: person.profilePicture != nil)
        var asset = DirectoryImages.placeholder
        if case .loaded(let id)? = picture { asset = id }
        display.add(id + ".image", Node(.image, frame: imageFrame, z: 2, layer: .content,
                                        style: imageStyles[imageState]!, image: asset))

        let textLeft = imageFrame.maxX + M.systemSpacing
        let textWidth = max(0, right - textLeft - M.systemSpacing)
        let nameTop = person.age == nil ? top + (height - M.nameHeight) / 2 : top + M.nameTop
        display.add(id + ".name", Node(.text, frame: Rect(x: textLeft, y: nameTop, width: textWidth, height: M.nameHeight), z: 2, layer: .content,
                                       style: leftLine,
                                       text: nameRuns(person, highlightSortValue: state.tab == .contacts)))
        if let age = person.age {
            display.add(id + ".age", Node(.text, frame: Rect(x: textLeft, y: top + M.ageTop, width: textWidth, height: M.ageHeight), z: 2, layer: .content,
                                          style: leftLine,
                                          text: [TextRun("Age: \(age)", font: M.textFont, size: M.captionSize, color: M.secondaryText)]))
        }
        if hasSeparator { separator(id: id, left: textLeft, right: right, bottom: top + height, to: &display) }
    }

    /// The full name as runs; with `highlightSortValue` the value people are sorted by is bold.
    static func nameRuns(_ person: Person, highlightSortValue: Bool) -> [TextRun] {
        func run(_ text: String, bold: Bool) -> TextRun {
            TextRun(text, font: M.textFont, size: M.bodySize, weight: bold ? "bold" : "regular")
        }
        guard highlightSortValue else { return [run(person.fullName, bold: false)] }
        guard let last = person.lastName else { return [run(person.firstName, bold: true)] }
        return [run(person.firstName + " ", bold: false), run(last, bold: true)]
    }
}
