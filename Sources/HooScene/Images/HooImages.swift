import SceneryCore

/// The images the Hoo scene draws in code: the logo, and the sample sets' headers and overlays.
/// Asset ids start with `hoo.`; every image is a PNG at 2x, the mocks' scale.
enum HooImages {
    static let logo = "hoo.logo"

    /// `hoo.sample.3.header`: the sample set's header, "RED SET" in the set's colours.
    static func sampleHeader(set: Int) -> String { "hoo.sample.\(set).header" }
    /// `hoo.sample.3.hoo.7`: the sample Hoo's overlay, a full-screen line drawing.
    static func sampleHoo(set: Int, hoo: Int) -> String { "hoo.sample.\(set).hoo.\(hoo)" }

    /// The image of a built-in asset id; nil for ids that name nothing.
    static func image(_ id: String) -> ImageData? {
        if id == logo { return drawLogo() }
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0] == "hoo", parts[1] == "sample", let number = Int(parts[2]),
              String(number) == parts[2], number >= 1, number <= SampleHooSets.sets.count else { return nil }
        let set = SampleHooSets.sets[number - 1]
        if parts.count == 4 && parts[3] == "header" { return drawHeader(set) }
        if parts.count == 5 && parts[3] == "hoo", let hoo = Int(parts[4]), String(hoo) == parts[4],
           set.hoos.contains(where: { $0.number == hoo }) {
            return drawOverlay(set: number, hoo: hoo)
        }
        return nil
    }

    // MARK: Logo

    /// A rounded square from teal to purple with a white "Y!", the size of the mock's logo
    /// (57x52 pt at 2x).
    static func drawLogo() -> ImageData {
        let width = 114, height = 104
        var canvas = Canvas(width: width, height: height)
        let a = Double(width) / 2, b = Double(height) / 2
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5 - a) / a, v = (Double(y) + 0.5 - b) / b
                guard u * u * u * u + v * v * v * v <= 1 else { continue }
                let t = (Double(x) / Double(width) + Double(y) / Double(height)) / 2
                canvas.fillRect(x: x, y: y, width: 1, height: 1, color: blend(0x3CA0_C8FF, 0x5522_B5FF, t))
            }
        }
        let strokes: [(Double, Double, Double, Double, Double)] = [
            (30, 24, 50, 54, 4.5), (70, 24, 50, 54, 4.5), (50, 54, 50, 82, 4.5),  // Y
            (86, 22, 80, 68, 4),  // !
        ]
        canvas.fill(color: 0xF4F4_F8FF) { x, y in
            strokes.contains { segmentDistance(x, y, $0.0, $0.1, $0.2, $0.3) < $0.4 } || hypot(x - 78.5, y - 80) < 5
        }
        return canvas.png()
    }

    // MARK: Headers

    /// Start and end of each sample colour's gradient (0xRRGGBBAA).
    static let headerColors: [String: (UInt32, UInt32)] = [
        "Red": (0xF240_4AFF, 0xD430_7FFF), "Yellow": (0xF9C3_1FFF, 0xF591_2AFF), "Blue": (0x3D8B_F2FF, 0x2F55_C9FF),
        "Purple": (0x9B4D_E0FF, 0x6A2F_B8FF), "Green": (0x4CC2_66FF, 0x2E9E_7AFF), "Silver": (0xC8CD_D2FF, 0x8E97_9FFF),
        "Cyan": (0x3FD3_E0FF, 0x2A9F_C7FF), "Brown": (0xB07A_4AFF, 0x7D52_33FF), "Orange": (0xFF9A_2EFF, 0xF062_2AFF),
    ]

    /// "RED SET" in a 5x7 block face, each dot 6x8 px, 66 px tall (33 pt at 2x, as the real
    /// `header@2x.png`), in a left-to-right gradient of the set's colour.
    static func drawHeader(_ set: HooSet) -> ImageData {
        let text = Array((set.color + " Set").uppercased())
        let dotWidth = 6, dotHeight = 8, advance = 6 * dotWidth, top = 5
        let width = max(1, text.count * advance - dotWidth)
        var canvas = Canvas(width: width, height: 7 * dotHeight + 2 * top)
        let (from, to) = headerColors[set.color] ?? (0xBBBB_BBFF, 0x8888_88FF)
        for (i, character) in text.enumerated() {
            guard let rows = BlockFont.glyphs[character] else { continue }
            for (row, bits) in rows.enumerated() {
                for (column, bit) in bits.enumerated() where bit == "#" {
                    let x = i * advance + column * dotWidth
                    canvas.fillRect(x: x, y: top + row * dotHeight, width: dotWidth, height: dotHeight,
                                    color: blend(from, to, Double(x) / Double(width)))
                }
            }
        }
        return canvas.png()
    }


    // MARK: Overlays

    /// A full-screen (640x960 px) transparent picture with a white hypotrochoid drawn through
    /// it, a different curve for each Hoo: line art over the grid, as the real `hoo.png` files are.
    static func drawOverlay(set: Int, hoo: Int) -> ImageData {
        var canvas = Canvas(width: 640, height: 960)
        let rolling: [Double] = [30, 42, 50, 60, 70, 84, 90, 105, 126, 140, 150, 168]
        let big = 210.0, small = rolling[(hoo - 1) % rolling.count]
        let pen = 40 + Double((set * 37 + hoo * 11) % 90)
        var loops = 1
        while loops < 60 && (Double(loops) * big / small).rounded() != Double(loops) * big / small { loops += 1 }
        let speed = (big - small) + pen * (big - small) / small
        let steps = Int(2 * Double.pi * Double(loops) * speed / 1.5)
        for step in 0...steps {
            let t = 2 * Double.pi * Double(loops) * Double(step) / Double(steps)
            let x = (big - small) * DeterministicMath.cosine(t) + pen * DeterministicMath.cosine((big - small) / small * t)
            let y = (big - small) * DeterministicMath.sine(t) - pen * DeterministicMath.sine((big - small) / small * t)
            canvas.fillRect(x: Int((320 + x).rounded(.down)) - 2, y: Int((470 + y).rounded(.down)) - 2, width: 4, height: 4,
                            color: 0xFFFF_FFFF)
        }
        return canvas.png()
    }

    // MARK: Geometry

    static func hypot(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }

    /// Distance from a point to the segment from (x1, y1) to (x2, y2).
    static func segmentDistance(_ x: Double, _ y: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        let dx = x2 - x1, dy = y2 - y1
        let t = min(1, max(0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        return hypot(x - x1 - t * dx, y - y1 - t * dy)
    }

    /// Linear blend of two 0xRRGGBBAA colours.
    static func blend(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: 24, through: 0, by: -8) {
            let from = Double(a >> UInt32(shift) & 0xFF), to = Double(b >> UInt32(shift) & 0xFF)
            result |= UInt32((from + (to - from) * min(1, max(0, t))).rounded()) << UInt32(shift)
        }
        return result
    }

}
