import SceneryCore

/// The mode of the available circle, which picks its circle image and so its size. The seed:
/// "normally depends on the content of the item, but for the challenge we choose a random mode".
public enum CircleSize: String, CaseIterable, Sendable {
    case large, medium, small

    /// Diameter in points, the size of the circle image.
    public var diameter: Double {
        switch self {
        case .large: return ExhibitionMetrics.largeCircleDiameter
        case .medium: return ExhibitionMetrics.mediumCircleDiameter
        case .small: return ExhibitionMetrics.smallCircleDiameter
        }
    }

    /// The radius the circle takes up with its ring around it: half the diameter plus the ring distance.
    public var footprintRadius: Double { diameter / 2 + ExhibitionMetrics.ringDistance }
}

/// A point of the field's imaginary grid: `column` 0..<8 from the left, `row` 0..<16 from the top.
public struct GridPoint: Hashable, Sendable {
    public var column: Int
    public var row: Int

    /// The point at `column` from the left and `row` from the top.
    public init(column: Int, row: Int) { self.column = column; self.row = row }
}

/// A line between two circles, by their indices, `a < b`; one line even when each circle counts
/// the other among its two nearest neighbours.
public struct Edge: Hashable, Sendable {
    public let a: Int
    public let b: Int

    /// The line between circles `i` and `j`, in either order.
    public init(_ i: Int, _ j: Int) { a = min(i, j); b = max(i, j) }

    /// The node id, `edge.A-B`.
    public var id: String { "edge.\(a)-\(b)" }

    /// Whether the line ends at circle `circle`.
    public func touches(_ circle: Int) -> Bool { a == circle || b == circle }
}

/// Where the five circles stand: circle 0 is the available one, 1...4 the unavailable grey dots,
/// each on a grid point; `edges` join every circle to its two nearest neighbours.
public struct FieldLayout: Equatable, Sendable {
    /// Index of the available circle in `points`.
    public static let available = 0
    /// One available circle and four unavailable ones (seed).
    public static let circleCount = 5

    public let size: CircleSize
    public let points: [GridPoint]
    /// Sorted by `a`, then `b`. They depend on the field's shape (its column and row spacing), so
    /// a layout is rebuilt, not copied, when the viewport changes.
    public let edges: [Edge]

    /// A layout with its edges found by ``NearestNeighbours``.
    public init(size: CircleSize, points: [GridPoint], grid: FieldGrid) {
        self.init(size: size, points: points, edges: NearestNeighbours.edges(points.map(grid.center)))
    }

    /// A layout whose edges were just found from the same points (placement's inner loop).
    init(size: CircleSize, points: [GridPoint], edges: [Edge]) {
        self.size = size
        self.points = points
        self.edges = edges
    }

    /// The footprint radius of circle `index`: the ring's outer radius for the available circle,
    /// the dot's radius for the others.
    public func radius(of index: Int) -> Double {
        index == FieldLayout.available ? size.footprintRadius : ExhibitionMetrics.dotDiameter / 2
    }

    /// Whether both layouts put the available circle on the same point and the dots on the same
    /// points (in any order): then a reshuffle would show no change.
    public func standsLike(_ other: FieldLayout) -> Bool {
        // The points of a layout are distinct, so the same count and each found is the same set.
        points[0] == other.points[0] && points.count == other.points.count
            && points.dropFirst().allSatisfy { other.points.dropFirst().contains($0) }
    }
}

/// What last changed the layout, `model.cause`: the trigger, then how placement answered when the
/// old places broke the rules (`moved`: the available circle alone moved; `reshuffled`: a new
/// layout).
public enum LayoutCause: String, Sendable {
    case open
    /// A tap on `mode.nearme` or the `reshuffle` method.
    case reshuffle
    /// A tap on the available circle: a new size in the same places.
    case resize
    case resizeMoved = "resize.moved"
    case resizeReshuffled = "resize.reshuffled"
    /// `viewport.set`: the same grid points on the new field.
    case viewport
    case viewportMoved = "viewport.moved"
    case viewportReshuffled = "viewport.reshuffled"
}

/// The whole state of the Exhibition scene.
public struct ExhibitionState: Sendable {
    public var viewport: Viewport
    public var layout: FieldLayout
    /// False only on a viewport too small for any layout that keeps the placement rules (far
    /// below any phone); the circles then stand where ``Placement/fallback(size:grid:)`` puts them.
    public var layoutValid: Bool
    public var cause: LayoutCause
    /// Scene clock time of `scene.open`, when the ring's rotation starts.
    public var ringStartMs: Int
    /// The scene clock time the model's ring angle is for: the open, then each `clock.advance`.
    public var clockMs: Int
    /// The brief's art found in `resources`, replacing drawn images.
    public var originals = OriginalImages()

    /// A state as `scene.open` builds it (tests build others).
    public init(viewport: Viewport, layout: FieldLayout, layoutValid: Bool, cause: LayoutCause, ringStartMs: Int, clockMs: Int) {
        self.viewport = viewport; self.layout = layout; self.layoutValid = layoutValid; self.cause = cause
        self.ringStartMs = ringStartMs; self.clockMs = clockMs
    }

    /// The field of the current viewport.
    public var grid: FieldGrid { FieldGrid(viewport: viewport) }
}
