/// The nodes of a screen that say something, in the order a person reads them: what the screen
/// as text (``ScreenText``) writes and what a front end tells assistive technology
/// (`snapshot {"as":"accessibility"}`), from one rule (PROTOCOL.md section 3, "The screen as
/// text" and "What assistive technology is told").
///
/// - which nodes: the visible ones that are text, image or movie nodes or have a `role`;
///   rectangles, lines and circles without a role are decoration;
/// - the order: the screen above the scroll content, the content, what lies beside it (an index
///   strip, an alert over it), the screen below it; each in `find`'s screen order (top, then
///   left, then draw order);
/// - a role node's own nodes (ids extending its id) follow it a level deeper; its text nodes make
///   its accessible name and are not entries of their own.
public struct ReadingOrder: Sendable {
    /// One node as read.
    public struct Entry: Sendable {
        public var found: FoundNode
        /// 0, or one more than the role node this node belongs to.
        public var depth: Int
        /// The role node whose id this node's id extends, which it is read under.
        public var owner: String?
    }

    public var entries: [Entry]
    /// The display has an alert (`alert.box`, PROTOCOL.md section 4's shared alert nodes).
    public var alertShown: Bool

    /// The screen of `display` in a viewport of `width` x `height` points; with `ids`, only the
    /// nodes whose ids are one of them or extend one by whole components (a region of the screen).
    public init(display: DisplayList, width: Double, height: Double, ids: [String] = []) {
        var rendered = Set<String>()
        let all = display.allNodes
        for (id, _) in all { rendered.insert(id) }
        alertShown = rendered.contains(Alert.boxID)
        var search = NodeSearch(query: NodeQuery(), viewport: Rect(x: 0, y: 0, width: width, height: height),
                                content: display.content, rendered: rendered, namesEveryRoleNode: true)
        for (id, node) in all { search.consider(id, node) }
        let queries = ids.map { NodeQuery(id: $0) }
        let shown = search.matches().filter { found in
            found.visible && ReadingOrder.saysSomething(found.node) && (queries.isEmpty || queries.contains { $0.idMatches(found.id) })
        }
        var roleIDs = Set<String>()
        for found in shown where found.node.style["role"] != nil { roleIDs.insert(found.id) }
        let band = display.content?.frame
        func region(_ found: FoundNode) -> Int {
            guard let band, found.node.layer == .screen else { return 1 }
            let middle = found.frame.y + found.frame.height / 2
            return middle < band.y ? 0 : middle >= band.y + band.height ? 3 : 2
        }
        let ordered = shown.enumerated().sorted { (region($0.element), $0.offset) < (region($1.element), $1.offset) }.map(\.element)
        var owned: [String: [FoundNode]] = [:]
        var top: [FoundNode] = []
        for found in ordered {
            if let owner = ScreenText.owner(of: found.id, among: roleIDs) { owned[owner, default: []].append(found) } else { top.append(found) }
        }
        var entries: [Entry] = []
        func add(_ found: FoundNode, depth: Int, owner: String?) {
            if depth > 0 && found.node.style["role"] == nil && found.node.kind == .text { return }  // the role node's name reads it
            entries.append(Entry(found: found, depth: depth, owner: owner))
            for child in owned[found.id] ?? [] { add(child, depth: depth + 1, owner: found.id) }
        }
        for found in top { add(found, depth: 0, owner: nil) }
        self.entries = entries
    }

    /// What assistive technology is told: the entries, or only the alert's while an alert shows
    /// (the display has `alert.box`), since it is modal.
    public var accessible: [Entry] {
        alertShown ? entries.filter { Alert.owns($0.found.id) } : entries
    }

    /// A text, an image, a movie, or a node with a role; not decoration.
    static func saysSomething(_ node: Node) -> Bool {
        if node.style["role"] != nil { return true }
        switch node.kind {
        case .text, .image, .movie: return true
        default: return false
        }
    }

    /// An image's asset (`image`), or a movie's (`style.movie`); nil for other kinds.
    public static func asset(of node: Node) -> String? {
        switch node.kind {
        case .image: return node.image
        case .movie: if case .string(let movie)? = node.style["movie"] { return movie } else { return nil }
        default: return nil
        }
    }

    /// The states a person is told of a node, in this order: `selected` (`selected` true),
    /// `disabled` (`enabled` false), and an image's `loading` or `failed` (`imageState`).
    public static func states(of node: Node) -> [String] {
        var states: [String] = []
        if case .bool(true)? = node.style["selected"] { states.append("selected") }
        if case .bool(false)? = node.style["enabled"] { states.append("disabled") }
        if case .string(let state)? = node.style["imageState"], state == "loading" || state == "failed" { states.append(state) }
        return states
    }
}

extension ReadingOrder.Entry {
    /// The entry as `snapshot {"as":"accessibility"}` lists it: `id`, `kind`, `role` (a role
    /// node's), `name` (a role node's accessible name, a text node's text), `asset` (an image's or
    /// movie's), `states`, `depth` and `parent` (the role node it is read under), `layer` and
    /// `frame` (on screen at the current scroll, not clipped, as `find` gives it).
    public var accessibleJSON: JSON {
        let node = found.node
        var object = JSONObject()
        object["id"] = .string(found.id)
        object["kind"] = .string(node.kind.rawValue)
        if let role = node.style["role"] {
            object["role"] = role
            object["name"] = .string(found.name ?? "")
        } else if node.kind == .text {
            object["name"] = .string(found.text ?? "")
        }
        if let asset = ReadingOrder.asset(of: node) { object["asset"] = .string(asset) }
        object["states"] = .array(ReadingOrder.states(of: node).map(JSON.string))
        object["depth"] = .number(Double(depth))
        if let owner { object["parent"] = .string(owner) }
        object["layer"] = .string(node.layer.rawValue)
        object["frame"] = found.frame.json
        return .object(object)
    }
}
