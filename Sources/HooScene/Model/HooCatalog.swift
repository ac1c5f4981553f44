/// Names one Hoo by its set's number and its own number (`cell.3.7` is Hoo 7 of set 3). Stable
/// across loads, unlike a position in the flow, which moves when a set is added before it.
public struct HooRef: Hashable, Sendable {
    public var set: Int
    public var hoo: Int

    /// Hoo `hoo` of set `set`.
    public init(set: Int, hoo: Int) { self.set = set; self.hoo = hoo }
}

/// The loaded sets in flow order, with a prefix array of where each set starts in the one
/// continuous flow of cells, so that position ↔ Hoo is a binary search, never a walk over
/// 100k Hoos. Built when sets load; a command only looks things up.
public struct HooCatalog: Sendable {
    /// Sets by ascending number; within a set, Hoos by ascending number, each number once.
    public private(set) var sets: [HooSet] = []
    /// For each set, the load it came from (1 for the first `sets.load` that finished, 0 for the
    /// built-in sample); asset ids carry it so a reloaded set never reuses an old image's id.
    public private(set) var loads: [Int] = []
    /// `starts[i]` is the flow position of the first Hoo of `sets[i]`; `starts[sets.count]` is the total.
    public private(set) var starts: [Int] = [0]

    /// No sets.
    public init() {}

    /// A catalog of `sets`, all from load `load`.
    public init(_ sets: [HooSet], load: Int) {
        merge(sets, load: load)
    }

    /// Number of Hoos in the flow.
    public var count: Int { starts[starts.count - 1] }

    /// Adds `incoming` to the catalog. A set whose number is already there replaces it (a newer
    /// download of the same archive); the others are inserted in number order.
    public mutating func merge(_ incoming: [HooSet], load: Int) {
        var byNumber: [Int: (set: HooSet, load: Int)] = [:]
        for (set, load) in zip(sets, loads) { byNumber[set.number] = (set, load) }
        for set in incoming { byNumber[set.number] = (HooCatalog.normalized(set), load) }
        let numbers = byNumber.keys.sorted()
        sets = numbers.map { byNumber[$0]!.set }
        loads = numbers.map { byNumber[$0]!.load }
        starts = [0]
        starts.reserveCapacity(sets.count + 1)
        for set in sets { starts.append(starts[starts.count - 1] + set.hoos.count) }
    }

    /// Hoos in ascending number order, a repeated number kept once (the first), so that node
    /// ids are unique and lookups can bisect.
    static func normalized(_ set: HooSet) -> HooSet {
        var set = set
        let sorted = set.hoos.enumerated().sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }.map(\.element)
        var hoos: [Hoo] = []
        hoos.reserveCapacity(sorted.count)
        for hoo in sorted where hoos.last?.number != hoo.number { hoos.append(hoo) }
        set.hoos = hoos
        return set
    }

    /// The set and Hoo at a flow position: `(set index, Hoo index within the set)`.
    public func location(ofIndex index: Int) -> (set: Int, hoo: Int)? {
        guard index >= 0 && index < count else { return nil }
        // The last set whose start is at or before `index`; an empty set shares its start with
        // the next one, so the last such set is never empty.
        var low = 0, high = sets.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return (low, index - starts[low])
    }

    /// The Hoo at a flow position.
    public func ref(ofIndex index: Int) -> HooRef? {
        guard let (s, h) = location(ofIndex: index) else { return nil }
        return HooRef(set: sets[s].number, hoo: sets[s].hoos[h].number)
    }

    /// Index into `sets` of the set numbered `number`.
    public func setIndex(number: Int) -> Int? {
        var low = 0, high = sets.count
        while low < high {
            let mid = (low + high) / 2
            if sets[mid].number < number { low = mid + 1 } else { high = mid }
        }
        return low < sets.count && sets[low].number == number ? low : nil
    }

    /// Where a Hoo is, nil when it is not loaded: two binary searches, by set number then by
    /// Hoo number.
    public func locate(_ ref: HooRef) -> HooLocation? {
        guard let s = setIndex(number: ref.set) else { return nil }
        let hoos = sets[s].hoos
        var low = 0, high = hoos.count
        while low < high {
            let mid = (low + high) / 2
            if hoos[mid].number < ref.hoo { low = mid + 1 } else { high = mid }
        }
        guard low < hoos.count && hoos[low].number == ref.hoo else { return nil }
        return HooLocation(ref: ref, set: s, hoo: low, index: starts[s] + low)
    }

    /// The flow position of a Hoo, nil when it is not loaded.
    public func index(of ref: HooRef) -> Int? { locate(ref)?.index }

    /// The Hoo a reference names, with its set's index.
    public func hoo(_ ref: HooRef) -> (set: Int, hoo: Hoo)? {
        guard let location = locate(ref) else { return nil }
        return (location.set, sets[location.set].hoos[location.hoo])
    }

    /// The Hoo at a location.
    public subscript(location: HooLocation) -> Hoo { sets[location.set].hoos[location.hoo] }
}

/// A loaded Hoo found in a ``HooCatalog``: its reference, the index of its set in `sets`, its
/// index in that set's `hoos`, and its position in the flow. Valid for the catalog it came from.
public struct HooLocation: Equatable, Sendable {
    public var ref: HooRef
    public var set: Int
    public var hoo: Int
    public var index: Int
}
