import SceneryCore

/// The images the Shelf scene draws in code, each after one of the brief's `image_assets` (the
/// file it stands for in brackets): the Slader word mark (`logo_text.png`), the settings gear
/// (`icon_settings.png`), the tab icons (`icon_search.png`, `icon_scan.png`, `icon_browse.png`),
/// the picture behind the books (`top_right_image_behind_books.png`), the default cover
/// (`default_book_thumbnail.png`), the tab bar's shadow, and the sample's covers.
public enum ShelfImages {
    public static let logo = "shelf.logo"
    public static let settings = "shelf.icon.settings"
    public static let picture = "shelf.picture"
    public static let defaultCover = "shelf.cover.default"
    public static let shadow = "shelf.tabbar.shadow"
    public static func tabIcon(_ name: String) -> String { "shelf.icon." + name }
    public static func sampleCover(_ n: Int) -> String { "shelf.cover.\(n)" }

    /// The brief's file for each image a `resources` folder may replace.
    public static let originals: [(id: String, file: String)] = [
        (logo, "logo_text.png"), (settings, "icon_settings.png"), (tabIcon("search"), "icon_search.png"),
        (tabIcon("scan"), "icon_scan.png"), (tabIcon("browse"), "icon_browse.png"), (picture, "top_right_image_behind_books.png"),
        (defaultCover, "default_book_thumbnail.png"),
    ]

    static let black: UInt32 = 0x0000_00FF
    static let grey: UInt32 = 0x8E8E_93FF

    /// The image drawn for `id`; nil for ids this scene does not draw.
    public static func image(_ id: String) -> ImageData? {
        switch id {
        case logo: return drawLogo()
        case settings: return drawGear()
        case tabIcon("search"): return drawSearch()
        case tabIcon("scan"): return drawScan()
        case tabIcon("browse"): return drawBrowse()
        case picture: return drawPicture()
        case defaultCover: return drawDefaultCover()
        case shadow: return drawShadow()
        default:
            let prefix = "shelf.cover."
            guard id.hasPrefix(prefix), let n = Int(id.dropFirst(prefix.count)), (1...SampleShelf.coverCount).contains(n) else { return nil }
            return drawSampleCover(n)
        }
    }

    /// "Slader" in the block face, black, 583x137 px like `logo_text.png`.
    static func drawLogo() -> ImageData {
        var sketch = Sketch(width: 583, height: 137)
        let dot = 17.0
        let width = Double(BlockFont.width("Slader")) * dot
        BlockFont.paint("Slader", into: &sketch, x: (583 - width) / 2, y: (137 - 7 * dot) / 2, dot: dot, color: black, roundness: 0.6)
        return sketch.png()
    }

    /// A grey gear: a ring of eight teeth around a disc with a hole, 111x111 px.
    static func drawGear() -> ImageData {
        var sketch = Sketch(width: 111, height: 111)
        let c = 55.5
        var teeth: [(Double, Double)] = []
        for i in 0..<16 {
            let degrees = Double(i) * 22.5
            let radius = i % 2 == 0 ? 52.0 : 40.0
            teeth.append(Dial.point(c, c, radius: radius, degrees: degrees - 11.25))
            teeth.append(Dial.point(c, c, radius: radius, degrees: degrees + 11.25))
        }
        sketch.paint(Shape.polygon(teeth).subtracting(Shape.disc(c, c, 17)), grey)
        return sketch.png()
    }

    /// A magnifying glass, 100x100 px.
    static func drawSearch() -> ImageData {
        var sketch = Sketch(width: 100, height: 100)
        sketch.paint(Shape.annulus(42, 42, inner: 26, outer: 34), black)
        sketch.paint(Shape.segment((66, 66), (92, 92), width: 10), black)
        return sketch.png()
    }

    /// A barcode, 114x84 px.
    static func drawScan() -> ImageData {
        var sketch = Sketch(width: 114, height: 84)
        var x = 4.0
        for (i, width) in [10.0, 5, 10, 5, 5, 10, 5, 10, 5, 10].enumerated() {
            sketch.paint(Shape.rect(x, 4, width, 76), black)
            x += width + (i % 3 == 0 ? 7 : 5)
        }
        return sketch.png()
    }

    /// Three stacked layers, 123x96 px.
    static func drawBrowse() -> ImageData {
        var sketch = Sketch(width: 123, height: 96)
        for (i, top) in [6.0, 32, 56].enumerated() {
            let diamond = [(61.5, top), (117, top + 17), (61.5, top + 34), (6, top + 17)]
            if i == 0 { sketch.paint(Shape.polygon(diamond), black) } else { sketch.paint(Shape.outline(diamond, width: 8), black) }
        }
        return sketch.png()
    }

    /// The comic-strip zigzag behind the books: a yellow field, a dotted teal band and a pink
    /// band stepping down to the left, outlined in black, 578x322 px (the original's 867x483
    /// at two thirds, the same aspect).
    static func drawPicture() -> ImageData {
        let w = 578.0, h = 322.0
        var sketch = Sketch(width: Int(w), height: Int(h))
        func zigzag(_ start: Double, _ drop: Double) -> [(Double, Double)] {
            (0...8).map { i in
                let x = Double(i) * w / 8
                return (x, start + Double(i) * drop + (i % 2 == 0 ? 0 : 28))
            }
        }
        let pinkEdge = zigzag(130, 24), tealEdge = zigzag(70, 22), yellowEdge = zigzag(10, 20)
        sketch.paint(Shape.polygon([(0, 0), (w, 0)] + pinkEdge.reversed()), 0xEE65_7DFF)
        let teal = Shape.polygon([(0, 0), (w, 0)] + tealEdge.reversed())
        sketch.paint(teal, 0x7FD1_BFFF)
        sketch.paint(Shape(minX: teal.minX, minY: teal.minY, maxX: teal.maxX, maxY: teal.maxY) { x, y in
            let dx = x.truncatingRemainder(dividingBy: 14) - 7, dy = y.truncatingRemainder(dividingBy: 14) - 7
            return dx * dx + dy * dy <= 6.5 && teal.contains(x, y)
        }, black)
        sketch.paint(Shape.polygon([(0, 0), (w, 0)] + yellowEdge.reversed()), 0xDCE2_6AFF)
        for edge in [pinkEdge, tealEdge, yellowEdge] {
            for i in edge.indices.dropLast() { sketch.paint(Shape.segment(edge[i], edge[i + 1], width: 3), black) }
        }
        return sketch.png()
    }

    /// A plain grey book with a darker spine and a page edge, 285x360 px like the original's.
    static func drawDefaultCover() -> ImageData {
        var sketch = Sketch(width: 285, height: 360)
        sketch.paint(Shape.rect(0, 0, 285, 360), 0xD5D5_D8FF)
        sketch.paint(Shape.rect(0, 0, 26, 360), 0xB5B5_BAFF)
        sketch.paint(Shape.rect(60, 110, 190, 10), 0xFFFF_FFB0)
        sketch.paint(Shape.rect(60, 140, 140, 10), 0xFFFF_FFB0)
        return sketch.png()
    }

    /// A soft shadow: black from 0 to 12% opacity, top to bottom, 4x24 px stretched over the
    /// 8 pt above the tab bar.
    static func drawShadow() -> ImageData {
        var canvas = Canvas(width: 4, height: 24)
        for y in 0..<24 {
            let alpha = UInt32((0.12 * Double(y + 1) / 24 * 255).rounded())
            canvas.fillRect(x: 0, y: y, width: 4, height: 1, color: alpha)
        }
        return canvas.png()
    }

    static let coverColors: [(UInt32, UInt32)] = [
        (0x2A47_8CFF, 0xE0533CFF), (0x1B1B_1BFF, 0xE8C04AFF), (0xF4F1_E8FF, 0x8C2A2AFF),
        (0xD9623BFF, 0xFFFFFFFF), (0x3E7D_5AFF, 0xF2E6C9FF), (0x6A3D_9AFF, 0xF5D0E8FF),
    ]

    /// A sample textbook cover, 210x260 px: a coloured field, a band, and its subject's mark.
    static func drawSampleCover(_ n: Int) -> ImageData {
        var sketch = Sketch(width: 210, height: 260)
        let (field, ink) = coverColors[(n - 1) % coverColors.count]
        sketch.paint(Shape.rect(0, 0, 210, 260), field)
        sketch.paint(Shape.rect(0, 150 + Double(n % 3) * 12, 210, 10), ink)
        let mark = SampleShelf.mark(ofCover: n)
        let dot = 6.0
        BlockFont.paint(mark, into: &sketch, x: (210 - Double(BlockFont.width(mark)) * dot) / 2, y: 60, dot: dot, color: ink)
        sketch.paint(Shape.disc(170, 215, 16 + Double(n % 6)), ink)
        return sketch.png()
    }
}
