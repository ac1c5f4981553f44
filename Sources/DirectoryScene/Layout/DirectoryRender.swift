import SceneryCore

/// Everything the rows are drawn from except the selection: equal frames draw the same rows.
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

/// A part of the Directory screen: its key and what its nodes are built from.
public struct DirectoryPart: ScreenPart {
    public let key: DirectoryGroupKey
    let inputs: DirectoryGroupInputs

    public func nodes() -> [(id: String, node: Node)] { DirectoryRender.nodes(key, inputs) }
    public func mayMatch(_ query: NodeQuery) -> Bool { DirectoryRender.mayMatch(key, inputs, query) }
}

/// A part of the Directory screen: the chrome, a section header, a row, or a row's background.
public enum DirectoryGroupKey: Hashable, Sendable {
    case chrome
    case header(tab: DirectoryTab, section: Int)
    /// A row of a tab: an event or a person, by index in the data. The row's background (which
    /// shows the selection) is a part of its own, so selecting a row rebuilds one node.
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

/// What a part's nodes are built from, all of it (the row's event or person included: its
/// strings are shared with the data, so comparing them costs a pointer comparison).
public enum DirectoryGroupInputs: Equatable, Sendable {
    /// The bars, title, tab items and the section index (`index`: its titles, a JSON array).
    case chrome(tab: DirectoryTab, viewport: Viewport, index: JSON)
    case header(tab: DirectoryTab, id: String, title: String, sticky: Bool, top: Double, width: Double, height: Double, margin: Double)
    case event(Event, zone: SceneTimeZone, top: Double, right: Double, separator: Bool, margin: Double)
    case person(Person, picture: ImageState?, contacts: Bool, top: Double, right: Double, separator: Bool)
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
    static let selectedRowStyle: JSONObject = ["background": .string(M.selectedRowBackground), "role": "row", "selected": true]
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

    /// The screen of `state`: the chrome, then the section headers and rows of the rendered
    /// band, then the rows' backgrounds, which alone show the selection: a tap on a row walks
    /// the backgrounds, not the rows.
    static func render(_ state: DirectoryState, into screen: inout Screen<DirectoryPart>) -> JSON {
        let viewport = state.viewport
        screen.content = ScrollContent(frame: listFrame(viewport), width: viewport.width, height: state.list.contentHeight, offsetY: state.offset)
        screen.add(DirectoryPart(key: .chrome, inputs: .chrome(tab: state.tab, viewport: viewport, index: state.sectionIndexJSON)))
        let frame = DirectoryFrame(state)
        screen.section("rows", inputs: frame, with: state) { screen, state in addRows(state, to: &screen) }
        let selected = state.selectedRow
        screen.section("backgrounds", inputs: BackgroundsInputs(frame: frame, selected: selected), with: state) { screen, state in
            addRowBackgrounds(state, selected: selected, to: &screen)
        }
        return model(state)
    }

    /// What the rows' backgrounds are drawn from: the frame and the selected row.
    struct BackgroundsInputs: Equatable {
        var frame: DirectoryFrame
        var selected: DirectoryGroupKey?
    }

    /// The nodes of the part `key` built from `inputs`.
    static func nodes(_ key: DirectoryGroupKey, _ inputs: DirectoryGroupInputs) -> [(id: String, node: Node)] {
        var nodes = DisplayList()
        switch (key, inputs) {
        case (_, .chrome(let tab, let viewport, let index)):
            let background = tab == .recents ? M.groupedBackground : M.rowBackground
            nodes.add("background", Node(.rect, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                                         style: ["background": .string(background)]))
            addChrome(tab: tab, viewport: viewport, index: index, to: &nodes)
        case (_, .header(let tab, let id, let title, let sticky, let top, let width, let height, let margin)):
            addHeader(tab: tab, id: id, title: title, sticky: sticky, top: top, width: width, height: height, margin: margin, to: &nodes)
        case (.row(let tab, _, let index), .event(let event, let zone, let top, let right, let separator, let margin)):
            addEventRow(event, id: rowID(tab, .event(index)), zone: zone, top: top, right: right, margin: margin, separator: separator, to: &nodes)
        case (.row(let tab, _, let index), .person(let person, let picture, let contacts, let top, let right, let separator)):
            addPersonRow(person, id: rowID(tab, .person(index)), picture: picture, contacts: contacts, top: top, right: right,
                         separator: separator, to: &nodes)
        case (.rowBackground(let tab, let isPerson, let index), .rowBackground(let top, let right, let selected)):
            return rowBackground(id: rowID(tab, isPerson ? .person(index) : .event(index)), isPerson: isPerson, top: top, right: right,
                                 selected: selected)
        default:
            break
        }
        return nodes.nodes
    }

    /// The background node of a row (its id is the row's id), which shows whether the row is selected.
    static func rowBackground(id: String, isPerson: Bool, top: Double, right: Double, selected: Bool) -> [(id: String, node: Node)] {
        [(id, Node(.rect, frame: Rect(x: 0, y: top, width: right, height: isPerson ? M.personRowHeight : M.eventRowHeight), z: 1,
                   layer: .content, style: selected ? selectedRowStyle : rowStyle))]
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
}
