extension DisplayList {
    /// The RFC 6902 operations that turn `old`'s `display` JSON into this list's, for a display
    /// found at `path` (`"/display"`): the content first, then the nodes in id order, the order a
    /// diff of the two JSON documents gives.
    ///
    /// Only nodes that may have changed are compared: loose nodes, and the nodes of groups that
    /// are not in both lists (see ``NodeGroup``). A command that changes one row costs that row.
    public func patch(from old: DisplayList, at path: String) -> [JSON] {
        var operations: [JSON] = []
        if old.content != content {
            JSONPatch.diff(old.content?.json ?? .null, content?.json ?? .null, path: path + "/content", into: &operations)
        }
        var before = old.nodes, after = nodes
        let (gone, new) = DisplayList.changedGroups(old.groups, groups)
        for group in gone { before += group.nodes }
        for group in new { after += group.nodes }
        DisplayList.diffNodes(DisplayList.sortedUnique(before), DisplayList.sortedUnique(after),
                              path: path + "/nodes/", into: &operations)
        return operations
    }

    /// The groups only `old` has and the groups only `new` has, by identity. Renders through a
    /// memo keep groups in the same order, so groups are first matched position by position.
    static func changedGroups(_ old: [NodeGroup], _ new: [NodeGroup]) -> (gone: [NodeGroup], new: [NodeGroup]) {
        if old.count == new.count {
            var gone: [NodeGroup] = [], added: [NodeGroup] = []
            for (a, b) in zip(old, new) where a !== b {
                gone.append(a)
                added.append(b)
            }
            if gone.count <= 4 { return (gone, added) }
        }
        let oldSet = Set(old.map(ObjectIdentifier.init)), newSet = Set(new.map(ObjectIdentifier.init))
        return (old.filter { !newSet.contains(ObjectIdentifier($0)) }, new.filter { !oldSet.contains(ObjectIdentifier($0)) })
    }

    /// The nodes sorted by id; of a repeated id, the first.
    static func sortedUnique(_ nodes: [(id: String, node: Node)]) -> [(id: String, node: Node)] {
        guard nodes.count > 1 else { return nodes }
        let order = nodes.indices.sorted {
            let a = nodes[$0].id, b = nodes[$1].id
            return a == b ? $0 < $1 : canonicalKeyPrecedes(a, b)
        }
        var sorted: [(id: String, node: Node)] = []
        sorted.reserveCapacity(order.count)
        for index in order where sorted.last?.id != nodes[index].id { sorted.append(nodes[index]) }
        return sorted
    }

    /// Operations between two id-sorted node lists, in id order.
    static func diffNodes(_ before: [(id: String, node: Node)], _ after: [(id: String, node: Node)], path: String, into operations: inout [JSON]) {
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if j == after.count || (i < before.count && canonicalKeyPrecedes(before[i].id, after[j].id)) {
                operations.append(JSONPatch.operation("remove", path + JSONPointer.escape(before[i].id), nil))
                i += 1
            } else if i == before.count || before[i].id != after[j].id {
                operations.append(JSONPatch.operation("add", path + JSONPointer.escape(after[j].id), after[j].node.json))
                j += 1
            } else {
                if before[i].node != after[j].node {
                    JSONPatch.diff(before[i].node.json, after[j].node.json, path: path + JSONPointer.escape(after[j].id), into: &operations)
                }
                i += 1
                j += 1
            }
        }
    }
}
