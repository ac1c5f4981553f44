import SceneryCore

/// The field of one viewport and its imaginary grid of 8 columns by 16 rows.
///
/// Grid points span the field edge to edge, as on the mock: column `i` is at
/// `field.x + i * field.width / 7`, row `j` at `field.y + j * field.height / 15`. A circle
/// stands with its centre on a grid point.
public struct FieldGrid: Sendable {
    typealias M = ExhibitionMetrics
    /// The field, in screen points.
    public let frame: Rect
    /// Distance between neighbouring columns and rows of grid points.
    public let columnSpacing: Double
    public let rowSpacing: Double

    /// The grid spanning `frame`.
    public init(frame: Rect) {
        self.frame = frame
        columnSpacing = frame.width / Double(M.gridColumns - 1)
        rowSpacing = frame.height / Double(M.gridRows - 1)
    }

    /// The field of a viewport: its safe area inset by 50 pt horizontally and 100 pt vertically.
    public init(viewport: Viewport) { self.init(frame: ScreenLayout(viewport: viewport).field) }

    /// Where a grid point is on screen.
    public func center(_ point: GridPoint) -> Point {
        Point(x: frame.x + Double(point.column) * columnSpacing, y: frame.y + Double(point.row) * rowSpacing)
    }

    /// Whether a circle of `radius` centred on `point` lies wholly inside the field.
    public func fits(_ point: GridPoint, radius: Double) -> Bool {
        fitsColumn(point.column, radius: radius) && fitsRow(point.row, radius: radius)
    }

    // A hair of tolerance, so that a circle exactly touching the edge counts as inside.
    static let tolerance = 1e-9

    func fitsColumn(_ column: Int, radius: Double) -> Bool {
        let x = frame.x + Double(column) * columnSpacing
        return x - radius >= frame.x - FieldGrid.tolerance && x + radius <= frame.maxX + FieldGrid.tolerance
    }

    func fitsRow(_ row: Int, radius: Double) -> Bool {
        let y = frame.y + Double(row) * rowSpacing
        return y - radius >= frame.y - FieldGrid.tolerance && y + radius <= frame.maxY + FieldGrid.tolerance
    }

    /// The grid points where a circle of `radius` lies wholly inside the field. Inside-ness
    /// depends on the column and the row separately, so these are a block of the grid.
    public func spots(fitting radius: Double) -> Spots {
        var columns = 0..<0, rows = 0..<0
        for column in 0..<M.gridColumns where fitsColumn(column, radius: radius) {
            columns = columns.isEmpty ? column..<column + 1 : columns.lowerBound..<column + 1
        }
        for row in 0..<M.gridRows where fitsRow(row, radius: radius) {
            rows = rows.isEmpty ? row..<row + 1 : rows.lowerBound..<row + 1
        }
        return Spots(columns: columns, rows: rows)
    }

    /// The same points as a list, in reading order (row by row, left to right).
    public func points(fitting radius: Double) -> [GridPoint] {
        let spots = spots(fitting: radius)
        return (0..<spots.count).map { spots[$0] }
    }
}

/// A block of grid points, numbered in reading order, so a uniform draw is one index.
public struct Spots: Sendable {
    public let columns: Range<Int>
    public let rows: Range<Int>

    /// How many points the block holds.
    public var count: Int { columns.count * rows.count }

    /// The point `index` in reading order, `0 ..< count`.
    public subscript(index: Int) -> GridPoint {
        GridPoint(column: columns.lowerBound + index % columns.count, row: rows.lowerBound + index / columns.count)
    }
}
