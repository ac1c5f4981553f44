import SceneryCore

/// The one continuous flow of cells across all sets, by arithmetic: cell `i` is in row
/// `i / columns`, column `i % columns`, and a point maps back to a cell the same way, so nothing
/// here depends on how many Hoos are loaded.
///
/// Content coordinates: x as on screen, y from the top of the scrolled content.
public struct HooGrid: Equatable, Sendable {
    typealias M = HooMetrics

    /// Cells per row: as many 79 pt cells as fit the width (4 on the mocks' 320 pt), at least 1.
    public let columns: Int
    /// x of the first column: the columns are centred in the width.
    public let left: Double
    /// Number of cells (Hoos) in the flow.
    public let count: Int

    /// The flow of `count` cells on a screen `width` points wide.
    public init(width: Double, count: Int) {
        columns = max(1, Int((width / M.cellSize).rounded(.down)))
        left = (width - Double(columns) * M.cellSize) / 2
        self.count = count
    }

    /// Rows of the flow; the last may be partly filled.
    public var rows: Int { (count + columns - 1) / columns }

    /// Insets, then the rows.
    public var contentHeight: Double { M.gridTopInset + Double(rows) * M.cellSize + M.gridBottomInset }

    /// The cell's square in content coordinates.
    public func cellFrame(_ index: Int) -> Rect {
        Rect(x: left + Double(index % columns) * M.cellSize, y: M.gridTopInset + Double(index / columns) * M.cellSize,
             width: M.cellSize, height: M.cellSize)
    }

    /// The row whose band of content contains `y`, unclamped (may be negative or past the end).
    public func row(atContentY y: Double) -> Int {
        Int(((y - M.gridTopInset) / M.cellSize).rounded(.down))
    }

    /// The cell whose square contains a content point, nil in the margins or past the last Hoo.
    public func index(atContent point: Point) -> Int? {
        let column = ((point.x - left) / M.cellSize).rounded(.down)
        let row = ((point.y - M.gridTopInset) / M.cellSize).rounded(.down)
        guard column >= 0, column < Double(columns), row >= 0, row < Double(rows) else { return nil }
        let index = Int(row) * columns + Int(column)
        return index < count ? index : nil
    }

    /// The cells whose rows intersect the content band `minY..<maxY`.
    public func indexes(minY: Double, maxY: Double) -> Range<Int> {
        guard count > 0, maxY > minY else { return 0..<0 }
        let first = max(0, row(atContentY: minY))
        // The last row starting before `maxY`.
        let last = min(rows - 1, Int(((maxY - M.gridTopInset) / M.cellSize).rounded(.up)) - 1)
        guard first <= last else { return 0..<0 }
        return (first * columns)..<min(count, (last + 1) * columns)
    }
}

/// Where everything but the cells is on a viewport: the mock's layout, moved down by the safe
/// area above the mock's 20 pt status bar, the bottom area kept above the bottom safe area, and
/// the grid taking the height between the two lines.
public struct HooScreenLayout: Equatable, Sendable {
    typealias M = HooMetrics

    public let viewport: Viewport

    /// The layout of a viewport.
    public init(_ viewport: Viewport) { self.viewport = viewport }

    /// How far the top chrome sits below where the mock has it.
    public var topShift: Double { max(0, viewport.safeArea.top - M.mockStatusBar) }

    /// The set's header image, left-aligned in the area above the top line.
    public var headerFrame: Rect {
        Rect(x: M.headerLeft, y: topShift + M.headerTop, width: max(0, viewport.width - M.headerLeft - M.headerRight), height: M.headerHeight)
    }

    /// The logo, at the top right.
    public var logoFrame: Rect {
        Rect(x: viewport.width - M.logoRight - M.logoWidth, y: topShift + M.logoTop, width: M.logoWidth, height: M.logoHeight)
    }

    /// The white line above the grid.
    public var topLine: Rect {
        Rect(x: 0, y: topShift + M.topLineY, width: viewport.width, height: M.lineThickness)
    }

    /// Top of the bottom area: 82 pt above the bottom safe area, never above the top line.
    public var bottomAreaTop: Double {
        max(topLine.maxY + M.lineThickness, viewport.height - viewport.safeArea.bottom - M.bottomAreaHeight)
    }

    /// The white line below the grid, on top of the bottom area.
    public var bottomLine: Rect {
        Rect(x: 0, y: bottomAreaTop - M.lineThickness, width: viewport.width, height: M.lineThickness)
    }

    /// The scroll view: between the lines, full width.
    public var gridFrame: Rect {
        Rect(x: 0, y: topLine.maxY, width: viewport.width, height: max(0, bottomLine.y - topLine.maxY))
    }

    /// The selected Hoo's title, first line of the bottom area.
    public var titleFrame: Rect {
        Rect(x: M.bottomLeft, y: bottomAreaTop + M.titleTop, width: max(0, viewport.width - M.bottomLeft - M.bottomRight), height: M.titleHeight)
    }

    /// The selected Hoo's poem line, under the title.
    public var poemFrame: Rect {
        Rect(x: M.bottomLeft, y: bottomAreaTop + M.poemTop, width: max(0, viewport.width - M.bottomLeft - M.bottomRight), height: M.poemHeight)
    }

    /// `hoo.png` is a full-screen picture (640x960 px on the 320x480 pt mock, drawn at 0,0).
    public var overlayFrame: Rect {
        Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
    }
}
