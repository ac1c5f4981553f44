import SceneryCore

/// A row of a list: an index into the scene's events or people.
public enum ListRow: Equatable, Sendable {
    case event(Int)
    case person(Int)
}

/// One section of a list: its id (used in node ids), its header title and its rows.
public struct ListSection: Equatable, Sendable {
    public var id: String
    public var title: String
    public var rows: [ListRow]
    public var rowHeight: Double
}

/// The vertical layout of a sectioned table: where each section starts, so that the rows in
/// any band of the content are found by binary search, whatever the number of rows.
public struct SectionedList: Equatable, Sendable {
    public private(set) var sections: [ListSection]
    public let headerHeight: Double
    /// Section tops in content points; `tops[i + 1]` is where section `i` ends.
    public private(set) var tops: [Double]
    /// `[{id, title, rows}]` for the model, built once.
    public let sectionsJSON: JSON

    public init(sections: [ListSection], headerHeight: Double) {
        self.sections = sections
        self.headerHeight = headerHeight
        var tops: [Double] = [0]
        for section in sections {
            tops.append(tops[tops.count - 1] + headerHeight + Double(section.rows.count) * section.rowHeight)
        }
        self.tops = tops
        sectionsJSON = .array(sections.map { section in
            ["id": .string(section.id), "title": .string(section.title), "rows": .number(section.rows.count)]
        })
    }

    public var contentHeight: Double { tops[tops.count - 1] }

    public func rowTop(section: Int, row: Int) -> Double {
        tops[section] + headerHeight + Double(row) * sections[section].rowHeight
    }

    /// The index of the section whose band contains `y` (the last one for `y` past the end).
    public func section(at y: Double) -> Int {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if tops[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Sections and row ranges that intersect `minY..<maxY`.
    public func rows(in minY: Double, _ maxY: Double) -> [(section: Int, rows: Range<Int>)] {
        var result: [(section: Int, rows: Range<Int>)] = []
        forEachSection(in: minY, maxY) { result.append(($0, $1)) }
        return result
    }

    /// Calls `body` with each section that intersects `minY..<maxY` and the range of its rows
    /// that do, top to bottom (what ``rows(in:_:)`` lists, without building the list: a render
    /// walks the band once or twice per command).
    @inline(__always)
    func forEachSection(in minY: Double, _ maxY: Double, _ body: (_ section: Int, _ rows: Range<Int>) -> Void) {
        guard !sections.isEmpty, maxY > minY else { return }
        var index = section(at: max(0, minY))
        while index < sections.count && tops[index] < maxY {
            // Read in place: a copy of the section would retain its id, title and rows.
            let rowHeight = sections[index].rowHeight, rowCount = sections[index].rows.count
            let firstRowTop = tops[index] + headerHeight
            let first = max(0, Int(((minY - firstRowTop) / rowHeight).rounded(.down)))
            let last = min(rowCount, Int(((maxY - firstRowTop) / rowHeight).rounded(.up)))
            body(index, first..<max(first, last))
            index += 1
        }
    }
}
