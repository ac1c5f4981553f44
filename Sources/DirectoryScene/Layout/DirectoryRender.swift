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
}
