#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `find` looks for: text, a role (with its accessible name) and an id or id prefix, each
/// optional, all of them holding together (PROTOCOL.md section 3, `find`).
public struct NodeQuery: Sendable {
    /// Text nodes whose text (their runs joined) matches.
    public var text: String?
    /// Nodes whose `style.role` is this.
    public var role: String?
    /// With `role`: the accessible name matches.
    public var name: String?
    /// The node with this id, or one whose id extends it by whole components (`contacts.person`
    /// matches `contacts.person.17.name`).
    public var id: String?
    /// How `text` and `name` match: false, a case-insensitive substring; true, equal. Both
    /// sides have runs of white space collapsed to one space and are trimmed first.
    public var exact: Bool

    public init(text: String? = nil, role: String? = nil, name: String? = nil, id: String? = nil, exact: Bool = false) {
        self.text = text; self.role = role; self.name = name; self.id = id; self.exact = exact
        needleText = text.map { NodeQuery.prepare($0, exact: exact) }
        needleName = name.map { NodeQuery.prepare($0, exact: exact) }
        idComponents = id.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
    }

    /// The components of `id` (`contacts.person.17` is `contacts`, `person`, `17`): a part of a
    /// long list compares them with its own without making its id.
    public let idComponents: [Substring]?

    private var needleText: String?
    private var needleName: String?

    /// `text` as it is matched: white space collapsed and, unless `exact`, lower-cased.
    public var preparedText: String? { needleText }
    /// `name` as it is matched.
    public var preparedName: String? { needleName }
    /// Whether the query asks about text: a text node's, or a role node's name.
    public var hasText: Bool { text != nil || name != nil }

    /// Whether `id` is the query's id or extends it by whole components.
    public func idMatches(_ id: String) -> Bool {
        guard let prefix = self.id else { return true }
        guard id.hasPrefix(prefix) else { return false }
        let rest = id.utf8.dropFirst(prefix.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".")
    }

    /// Whether a node whose id is `base`, or extends `base` by whole components, may match the
    /// query's `id`: `base` extends the query's id, or the query's id extends `base`. For a
    /// part's ``ScreenPart/mayMatch(_:)``: its nodes' ids all start with `base` (worked out only
    /// when the query has an id).
    public func idMayMatch(under base: @autoclosure () -> String) -> Bool {
        guard let id else { return true }
        let base = base()
        if idMatches(base) { return true }
        guard id.hasPrefix(base) else { return false }
        return id.utf8.dropFirst(base.utf8.count).first == UInt8(ascii: ".")
    }

    /// Whether `text` (a text node's text) matches the query's `text`.
    public func textMatches(_ text: String) -> Bool {
        guard let needleText else { return true }
        return NodeQuery.matches([text], needleText, exact: exact)
    }

    /// Whether the text `pieces` make, joined as they are, matches the query's `text` (a part's
    /// ``ScreenPart/mayMatch(_:)`` asks about a text it holds in pieces without joining them).
    public func textMatches(pieces: [String]) -> Bool {
        guard let needleText else { return true }
        return NodeQuery.matches(pieces, needleText, exact: exact)
    }

    /// Whether the text of up to five pieces, joined as they are, matches the query's `text`;
    /// no array is made (a part of a long list asks this for each of its rows).
    public func textMatches(_ a: String, _ b: String = "", _ c: String = "", _ d: String = "", _ e: String = "") -> Bool {
        guard let needleText else { return true }
        return NodeQuery.asciiMatches(a, b, c, d, e, needleText, exact: exact) ?? NodeQuery.matches([a, b, c, d, e], needleText, exact: exact)
    }

    /// Whether the name of up to five pieces, joined as they are, matches the query's `name`.
    public func nameMatches(_ a: String, _ b: String = "", _ c: String = "", _ d: String = "", _ e: String = "") -> Bool {
        guard let needleName else { return true }
        return NodeQuery.asciiMatches(a, b, c, d, e, needleName, exact: exact) ?? NodeQuery.matches([a, b, c, d, e], needleName, exact: exact)
    }

    /// Whether `name` (a role node's accessible name) matches the query's `name`.
    public func nameMatches(_ name: String) -> Bool {
        guard let needleName else { return true }
        return NodeQuery.matches([name], needleName, exact: exact)
    }


    /// Whether a UTF-8 byte may start a white space character beyond ASCII's (U+0085, U+00A0,
    /// U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000): the lead bytes C2,
    /// E1, E2 and E3. Text without them and without ASCII white space to fold is read byte by byte.
    @inline(__always) public static func mayStartWhitespace(_ byte: UInt8) -> Bool {
        byte == 0xC2 || (byte >= 0xE1 && byte <= 0xE3)
    }

    /// Runs of white space collapsed to one space, the ends trimmed: how a person reads text.
    public static func collapsed(_ text: String) -> String {
        // Most text has nothing to collapse: one space between words, none at the ends.
        var plain = true, previousSpace = true
        for byte in text.utf8 {
            if byte == 0x20 {
                if previousSpace { plain = false; break }
                previousSpace = true
            } else if (byte >= 0x09 && byte <= 0x0D) || mayStartWhitespace(byte) {
                plain = false; break
            } else {
                previousSpace = false
            }
        }
        if plain && !(previousSpace && !text.isEmpty) { return text }
        return slowCollapsed(text)
    }

    /// ``collapsed(_:)`` scalar by scalar, for text with white space to fold.
    static func slowCollapsed(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a query's text is matched: collapsed and, unless `exact`, lower-cased.
    public static func prepare(_ text: String, exact: Bool) -> String {
        exact ? collapsed(text) : collapsed(text).lowercased()
    }

    /// Whether the text `pieces` make, joined, matches the prepared `needle`.
    static func matches(_ pieces: [String], _ needle: String, exact: Bool) -> Bool {
        if let answer = asciiMatches(pieces, needle, exact: exact) { return answer }
        let haystack = NodeQuery.collapsed(pieces.joined())
        return exact ? haystack == needle : needle.isEmpty || haystack.lowercased().contains(needle)
    }

    /// ``matches(_:_:exact:)`` byte by byte, in a buffer on the stack, without a String made:
    /// for ASCII text, and for any text when matching exactly (case kept, so UTF-8 bytes compare
    /// as they are). Nil where it cannot say: a letter beyond ASCII in a case-insensitive match,
    /// or what may be white space beyond ASCII.
    static func asciiMatches(_ pieces: [String], _ needle: String, exact: Bool) -> Bool? {
        switch pieces.count {
        case 0: return asciiMatches("", "", "", "", "", needle, exact: exact)
        case 1: return asciiMatches(pieces[0], "", "", "", "", needle, exact: exact)
        case 2: return asciiMatches(pieces[0], pieces[1], "", "", "", needle, exact: exact)
        case 3: return asciiMatches(pieces[0], pieces[1], pieces[2], "", "", needle, exact: exact)
        default: return asciiMatches(pieces.joined(), "", "", "", "", needle, exact: exact)
        }
    }

    /// ``asciiMatches(_:_:exact:)`` on five pieces (the empty ones add nothing), without an array.
    static func asciiMatches(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ needle: String, exact: Bool) -> Bool? {
        if exact { return exactMatches(a, b, c, d, e, needle) }
        let total = a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count + e.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, total)) { folded -> Bool? in
            var count = 0, pendingSpace = false
            func fold(_ piece: String) -> Bool {
                for byte in piece.utf8 {
                    if byte >= 0x80 && (!exact || mayStartWhitespace(byte)) { return false }
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        pendingSpace = count > 0
                        continue
                    }
                    if pendingSpace { folded[count] = 0x20; count += 1; pendingSpace = false }
                    folded[count] = !exact && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                }
                return true
            }
            guard fold(a), fold(b), fold(c), fold(d), fold(e) else { return nil }
            var needle = needle
            return needle.withUTF8 { pattern -> Bool in
                if exact { return pattern.count == count && (count == 0 || memcmp(pattern.baseAddress!, folded.baseAddress!, count) == 0) }
                if pattern.isEmpty { return true }
                guard pattern.count <= count else { return false }
                let first = pattern[0]
                var start = 0
                while start + pattern.count <= count {
                    if folded[start] == first {
                        var i = 1
                        while i < pattern.count && folded[start + i] == pattern[i] { i += 1 }
                        if i == pattern.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}

extension NodeQuery {
    /// Whether the five pieces, joined and white space collapsed, equal `needle` (collapsed),
    /// compared as they are read: most texts differ at their first byte, and cost no more. Nil
    /// where a piece may hold white space beyond ASCII.
    static func exactMatches(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ needle: String) -> Bool? {
        var needle = needle
        return needle.withUTF8 { pattern -> Bool? in
            var at = 0, pendingSpace = false, differs = false
            // Each piece's bytes go through `take`, which compares them with the pattern;
            // false stops the walk (a difference found, or a byte to leave to the general path).
            func take(_ piece: String) -> Bool? {
                for byte in piece.utf8 {
                    if byte >= 0x80 && mayStartWhitespace(byte) { return nil }
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        pendingSpace = at > 0
                        continue
                    }
                    if pendingSpace {
                        guard at < pattern.count, pattern[at] == 0x20 else { differs = true; return false }
                        at += 1; pendingSpace = false
                    }
                    guard at < pattern.count, pattern[at] == byte else { differs = true; return false }
                    at += 1
                }
                return true
            }
            for piece in [a, b, c, d, e] where !piece.isEmpty {
                guard let going = take(piece) else { return nil }
                if !going { break }
            }
            return !differs && at == pattern.count
        }
    }
}
