/// One node `find` reports: where it is on screen now, whether it is a node of the display list
/// and shows, and what a person reads on it.
public struct FoundNode: Sendable {
    public var id: String
    public var node: Node
    /// On screen, in points, at the current scroll (a content node moved by the content's
    /// offset and frame), not clipped.
    public var frame: Rect
    /// The node is in `display.nodes` now.
    public var rendered: Bool
    /// Rendered, not fully transparent, and something of its frame is inside the viewport (and,
    /// for a content node, the content frame).
    public var visible: Bool
    /// A text node's text: its runs joined.
    public var text: String?
    /// A role node's accessible name.
    public var name: String?

    /// The match as `find`'s result lists it.
    public var json: JSON {
        var object = JSONObject()
        object["id"] = .string(id)
        object["kind"] = .string(node.kind.rawValue)
        object["layer"] = .string(node.layer.rawValue)
        object["frame"] = frame.json
        object["rendered"] = .bool(rendered)
        object["visible"] = .bool(visible)
        if let text { object["text"] = .string(text) }
        if let role = node.style["role"] { object["role"] = role }
        if let name { object["name"] = .string(name) }
        if let selected = node.style["selected"] { object["selected"] = selected }
        if let enabled = node.style["enabled"] { object["enabled"] = enabled }
        return .object(object)
    }
}

/// Finds nodes the way a person does: by what they read, what they are, and where they are.
///
/// It is handed every node of the screen as it would be with the whole scroll content rendered
/// (``Screen/init(wholeContent:)``), one at a time, and keeps only what the query may need, so
/// that searching 100,000 rows holds their matches, not their nodes.
public struct NodeSearch {
    public let query: NodeQuery
    /// The viewport, the scroll content as it is now, and the ids of the nodes in the display list.
    let viewport: Rect
    let content: ScrollContent?
    let rendered: Set<String>

    /// Candidates so far: nodes that pass every test but the accessible name.
    private var candidates: [(id: String, node: Node)] = []
    /// With a role query, every text node's id and text (a role node's name is read from them).
    private var texts: [(id: String, text: String, frame: Rect)] = []

    /// Whether every role node gets its accessible name, not only those a role query looks for
    /// (the screen as text names every button and row).
    let namesEveryRoleNode: Bool

    public init(query: NodeQuery, viewport: Rect, content: ScrollContent?, rendered: Set<String>, namesEveryRoleNode: Bool = false) {
        self.query = query; self.viewport = viewport; self.content = content; self.rendered = rendered
        self.namesEveryRoleNode = namesEveryRoleNode
    }

    /// Whether role nodes are named: a role query, or ``namesEveryRoleNode``.
    private var naming: Bool { query.role != nil || namesEveryRoleNode }

    /// A text node's text: its runs joined.
    public static func text(of node: Node) -> String {
        node.text.count == 1 ? node.text[0].text : node.text.map(\.text).joined()
    }

    /// Looks at one node of the screen.
    public mutating func consider(_ id: String, _ node: Node) {
        if naming, node.kind == .text {
            texts.append((id, NodeSearch.text(of: node), node.frame))
        }
        guard query.idMatches(id) else { return }
        if let role = query.role {
            guard case .string(let nodeRole)? = node.style["role"], nodeRole == role else { return }
        }
        if query.text != nil {
            guard node.kind == .text, query.textMatches(pieces: node.text.map(\.text)) else { return }
        }
        candidates.append((id, node))
    }

    /// Where `frame` (in `layer`'s coordinates) is on screen now.
    public func onScreen(_ frame: Rect, layer: Node.Layer) -> Rect {
        guard layer == .content, let content else { return frame }
        return frame.offsetBy(dx: content.frame.x, dy: content.frame.y - content.offsetY)
    }

    /// Whether a node at `frame` on screen shows something: inside the viewport and, on the
    /// content layer, the content frame; a zero-width or zero-height frame (a line) counts.
    func shows(_ frame: Rect, layer: Node.Layer, opacity: Double) -> Bool {
        guard opacity > 0 else { return false }
        var clip = viewport
        if layer == .content, let content { clip = clip.intersection(content.frame) ?? .zero }
        guard let seen = frame.intersection(clip) else { return false }
        return seen.width > 0 || seen.height > 0
    }

    /// The matches, in screen order (top, then left, then draw order), every one of them.
    public func matches() -> [FoundNode] {
        // Names: a role node is named by the text nodes whose ids extend its id.
        var names: [String: [(text: String, frame: Rect)]] = [:]
        if naming {
            let roleIDs = Set(candidates.lazy.filter { $0.node.style["role"] != nil }.map(\.id))
            for entry in texts {
                var end = entry.id.endIndex
                while let dot = entry.id[..<end].lastIndex(of: ".") {
                    let prefix = String(entry.id[..<dot])
                    if roleIDs.contains(prefix) { names[prefix, default: []].append((entry.text, entry.frame)) }
                    end = dot
                }
            }
        }
        var found: [FoundNode] = []
        found.reserveCapacity(candidates.count)
        for (id, node) in candidates {
            var name: String?
            if naming, node.style["role"] != nil {
                let parts = (names[id] ?? []).sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
                // A text node with a role reads its own text first (the section index's letters).
                let own = node.kind == .text ? [NodeSearch.text(of: node)] : []
                name = NodeQuery.collapsed((own + parts.map(\.text)).joined(separator: " "))
                guard query.nameMatches(name!) else { continue }
            }
            let frame = onScreen(node.frame, layer: node.layer)
            let isRendered = rendered.contains(id)
            var opacity = 1.0
            if case .number(let value)? = node.style["opacity"] { opacity = value }
            found.append(FoundNode(id: id, node: node, frame: frame, rendered: isRendered,
                                   visible: isRendered && shows(frame, layer: node.layer, opacity: opacity),
                                   text: node.kind == .text ? NodeSearch.text(of: node) : nil, name: name))
        }
        found.sort { a, b in
            if a.frame.y != b.frame.y { return a.frame.y < b.frame.y }
            if a.frame.x != b.frame.x { return a.frame.x < b.frame.x }
            if a.node.z != b.node.z { return a.node.z < b.node.z }
            return canonicalKeyPrecedes(a.id, b.id)
        }
        return found
    }
}
