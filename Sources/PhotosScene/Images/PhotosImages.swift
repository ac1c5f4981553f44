import SceneryCore

/// The images the Photos scene draws in code: the sample's photos (landscapes, each its own
/// sky, sun and hills), the placeholder of a photo still loading or failed, the bar's back
/// chevron and trash can, and the empty states' symbols (template images a front end tints).
public enum PhotosImages {
    public static let placeholder = "photos.placeholder"
    public static let back = "photos.icon.back"
    public static let trash = "photos.icon.trash"
    public static let offlineSymbol = "photos.symbol.offline"
    public static let errorSymbol = "photos.symbol.error"
    public static let emptySymbol = "photos.symbol.empty"
    public static func sample(_ n: Int) -> String { "photos.sample.\(n)" }

    static let black: UInt32 = 0x0000_00FF

    public static func image(_ id: String) -> ImageData? {
        switch id {
        case placeholder: return drawPlaceholder()
        case back: return drawBack()
        case trash: return drawTrash()
        case offlineSymbol: return drawOffline()
        case errorSymbol: return drawError()
        case emptySymbol: return drawEmpty()
        default:
            let prefix = "photos.sample."
            guard id.hasPrefix(prefix), let n = Int(id.dropFirst(prefix.count)), (1...SamplePhotos.count).contains(n) else { return nil }
            return drawSample(n)
        }
    }

    /// A light grey square with a small mountain-and-sun glyph, 120x120 px.
    static func drawPlaceholder() -> ImageData {
        var sketch = Sketch(width: 120, height: 120)
        sketch.paint(Shape.rect(0, 0, 120, 120), 0xE5E5_EAFF)
        sketch.paint(Shape.polygon([(30, 82), (52, 56), (66, 72), (76, 62), (92, 82)]), 0xC7C7_CCFF)
        sketch.paint(Shape.disc(78, 44, 8), 0xC7C7_CCFF)
        return sketch.png()
    }

    static let palettes: [(sky: UInt32, far: UInt32, near: UInt32, sun: UInt32)] = [
        (0x8EC5_FCFF, 0x5B8C_5AFF, 0x2F5D_3AFF, 0xFFE0_82FF), (0xF6A8_5FFF, 0x8C5A_7AFF, 0x4A2F_50FF, 0xFFF3_C4FF),
        (0x1E2A_4AFF, 0x3A4A_6AFF, 0x121A_2EFF, 0xF2F2_F2FF), (0xBFE3_D0FF, 0x7FAF_8FFF, 0x46705AFF, 0xFFFF_FFFF),
    ]

    /// Sample photo `n`: 480x360 px, a sky, a sun or moon, two ridges of hills, all from `n`.
    static func drawSample(_ n: Int) -> ImageData {
        let w = 480.0, h = 360.0
        var sketch = Sketch(width: Int(w), height: Int(h))
        let palette = palettes[(n - 1) % palettes.count]
        sketch.paint(Shape.rect(0, 0, w, h), palette.sky)
        sketch.paint(Shape.disc(80 + Double((n * 53) % 320), 70 + Double((n * 29) % 60), 28 + Double(n % 4) * 6), palette.sun)
        func ridge(_ base: Double, _ amplitude: Double, _ phase: Int) -> [(Double, Double)] {
            var points: [(Double, Double)] = [(0, h)]
            for i in 0...12 {
                let x = Double(i) * w / 12
                let y = base - amplitude * DeterministicMath.sine(Double(i + phase) * 0.9) - amplitude * 0.4 * DeterministicMath.sine(Double(i * 3 + phase))
                points.append((x, y))
            }
            points.append((w, h))
            return points
        }
        sketch.paint(Shape.polygon(ridge(220, 40, n)), palette.far)
        sketch.paint(Shape.polygon(ridge(290, 30, n * 7)), palette.near)
        return sketch.png()
    }

    /// A back chevron, 39x66 px (13x22 pt at @3x).
    static func drawBack() -> ImageData {
        var sketch = Sketch(width: 39, height: 66)
        sketch.paint(Shape.segment((32, 6), (7, 33), width: 7), black)
        sketch.paint(Shape.segment((7, 33), (32, 60), width: 7), black)
        return sketch.png()
    }

    /// A trash can, 66x66 px.
    static func drawTrash() -> ImageData {
        var sketch = Sketch(width: 66, height: 66)
        sketch.paint(Shape.rect(8, 10, 50, 5), black)
        sketch.paint(Shape.rect(25, 4, 16, 6), black)
        sketch.paint(Shape.outline([(13, 18), (53, 18), (49, 62), (17, 62)], width: 5), black)
        for x in [26.0, 33, 40] { sketch.paint(Shape.segment((x, 26), (x, 54), width: 4), black) }
        return sketch.png()
    }

    /// The Wi-Fi fan crossed out, 192x192 px.
    static func drawOffline() -> ImageData {
        var sketch = Sketch(width: 192, height: 192)
        for (radius, width) in [(84.0, 14.0), (58, 14), (32, 14)] {
            let arc = Shape.annulus(96, 150, inner: radius - width / 2, outer: radius + width / 2)
            sketch.paint(Shape(minX: arc.minX, minY: arc.minY, maxX: arc.maxX, maxY: arc.maxY) { x, y in
                arc.contains(x, y) && y < 150 - abs(x - 96) * 0.75
            }, black)
        }
        sketch.paint(Shape.disc(96, 150, 12), black)
        sketch.paint(Shape.segment((30, 24), (168, 176), width: 14), black)
        return sketch.png()
    }

    /// A triangle with an exclamation mark, 192x192 px.
    static func drawError() -> ImageData {
        var sketch = Sketch(width: 192, height: 192)
        let triangle = [(96.0, 16.0), (182.0, 170.0), (10.0, 170.0)]
        sketch.paint(Shape.polygon(triangle, [(96, 46), (158, 156), (34, 156)]), black)
        sketch.paint(Shape.segment((96, 78), (96, 118), width: 14), black)
        sketch.paint(Shape.disc(96, 140, 8), black)
        return sketch.png()
    }

    /// Two photos, stacked, 192x192 px.
    static func drawEmpty() -> ImageData {
        var sketch = Sketch(width: 192, height: 192)
        sketch.paint(Shape.outline([(40, 30), (170, 30), (170, 130), (40, 130)], width: 10), black)
        sketch.paint(Shape.outline([(20, 60), (150, 60), (150, 162), (20, 162)], width: 10), black)
        sketch.paint(Shape.polygon([(34, 150), (70, 104), (94, 130), (110, 114), (138, 150)]), black)
        return sketch.png()
    }
}
