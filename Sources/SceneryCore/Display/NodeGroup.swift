/// A few nodes that are rendered together (a table row, a header, the chrome) and that a scene
/// reuses unchanged from one render to the next through a ``RenderMemo``.
///
/// The engine compares groups by identity: a group the previous render also had is skipped by
/// the diff without looking at its nodes, so an unchanged screen costs nothing to diff however
/// many nodes it has. Groups are immutable.
public final class NodeGroup: Sendable {
    /// The nodes, sorted by id in code point order (stable: of a repeated id, the first given
    /// comes first), so that diffs merge groups instead of sorting every node again.
    public let nodes: [(id: String, node: Node)]
    /// Whether no id repeats (ids strictly increase), so the group can be diffed on its own.
    let hasUniqueIDs: Bool
    /// One bit per id of 256 (``idBit(_:)``): a lookup by id skips the groups whose filter
    /// lacks its bit. Wide enough that a chrome group of forty ids still lets most lookups pass.
    let idFilter: IDFilter

    public init(_ nodes: [(id: String, node: Node)]) {
        // Scenes build groups in id order, so one pass usually finds them sorted and unique.
        let increasing = nodes.withUnsafeBufferPointer { buffer in
            !(1..<max(1, buffer.count)).contains { !canonicalKeyPrecedes(buffer[$0 - 1].id, buffer[$0].id) }
        }
        let sorted = increasing ? nodes : DisplayList.sortedByID(nodes)
        self.nodes = sorted
        var unique = true
        if !increasing {
            for k in sorted.indices.dropFirst() where !canonicalKeyPrecedes(sorted[k - 1].id, sorted[k].id) {
                unique = false
                break
            }
        }
        hasUniqueIDs = unique
        var filter = IDFilter()
        for entry in sorted { filter.insert(NodeGroup.idBit(entry.id)) }
        idFilter = filter
    }

    /// The filter bit (0-255) of an id: the top byte of its FNV-1a hash.
    static func idBit(_ id: String) -> Int {
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(hash >> 56)
        }
        return id.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(id.utf8)
    }

    /// The node with this id in the group, if any (binary search; the first of a repeated id).
    func node(_ id: String) -> Node? {
        var low = 0, high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if canonicalKeyPrecedes(nodes[mid].id, id) { low = mid + 1 } else { high = mid }
        }
        return low < nodes.count && canonicalKeyEquals(nodes[low].id, id) ? nodes[low].node : nil
    }
}

/// A 256-bit set of id bits (see ``NodeGroup/idBit(_:)``).
struct IDFilter: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    mutating func insert(_ bit: Int) {
        let mask: UInt64 = 1 << (bit & 63)
        switch bit >> 6 {
        case 0: words.0 |= mask
        case 1: words.1 |= mask
        case 2: words.2 |= mask
        default: words.3 |= mask
        }
    }

    func mayContain(_ bit: Int) -> Bool {
        let mask: UInt64 = 1 << (bit & 63)
        switch bit >> 6 {
        case 0: return words.0 & mask != 0
        case 1: return words.1 & mask != 0
        case 2: return words.2 & mask != 0
        default: return words.3 & mask != 0
        }
    }
}

/// Remembers the groups of the previous render with the inputs they were built from, so that a
/// render rebuilds only the groups whose inputs changed.
///
/// A scene's render asks ``group(_:inputs:build:)`` (or ``reuse(_:inputs:)`` then
/// ``store(_:inputs:nodes:)``) for each group it shows, under a key of its choosing (`Key`) with
/// the values the group is built from (`Inputs`, typically an enum with a case per kind of
/// group). Groups not asked for during a render are forgotten at ``endRender()``, so the memo
/// holds one screen's worth. The engine keeps one memo per open scene (``Scene/Memo``) and starts
/// a fresh one when a scene opens.
///
/// Renders usually ask for the same groups in the same order as the previous one (a tap changes
/// a row or two; a scroll shifts the rows by a few). So the memo first compares the key with the
/// previous render's group at its cursor, and hashes the key only when they differ, after which
/// the cursor continues from the group it found. A render that changed nothing hashes nothing.
public struct RenderMemo<Key: Hashable, Inputs: Equatable> {
    @usableFromInline final class Entry {
        @usableFromInline let key: Key
        @usableFromInline let inputs: Inputs
        @usableFromInline let group: NodeGroup

        @inlinable init(key: Key, inputs: Inputs, group: NodeGroup) {
            self.key = key
            self.inputs = inputs
            self.group = group
        }
    }

    /// The previous render's groups, in the order it asked for them.
    @usableFromInline var previous: [Entry] = []
    /// The groups of the render in progress, in order.
    @usableFromInline var current: [Entry] = []
    /// Where the next group of the render in progress is expected in `previous`.
    @usableFromInline var cursor = 0
    /// `previous`'s positions by key, built when a render has lost its place several times.
    @usableFromInline var positions: [Key: Int]?
    /// How many keys this render looked up by scanning (after that, `positions` is built).
    @usableFromInline var misses = 0

    public init() {}

    /// How many groups the previous render had: a hint for the render's capacity.
    public var previousCount: Int { previous.count }

    /// The group for `key`: the remembered one when it was built from equal `inputs`, otherwise
    /// a new one from `build`. `inputs` must capture everything `build` reads.
    @inlinable
    public mutating func group(_ key: Key, inputs: Inputs, build: () -> [(id: String, node: Node)]) -> NodeGroup {
        reuse(key, inputs: inputs) ?? store(key, inputs: inputs, nodes: build())
    }

    /// The remembered group for `key` when it was built from equal `inputs`; otherwise `nil`,
    /// and the caller builds the nodes and hands them to ``store(_:inputs:nodes:)``. (The same
    /// as ``group(_:inputs:build:)`` without a closure, for hot loops whose closure would
    /// capture a large value.)
    @inlinable
    public mutating func reuse(_ key: Key, inputs: Inputs) -> NodeGroup? {
        var found = cursor
        if found >= previous.count || previous[found].key != key {
            // A group came or went just here (a row scrolled in, a disc moved): look a little ahead.
            if found + 1 < previous.count && previous[found + 1].key == key {
                found += 1
            } else if found + 2 < previous.count && previous[found + 2].key == key {
                found += 2
            } else if misses < 4 {
                // A few keys out of place are found by a scan, cheaper than hashing every key.
                misses += 1
                var position = 0
                while position < previous.count && previous[position].key != key { position += 1 }
                guard position < previous.count else { return nil }
                found = position
            } else {
                if positions == nil {
                    var table: [Key: Int] = [:]
                    table.reserveCapacity(previous.count)
                    for (i, entry) in previous.enumerated() where table[entry.key] == nil { table[entry.key] = i }
                    positions = table
                }
                guard let position = positions![key] else { return nil }
                found = position
            }
        }
        cursor = found + 1
        guard previous[found].inputs == inputs else { return nil }
        current.append(previous[found])
        return previous[found].group
    }

    /// Remembers `nodes` as the group for `key` built from `inputs`, and returns the group.
    @inlinable
    public mutating func store(_ key: Key, inputs: Inputs, nodes: [(id: String, node: Node)]) -> NodeGroup {
        let group = NodeGroup(nodes)
        current.append(Entry(key: key, inputs: inputs, group: group))
        return group
    }

    /// Rebuilds groups of the last render (after ``endRender()``) both here and in `display`,
    /// the engine's copy of that render, for a scene that updates it in place instead of
    /// rendering again (see ``Scene/updateLastRender(_:memo:display:)``). For each of `keys` the
    /// last render had, `rebuild` gets the key, the inputs its group was built from and the
    /// group, and returns the new inputs and nodes (nil keeps the group). Returns the groups
    /// replaced, by position in `display`; nil when `display` is not the last render, and then
    /// `display` is left as it was (the memo holds the new groups, which a render reuses).
    @inlinable
    public mutating func rebuild(_ keys: [Key], in display: inout DisplayList,
                                 _ rebuild: (Key, borrowing Inputs, NodeGroup) -> (Inputs, [(id: String, node: Node)])?) -> [(position: Int, group: NodeGroup)]? {
        var changes: [(position: Int, group: NodeGroup)] = []
        changes.reserveCapacity(keys.count)
        for key in keys {
            var position = 0
            while position < previous.count && previous[position].key != key { position += 1 }
            guard position < previous.count else { continue }
            let entry = previous[position]
            guard let (inputs, nodes) = rebuild(key, entry.inputs, entry.group) else { continue }
            guard position < display.groups.count, display.groups[position] === entry.group else { return nil }
            let group = NodeGroup(nodes)
            previous[position] = Entry(key: key, inputs: inputs, group: group)
            changes.append((position, group))
        }
        // Swapped in: `changes` ends up holding the groups replaced, by position.
        for k in changes.indices { swap(&display.groups[changes[k].position], &changes[k].group) }
        return changes
    }

    /// Ends a render: what it did not ask for is forgotten.
    @inlinable
    public mutating func endRender() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        cursor = 0
        positions = nil
        misses = 0
    }

    /// How many groups the memo holds (for tests).
    public var count: Int { previous.count }
}
