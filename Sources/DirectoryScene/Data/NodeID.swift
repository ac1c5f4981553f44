/// The first components of a dotted node id (`contacts.person.12.name`), read as bytes in one
/// pass without splitting the whole id: a tap reads at most three.
struct NodeID {
    let id: String
    /// UTF-8 offsets of the ends of the first three components (`count` of them are set).
    private var ends: (Int, Int, Int) = (0, 0, 0)
    /// How many of the first three components the id has (1 to 3).
    private(set) var count = 0

    init(_ id: String) {
        self.id = id
        var id = id
        id.withUTF8 { bytes in
            var start = 0
            while count < 3 {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: ".") { end += 1 }
                switch count {
                case 0: ends.0 = end
                case 1: ends.1 = end
                default: ends.2 = end
                }
                count += 1
                if end == bytes.count { break }
                start = end + 1
            }
        }
    }

    private func range(_ n: Int) -> Range<Int>? {
        guard n < count else { return nil }
        switch n {
        case 0: return 0..<ends.0
        case 1: return ends.0 + 1..<ends.1
        default: return ends.1 + 1..<ends.2
        }
    }

    /// Whether component `n` (0-based) exists and is exactly `text`.
    func component(_ n: Int, is text: String) -> Bool {
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
    func component(_ n: Int) -> Substring? {
        guard let range = range(n) else { return nil }
        let utf8 = id.utf8
        return id[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    /// Component `n` as a number: ASCII digits only, no sign, no leading zero, as the scene writes them.
    func number(_ n: Int) -> Int? {
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
    var throughThird: Substring? {
        guard count == 3 else { return nil }
        let utf8 = id.utf8
        return id[..<utf8.index(utf8.startIndex, offsetBy: ends.2)]
    }
}
