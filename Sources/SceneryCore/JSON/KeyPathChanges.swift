/// What changed between two JSON values, as key paths and values, one change a line:
///
///     tab = "contacts"
///     counts.people = 50
///     sections[2].rows = 3
///     selection removed
///
/// Objects are compared key by key and arrays of the same length index by index, down to the
/// values that differ; a value is written as canonical JSON on one line. A value that would make
/// a line longer than ``wide`` and is an object or array is written member by member instead
/// (`sections[0] = {...}`, `sections[1] = {...}`), and an array of plain values in runs that fit
/// (`letters[0...20] = ["A",...]`), so that lines stay readable in a review.
/// A key that is not a plain name (letters, digits, `_`, `-`) is written as a JSON string in
/// brackets: `names["New York"]`.
public struct KeyPathChanges: Equatable, Sendable {
    /// One changed value: its key path, and its new value as canonical JSON (nil: removed).
    public struct Change: Equatable, Sendable {
        public var path: String
        public var value: String?

        public init(path: String, value: String?) { self.path = path; self.value = value }

        /// The line as written.
        public var rendered: String { value.map { "\(path) = \($0)" } ?? "\(path) removed" }
    }

    public var changes: [Change]

    /// Lines longer than this (path and value) write an object's or array's members instead.
    public static let wide = 112

    public init(changes: [Change]) { self.changes = changes }

    /// The changes from `old` to `new`; `redacted` key paths (a `*` component matches any key or
    /// index) have their values written as `"[redacted]"`.
    public init(from old: JSON, to new: JSON, redacted: [String] = []) {
        var changes: [Change] = []
        let masks = redacted.map(KeyPathChanges.components)
        KeyPathChanges.diff(old, new, path: [], masks: masks, into: &changes)
        self.changes = changes
    }

    /// The text: one change per line, each ended by a newline.
    public var rendered: String { changes.map { $0.rendered + "\n" }.joined() }

    /// Reads a line as ``Change/rendered`` writes it.
    public static func parseLine(_ line: String) -> Change? {
        if line.hasSuffix(" removed"), !line.contains(" = ") { return Change(path: String(line.dropLast(8)), value: nil) }
        guard let equals = line.firstOccurrence(of: " = ") else { return nil }
        return Change(path: String(line[..<equals.lowerBound]), value: String(line[equals.upperBound...]))
    }

    // MARK: - Paths

    enum Component: Equatable { case key(String), index(Int) }

    static func isPlainName(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
    }

    static func path(_ components: [Component]) -> String {
        var out = ""
        for component in components {
            switch component {
            case .key(let key) where isPlainName(key): out += out.isEmpty ? key : "." + key
            case .key(let key): out += "[" + JSON.string(key).description + "]"
            case .index(let index): out += "[\(index)]"
            }
        }
        return out
    }

    /// A redaction's components: `a.b[2].*`; `*` stays a key that matches anything.
    static func components(_ path: String) -> [String] {
        var out: [String] = []
        for piece in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(piece)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { out.append(String(rest[..<bracket])) }
                rest = rest[bracket...]
                while rest.first == "[", let close = rest.firstIndex(of: "]") {
                    out.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                out.append(String(rest))
            }
        }
        return out
    }

    static func masked(_ path: [Component], _ masks: [[String]]) -> Bool {
        masks.contains { mask in
            mask.count <= path.count && zip(mask, path).allSatisfy { pattern, component in
                if pattern == "*" { return true }
                switch component {
                case .key(let key): return pattern == key || pattern == JSON.string(key).description
                case .index(let index): return pattern == String(index)
                }
            }
        }
    }

    static func diff(_ old: JSON?, _ new: JSON?, path: [Component], masks: [[String]], into changes: inout [Change]) {
        if old == new { return }
        guard let new else {
            changes.append(Change(path: KeyPathChanges.path(path), value: nil))
            return
        }
        if !path.isEmpty, masked(path, masks) {
            // A redacted value is volatile: that it is there is written once, not its changes.
            if old == nil { changes.append(Change(path: KeyPathChanges.path(path), value: "\"[redacted]\"")) }
            return
        }
        switch (old, new) {
        case (.object(let a)?, .object(let b)):
            var keys = Set(a.keys)
            keys.formUnion(b.keys)
            for key in keys.sorted(by: canonicalKeyPrecedes) {
                diff(a[key], b[key], path: path + [.key(key)], masks: masks, into: &changes)
            }
        case (.array(let a)?, .array(let b)) where a.count == b.count:
            for index in a.indices { diff(a[index], b[index], path: path + [.index(index)], masks: masks, into: &changes) }
        default:
            write(new, path: path, masks: masks, into: &changes)
        }
    }

    /// `value` at `path` as one line, or member by member when that line would be too wide.
    static func write(_ value: JSON, path: [Component], masks: [[String]], into changes: inout [Change]) {
        let name = KeyPathChanges.path(path)
        let encoded = value.description
        let members: [(Component, JSON)]
        switch value {
        case .object(let object): members = zip(object.keys, object.values).map { (.key($0), $1) }
        case .array(let array): members = array.enumerated().map { (.index($0), $1) }
        default: members = []
        }
        let containsMask = !masks.isEmpty && members.contains { masked(path + [$0.0], masks) }
        // An array of plain values too wide for a line is written in runs that fit: a[0...12] = [...].
        if case .array(let items) = value, !path.isEmpty, !containsMask, name.count + 3 + encoded.count > wide,
           items.allSatisfy({ $0.arrayValue == nil && $0.objectValue == nil }) {
            var start = 0
            while start < items.count {
                var end = start + 1
                func line(_ end: Int) -> String { "\(name)[\(start)...\(end - 1)] = " + JSON.array(Array(items[start..<end])).description }
                while end < items.count && line(end + 1).count <= wide { end += 1 }
                changes.append(Change(path: "\(name)[\(start)...\(end - 1)]", value: JSON.array(Array(items[start..<end])).description))
                start = end
            }
            return
        }
        if path.isEmpty || ((name.count + 3 + encoded.count > wide || containsMask) && !members.isEmpty) {
            if !path.isEmpty { changes.append(Change(path: name, value: value.arrayValue != nil ? "[]" : "{}")) }
            for (component, member) in members {
                if masked(path + [component], masks) {
                    changes.append(Change(path: KeyPathChanges.path(path + [component]), value: "\"[redacted]\""))
                } else {
                    write(member, path: path + [component], masks: masks, into: &changes)
                }
            }
        } else {
            changes.append(Change(path: name, value: encoded))
        }
    }
}
