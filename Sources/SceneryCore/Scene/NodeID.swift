/// The first components of a dotted node id (`contacts.person.12.name`, `cell.3.7.label`),
/// read as bytes in one pass without splitting the whole id: scenes read at most four to find
/// what a tap hit.
public struct NodeID {
    public let id: String
    /// UTF-8 offsets of the ends of the first four components (`count` of them are set).
    private var ends: (Int, Int, Int, Int) = (0, 0, 0, 0)
    /// How many of the first four components the id has (1 to 4).
    public private(set) var count = 0
    /// Whether the id has more than four components.
    public private(set) var hasMore = false

    public init(_ id: String) {
        self.id = id
        var id = id
        id.withUTF8 { bytes in
            var start = 0
            while count < 4 {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: ".") { end += 1 }
                switch count {
                case 0: ends.0 = end
                case 1: ends.1 = end
                case 2: ends.2 = end
                default: ends.3 = end
                }
                count += 1
                if end == bytes.count { return }
                start = end + 1
            }
            hasMore = true
        }
    }

    private func range(_ n: Int) -> Range<Int>? {
        guard n < count else { return nil }
        switch n {
        case 0: return 0..<ends.0
        case 1: return ends.0 + 1..<ends.1
        case 2: return ends.1 + 1..<ends.2
        default: return ends.2 + 1..<ends.3
        }
    }

    /// Whether the id has exactly `n` components.
    public func hasComponents(_ n: Int) -> Bool { count == n && !hasMore }

    /// Whether component `n` (0-based) exists and is exactly `text`.
    public func component(_ n: Int, is text: String) -> Bool {
        guard let range = range(n), range.count == text.utf8.count else { return false }
        var id = id, text = text
        return id.withUTF8 { bytes in
            text.withUTF8 { expected in
                for k in 0..<range.count where bytes[range.lowerBound + k] != expected[k] { return false }
                return true
            }
        }
    }

    /// Component `n` (0-based), if the id has it.
    public func component(_ n: Int) -> Substring? {
        guard let range = range(n) else { return nil }
        let utf8 = id.utf8
        return id[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    /// Component `n` as a number: ASCII digits only, no sign, no leading zero, as scenes write them.
    public func number(_ n: Int) -> Int? {
        guard let range = range(n), !range.isEmpty, range.count <= 18 else { return nil }
        var id = id
        return id.withUTF8 { bytes in
            if range.count > 1 && bytes[range.lowerBound] == UInt8(ascii: "0") { return nil }
            var value = 0
            for i in range {
                let digit = bytes[i] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
    }

    /// The id up to the end of its third component (`contacts.person.12`).
    public var throughThird: Substring? {
        guard count >= 3 else { return nil }
        let utf8 = id.utf8
        return id[..<utf8.index(utf8.startIndex, offsetBy: ends.2)]
    }
}
