/// The screen as a person reads it, as text: one line per node that says something, in reading
/// order (``ReadingOrder``), each with what it is, what it reads and the states a person notices, and the node's id last:
///
///     text "Recents"  #navbar.title
///     button "Contacts" [selected]  #tab.contacts
///     row "Abby Adams Age: 61"  #contacts.person.0
///       image directory.portrait.4  #.image
///     image [loading]  #photos.photo.3
///
/// What is written, and in what order (PROTOCOL.md section 3, "The screen as text"):
/// - reading order: first the screen above the scroll content, then the content, then what lies
///   beside it (an index strip; an alert over it), then the screen below it, each part in the
///   screen order of `find` (top, then left, then draw order); the nodes of a role node follow it;
/// - a node is written when it is visible (``FoundNode/visible``) and is a text, an image, a
///   movie, or has a `role`; rectangles, lines and circles without a role are decoration;
/// - a role node reads its accessible name (the text nodes whose ids extend its id), and those
///   text nodes get no line of their own; the other nodes whose ids extend its id are indented
///   under it, their ids written from the dot on (`#.image` under `#contacts.person.0`);
/// - states: `selected`, `disabled` (`enabled` false), and an image's `loading` or `failed`;
/// - nothing of style: colours, fonts, sizes and frames change without changing what a person
///   reads, so a golden written with this text survives them.
///
/// The form follows Playwright's ARIA snapshots (a role, the quoted name, states in brackets)
/// and Neovim's screen tests (the whole screen each time, so that a reviewer reads it without
/// running anything); the id at the end lets a failure name the node and field that changed.
/// ``parse(_:)`` reads the text back, so two screens compare node by node.
public struct ScreenText: Equatable, Sendable {
    /// One line: a node and what a person reads of it.
    public struct Line: Equatable, Sendable {
        public var id: String
        /// 0, or one more than the role node whose id this node's id extends (and whose line
        /// it follows).
        public var depth: Int
        /// That role node's id: the line writes its own id relative to it (`#.image`).
        public var owner: String?
        /// The role (`button`, `row`) or else the kind (`text`, `image`, `movie`).
        public var what: String
        /// A text node's text, a role node's accessible name.
        public var text: String?
        /// An image's or movie's asset.
        public var asset: String?
        /// `selected`, `disabled`, `loading`, `failed`, in that order.
        public var states: [String]

        public init(id: String, depth: Int = 0, what: String, text: String? = nil, asset: String? = nil, states: [String] = []) {
            self.id = id; self.depth = depth; self.what = what; self.text = text; self.asset = asset; self.states = states
        }

        /// The line as written, without a newline.
        public var rendered: String {
            var out = String(repeating: "  ", count: depth) + what
            if let text { out += " " + JSON.string(text).description }
            if let asset { out += " " + asset }
            if !states.isEmpty { out += " [" + states.joined(separator: ", ") + "]" }
            if let owner, id.hasPrefix(owner + ".") { return out + "  #" + id.dropFirst(owner.count) }
            return out + "  #" + id
        }

        /// The fields a failure names, with their values as written.
        public var fields: [(name: String, value: String)] {
            [("what", what), ("text", text.map { JSON.string($0).description } ?? "none"),
             ("asset", asset ?? "none"), ("states", states.isEmpty ? "none" : "[" + states.joined(separator: ", ") + "]"),
             ("indent", String(depth))]
        }
    }

    public var lines: [Line]

    public init(lines: [Line]) { self.lines = lines }

    /// The screen of `display` in a viewport of `width` x `height` points; with `ids`, only the
    /// nodes whose ids are one of them or extend one by whole components (a region of the screen).
    public init(display: DisplayList, width: Double, height: Double, ids: [String] = []) {
        self.lines = ReadingOrder(display: display, width: width, height: height, ids: ids).entries.map { entry in
            let found = entry.found
            var line: Line
            if case .string(let role)? = found.node.style["role"] {
                line = Line(id: found.id, what: role, text: found.name ?? "")
            } else if found.node.kind == .text {
                line = Line(id: found.id, what: "text", text: found.text ?? "")
            } else {
                line = Line(id: found.id, what: found.node.kind.rawValue, asset: ReadingOrder.asset(of: found.node))
            }
            line.depth = entry.depth
            line.owner = entry.owner
            line.states = ReadingOrder.states(of: found.node)
            return line
        }
    }

    /// The text: one line per node, each ended by a newline.
    public var rendered: String {
        lines.map { $0.rendered + "\n" }.joined()
    }

    /// Reads lines as ``rendered`` writes them, relative ids made whole; nil for a line that is
    /// not one.
    public static func parse(_ texts: [String]) -> [Line?] {
        var idAtDepth: [String] = []
        return texts.map { text in
            guard var line = parseLine(text) else { return nil }
            if line.id.hasPrefix("."), line.depth > 0, line.depth <= idAtDepth.count {
                line.owner = idAtDepth[line.depth - 1]
                line.id = line.owner! + line.id
            }
            idAtDepth = Array(idAtDepth.prefix(line.depth)) + [line.id]
            return line
        }
    }

    /// Reads one line as ``Line/rendered`` writes it (a relative id stays as written).
    public static func parseLine(_ text: String) -> Line? {
        var rest = Substring(text)
        var depth = 0
        while rest.hasPrefix("  ") { depth += 1; rest = rest.dropFirst(2) }
        guard let mark = rest.lastOccurrence(of: "  #") else { return nil }
        let id = String(rest[mark.upperBound...])
        rest = rest[..<mark.lowerBound]
        let what = rest.prefix { $0 != " " }
        guard !what.isEmpty, !id.isEmpty else { return nil }
        var line = Line(id: id, depth: depth, what: String(what))
        rest = rest.dropFirst(what.count).drop { $0 == " " }
        if rest.first == "\"" {
            guard let end = ScreenText.endOfString(rest), case .string(let value)? = try? JSONParser.parse(String(rest[..<end])) else { return nil }
            line.text = value
            rest = rest[end...].drop { $0 == " " }
        }
        if !rest.isEmpty, rest.first != "[" {
            let asset = rest.prefix { $0 != " " }
            line.asset = String(asset)
            rest = rest.dropFirst(asset.count).drop { $0 == " " }
        }
        if rest.first == "[" {
            guard rest.last == "]" else { return nil }
            line.states = rest.dropFirst().dropLast().split(separator: ",").map { String($0.drop { $0 == " " }) }
            rest = ""
        }
        return rest.isEmpty ? line : nil
    }

    /// The end (past the closing quote) of the JSON string literal `text` starts with, escapes
    /// skipped; nil when it is not closed. (Also how a transcript's byte expression reads its
    /// string terms.)
    public static func endOfString(_ text: Substring) -> Substring.Index? {
        var index = text.index(after: text.startIndex)
        var escaped = false
        while index < text.endIndex {
            let c = text[index]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { return text.index(after: index) }
            index = text.index(after: index)
        }
        return nil
    }
}

extension ScreenText {
    /// The longest of `ids` that `id` extends by whole components (not `id` itself).
    static func owner(of id: String, among ids: Set<String>) -> String? {
        guard !ids.isEmpty else { return nil }
        var end = id.endIndex
        while let dot = id[..<end].lastIndex(of: ".") {
            let prefix = String(id[..<dot])
            if ids.contains(prefix) { return prefix }
            end = dot
        }
        return nil
    }
}

extension StringProtocol {
    /// Where `needle` last occurs, as a range of this string's indices.
    func lastOccurrence(of needle: String) -> Range<Index>? {
        var index = endIndex
        while index > startIndex {
            index = self.index(before: index)
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
        }
        return nil
    }

    /// Where `needle` first occurs, as a range of this string's indices.
    func firstOccurrence(of needle: String) -> Range<Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}

extension ScreenText {
    /// The lines of this screen that differ from `old`, node by node: `~ ` and the line of a node
    /// that changed, `+ ` and the line of a new one, `- #ID` for one gone (ids written whole). Nil
    /// when the nodes both screens have are read in another order (only the whole screen says that).
    public func changes(from old: ScreenText) -> [String]? {
        var before: [String: Line] = [:]
        for line in old.lines { before[line.id] = line }
        var now = Set<String>()
        for line in lines { now.insert(line.id) }
        let kept = lines.map(\.id).filter { before[$0] != nil }
        guard kept == old.lines.map(\.id).filter({ now.contains($0) }) else { return nil }
        var out: [String] = []
        func whole(_ line: Line) -> String {
            var line = line
            line.depth = 0
            line.owner = nil
            return line.rendered
        }
        for line in lines {
            if let was = before[line.id] {
                if was != line { out.append("~ " + whole(line)) }
            } else {
                out.append("+ " + whole(line))
            }
        }
        for line in old.lines where !now.contains(line.id) { out.append("- #" + line.id) }
        return out
    }

    /// This screen with `changes` (as ``changes(from:)`` writes them) made: a changed node keeps
    /// its place and indent, a new one goes last; nil when a line is not a change.
    public func applying(_ changes: [String]) -> ScreenText? {
        var lines = self.lines
        for change in changes {
            if change.hasPrefix("- #") {
                let id = String(change.dropFirst(3))
                lines.removeAll { $0.id == id }
            } else if change.hasPrefix("~ ") || change.hasPrefix("+ "), var line = ScreenText.parseLine(String(change.dropFirst(2))) {
                if let index = lines.firstIndex(where: { $0.id == line.id }) {
                    line.depth = lines[index].depth
                    line.owner = lines[index].owner
                    lines[index] = line
                } else {
                    lines.append(line)
                }
            } else {
                return nil
            }
        }
        return ScreenText(lines: lines)
    }
}
