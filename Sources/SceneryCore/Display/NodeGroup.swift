/// The nodes of one ``ScreenPart`` (a table row, a header, the chrome), which the engine keeps
/// unchanged from one render to the next while the part is equal.
///
/// The engine compares groups by identity: a group the previous render also had is skipped by
/// the diff without looking at its nodes, so an unchanged screen costs nothing to diff however
/// many nodes it has. Groups are immutable. (Not final: the engine's entry for a scene's part
/// is a group itself, so that a rebuilt part costs one allocation.)
public class NodeGroup: @unchecked Sendable {
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
    final class func idBit(_ id: String) -> Int {
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(hash >> 56)
        }
        return id.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(id.utf8)
    }

    /// The node with this id in the group, if any (binary search; the first of a repeated id).
    final func node(_ id: String) -> Node? {
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
