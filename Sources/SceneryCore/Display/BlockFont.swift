/// A 5x7 dot face for the letters the engine draws into its own images (a set header, a word
/// mark, a sample book cover): a glyph is seven rows of five dots, `#` set and `.` clear.
/// Drawing text with a face of its own keeps images the same on every machine (no system fonts).
public enum BlockFont {
    /// Glyph rows by character; characters without a glyph are drawn as a space.
    public static let glyphs: [Character: [String]] = {
        let table: [(Character, String)] = [
            ("A", ".###.|#...#|#...#|#####|#...#|#...#|#...#"), ("B", "####.|#...#|#...#|####.|#...#|#...#|####."),
            ("C", ".###.|#...#|#....|#....|#....|#...#|.###."), ("D", "####.|#...#|#...#|#...#|#...#|#...#|####."),
            ("E", "#####|#....|#....|####.|#....|#....|#####"), ("F", "#####|#....|#....|####.|#....|#....|#...."),
            ("G", ".###.|#...#|#....|#.###|#...#|#...#|.###."), ("H", "#...#|#...#|#...#|#####|#...#|#...#|#...#"),
            ("I", ".###.|..#..|..#..|..#..|..#..|..#..|.###."), ("J", "..###|...#.|...#.|...#.|#..#.|#..#.|.##.."),
            ("K", "#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#"), ("L", "#....|#....|#....|#....|#....|#....|#####"),
            ("M", "#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#"), ("N", "#...#|##..#|#.#.#|#..##|#...#|#...#|#...#"),
            ("O", ".###.|#...#|#...#|#...#|#...#|#...#|.###."), ("P", "####.|#...#|#...#|####.|#....|#....|#...."),
            ("Q", ".###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#"), ("R", "####.|#...#|#...#|####.|#.#..|#..#.|#...#"),
            ("S", ".####|#....|#....|.###.|....#|....#|####."), ("T", "#####|..#..|..#..|..#..|..#..|..#..|..#.."),
            ("U", "#...#|#...#|#...#|#...#|#...#|#...#|.###."), ("V", "#...#|#...#|#...#|#...#|#...#|.#.#.|..#.."),
            ("W", "#...#|#...#|#...#|#.#.#|#.#.#|##.##|#...#"), ("X", "#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#"),
            ("Y", "#...#|#...#|.#.#.|..#..|..#..|..#..|..#.."), ("Z", "#####|....#|...#.|..#..|.#...|#....|#####"),
            ("a", ".....|.....|.###.|....#|.####|#...#|.####"), ("d", "....#|....#|.####|#...#|#...#|#...#|.####"),
            ("e", ".....|.....|.###.|#...#|#####|#....|.###."), ("l", ".##..|..#..|..#..|..#..|..#..|..#..|.###."),
            ("r", ".....|.....|#.##.|##..#|#....|#....|#...."),
            ("0", ".###.|#...#|#..##|#.#.#|##..#|#...#|.###."), ("1", "..#..|.##..|..#..|..#..|..#..|..#..|.###."),
            ("2", ".###.|#...#|....#|...#.|..#..|.#...|#####"), ("3", "####.|....#|....#|.###.|....#|....#|####."),
            ("4", "...#.|..##.|.#.#.|#..#.|#####|...#.|...#."), ("5", "#####|#....|####.|....#|....#|#...#|.###."),
            ("6", ".###.|#....|#....|####.|#...#|#...#|.###."), ("7", "#####|....#|...#.|..#..|.#...|.#...|.#..."),
            ("8", ".###.|#...#|#...#|.###.|#...#|#...#|.###."), ("9", ".###.|#...#|#...#|.####|....#|....#|.###."),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { ($0.0, $0.1.split(separator: "|").map(String.init)) })
    }()

    /// Paints `text` into `sketch` with its top-left at (`x`, `y`), each dot a `dot`-sized
    /// square (rounded by `roundness`, 0…1 of half a dot) and one dot column between glyphs.
    public static func paint(_ text: String, into sketch: inout Sketch, x: Double, y: Double, dot: Double, color: UInt32, roundness: Double = 0.35) {
        let radius = dot / 2 * roundness
        for (i, character) in text.enumerated() {
            guard let rows = glyphs[character] else { continue }
            for (row, bits) in rows.enumerated() {
                for (column, bit) in bits.enumerated() where bit == "#" {
                    let left = x + Double(i * 6 + column) * dot, top = y + Double(row) * dot
                    sketch.paint(Shape.roundedRect(left, top, dot, dot, radius: radius), color)
                }
            }
        }
    }

    /// The width of `text` in dots (six per glyph, less the last glyph's gap).
    public static func width(_ text: String) -> Int { max(0, text.count * 6 - 1) }
}
