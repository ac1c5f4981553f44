import SceneryCore

/// The images the Exhibition scene draws in code, at @2x: each is as many pixels as its resource
/// in `../shared/seed-data/Exhibition/resources/` (half as many points), simple shapes that read
/// as the original; and the background movie (``ExhibitionMovie``), an animated PNG.
enum ExhibitionImages {
    static let shield = "exhibition.shield"
    static let frameTop = "exhibition.frame.top"
    static let frameBottom = "exhibition.frame.bottom"
    static let frameLeft = "exhibition.frame.left"
    static let ring = "exhibition.ring"
    static let thumb = "exhibition.thumb.ca"

    /// The two mode buttons' images.
    enum Toggle: String, CaseIterable { case nearMe = "nearme", list }

    static func circle(_ size: CircleSize) -> String { "exhibition.circle.\(size.rawValue)" }
    static func toggle(_ toggle: Toggle, on: Bool) -> String { "exhibition.toggle.\(toggle.rawValue).\(on ? "on" : "off")" }

    /// The brief's file (`Exhibition/resources/NAME@2x.png`) for each drawn image.
    static let originals: [(id: String, file: String)] = [
        (shield, "photo_captain_america@2x.png"), (thumb, "thumb_ca@2x.png"), (ring, "circle_floaters@2x.png"),
        (circle(.large), "circle_lrg@2x.png"), (circle(.medium), "circle_med@2x.png"), (circle(.small), "circle_sml@2x.png"),
        (frameTop, "frame_top@2x.png"), (frameBottom, "frame_bottom@2x.png"), (frameLeft, "frame_left@2x.png"),
        (toggle(.nearMe, on: true), "toggle_nearme_on@2x.png"), (toggle(.nearMe, on: false), "toggle_nearme_off@2x.png"),
        (toggle(.list, on: true), "toggle_list_on@2x.png"), (toggle(.list, on: false), "toggle_list_off@2x.png"),
    ]

    /// Every still image this scene draws (each has an original among the brief's resources).
    static var ids: [String] {
        [shield, frameTop, frameBottom, frameLeft, ring, thumb] + CircleSize.allCases.map(circle)
            + Toggle.allCases.flatMap { toggle in [true, false].map { self.toggle(toggle, on: $0) } }
    }

    static func image(_ id: String) -> ImageData? {
        switch id {
        case shield: return drawShield()
        case frameTop: return drawFrameTop()
        case frameBottom: return drawFrameBottom()
        case frameLeft: return drawFrameLeft()
        case ring: return drawRing()
        case thumb: return drawThumb()
        case ExhibitionMovie.id: return ExhibitionMovie.movie
        default:
            if let size = CircleSize.allCases.first(where: { circle($0) == id }) { return drawCircle(size) }
            for toggle in Toggle.allCases {
                for on in [true, false] where self.toggle(toggle, on: on) == id { return drawToggle(toggle, on: on) }
            }
            return nil
        }
    }

    static let white: UInt32 = 0xFFFF_FFFF
    static let red: UInt32 = 0xB022_2EFF
    static let silver: UInt32 = 0xD3D7_DCFF
    static let blue: UInt32 = 0x213F_7AFF
    static let navy: UInt32 = 0x1C2B_4BFF

    /// White with `alpha` (0...1).
    static func white(_ alpha: Double) -> UInt32 { 0xFFFF_FF00 | UInt32((alpha * 255).rounded()) }

    /// A vertical gradient from `top` to `bottom` (0xRRGGBB) over `height` pixels, opaque.
    static func gradient(_ top: UInt32, _ bottom: UInt32, height: Double) -> (Double, Double) -> UInt32 {
        { _, y in
            let t = min(1, max(0, y / height))
            var color: UInt32 = 0xFF
            for shift: UInt32 in [24, 16, 8] {
                let a = Double(top >> (shift - 8) & 0xFF), b = Double(bottom >> (shift - 8) & 0xFF)
                color |= UInt32((a + (b - a) * t).rounded()) << shift
            }
            return color
        }
    }

    /// A five-pointed star, point up.
    static func star(_ cx: Double, _ cy: Double, outer: Double, inner: Double) -> Shape {
        .polygon((0..<10).map { Dial.point(cx, cy, radius: $0 % 2 == 0 ? outer : inner, degrees: Double($0) * 36) })
    }

    /// Captain America's shield: red, silver, red rings, a blue disc and a white star.
    static func paintCaptainShield(_ sketch: inout Sketch, _ cx: Double, _ cy: Double, radius r: Double) {
        sketch.paint(.disc(cx, cy, r), red)
        sketch.paint(.disc(cx, cy, r * 0.79), silver)
        sketch.paint(.disc(cx, cy, r * 0.59), red)
        sketch.paint(.disc(cx, cy, r * 0.39), blue)
        sketch.paint(star(cx, cy, outer: r * 0.37, inner: r * 0.15), white)
    }

    // MARK: Shield and photo

    /// `photo_captain_america`: the Avengers "A" over Captain America's shield (600x600 px).
    static func drawShield() -> ImageData {
        var sketch = Sketch(width: 600, height: 600)
        sketch.paint(.disc(300, 320, 262), 0x3A3F_45FF)
        paintCaptainShield(&sketch, 300, 320, radius: 255)
        let letter: [(Double, Double)] = [(95, 590), (395, 10), (470, 10), (470, 318), (555, 385), (470, 452),
                                          (470, 520), (395, 520), (395, 452), (291, 452), (220, 590)]
        let counter: [(Double, Double)] = [(329, 380), (395, 380), (395, 252)]
        sketch.paint(Shape.outline(letter, width: 10) + Shape.outline(counter, width: 10), 0x3A3F_45FF)
        sketch.paint(.polygon(letter, counter), colorAt: gradient(0xE6E9EC, 0x8F979F, height: 600))
        return sketch.png()
    }

    /// `thumb_ca`: Captain America with his shield on a dark background (500x500 px).
    static func drawThumb() -> ImageData {
        var sketch = Sketch(width: 500, height: 500)
        sketch.paint(.rect(0, 0, 500, 500), colorAt: gradient(0x3C3C3C, 0x151515, height: 500))
        sketch.paint(.polygon([(150, 250), (300, 205), (420, 250), (480, 500), (120, 500)]), navy)
        sketch.paint(.segment((380, 240), (455, 150), width: 48), navy)
        sketch.paint(.disc(462, 140, 24), 0x8E1B_23FF)
        sketch.paint(.polygon([(160, 330), (440, 330), (447, 362), (152, 362)]), 0xA321_2CFF)
        sketch.paint(.polygon([(200, 420), (460, 405), (466, 432), (200, 447)]), 0x5A3A_22FF)
        sketch.paint(.disc(215, 140, 64), 0x2234_5CFF)
        sketch.paint(.polygon([(178, 150), (252, 150), (247, 214), (215, 234), (183, 214)]), 0xC89A_7EFF)
        sketch.paint(.polygon([(205, 80), (225, 80), (247, 132), (233, 132), (227, 115), (203, 115), (197, 132), (183, 132)],
                              [(207, 104), (223, 104), (215, 86)]), white)
        paintCaptainShield(&sketch, 170, 395, radius: 150)
        return sketch.png()
    }

    // MARK: Circles and ring

    /// `circle_lrg`, `circle_med`, `circle_sml`: a thin outer line and a ring of ticks inside it,
    /// transparent in the middle where the photo shows.
    static func drawCircle(_ size: CircleSize) -> ImageData {
        let side = Int((size.diameter * 2).rounded())
        let c = Double(side) / 2
        var sketch = Sketch(width: side, height: side)
        sketch.paint(.annulus(c, c, inner: c - 2.5, outer: c - 0.5), white(0.85))
        sketch.paint(.annulus(c, c, inner: c * 0.80 - 0.6, outer: c * 0.80 + 0.6), white(0.35))
        for tick in 0..<72 {
            let degrees = Double(tick) * 5
            let inner = tick % 6 == 0 ? c * 0.82 : c * 0.85
            sketch.paint(.segment(Dial.point(c, c, radius: inner, degrees: degrees), Dial.point(c, c, radius: c * 0.92, degrees: degrees), width: 1.2),
                         white(0.55))
        }
        return sketch.png()
    }

    /// `circle_floaters`: the white ring, a thin circle with dashes of uneven length outside it
    /// (288x288 px); the front end turns it.
    static func drawRing() -> ImageData {
        var sketch = Sketch(width: 288, height: 288)
        sketch.paint(.annulus(144, 144, inner: 133.5, outer: 135.5), white)
        for dash in 0..<24 {
            let start = Double(dash * 15 + dash * 7 % 5)
            let length = Double(3 + dash * 5 % 7)
            sketch.paint(.segment(Dial.point(144, 144, radius: 139.5, degrees: start), Dial.point(144, 144, radius: 139.5, degrees: start + length), width: 7),
                         white)
        }
        return sketch.png()
    }

    // MARK: Frames and buttons

    /// `frame_top`: a bright line along the top, a translucent plate under its left part and a
    /// bevelled corner running down the right side (622x155 px).
    static func drawFrameTop() -> ImageData {
        var sketch = Sketch(width: 622, height: 155)
        sketch.paint(.polygon([(10, 6), (560, 6), (540, 30), (260, 30), (240, 55), (130, 55), (110, 75), (25, 75)]), 0x7F87_9140)
        sketch.paint(.segment((10, 3), (590, 3), width: 3), white(0.7))
        sketch.paint([.segment((590, 3), (615, 28), width: 5), .segment((615, 28), (615, 152), width: 5)], 0x9AA0_A8E6)
        return sketch.png()
    }

    /// `frame_bottom`: a bright line along the bottom with raised steps at the right and a
    /// diagonal to the top-right corner (617x112 px).
    static func drawFrameBottom() -> ImageData {
        var sketch = Sketch(width: 617, height: 112)
        sketch.paint(.polygon([(430, 108), (430, 80), (520, 80), (532, 62), (598, 62), (610, 50), (610, 108)]), 0x8A90_9959)
        sketch.paint(.segment((500, 108), (612, 5), width: 3), 0x9AA0_A866)
        sketch.paint(.segment((5, 108), (600, 108), width: 3), white(0.7))
        return sketch.png()
    }

    /// `frame_left`: a thin vertical line with a wider translucent block in its lower half (23x718 px).
    static func drawFrameLeft() -> ImageData {
        var sketch = Sketch(width: 23, height: 718)
        sketch.paint(.polygon([(3, 300), (14, 310), (14, 520), (20, 530), (20, 560), (3, 570)]), 0x8A90_9966)
        sketch.paint(.segment((3, 2), (3, 716), width: 2.5), white(0.6))
        return sketch.png()
    }

    /// `toggle_nearme_*` (three circles, the plate's top-left corner cut) and `toggle_list_*`
    /// (three list rows, the bottom-right corner cut): a grey plate when on, a dark one when
    /// off, white outline and icon (167x90 px).
    static func drawToggle(_ toggle: Toggle, on: Bool) -> ImageData {
        var sketch = Sketch(width: 167, height: 90)
        let plate: [(Double, Double)] = toggle == .nearMe
            ? [(32, 4), (163, 4), (163, 86), (4, 86), (4, 32)]
            : [(4, 4), (163, 4), (163, 58), (135, 86), (4, 86)]
        sketch.paint(.polygon(plate), on ? 0x4646_46CC : 0x1111_11B3)
        sketch.paint(Shape.outline(plate, width: 3), white)
        switch toggle {
        case .nearMe:
            sketch.paint([.annulus(84, 56, inner: 15.5, outer: 18.5), .annulus(112, 36, inner: 10.5, outer: 13.5),
                          .annulus(112, 68, inner: 6.5, outer: 9.5)], white)
        case .list:
            for row in 0..<3 {
                let y = 22 + Double(row) * 18
                sketch.paint([.rect(58, y, 12, 12).subtracting(.rect(61, y + 3, 6, 6)),
                              .rect(76, y, 44, 12).subtracting(.rect(79, y + 3, 38, 6))], white)
            }
        }
        return sketch.png()
    }
}
