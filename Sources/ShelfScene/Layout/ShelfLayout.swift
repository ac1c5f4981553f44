import SceneryCore

/// Where everything goes on a viewport: the bars, the shelf, and the grid of books.
///
/// **Columns rule.** The grid takes the safe area's width. Items keep at least the mock's 105 pt:
/// `columns = max(3, floor((width - 15) / 120))`, then the items share what the 15 pt insets
/// and gaps leave (`itemWidth = (width - 15 × (columns + 1)) / columns`). So every phone in
/// portrait shows 3 columns (320 pt: 86.67 wide; 375: 105, the mock; 440: 126.67), and landscape
/// adds columns (812x375 with 44 pt side insets: 724 pt, 5 columns of 126.8). A cover is 1.235
/// times as tall as it is wide (the mock); the title and the ISBN below it keep their sizes.
struct ShelfLayout: Equatable {
    typealias M = ShelfMetrics
    let viewport: Viewport
    /// The navigation bar's bottom (the hairline's top).
    let navigationBottom: Double
    /// Where the shelf starts, below the hairline.
    let shelfTop: Double
    /// The tab bar's top.
    let tabBarTop: Double
    /// The scroll view of books, on screen.
    let grid: Rect
    let columns: Int
    let itemWidth: Double
    let coverHeight: Double
    let itemHeight: Double
    let rowPitch: Double

    init(_ viewport: Viewport) {
        self.viewport = viewport
        let safe = viewport.safeArea
        navigationBottom = safe.top + M.navigationBarHeight
        shelfTop = navigationBottom + M.hairline
        tabBarTop = max(shelfTop, viewport.height - safe.bottom - M.tabBarAboveSafeArea)
        let width = max(0, viewport.width - safe.left - safe.right)
        grid = Rect(x: safe.left, y: shelfTop, width: width, height: max(0, tabBarTop - shelfTop))
        columns = max(M.minimumColumns, Int((width - M.inset) / (M.minimumItemWidth + M.inset)))
        itemWidth = max(1, (width - M.inset * Double(columns + 1)) / Double(columns))
        coverHeight = itemWidth * M.coverAspect
        itemHeight = coverHeight + M.titleGap + M.titleHeight + M.isbnGap + M.isbnHeight
        rowPitch = itemHeight + M.spacing
    }

    /// The frame of the item at `index` in the grid, in content coordinates.
    func item(_ index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: M.inset + Double(column) * (itemWidth + M.inset), y: M.firstRowTop + Double(row) * rowPitch,
                    width: itemWidth, height: itemHeight)
    }

    /// The content's height for `count` books: the rows, with the last row's spacing below it.
    func contentHeight(_ count: Int) -> Double {
        count == 0 ? 0 : M.firstRowTop + Double((count + columns - 1) / columns) * rowPitch
    }

    func maxOffset(_ count: Int) -> Double { max(0, contentHeight(count) - grid.height) }

    /// The indices of the books whose rows are nodes at `offset`: rows meeting the visible band
    /// extended by half the grid's height above and below (one screen of overscan in all).
    func visible(_ count: Int, offset: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let minY = offset - grid.height / 2, maxY = offset + grid.height * 1.5
        let firstRow = max(0, Int(((minY - M.firstRowTop - itemHeight) / rowPitch).rounded(.down)) + 1)
        let lastRow = Int(((maxY - M.firstRowTop) / rowPitch).rounded(.up))
        let start = min(count, firstRow * columns), end = min(count, max(start, lastRow * columns))
        return start..<end
    }

    /// The index of the first book whose row is at least partly on screen at `offset`.
    func firstOnScreen(_ count: Int, offset: Double) -> Int? {
        guard count > 0 else { return nil }
        let row = max(0, Int(((offset - M.firstRowTop - itemHeight) / rowPitch).rounded(.down)) + 1)
        return min(count - 1, row * columns)
    }

    /// The picture behind the books, on screen.
    var picture: Rect {
        let width = min(viewport.width * M.pictureWidthShare, M.pictureMaxWidth)
        return Rect(x: viewport.width - width, y: shelfTop, width: width, height: width * M.pictureAspect)
    }
}
