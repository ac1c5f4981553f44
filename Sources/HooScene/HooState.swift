import SceneryCore

/// The whole state of the Hoo scene. The sets are built once per load; a command changes only
/// the small fields (selection, offset, gesture), so its cost does not grow with the Hoos.
public struct HooState: Sendable {
    public var viewport: Viewport
    /// The sets in flow order.
    public var catalog: HooCatalog {
        didSet { catalogVersion &+= 1 }
    }
    /// Changes whenever `catalog` does (a render compares it rather than the catalog).
    public private(set) var catalogVersion = 0
    /// True while the built-in sample is shown; the first load that yields sets replaces it.
    public var isSample: Bool
    /// The brief's art found in `resources` (the logo), replacing drawn images.
    public var originals = OriginalImages() {
        didSet { originalsJSON = .array(originals.replaced.map(JSON.string)) }
    }
    /// The drawn ids `originals` replaced, as the model lists them: built once at open rather
    /// than per command.
    public private(set) var originalsJSON: JSON = .array([])
    /// The selected Hoo, if any.
    public var selection: HooRef?
    /// How far the grid is scrolled, clamped to `0...maxOffset`.
    public var offset: Double = 0
    /// The pan in progress, between `began` and `ended`/`cancelled`.
    public var pan: PanGesture?
    /// The grid's coasting after a scrolling pan was released with some speed.
    public var deceleration: Deceleration?
    /// The load running now, if any; a newer `sets.load` supersedes it.
    public var loading: PendingLoad?
    /// How many loads have finished; the next finished load is number `loadCount + 1`.
    public var loadCount = 0
    /// What failed in the last finished load, one entry per archive or folder.
    public private(set) var loadErrors: [HooLoadFailure] = []
    /// `loadErrors` as the model shows them, built once per load rather than per command.
    public private(set) var loadErrorsJSON: JSON = .array([])

    /// A state showing `catalog` on `viewport`, at the top, nothing selected.
    public init(viewport: Viewport, catalog: HooCatalog, isSample: Bool) {
        self.viewport = viewport; self.catalog = catalog; self.isSample = isSample
    }

    /// The flow's arithmetic for this width and number of Hoos.
    public var grid: HooGrid { HooGrid(width: viewport.width, count: catalog.count) }
    /// Where the chrome and the grid are on this viewport.
    public var layout: HooScreenLayout { HooScreenLayout(viewport) }

    /// The largest offset: content height minus the grid's visible height, at least 0.
    public var maxOffset: Double { max(0, grid.contentHeight - layout.gridFrame.height) }

    /// Records the last load's failures and their JSON for the model.
    public mutating func setLoadErrors(_ failures: [HooLoadFailure]) {
        loadErrors = failures
        loadErrorsJSON = .array(failures.map { ["source": .string($0.source), "reason": .string($0.reason)] })
    }

    /// The flow position of the Hoo under a screen point, nil outside the grid's visible area,
    /// in its margins or past the last Hoo.
    public func hooIndex(atScreen point: Point) -> Int? {
        let frame = layout.gridFrame
        guard frame.contains(point) else { return nil }
        return grid.index(atContent: Point(x: point.x - frame.x, y: point.y - frame.y + offset))
    }

    /// Where the selected Hoo is in the catalog (nil with no selection).
    public var selected: HooLocation? { selection.flatMap { catalog.locate($0) } }

    /// The set whose header shows: the selected Hoo's (at `selected`, ``selected`` looked up
    /// once by the caller); none without a selection, as the mock of the bare grid (`grid.png`)
    /// shows no header.
    func headerSetIndex(selected: HooLocation?) -> Int? { selected?.set }
}

/// A `sets.load` (or `scene.open` with `sets`) whose job has not finished: the path, and the
/// token its result must carry to be taken (a result without it is stale and ignored).
public struct PendingLoad: Equatable, Sendable {
    public var path: String
    public var token: UInt64
}

/// What the `sets.load` job hands back: the loader's result and the token of the load that
/// started it.
public struct HooLoadJobResult: Sendable {
    public var token: UInt64
    public var result: HooLoadResult
}
