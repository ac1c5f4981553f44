import SceneryCore

/// `exhibition.movie.ornaments`, the brief's "movie of ornaments on repeat" behind the field.
/// The brief's files hold no movie, so the engine draws one and encodes it as an animated PNG
/// (``AnimatedPNG``): the ornaments of a heads-up display as the mock shows them, dim and out of
/// focus behind the shield, drawn small and soft for the front end to scale up (a dial at the top right whose arcs turn, a column of dots a pulse
/// runs down, bars at the right that grow and shrink, tiles at the bottom right, blocks at the
/// left), with specks and small stars that drift and twinkle, in the mock's blue-greys.
///
/// Every motion is periodic over the loop (a turn by the dial's symmetry, a sine of the loop's
/// phase), so the frame after the last is the first: the loop is seamless. Drawn and encoded
/// once per process (``movie``), with platform-independent arithmetic, so it is the same bytes
/// everywhere.
enum ExhibitionMovie {
    static let id = "exhibition.movie.ornaments"
    /// Frames in one loop, each shown 1/8 s: a loop of 2 s.
    static let frameCount = 16
    static let frameDelay: (UInt16, UInt16) = (1, 8)
    /// The mock's 375x667 pt screen at 1/2 px per pt. A front end scales it up to fill the
    /// screen, which softens it as the mock's out-of-focus ornaments are; more pixels would only
    /// make the file larger and slower to draw.
    static let width = 188, height = 334
    static let pixelsPerPoint = 0.5

    /// The encoded movie, made on first use.
    static let movie: ImageData = AnimatedPNG.encode(frames: (0..<frameCount).map(frame), width: width, height: height, delay: frameDelay)

    static let slate: UInt32 = 0x3A46_5600, glow: UInt32 = 0x6275_8C00, shade: UInt32 = 0x1A21_2B00, silver: UInt32 = 0xD3D7_DC00

    /// `color` (0xRRGGBB00) with `alpha` (0...1).
    static func tone(_ color: UInt32, _ alpha: Double) -> UInt32 { color | UInt32((min(1, max(0, alpha)) * 255).rounded()) }

    /// 0...1, once up and down over the loop, starting at `phase` (a fraction of the loop).
    static func wave(_ t: Double, _ phase: Double) -> Double { 0.5 + 0.5 * DeterministicMath.sine(2 * Double.pi * (t + phase)) }

    /// Frame `index` of the loop, RGB over black.
    static func frame(_ index: Int) -> [UInt8] {
        let t = Double(index) / Double(frameCount)
        let k = pixelsPerPoint
        var sketch = Sketch(width: width, height: height)
        paintDial(&sketch, t)
        paintLights(&sketch, t)
        return sketch.rgb(over: 0)
    }

    /// The glow, the breathing blocks and the dial: rings, six arcs turning 60° per loop (its
    /// symmetry), twelve ticks turning back 30°, and a hub that pulses, at time `t` (0..<1).
    static func paintDial(_ sketch: inout Sketch, _ t: Double) {
        let k = pixelsPerPoint
        // A wide glow behind the top frame, and blocks at the left that breathe.
        for ring in 0..<6 { sketch.paint(.disc(175 * k, 30 * k, (130 - Double(ring) * 12) * k), tone(shade, 0.15)) }
        for (row, y) in [370.0, 430, 500].enumerated() {
            sketch.paint(.rect(0, y * k, 62 * k, 44 * k), tone(shade, 0.5 + 0.35 * wave(t, Double(row) / 3)))
        }

        // The dial: rings, six arcs turning 60° per loop (its symmetry), twelve ticks turning back
        // 30°, and a hub that pulses.
        let (cx, cy) = (335 * k, 190 * k)
        for ring in 0..<4 { sketch.paint(.disc(cx, cy, (108 - Double(ring) * 5) * k), tone(shade, 0.3)) }
        sketch.paint(.annulus(cx, cy, inner: 88 * k, outer: 92 * k), tone(slate, 0.6))
        for arc in 0..<6 {
            sketch.paint(sector(cx, cy, inner: 72 * k, outer: 82 * k, from: Double(arc) * 60 + t * 60, width: 32), tone(slate, 0.75))
        }
        for tick in 0..<12 {
            sketch.paint(sector(cx, cy, inner: 58 * k, outer: 65 * k, from: Double(tick) * 30 - t * 30, width: 9), tone(slate, 0.5))
        }
        sketch.paint(.annulus(cx, cy, inner: 46 * k, outer: 49 * k), tone(slate, 0.45))
        sketch.paint(.disc(cx, cy, 11 * k), tone(glow, 0.45 + 0.35 * wave(t, 0)))
    }

    /// What moves around the dial at time `t` (0..<1): the pulsing dots, the bars, the tiles,
    /// the drifting specks and the turning stars.
    static func paintLights(_ sketch: inout Sketch, _ t: Double) {
        let k = pixelsPerPoint

        // A column of dots at the left with a pulse running down it once per loop.
        for row in 0..<15 {
            let behind = (t - Double(row) / 15 + 1).truncatingRemainder(dividingBy: 1)  // how long since the pulse passed
            let pulse = max(0, 1 - behind * 5)
            for x in [22.0, 34] {
                sketch.paint(.rect(x * k, (95 + Double(row) * 12) * k, 6 * k, 6 * k), tone(glow, 0.25 + 0.55 * pulse))
            }
        }

        // Bars at the right, each growing and shrinking at its own phase.
        for row in 0..<12 {
            let length = 18 + 22 * wave(t, Double(row) * 0.13)
            sketch.paint(.rect(330 * k, (400 + Double(row) * 10.5) * k, length * k, 3 * k), tone(slate, 0.7))
        }

        // Tiles at the bottom right that twinkle.
        for row in 0..<3 {
            for column in 0..<3 {
                let x = 300 + Double(column) * 26, y = 525 + Double(row) * 26
                sketch.paint(.rect(x * k, y * k, 20 * k, 20 * k), tone(slate, 0.2 + 0.35 * wave(t, Double(row * 3 + column) * 0.37)))
            }
        }

        // Specks drifting on small loops, and stars that turn (72° per loop: their symmetry) and twinkle.
        for speck in 0..<10 {
            let s = Double(speck)
            let x = 40 + (s * 97).truncatingRemainder(dividingBy: 300), y = 130 + (s * 211).truncatingRemainder(dividingBy: 460)
            let phase = s * 0.29
            let dx = 9 * DeterministicMath.sine(2 * Double.pi * (t + phase)), dy = 14 * DeterministicMath.cosine(2 * Double.pi * (t + phase))
            sketch.paint(.disc((x + dx) * k, (y + dy) * k, (1.4 + (s * 0.7).truncatingRemainder(dividingBy: 1.2)) * k), tone(silver, 0.35))
        }
        for (n, (x, y)) in [(60.0, 300.0), (250, 90), (150, 610), (290, 330), (95, 470)].enumerated() {
            let outer = 5.0 * k, turn = t * 72 + Double(n) * 15
            let points = (0..<10).map { Dial.point(x * k, y * k, radius: $0 % 2 == 0 ? outer : outer * 0.4, degrees: Double($0) * 36 + turn) }
            sketch.paint(.polygon(points), tone(silver, 0.15 + 0.4 * wave(t, Double(n) * 0.21)))
        }
    }

    /// The band between radii `inner` and `outer` from `from` degrees (clockwise from 12 o'clock)
    /// over `width` degrees, as a polygon (3° steps).
    static func sector(_ cx: Double, _ cy: Double, inner: Double, outer: Double, from: Double, width: Double) -> Shape {
        let steps = max(1, Int((width / 3).rounded(.up)))
        let angles = (0...steps).map { from + width * Double($0) / Double(steps) }
        return .polygon(angles.map { Dial.point(cx, cy, radius: outer, degrees: $0) } + angles.reversed().map { Dial.point(cx, cy, radius: inner, degrees: $0) })
    }
}
