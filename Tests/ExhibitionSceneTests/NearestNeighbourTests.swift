import Testing
@testable import ExhibitionScene
@testable import SceneryCore

@Suite("Nearest-neighbour lines")
struct NearestNeighbourTests {
    let grid = FieldGrid(viewport: Fixture.mock)

    func centers(_ points: [(Int, Int)]) -> [Point] {
        points.map { grid.center(GridPoint(column: $0.0, row: $0.1)) }
    }

    @Test("every circle is joined to its two nearest neighbours, by the documented order, on 2,000 random layouts")
    func twoNearestByBruteForce() {
        var rng = SeededRandom(seed: 77)
        var ties = 0
        for _ in 0..<2000 {
            let size = CircleSize.allCases[rng.below( 3)]
            let layout = Placement.random(size: size, grid: grid, using: &rng)!
            let c = layout.points.map(grid.center)
            // The rule, written out: distance (to 1/1000 pt²), then higher on screen, then further left.
            func order(_ i: Int, _ j: Int) -> (Double, Double, Double) {
                let dx = c[j].x - c[i].x, dy = c[j].y - c[i].y
                return (((dx * dx + dy * dy) * 1000).rounded(), c[j].y, c[j].x)
            }
            var expected = Set<Edge>()
            for i in c.indices {
                let others = c.indices.filter { $0 != i }.sorted { order(i, $0) < order(i, $1) }
                if order(i, others[1]).0 == order(i, others[2]).0 || order(i, others[0]).0 == order(i, others[1]).0 { ties += 1 }
                expected.insert(Edge(i, others[0]))
                expected.insert(Edge(i, others[1]))
            }
            #expect(Set(layout.edges) == expected)
            #expect(layout.edges.count == expected.count)
        }
        // The grid makes equal distances common, so the tie rule is exercised here, not only below.
        #expect(ties > 100)
    }

    @Test("two circles that are each other's nearest share one line")
    func sharedEdgeIsOneLine() {
        // 0 and 1 are mutual nearest neighbours, as are 3 and 4.
        let edges = NearestNeighbours.edges(centers([(1, 1), (2, 1), (6, 8), (1, 14), (2, 14)]))
        #expect(edges.filter { $0 == Edge(0, 1) }.count == 1)
        #expect(edges == [Edge(0, 1), Edge(0, 2), Edge(1, 2), Edge(2, 3), Edge(2, 4), Edge(3, 4)])
    }

    @Test("of two neighbours at the same distance, the one further left wins on the same row")
    func tieGoesLeft() {
        // From (3,5): (3,4) is nearest (one row); (2,5) and (4,5) tie for second (one column each).
        let c = centers([(3, 5), (3, 4), (4, 5), (2, 5), (7, 14)])
        #expect(NearestNeighbours.nearest(to: 0, among: c) == [1, 3])
    }

    @Test("of two neighbours at the same distance, the higher one on screen wins")
    func tieGoesUp() {
        // From (3,5): (3,6) is nearest; (2,6) below-left and (2,4) above-left tie for second.
        let c = centers([(3, 5), (2, 6), (3, 6), (2, 4), (7, 14)])
        #expect(NearestNeighbours.nearest(to: 0, among: c) == [2, 3])
    }
}
