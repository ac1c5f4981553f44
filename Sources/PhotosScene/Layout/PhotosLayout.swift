import SceneryCore

/// Where things go on a viewport: the navigation bar, and the home grid of square thumbnails a
/// third of the safe width wide (the brief), three to a row, touching.
struct PhotosLayout: Equatable {
    typealias M = PhotosMetrics
    let viewport: Viewport
    let navigationBottom: Double
    /// The home grid (and the gallery's photo area), on screen.
    let grid: Rect
    let thumbnail: Double

    init(_ viewport: Viewport) {
        self.viewport = viewport
        let safe = viewport.safeArea
        navigationBottom = safe.top + M.navigationBarHeight
        let width = max(0, viewport.width - safe.left - safe.right)
        grid = Rect(x: safe.left, y: navigationBottom, width: width, height: max(0, viewport.height - safe.bottom - navigationBottom))
        thumbnail = max(1, width / Double(M.columns))
    }

    /// The frame of the thumbnail at `index`, in content coordinates.
    func item(_ index: Int) -> Rect {
        Rect(x: Double(index % M.columns) * thumbnail, y: Double(index / M.columns) * thumbnail, width: thumbnail, height: thumbnail)
    }

    func contentHeight(_ count: Int) -> Double { Double((count + M.columns - 1) / M.columns) * thumbnail }

    func maxOffset(_ count: Int) -> Double { max(0, contentHeight(count) - grid.height) }

    /// The photos whose rows meet the visible band extended by half the grid's height above and
    /// below: those are nodes, and those are downloaded.
    func visible(_ count: Int, offset: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let minY = offset - grid.height / 2, maxY = offset + grid.height * 1.5
        let first = max(0, Int((minY / thumbnail).rounded(.down)))
        let last = max(first, Int((maxY / thumbnail).rounded(.up)))
        return min(count, first * M.columns)..<min(count, last * M.columns)
    }

    /// The photos at least partly on screen, in reading order (downloaded before the overscan).
    func onScreen(_ count: Int, offset: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let first = max(0, Int((offset / thumbnail).rounded(.down)))
        let last = max(first, Int(((offset + grid.height) / thumbnail).rounded(.up)))
        return min(count, first * M.columns)..<min(count, last * M.columns)
    }
}
