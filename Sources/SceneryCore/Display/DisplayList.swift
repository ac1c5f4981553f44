/// What a scene shows: its nodes by id (loose or in groups), and its scroll content if it has one.
///
/// Node ids are unique across the whole list; when an id repeats, the first node wins.
public struct DisplayList: Sendable {
    /// Nodes added one by one; the engine compares them with the previous render's by value.
    public var nodes: [(id: String, node: Node)] = []
    /// Groups of nodes; the engine skips a group the previous render had (see ``NodeGroup``).
    public var groups: [NodeGroup] = []
    public var content: ScrollContent?

    public init(content: ScrollContent? = nil) { self.content = content }

    public mutating func add(_ id: String, _ node: Node) { nodes.append((id, node)) }
    public mutating func add(_ group: NodeGroup) { groups.append(group) }

    /// Every node, loose ones first, then group by group.
    public var allNodes: [(id: String, node: Node)] {
        groups.isEmpty ? nodes : nodes + groups.flatMap(\.nodes)
    }

    /// The node with this id (the first one when the id repeats).
    public func node(_ id: String) -> Node? {
        for (nodeID, node) in nodes where canonicalKeyEquals(nodeID, id) { return node }
        let bit = NodeGroup.idBit(id)
        for group in groups where group.idFilter.mayContain(bit) {
            if let node = group.node(id) { return node }
        }
        return nil
    }

    /// Every node by id, sorted by id in code point order. Ids should be unique; when one
    /// repeats, the diff and the document keep the same one (see ``merged(_:)``).
    public func sortedNodes() -> (ids: [String], nodes: [Node]) {
        let all = DisplayList.merged([DisplayList.sortedByID(nodes)] + groups.map(\.nodes))
        return (all.map(\.id), all.map(\.node))
    }

    /// The `display` part of the state document.
    public var json: JSON {
        let (ids, nodes) = sortedNodes()
        var display = JSONObject()
        display["content"] = content?.json ?? .null
        display["nodes"] = .object(JSONObject(sortedKeys: ids, values: nodes.map(\.json)))
        return .object(display)
    }

    /// The id of the topmost node under `point` (screen coordinates): higher `z` above lower,
    /// and for equal `z` the later id in code point order, the order front ends draw in.
    /// Content nodes count only inside the content frame, where they are visible.
    public func hitTest(_ point: Point) -> String? {
        var best: (z: Int, id: String)?
        func consider(_ id: String, _ node: Node) {
            var frame = node.frame
            if node.layer == .content {
                guard let content, content.frame.contains(point) else { return }
                frame = frame.offsetBy(dx: content.frame.x, dy: content.frame.y - content.offsetY)
            }
            guard frame.contains(point) else { return }
            if let current = best, node.z < current.z || (node.z == current.z && canonicalKeyPrecedes(id, current.id)) { return }
            best = (node.z, id)
        }
        for (id, node) in nodes { consider(id, node) }
        for group in groups {
            for (id, node) in group.nodes { consider(id, node) }
        }
        return best?.id
    }

    /// The same list with its loose nodes in id order (stable), as groups keep theirs: the next
    /// diff against it then finds them sorted instead of sorting them again.
    public func withLooseNodesSorted() -> DisplayList {
        var list = self
        list.nodes = DisplayList.sortedByID(nodes)
        return list
    }
}
