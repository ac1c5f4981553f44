extension DisplayList {
    /// The RFC 6902 operations that turn `old`'s `display` JSON into this list's, for a display
    /// found at `path` (`"/display"`): the content first, then the nodes in id order, the order a
    /// diff of the two JSON documents gives.
    ///
    /// Only nodes that may have changed are compared: loose nodes, and the nodes of groups that
    /// are not in both lists (see ``NodeGroup``). A command that changes one row costs that row.
    public func patch(from old: DisplayList, at path: String) -> [JSON] {
        var patch = PatchWriter()
        self.patch(from: old, at: path, into: &patch)
        return patch.operations
    }

    /// The same, written into `patch`.
    public func patch(from old: DisplayList, at path: String, into patch: inout PatchWriter) {
        if old.content != content {
            ScrollContent.diff(old.content, content, path: PatchPath(path).child("content"), into: &patch)
        }
        let (gone, new) = DisplayList.changedGroups(old.groups, groups)
        DisplayList.patchNodes(gone: gone, new: new, oldLoose: old.nodes, newLoose: nodes, at: path, into: &patch)
    }

    /// The operations after this list was updated in place: groups `gone` were replaced by
    /// `new`, one for one (see ``SceneRenderer``); the content and the loose nodes are as they
    /// were.
    @usableFromInline
    func patch(replaced gone: [NodeGroup], by new: [NodeGroup], at path: String, into patch: inout PatchWriter) {
        DisplayList.patchNodes(gone: gone, new: new, oldLoose: nodes, newLoose: nodes, at: path, into: &patch)
    }

    /// The node operations between the groups that went with `oldLoose` and the groups that came
    /// with `newLoose`.
    static func patchNodes(gone: [NodeGroup], new: [NodeGroup], oldLoose: [(id: String, node: Node)], newLoose: [(id: String, node: Node)],
                           at path: String, into patch: inout PatchWriter) {
        if gone.isEmpty && new.isEmpty && oldLoose.isEmpty && newLoose.isEmpty { return }
        let nodesPath = path + "/nodes"
        if oldLoose.isEmpty && newLoose.isEmpty, let slots = DisplayList.separateSlots(gone, new) {
            // The common case (a command changed, added or removed a few rows): each changed
            // group is diffed with the one it replaced, in id order, without merging node lists.
            for (before, after) in slots {
                DisplayList.diffNodes(before?.nodes ?? [], after?.nodes ?? [], path: nodesPath, into: &patch)
            }
            return
        }
        if oldLoose.isEmpty && newLoose.isEmpty && gone.count + new.count <= 8 {
            // A few changed groups whose ids interleave (the Hoo header's falls between the
            // bottom text's and the overlay's): walked in id order as they are, not merged.
            DisplayList.diffNodes(walking: gone.map(\.nodes), new.map(\.nodes), path: nodesPath, into: &patch)
            return
        }
        let before = DisplayList.merged([DisplayList.sortedByID(oldLoose)] + gone.map(\.nodes))
        let after = DisplayList.merged([DisplayList.sortedByID(newLoose)] + new.map(\.nodes))
        DisplayList.diffNodes(before, after, path: nodesPath, into: &patch)
    }

    /// The entries of a few id-sorted lists in id order, as ``merged(_:)`` would list them
    /// (lists ordered by their first id; of a repeated id, the first listed wins), read in
    /// place instead of copied into one array.
    struct MergedWalk {
        let lists: [[(id: String, node: Node)]]
        var heads: [Int]
        /// The last id taken, to skip its repeats.
        var last: String?

        init(_ lists: [[(id: String, node: Node)]]) {
            let parts = lists.filter { !$0.isEmpty }
            let firsts = parts.map { $0[0].id }
            self.lists = parts.indices.sorted {
                firsts[$0] == firsts[$1] ? $0 < $1 : canonicalKeyPrecedes(firsts[$0], firsts[$1])
            }.map { parts[$0] }
            heads = Array(repeating: 0, count: self.lists.count)
        }

        /// The list holding the next entry, or nil at the end.
        mutating func next() -> Int? {
            while true {
                var best = -1
                for p in lists.indices where heads[p] < lists[p].count {
                    if best < 0 || canonicalKeyPrecedes(lists[p][heads[p]].id, lists[best][heads[best]].id) { best = p }
                }
                guard best >= 0 else { return nil }
                if let last, canonicalKeyEquals(last, lists[best][heads[best]].id) {
                    heads[best] += 1  // a repeated id: the first one listed was taken
                    continue
                }
                last = lists[best][heads[best]].id
                return best
            }
        }

        func peek(_ list: Int) -> (id: String, node: Node) { lists[list][heads[list]] }
        mutating func advance(_ list: Int) { heads[list] += 1 }
    }

    /// ``diffNodes(_:_:path:into:)`` over the lists `before` and `after` would merge into.
    static func diffNodes(walking before: [[(id: String, node: Node)]], _ after: [[(id: String, node: Node)]], path: String,
                          into patch: inout PatchWriter) {
        var old = MergedWalk(before), new = MergedWalk(after)
        var i = old.next(), j = new.next()
        while i != nil || j != nil {
            if let a = i, j == nil || canonicalKeyPrecedes(old.peek(a).id, new.peek(j!).id) {
                patch.append("remove", PatchPath(prefix: path, old.peek(a).id), nil)
                old.advance(a)
                i = old.next()
            } else if let b = j, i == nil || !canonicalKeyEquals(old.peek(i!).id, new.peek(b).id) {
                let (id, node) = new.peek(b)
                patch.append("add", PatchPath(prefix: path, id)) { node.write(to: &$0) }
                new.advance(b)
                j = new.next()
            } else {
                let (id, node) = new.peek(j!)
                Node.diff(old.peek(i!).node, node, path: PatchPath(prefix: path, id), into: &patch)
                old.advance(i!)
                new.advance(j!)
                i = old.next()
                j = new.next()
            }
        }
    }

    /// The changed groups as slots in id order, when each can be diffed on its own and the
    /// operations come out as a diff of all their nodes would give them: a slot is a group that
    /// went, a group that came, or one that replaced another starting with the same id; no id
    /// repeats inside a group, and the id ranges of the slots do not overlap. Otherwise `nil`.
    /// Empty groups show nothing and are left out.
    static func separateSlots(_ gone: [NodeGroup], _ new: [NodeGroup]) -> [(NodeGroup?, NodeGroup?)]? {
        var slots: [(NodeGroup?, NodeGroup?)] = []
        slots.reserveCapacity(max(gone.count, new.count))
        for group in gone where !group.nodes.isEmpty {
            guard group.hasUniqueIDs else { return nil }
            slots.append((group, nil))
        }
        let firstNew = slots.count
        for group in new where !group.nodes.isEmpty {
            guard group.hasUniqueIDs else { return nil }
            // The usual case pairs gone and new in the same order: try the same position first.
            let k = slots.count - firstNew
            if k < firstNew, slots[k].1 == nil, canonicalKeyEquals(slots[k].0!.nodes[0].id, group.nodes[0].id) {
                slots[k].1 = group
            } else if let match = slots[..<firstNew].firstIndex(where: { $0.1 == nil && canonicalKeyEquals($0.0!.nodes[0].id, group.nodes[0].id) }) {
                slots[match].1 = group
            } else {
                slots.append((nil, group))
            }
        }
        func first(_ slot: (NodeGroup?, NodeGroup?)) -> String { (slot.0 ?? slot.1!).nodes[0].id }
        func last(_ slot: (NodeGroup?, NodeGroup?)) -> String {
            guard let a = slot.0?.nodes.last?.id else { return slot.1!.nodes.last!.id }
            guard let b = slot.1?.nodes.last?.id else { return a }
            return canonicalKeyPrecedes(a, b) ? b : a
        }
        if slots.count > 1 {
            if slots.count == 2 {
                // The usual tap (two parts changed): put in order without a sort.
                if canonicalKeyPrecedes(first(slots[1]), first(slots[0])) { slots.swapAt(0, 1) }
            } else {
                // Each section's changed groups come in its order, mostly id order already: a
                // merge of those runs, each slot's first id read once.
                let firsts = slots.map(first)
                let order = DisplayList.mergeSortedOrder(slots.count) { canonicalKeyPrecedes(firsts[$0], firsts[$1]) }
                slots = order.map { slots[$0] }
            }
            for k in 1..<slots.count {
                // The next slot starts after everything in this one.
                guard canonicalKeyPrecedes(last(slots[k - 1]), first(slots[k])) else { return nil }
            }
        }
        return slots
    }
    /// The groups only `old` has and the groups only `new` has, by identity. A scene's
    /// successive renders keep groups in the same order, a few changed, added or removed, so the lists
    /// are walked side by side, looking a few groups ahead to get back in step; only when that
    /// fails are they compared as sets.
    static func changedGroups(_ old: [NodeGroup], _ new: [NodeGroup]) -> (gone: [NodeGroup], new: [NodeGroup]) {
        var gone: [NodeGroup] = [], added: [NodeGroup] = []
        if old.count == new.count {
            // The most common case: the same groups in the same places, a few rebuilt.
            for k in old.indices where old[k] !== new[k] {
                gone.append(old[k])
                added.append(new[k])
            }
            if gone.count <= 4 && !gone.contains(where: { g in added.contains { $0 === g } }) { return (gone, added) }
            gone.removeAll()
            added.removeAll()
        }
        var i = 0, j = 0
        walk: while i < old.count || j < new.count {
            if i == old.count { added.append(contentsOf: new[j...]); break }
            if j == new.count { gone.append(contentsOf: old[i...]); break }
            if old[i] === new[j] { i += 1; j += 1; continue }
            // Back in step after skipping up to three groups on one side or both?
            for skip in 1...3 {
                if j + skip < new.count && old[i] === new[j + skip] {
                    added.append(contentsOf: new[j..<(j + skip)]); j += skip; continue walk
                }
                if i + skip < old.count && old[i + skip] === new[j] {
                    gone.append(contentsOf: old[i..<(i + skip)]); i += skip; continue walk
                }
            }
            gone.append(old[i])
            added.append(new[j])
            i += 1
            j += 1
            if gone.count > 16 { break walk }
        }
        if gone.count + added.count <= 32 {
            // Each group counted once: a group found "gone" that is still in the new list (or the
            // reverse) means the walk lost its way; then compare as sets.
            if !gone.contains(where: { g in added.contains { $0 === g } }) && gone.count <= 16 { return (gone, added) }
        }
        let oldSet = Set(old.map(ObjectIdentifier.init)), newSet = Set(new.map(ObjectIdentifier.init))
        return (old.filter { !newSet.contains(ObjectIdentifier($0)) }, new.filter { !oldSet.contains(ObjectIdentifier($0)) })
    }

    /// Operations between two id-sorted node lists, in id order; `path` points at the object
    /// the nodes are members of.
    static func diffNodes(_ before: [(id: String, node: Node)], _ after: [(id: String, node: Node)], path: String, into patch: inout PatchWriter) {
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if j == after.count || (i < before.count && canonicalKeyPrecedes(before[i].id, after[j].id)) {
                patch.append("remove", PatchPath(prefix: path, before[i].id), nil)
                i += 1
            } else if i == before.count || !canonicalKeyEquals(before[i].id, after[j].id) {
                let node = after[j].node
                patch.append("add", PatchPath(prefix: path, after[j].id)) { node.write(to: &$0) }
                j += 1
            } else {
                Node.diff(before[i].node, after[j].node, path: PatchPath(prefix: path, after[j].id), into: &patch)
                i += 1
                j += 1
            }
        }
    }
}
