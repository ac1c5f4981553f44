import SceneryCore

/// The lines of the field: every circle joined to its two nearest neighbours.
///
/// Distance is between centres, in points, compared at 1/1000 pt² so that equal distances are
/// equal on every platform. **Tie rule**: of two neighbours at the same distance, the one first
/// in reading order wins: the higher one on screen (smaller y), then the one further left. Two
/// different points never tie on both, so the rule always decides.
public enum NearestNeighbours {
    /// The edges between `centers`, each once, sorted by `a`, then `b`.
    public static func edges(_ centers: [Point]) -> [Edge] {
        // Written for speed (placement calls it for every layout it draws): no intermediate
        // arrays, a flag per pair instead of a set.
        let n = centers.count
        var joined = [Bool](repeating: false, count: n * n)
        for i in 0..<n {
            let (first, second) = twoNearest(to: i, among: centers)
            if first >= 0 { joined[min(i, first) * n + max(i, first)] = true }
            if second >= 0 { joined[min(i, second) * n + max(i, second)] = true }
        }
        var edges: [Edge] = []
        for a in 0..<n {
            for b in a + 1..<max(a + 1, n) where joined[a * n + b] { edges.append(Edge(a, b)) }
        }
        return edges
    }

    /// The indices of the nearest neighbours of `centers[i]`, nearest first: two, or fewer when
    /// there are fewer other circles.
    public static func nearest(to i: Int, among centers: [Point]) -> [Int] {
        let (first, second) = twoNearest(to: i, among: centers)
        return [first, second].filter { $0 >= 0 }
    }

    /// The two nearest neighbours' indices, -1 for none.
    static func twoNearest(to i: Int, among centers: [Point]) -> (Int, Int) {
        var first = -1, second = -1
        var firstKey = Key.none, secondKey = Key.none
        let center = centers[i]
        for j in 0..<centers.count where j != i {
            let key = Key(from: center, to: centers[j])
            if key < firstKey {
                second = first; secondKey = firstKey
                first = j; firstKey = key
            } else if key < secondKey {
                second = j; secondKey = key
            }
        }
        return (first, second)
    }

    /// Orders neighbours: squared distance at 1/1000 pt², then y, then x of the neighbour.
    struct Key: Comparable {
        let distance: Double
        let y: Double
        let x: Double

        /// Farther than any neighbour.
        static let none = Key(distance: .infinity, y: .infinity, x: .infinity)

        init(distance: Double, y: Double, x: Double) { self.distance = distance; self.y = y; self.x = x }

        init(from a: Point, to b: Point) {
            let dx = b.x - a.x, dy = b.y - a.y
            distance = ((dx * dx + dy * dy) * 1000).rounded()
            y = b.y
            x = b.x
        }

        static func < (l: Key, r: Key) -> Bool {
            if l.distance != r.distance { return l.distance < r.distance }
            return l.y != r.y ? l.y < r.y : l.x < r.x
        }
    }
}
