import SceneryCore

/// The test card's images, drawn in code: flat blocks with large uniform areas, so that a pixel
/// probe in the middle of a block reads its colour exactly whatever the scaling, and so that
/// each content mode leaves a different block (or background) at a known place.
enum TestcardImages {
    /// 3:1, 300x100 px: red, green, blue blocks from the left.
    static let wide = "testcard.blocks.wide"
    /// 1:3, 100x300 px: cyan, magenta, yellow blocks from the top.
    static let tall = "testcard.blocks.tall"
    /// A template image (96x96 px): a white ring and bar on transparency; `tint` draws its
    /// alpha in another colour.
    static let template = "testcard.template"
    /// A movie (APNG, 64x36 px, 8 frames of 1/4 s, a 2 s loop): a white bar stepping across
    /// four dark blocks, one eighth of the width per frame.
    static let movie = "testcard.movie.bar"

    static let wideColors: [UInt32] = [0xFF00_00FF, 0x00FF_00FF, 0x0000_FFFF]
    static let tallColors: [UInt32] = [0x00FF_FFFF, 0xFF00_FFFF, 0xFFFF_00FF]

    static func image(_ id: String) -> ImageData? {
        switch id {
        case wide: return blocks(wideColors, across: true)
        case tall: return blocks(tallColors, across: false)
        case template: return drawTemplate()
        case movie: return drawMovie()
        default: return nil
        }
    }

    /// Three 100x100 px blocks side by side (`across`) or stacked.
    static func blocks(_ colors: [UInt32], across: Bool) -> ImageData {
        var canvas = Canvas(width: across ? 300 : 100, height: across ? 100 : 300)
        for (i, color) in colors.enumerated() {
            canvas.fillRect(x: across ? i * 100 : 0, y: across ? 0 : i * 100, width: 100, height: 100, color: color)
        }
        return canvas.png()
    }

    static func drawTemplate() -> ImageData {
        var sketch = Sketch(width: 96, height: 96)
        sketch.paint(.annulus(48, 48, inner: 30, outer: 44), 0xFFFF_FFFF)
        sketch.paint(.rect(42, 12, 12, 72), 0xFFFF_FFFF)
        return sketch.png()
    }

    static func drawMovie() -> ImageData {
        let frames = (0..<8).map { step -> [UInt8] in
            var sketch = Sketch(width: 64, height: 36)
            for block in 0..<4 {
                sketch.paint(.rect(Double(block * 16), 0, 16, 36), block % 2 == 0 ? 0x3333_33FF : 0x5555_55FF)
            }
            sketch.paint(.rect(Double(step * 8), 4, 8, 28), 0xFFFF_FFFF)
            return sketch.rgb()
        }
        return AnimatedPNG.encode(frames: frames, width: 64, height: 36, delay: (1, 4))
    }
}
