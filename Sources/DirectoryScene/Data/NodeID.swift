/// The first components of a dotted node id (`contacts.person.12.name`), read without
/// splitting the whole id: a tap reads at most three.
struct NodeID {
    /// The first, second and third component, when the id has that many.
    private(set) var first: Substring?
    private(set) var second: Substring?
    private(set) var third: Substring?
    /// The id up to the end of its third component (`contacts.person.12`).
    private(set) var throughThird: Substring?

    init(_ id: String) {
        let utf8 = id.utf8
        var start = utf8.startIndex
        for component in 0..<3 {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ".")) ?? utf8.endIndex
            let part = id[start..<end]
            switch component {
            case 0: first = part
            case 1: second = part
            default: third = part; throughThird = id[..<end]
            }
            if end == utf8.endIndex { break }
            start = utf8.index(after: end)
        }
    }
}
