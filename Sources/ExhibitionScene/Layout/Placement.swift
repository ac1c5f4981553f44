import SceneryCore

/// Puts the five circles on the grid at random, so that the field looks right.
///
/// **Rules** (``problems(_:grid:)`` checks them all), with each circle's footprint being its
/// ring's outer circle for the available circle and the dot for the others:
/// 1. every footprint lies wholly inside the field;
/// 2. any two footprints are at least ``ExhibitionMetrics/clearance`` apart;
/// 3. no line passes under a circle it does not join: its centre line stays
///    `radius + lineWidth / 2 + clearance` away from every other circle's centre. For the
///    available circle this is the rule; for the dots it is ours (a line through a
///    dot reads as a connection that is not there).
///
/// **Algorithm** (rejection sampling, about 10 µs per layout in a debug build): the grid points
/// where the available circle's footprint fits form a block, as do those where a dot fits (so
/// rule 1 holds by construction). Draw the available circle's point, then each dot's point,
/// redrawing a dot that would come too close to one already placed (rule 2); join nearest
/// neighbours; start over when a line breaks rule 3, or when a reshuffle drew the places it had
/// before. Every draw comes from the scene's seeded generator, in this order, so a seed always
/// gives the same layout.
public enum Placement {
    typealias M = ExhibitionMetrics

    /// Whole layouts drawn before giving up. On phone-sized fields a layout is found in a few
    /// draws (the tests hold every size on three viewports over 10,000 seeds); giving up means
    /// the field is too small for the rules.
    static let maxAttempts = 1000
    /// Draws for one dot before the attempt starts over.
    static let maxDrawsPerDot = 64

    /// A random layout that keeps the rules, with the available circle at `size`; when
    /// `previous` is given, one that does not stand like it. Nil when none was found.
    public static func random<R: RandomNumberGenerator>(size: CircleSize, grid: FieldGrid, differentFrom previous: FieldLayout? = nil,
                                                        using rng: inout R) -> FieldLayout? {
        let availableSpots = grid.spots(fitting: size.footprintRadius)
        let dotSpots = grid.spots(fitting: M.dotDiameter / 2)
        let count = FieldLayout.circleCount
        guard availableSpots.count > 0, dotSpots.count >= count - 1 else { return nil }
        var radii = Array(repeating: M.dotDiameter / 2, count: count)
        radii[FieldLayout.available] = size.footprintRadius
        var points: [GridPoint] = []
        var centers: [Point] = []
        points.reserveCapacity(count)
        centers.reserveCapacity(count)

        attempts: for _ in 0..<maxAttempts {
            points.removeAll(keepingCapacity: true)
            centers.removeAll(keepingCapacity: true)
            points.append(availableSpots[rng.below( availableSpots.count)])
            centers.append(grid.center(points[0]))
            for k in 1..<count {
                var draws = 0
                while true {
                    guard draws < maxDrawsPerDot else { continue attempts }
                    draws += 1
                    let point = dotSpots[rng.below( dotSpots.count)]
                    let center = grid.center(point)
                    var isApart = true
                    for j in 0..<centers.count where !apart(center, radii[k], centers[j], radii[j]) {
                        isApart = false
                        break
                    }
                    if isApart {
                        points.append(point)
                        centers.append(center)
                        break
                    }
                }
            }
            let edges = NearestNeighbours.edges(centers)
            guard linesClear(edges, centers: centers, radii: radii) else { continue }
            let layout = FieldLayout(size: size, points: points, edges: edges)
            if let previous, layout.standsLike(previous) { continue }
            return layout
        }
        return nil
    }

    /// `layout` with only the available circle moved, to a random grid point where all rules
    /// hold with the dots where they are; nil when there is no such point.
    public static func movingAvailable<R: RandomNumberGenerator>(_ layout: FieldLayout, grid: FieldGrid, using rng: inout R) -> FieldLayout? {
        let candidates = grid.points(fitting: layout.size.footprintRadius).compactMap { point -> FieldLayout? in
            guard !layout.points.contains(point) else { return nil }
            let moved = FieldLayout(size: layout.size, points: [point] + layout.points.dropFirst(), grid: grid)
            return problems(moved, grid: grid).isEmpty ? moved : nil
        }
        guard !candidates.isEmpty else { return nil }
        return candidates[rng.below( candidates.count)]
    }

    /// How ``refit(_:grid:using:)`` kept the rules after a change of size or of field.
    public enum Refit: Sendable {
        /// The circles stay where they were.
        case kept
        /// The available circle alone moved (``movingAvailable(_:grid:using:)``).
        case moved
        /// A new random layout (or, on a field too small for any, the fallback).
        case reshuffled
    }

    /// `layout` (a new size, or the same grid points on a new field) made to keep the rules with
    /// as little movement as possible: as it is, else with the available circle moved, else
    /// shuffled anew. `valid` is false only when even a new layout could not keep them.
    public static func refit<R: RandomNumberGenerator>(_ layout: FieldLayout, grid: FieldGrid,
                                                       using rng: inout R) -> (layout: FieldLayout, refit: Refit, valid: Bool) {
        if problems(layout, grid: grid).isEmpty { return (layout, .kept, true) }
        if let moved = movingAvailable(layout, grid: grid, using: &rng) { return (moved, .moved, true) }
        if let fresh = random(size: layout.size, grid: grid, using: &rng) { return (fresh, .reshuffled, true) }
        return (fallback(size: layout.size, grid: grid), .reshuffled, false)
    }

    /// A fixed layout for a field too small for the rules: the available circle near the
    /// middle, the dots near the corners.
    public static func fallback(size: CircleSize, grid: FieldGrid) -> FieldLayout {
        let last = (column: M.gridColumns - 2, row: M.gridRows - 2)
        let points = [GridPoint(column: M.gridColumns / 2 - 1, row: M.gridRows / 2 - 1),
                      GridPoint(column: 1, row: 1), GridPoint(column: last.column, row: 1),
                      GridPoint(column: 1, row: last.row), GridPoint(column: last.column, row: last.row)]
        return FieldLayout(size: size, points: points, grid: grid)
    }

    /// Every rule `layout` breaks on `grid`, in words; empty when it keeps them all.
    public static func problems(_ layout: FieldLayout, grid: FieldGrid) -> [String] {
        var problems: [String] = []
        let centers = layout.points.map(grid.center)
        let radii = layout.points.indices.map(layout.radius(of:))
        for i in centers.indices where !grid.fits(layout.points[i], radius: radii[i]) {
            problems.append("circle.\(i) is not wholly inside the field")
        }
        for i in centers.indices {
            for j in centers.indices where j > i && !apart(centers[i], radii[i], centers[j], radii[j]) {
                problems.append("circle.\(i) and circle.\(j) overlap or are closer than \(M.clearance) pt")
            }
        }
        for edge in layout.edges {
            for k in centers.indices where !edge.touches(k) && !clear(edge, of: k, centers: centers, radii: radii) {
                problems.append("\(edge.id) passes under circle.\(k)")
            }
        }
        return problems
    }

    // MARK: Rules

    /// Rule 2: the footprints are at least the clearance apart.
    static func apart(_ a: Point, _ ra: Double, _ b: Point, _ rb: Double) -> Bool {
        let dx = a.x - b.x, dy = a.y - b.y
        let least = ra + rb + M.clearance
        return dx * dx + dy * dy >= least * least
    }

    /// Rule 3 for every line and every circle it does not join.
    static func linesClear(_ edges: [Edge], centers: [Point], radii: [Double]) -> Bool {
        for edge in edges {
            let a = centers[edge.a], b = centers[edge.b]
            for k in 0..<centers.count where k != edge.a && k != edge.b {
                let least = radii[k] + M.lineWidth / 2 + M.clearance
                if squaredDistance(from: centers[k], toSegment: a, b) < least * least { return false }
            }
        }
        return true
    }

    /// Rule 3 for one line and one circle.
    static func clear(_ edge: Edge, of k: Int, centers: [Point], radii: [Double]) -> Bool {
        let least = radii[k] + M.lineWidth / 2 + M.clearance
        return squaredDistance(from: centers[k], toSegment: centers[edge.a], centers[edge.b]) >= least * least
    }

    static func squaredDistance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let abx = b.x - a.x, aby = b.y - a.y
        let length2 = abx * abx + aby * aby
        var t = length2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / length2 : 0
        t = min(1, max(0, t))
        let dx = p.x - (a.x + t * abx), dy = p.y - (a.y + t * aby)
        return dx * dx + dy * dy
    }
}
