extension DisplayList {
    /// The RFC 6902 operations that turn `old`'s `display` JSON into this list's, for a display
    /// found at `path` (`"/display"`): the content first, then the nodes in id order, the order a
    /// diff of the two JSON documents gives.
    ///
    /// Only nodes that may have changed are looked at: loose nodes, and the nodes of groups that
    /// are not in both lists (see ``NodeGroup``). A command that changes one row costs that row.
    public func patch(from old: DisplayList, at path: String) -> [JSON] {
        var operations: [JSON] = []
        let oldContent = old.content?.json ?? .null, newContent = content?.json ?? .null
        if oldContent != newContent {
            JSONPatch.diff(oldContent, newContent, path: path + "/content", into: &operations)
        }

        let oldGroups = Set(old.groups.map(ObjectIdentifier.init))
        let newGroups = Set(groups.map(ObjectIdentifier.init))
        var before: [String: Node] = [:]
        for (id, node) in old.nodes where before[id] == nil { before[id] = node }
        for group in old.groups where !newGroups.contains(ObjectIdentifier(group)) {
            for (id, node) in group.nodes where before[id] == nil { before[id] = node }
        }
        var after: [String: Node] = [:]
        var afterOrder: [String] = []
        for (id, node) in nodes where after[id] == nil { after[id] = node; afterOrder.append(id) }
        for group in groups where !oldGroups.contains(ObjectIdentifier(group)) {
            for (id, node) in group.nodes where after[id] == nil { after[id] = node; afterOrder.append(id) }
        }

        // (id, operations) for every node that changed, sorted by id at the end.
        var changes: [(id: String, operations: [JSON])] = []
        let nodesPath = path + "/nodes/"
        for id in afterOrder {
            let node = after[id]!
            if let previous = before[id] {
                guard previous != node else { continue }
                var nodeOperations: [JSON] = []
                JSONPatch.diff(previous.json, node.json, path: nodesPath + JSONPointer.escape(id), into: &nodeOperations)
                changes.append((id, nodeOperations))
            } else {
                changes.append((id, [JSONPatch.operation("add", nodesPath + JSONPointer.escape(id), node.json)]))
            }
        }
        for (id, _) in before where after[id] == nil {
            changes.append((id, [JSONPatch.operation("remove", nodesPath + JSONPointer.escape(id), nil)]))
        }
        changes.sort { canonicalKeyPrecedes($0.id, $1.id) }
        for change in changes { operations += change.operations }
        return operations
    }
}
