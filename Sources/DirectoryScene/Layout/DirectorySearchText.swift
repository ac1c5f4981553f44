import SceneryCore

/// The texts the Directory's rows show, every row's in one buffer of bytes, made the first time a
/// search (`find`, `reveal`) asks and kept until the data changes: a search of 100,000 people then
/// reads bytes and builds parts only for the rows that may match, instead of a part for every row
/// (``DirectoryRender/mayMatch(_:_:_:)`` still answers for each part it is handed).
///
/// Each row's text is its first text (a name), one space, then its second ("Age: N" for a person
/// who has an age, an event's date), white space collapsed: as it reads, for exact matches, and
/// lower-cased, for the others, each made when a query of its kind first comes. A row's text
/// nodes are those two texts; its name as a role node is the two joined, which is what is kept.
final class DirectorySearchText: @unchecked Sendable {
    private let lock = Lock()
    /// People's and events' texts, as they read (`exact`) and lower-cased.
    private var texts: [String: RowTexts] = [:]

    init() {}

    /// Which people (by index in the data) may have a node that matters to `query`, or nil when
    /// the query is not about text (each part is asked instead).
    func people(_ query: NodeQuery, _ data: [Person]) -> [Bool]? {
        guard query.hasText else { return nil }
        return texts("people", query.exact, data.count) { person in
            let who = data[person]
            return (who.firstName, who.lastName, who.age.map { "Age: \($0)" })
        }.candidates(query)
    }

    /// Which events (by index in the data) may have a node that matters to `query`, or nil.
    func events(_ query: NodeQuery, _ data: [Event], zone: SceneTimeZone) -> [Bool]? {
        guard query.hasText else { return nil }
        return texts("events", query.exact, data.count) { event in
            (data[event].name, nil, DirectoryRender.rowDate(data[event].date, zone))
        }.candidates(query)
    }

    /// `text(i)`: row `i`'s first text, as a first name and a last name joined with a space (a
    /// person's name, as its text node's runs make it) or one text, and its second text.
    private func texts(_ kind: String, _ exact: Bool, _ count: Int, _ text: (Int) -> (first: String, last: String?, second: String?)) -> RowTexts {
        let key = kind + (exact ? ".exact" : ".folded")
        return lock.withLock {
            if let made = texts[key] { return made }
            let made = RowTexts(count, exact: exact, text)
            texts[key] = made
            return made
        }
    }
}

/// Rows' texts, each row's first text, a space and its second, collapsed (and, unless `exact`,
/// lower-cased) one after another in `bytes`; `rows[i]` says where row `i`'s are and where its
/// first text ends.
struct RowTexts: Sendable {
    let exact: Bool
    let bytes: [UInt8]
    let rows: [(range: Range<Int>, firstEnd: Int)]
    /// Rows left to the general path, always candidates: a first text that collapses to
    /// nothing, or what may be white space beyond ASCII.
    let always: [Bool]

    init(_ count: Int, exact: Bool, _ text: (Int) -> (first: String, last: String?, second: String?)) {
        self.exact = exact
        // Built in local arrays (a stored property appended to from a nested function is slower).
        var bytes: [UInt8] = [], rows: [(range: Range<Int>, firstEnd: Int)] = [], always: [Bool] = []
        rows.reserveCapacity(count)
        always.reserveCapacity(count)
        bytes.reserveCapacity(count * 24)
        for row in 0..<count {
            let (first, last, second) = text(row)
            let start = bytes.count
            var plain = true, pendingSpace = false
            // Collapses as it copies: a run of white space is one space, none at either end.
            func append(_ piece: String) {
                for byte in piece.utf8 {
                    if byte >= 0x80 && (!exact || NodeQuery.mayStartWhitespace(byte)) { plain = false; return }
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { pendingSpace = bytes.count > start; continue }
                    if pendingSpace { bytes.append(0x20); pendingSpace = false }
                    bytes.append(!exact && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                }
            }
            append(first)
            if plain, let last { append(" "); append(last) }
            let firstEnd = bytes.count
            if plain, let second {
                // One space between the texts, as joining them with one and collapsing makes.
                pendingSpace = firstEnd > start
                append(second)
            }
            if !plain && !exact {
                // Letters beyond ASCII: lower-cased as the general path does.
                bytes.removeSubrange(start...)
                let name = NodeQuery.prepare(last.map { first + " " + $0 } ?? first, exact: false)
                bytes += name.utf8
                if let second { bytes.append(0x20); bytes += NodeQuery.prepare(second, exact: false).utf8 }
                rows.append((start..<bytes.count, start + name.utf8.count))
                always.append(name.isEmpty)
                continue
            }
            rows.append((start..<bytes.count, firstEnd))
            always.append(!plain || firstEnd == start)
        }
        self.bytes = bytes
        self.rows = rows
        self.always = always
    }

    /// For each row, whether a text node of it may match `query`'s text, or its name (the two
    /// texts joined) the query's role and name.
    func candidates(_ query: NodeQuery) -> [Bool] {
        if let role = query.role, role != "row" { return Array(repeating: false, count: rows.count) }
        let whole = query.role != nil && query.preparedName != nil
        guard let needle = whole ? query.preparedName : query.preparedText else { return Array(repeating: true, count: rows.count) }
        var pattern = Array(needle.utf8)
        return bytes.withUnsafeBufferPointer { bytes in
            pattern.withUnsafeMutableBufferPointer { pattern in
                rows.indices.map { index -> Bool in
                    if always[index] { return true }
                    let (range, split) = rows[index]
                    if whole { return RowTexts.matches(bytes, range, UnsafeBufferPointer(pattern), exact) }
                    return RowTexts.matches(bytes, range.lowerBound..<split, UnsafeBufferPointer(pattern), exact)
                        || (split < range.upperBound && RowTexts.matches(bytes, split + 1..<range.upperBound, UnsafeBufferPointer(pattern), exact))
                }
            }
        }
    }

    /// Whether `bytes[range]` equals (`exactly`) or contains `pattern`.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ pattern: UnsafeBufferPointer<UInt8>, _ exactly: Bool) -> Bool {
        let count = pattern.count
        if exactly {
            guard range.count == count else { return false }
            var i = 0
            while i < count && bytes[range.lowerBound + i] == pattern[i] { i += 1 }
            return i == count
        }
        if count == 0 { return true }
        guard count <= range.count else { return false }
        let first = pattern[0]
        var start = range.lowerBound
        while start + count <= range.upperBound {
            if bytes[start] == first {
                var i = 1
                while i < count && bytes[start + i] == pattern[i] { i += 1 }
                if i == count { return true }
            }
            start += 1
        }
        return false
    }
}
