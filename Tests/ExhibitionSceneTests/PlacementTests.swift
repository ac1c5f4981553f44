import Foundation
import Testing
@testable import ExhibitionScene
@testable import SceneryCore

@Suite("Placement")
struct PlacementTests {
    @Test("every size on the mock and the smallest and largest iPhone keeps the rules over 10,000 seeds")
    func tenThousandSeeds() {
        var failures: [String] = []
        var layouts = 0
        for viewport in Fixture.viewports {
            let grid = FieldGrid(viewport: viewport)
            for size in CircleSize.allCases {
                for seed in 0..<10_000 {
                    var rng = SeededRandom(seed: UInt64(seed))
                    guard let layout = Placement.random(size: size, grid: grid, using: &rng) else {
                        failures.append("\(Int(viewport.width))x\(Int(viewport.height)) \(size) seed \(seed): no layout")
                        continue
                    }
                    layouts += 1
                    let problems = Placement.problems(layout, grid: grid)
                    if !problems.isEmpty || layout.points.count != 5 || layout.size != size {
                        failures.append("\(Int(viewport.width))x\(Int(viewport.height)) \(size) seed \(seed): \(problems)")
                    }
                }
            }
        }
        #expect(layouts == 90_000)
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}

@Suite("Field grid")
struct FieldGridTests {
    @Test("on the mock's viewport the field is 50 pt in and 100 pt down, and its grid points are where the mock's circles are")
    func mockGrid() {
        let grid = FieldGrid(viewport: Fixture.mock)
        #expect(grid.frame == Rect(x: 50, y: 100, width: 275, height: 467))
        // Centres measured on objective.png (pixels / 2): four grey dots and the available circle.
        let measured: [(GridPoint, Double, Double)] = [
            (GridPoint(column: 3, row: 8), 167.5, 348.5), (GridPoint(column: 6, row: 8), 285.5, 348.5),
            (GridPoint(column: 5, row: 10), 246, 411), (GridPoint(column: 7, row: 4), 324.5, 224.5),
            (GridPoint(column: 2, row: 12), 127.5, 472.5),
        ]
        for (point, x, y) in measured {
            let center = grid.center(point)
            #expect(abs(center.x - x) <= 1.5 && abs(center.y - y) <= 1.5, "\(point) is at \(center), the mock at (\(x), \(y))")
        }
    }

    @Test("a circle fits only where it lies wholly inside the field")
    func fitting() {
        let grid = FieldGrid(viewport: Fixture.mock)
        let dotSpots = grid.points(fitting: 4)
        // A dot on the field's edge would stick out: the outer columns and rows are out.
        #expect(dotSpots.count == 6 * 14)
        #expect(!dotSpots.contains(GridPoint(column: 0, row: 5)) && dotSpots.contains(GridPoint(column: 1, row: 1)))
        for point in grid.points(fitting: CircleSize.large.footprintRadius) {
            let c = grid.center(point), r = CircleSize.large.footprintRadius
            #expect(c.x - r >= 50 && c.x + r <= 325 && c.y - r >= 100 && c.y + r <= 567)
        }
        #expect(grid.points(fitting: 1000).isEmpty)
    }
}

@Suite("Placement rules")
struct PlacementRuleTests {
    let grid = FieldGrid(viewport: Fixture.mock)

    func layout(_ size: CircleSize, _ points: [(Int, Int)]) -> FieldLayout {
        FieldLayout(size: size, points: points.map { GridPoint(column: $0.0, row: $0.1) }, grid: grid)
    }

    @Test("a ring sticking out of the field, circles too close and a line under the available circle are each reported")
    func problemsAreFound() {
        // The large ring (radius 73.25) centred on column 1 (x 89.3) sticks out on the left.
        #expect(Placement.problems(layout(.large, [(1, 6), (5, 1), (6, 1), (5, 14), (6, 14)]), grid: grid)
            .contains("circle.0 is not wholly inside the field"))
        // A dot one row under the available circle is inside its ring.
        #expect(Placement.problems(layout(.small, [(3, 6), (3, 7), (6, 1), (1, 14), (6, 14)]), grid: grid)
            .contains { $0.hasPrefix("circle.0 and circle.1 overlap") })
        // Dots left and right of the circle on its row, close to each other: their line crosses it.
        let crossing = layout(.small, [(3, 7), (1, 7), (5, 7), (1, 13), (5, 13)])
        #expect(crossing.edges.contains(Edge(1, 2)))
        #expect(Placement.problems(crossing, grid: grid).contains("edge.1-2 passes under circle.0"))
    }

    @Test("a line through a grey dot it does not join is refused too")
    func lineThroughDot() {
        // Three dots in a row with nothing else near: the outer two are each other's second
        // nearest, so their line runs through the middle one.
        let row = layout(.small, [(3, 3), (1, 12), (2, 12), (3, 12), (6, 1)])
        let problems = Placement.problems(row, grid: grid)
        #expect(row.edges.contains(Edge(1, 3)))
        #expect(problems.contains("edge.1-3 passes under circle.2"))
    }

    @Test("a reshuffle never draws the places it had")
    func differentFromPrevious() {
        var rng = SeededRandom(seed: 9)
        var layout = Placement.random(size: .medium, grid: grid, using: &rng)!
        for _ in 0..<2000 {
            let next = Placement.random(size: .medium, grid: grid, differentFrom: layout, using: &rng)!
            #expect(!next.standsLike(layout))
            layout = next
        }
    }

    @Test("refit keeps a layout that still keeps the rules, moves the available circle alone when that is enough, else reshuffles")
    func refit() {
        var rng = SeededRandom(seed: 4)
        let good = Placement.random(size: .small, grid: grid, using: &rng)!
        let kept = Placement.refit(good, grid: grid, using: &rng)
        #expect(kept.refit == .kept && kept.layout == good)

        // Large at (3, 6) with a dot two rows below: the dot is inside the ring; elsewhere there is room.
        let crowded = layout(.large, [(3, 6), (3, 8), (1, 14), (6, 14), (6, 1)])
        #expect(!Placement.problems(crowded, grid: grid).isEmpty)
        let moved = Placement.refit(crowded, grid: grid, using: &rng)
        #expect(moved.refit == .moved && moved.valid)
        #expect(Array(moved.layout.points.dropFirst()) == Array(crowded.points.dropFirst()))
        #expect(moved.layout.points[0] != crowded.points[0])
        #expect(Placement.problems(moved.layout, grid: grid).isEmpty)

        // Dots on columns 2 and 5, rows 5 and 10 leave no point for the large ring.
        let blocked = layout(.large, [(3, 7), (2, 5), (5, 5), (2, 10), (5, 10)])
        #expect(Placement.movingAvailable(blocked, grid: grid, using: &rng) == nil)
        let reshuffled = Placement.refit(blocked, grid: grid, using: &rng)
        #expect(reshuffled.refit == .reshuffled && reshuffled.valid && reshuffled.layout.size == .large)
        #expect(Placement.problems(reshuffled.layout, grid: grid).isEmpty)
    }

    @Test("on a field too small for the rules the fallback layout stands in and says so")
    func tinyField() {
        let tiny = FieldGrid(viewport: Viewport(width: 200, height: 250, scale: 1, safeArea: EdgeInsets()))
        var rng = SeededRandom(seed: 1)
        #expect(Placement.random(size: .large, grid: tiny, using: &rng) == nil)
        let result = Placement.refit(Placement.fallback(size: .large, grid: tiny), grid: tiny, using: &rng)
        #expect(!result.valid && result.layout == Placement.fallback(size: .large, grid: tiny))
    }
}

/// The placement rules checked again from what a front end receives, with geometry written here
/// rather than the scene's own rule function: the nodes' frames and the lines' end points.
@Suite("Placement, as drawn")
struct DrawnPlacementTests {
    static func center(_ r: Rect) -> (x: Double, y: Double) { (r.x + r.width / 2, r.y + r.height / 2) }

    /// Distance from p to the segment a-b.
    static func distance(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(1e-12, dx * dx + dy * dy)))
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    @Test("over 1,000 opened scenes per viewport: rings and dots inside the field, nothing overlapping, no line under a circle it does not join")
    func drawn() throws {
        var checked = 0, lines = 0
        for viewport in Fixture.viewports {
            for seed in 0..<1_000 {
                let (state, _) = try Fixture.open(seed: UInt64(seed), viewport: viewport)
                let nodes = Fixture.nodes(state)
                let field = try #require(nodes["field"]).frame
                // The available circle's footprint is its ring; the dots are their own footprint.
                var footprints: [(id: String, frame: Rect)] = [("circle.0", try #require(nodes["circle.0.ring"]).frame)]
                for i in 1...4 { footprints.append(("circle.\(i)", try #require(nodes["circle.\(i)"]).frame)) }
                for (id, f) in footprints {
                    #expect(f.x >= field.x - 0.001 && f.y >= field.y - 0.001 && f.x + f.width <= field.x + field.width + 0.001
                            && f.y + f.height <= field.y + field.height + 0.001, "seed \(seed): \(id) leaves the field")
                }
                for i in footprints.indices {
                    for j in footprints.indices where j > i {
                        let a = Self.center(footprints[i].frame), b = Self.center(footprints[j].frame)
                        let gap = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                            - footprints[i].frame.width / 2 - footprints[j].frame.width / 2
                        #expect(gap > 0, "seed \(seed): \(footprints[i].id) and \(footprints[j].id) overlap")
                    }
                }
                for (id, node) in nodes where id.hasPrefix("edge.") {
                    guard case .array(let from)? = node.style["from"], case .array(let to)? = node.style["to"],
                          case .number(let fx) = from[0], case .number(let fy) = from[1],
                          case .number(let tx) = to[0], case .number(let ty) = to[1] else {
                        Issue.record("seed \(seed): \(id) has no end points"); continue
                    }
                    // edge.A-B joins circle.A and circle.B; every other footprint stays off the line.
                    lines += 1
                    let ends = id.dropFirst("edge.".count).split(separator: "-").map { "circle.\($0)" }
                    for (other, f) in footprints where !ends.contains(other) {
                        #expect(Self.distance(Self.center(f), (fx, fy), (tx, ty)) > f.width / 2,
                                "seed \(seed): \(id) passes under \(other)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked == 3_000)
        #expect(lines >= 3_000 * 5, "five circles joined to two nearest neighbours each make at least five lines")
    }
}
