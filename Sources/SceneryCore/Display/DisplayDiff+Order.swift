/// The orders a display diff needs: node lists merged from sorted runs, deduplicated and sorted
/// by id in the protocol's canonical key order (``canonicalKeyPrecedes(_:_:)``), without sorting
/// from scratch what a scene already rendered in order.
extension DisplayList {
    /// The positions `0..<count` in the order `precedes` gives, stable: the ascending runs
    /// already there are found and merged pairwise, so a list made of a few sorted runs (the
    /// changed groups of a few sections) costs about `count` comparisons per merge round, where
    /// an insertion sort would compare each of one run's entries with the other's.
    static func mergeSortedOrder(_ count: Int, _ precedes: (Int, Int) -> Bool) -> [Int] {
        var order = Array(0..<count)
        var runs: [Int] = [0]  // the start of each ascending run, then `count`
        for k in 1..<max(1, count) where precedes(k, k - 1) { runs.append(k) }
        runs.append(count)
        var merged = order
        while runs.count > 2 {
            var next: [Int] = [0]
            var r = 0
            while r + 1 < runs.count {
                let start = runs[r], middle = runs[r + 1], end = r + 2 < runs.count ? runs[r + 2] : middle
                // Merge order[start..<middle] and order[middle..<end] into merged; of equal ones, the left first.
                var i = start, j = middle, out = start
                while i < middle && j < end {
                    if precedes(order[j], order[i]) { merged[out] = order[j]; j += 1 } else { merged[out] = order[i]; i += 1 }
                    out += 1
                }
                while i < middle { merged[out] = order[i]; i += 1; out += 1 }
                while j < end { merged[out] = order[j]; j += 1; out += 1 }
                next.append(end)
                r += 2
            }
            swap(&order, &merged)
            runs = next
        }
        return order
    }

    /// Id-sorted lists merged into one id-sorted list without repeated ids (the first wins).
    /// Groups usually cover disjoint runs of ids (a row's nodes share the row's id as prefix), so
    /// the lists are ordered by their first id and concatenated; only when that is not sorted
    /// are all nodes sorted again.
    static func merged(_ lists: [[(id: String, node: Node)]]) -> [(id: String, node: Node)] {
        let parts = lists.filter { !$0.isEmpty }
        if parts.count <= 1 { return dedupe(parts.first ?? []) }
        let order = parts.indices.sorted {
            let a = parts[$0][0].id, b = parts[$1][0].id
            return a == b ? $0 < $1 : canonicalKeyPrecedes(a, b)
        }
        var all: [(id: String, node: Node)] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for index in order { all += parts[index] }
        for k in 1..<order.count {
            let previousLast = parts[order[k - 1]].last!.id, first = parts[order[k]][0].id
            if canonicalKeyPrecedes(first, previousLast) { return mergedInterleaved(order.map { parts[$0] }) }
        }
        return dedupe(all)
    }

    /// Id-sorted lists whose id ranges interleave, merged by always taking the smallest head
    /// (of equal ids, the one from the earlier list): a few changed groups cost their nodes
    /// times their number, not a sort of every node.
    static func mergedInterleaved(_ parts: [[(id: String, node: Node)]]) -> [(id: String, node: Node)] {
        var heads = [Int](repeating: 0, count: parts.count)
        var result: [(id: String, node: Node)] = []
        result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        while true {
            var best = -1
            for p in parts.indices where heads[p] < parts[p].count {
                if best < 0 || canonicalKeyPrecedes(parts[p][heads[p]].id, parts[best][heads[best]].id) { best = p }
            }
            if best < 0 { return result }
            let entry = parts[best][heads[best]]
            heads[best] += 1
            if let last = result.last, canonicalKeyEquals(last.id, entry.id) { continue }
            result.append(entry)
        }
    }

    /// Drops repeated ids from an id-sorted list, keeping the first.
    static func dedupe(_ nodes: [(id: String, node: Node)]) -> [(id: String, node: Node)] {
        var result: [(id: String, node: Node)] = []
        result.reserveCapacity(nodes.count)
        for entry in nodes where result.last?.id != entry.id { result.append(entry) }
        return result
    }

    /// The nodes sorted by id, stable. Compares ids only, read once into their own array: a
    /// node is large, and reading one out of the list in a comparison copies it.
    static func sortedByID(_ nodes: [(id: String, node: Node)]) -> [(id: String, node: Node)] {
        guard nodes.count > 1 else { return nodes }
        // Usually sorted already (scenes build groups in id order): checked in place.
        let sorted = nodes.withUnsafeBufferPointer { buffer in
            !(1..<buffer.count).contains { canonicalKeyPrecedes(buffer[$0].id, buffer[$0 - 1].id) }
        }
        if sorted { return nodes }
        let ids = nodes.map(\.id)
        let order = ids.indices.sorted {
            let a = ids[$0], b = ids[$1]
            return a == b ? $0 < $1 : canonicalKeyPrecedes(a, b)
        }
        return order.map { nodes[$0] }
    }
}
