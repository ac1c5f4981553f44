/// A piece of a scene's screen: a few nodes that are drawn together (a table row, a grid cell,
/// the chrome) and, as its value, everything they are drawn from.
///
/// A scene's ``Scene/render(_:into:)`` adds a part for each piece of the screen on every render.
/// The engine compares each part with the one of the last render that had the same ``key``:
/// when they are equal it keeps that part's nodes without calling ``nodes()``, so a command
/// costs what it changed. A part must therefore hold every value ``nodes()`` reads (a row's
/// top, its text, whether it is selected); two equal parts must draw the same nodes.
public protocol ScreenPart: Equatable {
    /// Which piece of the screen this is (`chrome`, the row of person 12): what a render's part
    /// is matched with in the last one.
    associatedtype Key: Hashable
    var key: Key { get }
    /// The part's nodes and their ids. Ids are unique across the whole screen.
    func nodes() -> [(id: String, node: Node)]
    /// Whether any of the part's nodes may matter to `query` (`find`, `reveal`): one that matches
    /// it, or a text node that names a node of the queried role (PROTOCOL.md, "Finding nodes").
    /// A search skips the parts that say false without building their nodes, so a part of a long
    /// list answers from what it holds (a row's name, its index) to keep a search of 100,000 rows
    /// cheap. It must never say false where ``nodes()`` has something that matters: a test
    /// compares every search with and without it. Defaults to true.
    func mayMatch(_ query: NodeQuery) -> Bool
}

extension ScreenPart {
    public func mayMatch(_ query: NodeQuery) -> Bool { true }
}

/// What a scene draws its screen on: the scroll content, and the screen's parts in
/// ``ScreenPart``s, which a render adds with ``add(_:)`` and groups into ``section(_:inputs:_:)``s.
///
/// The engine hands a scene's render a screen that remembers the last render. It alone
/// decides what to reuse, which nodes changed, and how the patch is written; a scene only says
/// what the screen shows.
public struct Screen<Part: ScreenPart> {
    /// The scrolling layer of content nodes (`layer: .content`), nil for a screen without one.
    public var content: ScrollContent?
    /// The level parts are added to: the screen's, or that of the section being built.
    @usableFromInline var level: ScreenLevel<Part>
    /// Whether this render is to show the whole scroll content: a scene that renders only the
    /// rows near the visible band (virtualization) renders every row instead. Only `find` and
    /// `reveal` render so (through ``init(wholeContent:)``), to reach rows that are not nodes;
    /// the engine's renders, which become the state document, never do.
    public let wholeContent: Bool
    /// In a whole-content render, where each part goes, instead of being kept for a diff.
    @usableFromInline let visit: ((Part) -> Void)?
    /// In a whole-content render, what the search looks for (nil: everything): a scene with a
    /// long list may leave out the rows that cannot matter to it, as their parts'
    /// ``ScreenPart/mayMatch(_:)`` would say, without making those parts.
    public let query: NodeQuery?

    /// A screen that matches its parts with `last`'s (and takes its spare storage).
    @inlinable init(last: inout RenderedScreen<Part>) {
        wholeContent = false
        visit = nil
        query = nil
        level = ScreenLevel(parts: last.parts, sections: last.sections)
        swap(&level.parts, &last.spare)
        swap(&level.sections, &last.spareSections)
        if level.parts.capacity < level.lastParts.count { level.parts.reserveCapacity(level.lastParts.count) }
        if level.sections.capacity < level.lastSections.count { level.sections.reserveCapacity(level.lastSections.count) }
    }

    /// A screen that shows the whole scroll content and hands each part to `visit` as it is
    /// added, keeping none: what `find` searches, every row of a long list included, one part at
    /// a time. Sections are always built (there is no last render to keep them from).
    public init(wholeContent visit: @escaping (Part) -> Void, query: NodeQuery? = nil) {
        wholeContent = true
        self.visit = visit
        self.query = query
        level = ScreenLevel(parts: [], sections: [])
    }

    /// Shows `part`: the last render's part with the same key, when it is equal, else a new one
    /// built from ``ScreenPart/nodes()``.
    @inlinable @inline(__always)
    public mutating func add(_ part: __owned Part) {
        if let visit {
            visit(part)
            return
        }
        level.add(part)
    }

    /// A run of parts that depend on `inputs` alone (the rows on screen depend on the scroll
    /// offset, the viewport and the data, not on the selection): when `inputs` equal those of the
    /// last render's section with the same name, its parts are kept as they were and `build` is
    /// not called, so a command that changed none of them does not walk them. Otherwise
    /// `build(&screen, context)` adds them, and each is still compared with the last render's.
    /// `inputs` must capture everything `build` reads. Names are unique within their level.
    ///
    /// `build` reads what it needs from `context` (usually the state), which is lent to it, not
    /// copied: a closure that captured the state instead would copy it on every render, whether
    /// or not the section is built.
    @inlinable
    public mutating func section<Inputs: Equatable, Context>(_ name: StaticString, inputs: Inputs, with context: Context,
                                                             _ build: (inout Screen, Context) -> Void) {
        let last = level.lastSection(name)
        if let last, last.inputsType == ObjectIdentifier(Inputs.self),
           unsafeDowncast(last, to: SectionEntryWithInputs<Part, Inputs>.self).equals(inputs) {
            if level.sections.count != level.sectionCursor - 1 { level.keptAll = false }
            level.sections.append(last)
            return
        }
        var inner = ScreenLevel<Part>(parts: last?.parts ?? [], sections: last?.sections ?? [])
        // Most rebuilds add as many parts as the last one had: room for them up front, so that
        // the list does not grow by doubling.
        inner.parts.reserveCapacity(inner.lastParts.count)
        if !inner.lastSections.isEmpty { inner.sections.reserveCapacity(inner.lastSections.count) }
        swap(&level, &inner)
        build(&self, context)
        swap(&level, &inner)
        level.sections.append(SectionEntryWithInputs(name: name, inputs: inputs, parts: inner.parts, sections: inner.sections))
        level.keptAll = false
    }
}

/// One part as the last render showed it: the group of its nodes, with the part they were
/// built from.
public final class PartEntry<Part: ScreenPart>: NodeGroup, @unchecked Sendable {
    @usableFromInline let part: Part

    /// The entry of `part`, whose nodes are built here.
    @inlinable init(_ part: __owned Part) {
        let nodes = part.nodes()
        self.part = part
        super.init(nodes)
    }

    /// The entry as a group of the display list.
    @inlinable var group: NodeGroup { self }

    /// Whether this entry shows `other` (compared in place, without copying the part out).
    @inlinable func shows(_ other: borrowing Part) -> Bool { part == other }

    /// Whether this entry's part has `key`.
    @inlinable func has(_ key: Part.Key) -> Bool { part.key == key }
}

/// A section as a render left it: its inputs and its parts (and sections), whose groups the
/// next render keeps whole when the inputs are the same. The inputs, of whatever type the
/// scene gave, are kept by the subclass ``SectionEntryWithInputs``, so that a section costs
/// one allocation.
public class SectionEntry<Part: ScreenPart> {
    @usableFromInline let name: StaticString
    /// The inputs' type, compared before the inputs are (a cast would look the type up).
    @usableFromInline let inputsType: ObjectIdentifier
    @usableFromInline let parts: [PartEntry<Part>]
    @usableFromInline let sections: [SectionEntry<Part>]
    /// How many node groups the section holds, its sections' included.
    @usableFromInline let groupCount: Int

    @inlinable init(name: StaticString, inputsType: ObjectIdentifier, parts: [PartEntry<Part>], sections: [SectionEntry<Part>]) {
        self.name = name
        self.inputsType = inputsType
        self.parts = parts
        self.sections = sections
        groupCount = sections.reduce(parts.count) { $0 + $1.groupCount }
    }

    /// Its groups in display order: its parts', then each section's.
    @inlinable final func appendGroups(to groups: inout [NodeGroup]) {
        for entry in parts { groups.append(entry.group) }
        for section in sections { section.appendGroups(to: &groups) }
    }
}

/// A section with its inputs.
@usableFromInline final class SectionEntryWithInputs<Part: ScreenPart, Inputs: Equatable>: SectionEntry<Part> {
    @usableFromInline let inputs: Inputs

    @inlinable init(name: StaticString, inputs: Inputs, parts: [PartEntry<Part>], sections: [SectionEntry<Part>]) {
        self.inputs = inputs
        super.init(name: name, inputsType: ObjectIdentifier(Inputs.self), parts: parts, sections: sections)
    }

    /// Whether these are `other` (compared in place, without copying the inputs out).
    @inlinable func equals(_ other: borrowing Inputs) -> Bool { inputs == other }
}

/// The parts and sections of one level (the screen, or a section) while a render adds them,
/// beside those of the last render they are matched with.
///
/// Renders usually add the same parts in the same order as the last one (a tap changes a row or
/// two; a scroll shifts the rows by a few). So a part's key is first compared with the last
/// render's part at the cursor, and hashed only when the render has lost its place several times.
@usableFromInline struct ScreenLevel<Part: ScreenPart> {
    /// The last render's parts and sections at this level, in order.
    @usableFromInline var lastParts: [PartEntry<Part>]
    @usableFromInline var lastSections: [SectionEntry<Part>]
    /// This render's, in order.
    @usableFromInline var parts: [PartEntry<Part>]
    @usableFromInline var sections: [SectionEntry<Part>] = []
    /// Where the next part is expected in `lastParts`, and the next section in `lastSections`.
    @usableFromInline var cursor = 0, sectionCursor = 0
    /// `lastParts`' positions by key, built when a render has lost its place several times.
    @usableFromInline var positions: [Part.Key: Int]?
    /// How many keys this render looked up by scanning.
    @usableFromInline var misses = 0
    /// Whether every part and section so far is the last render's at the same place.
    @usableFromInline var keptAll = true

    /// Whether this render kept the last one's parts and sections, all of them, in place: the
    /// display then needs nothing.
    @inlinable var keptEverything: Bool {
        keptAll && parts.count == lastParts.count && sections.count == lastSections.count
    }

    /// A level whose parts are matched with `parts` and `sections`, a render's.
    @usableFromInline init(parts: [PartEntry<Part>], sections: [SectionEntry<Part>]) {
        lastParts = parts
        lastSections = sections
        self.parts = []
    }

    @inlinable @inline(__always) mutating func add(_ part: __owned Part) {
        if let found = lastPart(part.key), lastParts[found].shows(part) {
            if found != parts.count { keptAll = false }
            parts.append(lastParts[found])
        } else {
            keptAll = false
            parts.append(PartEntry(part))
        }
    }

    /// Where the last render's part with `key` is, moving the cursor past it.
    @inlinable mutating func lastPart(_ key: Part.Key) -> Int? {
        var found = cursor
        if found >= lastParts.count || !lastParts[found].has(key) {
            // A part came or went just here (a row scrolled in, a disc moved): look a little ahead.
            if found + 1 < lastParts.count && lastParts[found + 1].has(key) {
                found += 1
            } else if found + 2 < lastParts.count && lastParts[found + 2].has(key) {
                found += 2
            } else if misses < 4 {
                // A few keys out of place are found by a scan, cheaper than hashing every key.
                misses += 1
                var position = 0
                while position < lastParts.count && !lastParts[position].has(key) { position += 1 }
                guard position < lastParts.count else { return nil }
                found = position
            } else {
                if positions == nil {
                    var table: [Part.Key: Int] = [:]
                    table.reserveCapacity(lastParts.count)
                    for (i, entry) in lastParts.enumerated() where table[entry.part.key] == nil { table[entry.part.key] = i }
                    positions = table
                }
                guard let position = positions![key] else { return nil }
                found = position
            }
        }
        cursor = found + 1
        return found
    }

    /// The last render's section named `name`, moving the section cursor past it.
    @inlinable mutating func lastSection(_ name: StaticString) -> SectionEntry<Part>? {
        // A name is a literal: the same section's name is the same bytes at the same address.
        let start = name.utf8Start
        var found = sectionCursor
        if found >= lastSections.count || lastSections[found].name.utf8Start != start {
            found = 0
            while found < lastSections.count && lastSections[found].name.utf8Start != start { found += 1 }
            if found == lastSections.count {
                // The same name spelled at another place in the code (two equal literals).
                found = 0
                while found < lastSections.count && lastSections[found].name.description != name.description { found += 1 }
                guard found < lastSections.count else { return nil }
            }
        }
        sectionCursor = found + 1
        return lastSections[found]
    }
}
