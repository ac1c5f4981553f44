/// A region of an image: a test on pixel coordinates and the box outside which it is empty
/// (only the box is visited when painting).
public struct Shape {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public var contains: (Double, Double) -> Bool

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double, contains: @escaping (Double, Double) -> Bool) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY; self.contains = contains
    }

    public static func disc(_ cx: Double, _ cy: Double, _ r: Double) -> Shape {
        Shape(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r) { x, y in
            (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
    }

    /// The band between radii `inner` and `outer`.
    public static func annulus(_ cx: Double, _ cy: Double, inner: Double, outer: Double) -> Shape {
        Shape(minX: cx - outer, minY: cy - outer, maxX: cx + outer, maxY: cy + outer) { x, y in
            let d = (x - cx) * (x - cx) + (y - cy) * (y - cy)
            return d <= outer * outer && d >= inner * inner
        }
    }

    public static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Shape {
        Shape(minX: x, minY: y, maxX: x + w, maxY: y + h) { px, py in px >= x && px <= x + w && py >= y && py <= y + h }
    }

    /// A rectangle with corners rounded by `radius`.
    public static func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) -> Shape {
        let r = min(radius, w / 2, h / 2)
        return Shape(minX: x, minY: y, maxX: x + w, maxY: y + h) { px, py in
            guard px >= x && px <= x + w && py >= y && py <= y + h else { return false }
            let cx = min(max(px, x + r), x + w - r), cy = min(max(py, y + r), y + h - r)
            return (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
        }
    }

    /// A stroke of `width` from `a` to `b`, with round ends.
    public static func segment(_ a: (Double, Double), _ b: (Double, Double), width: Double) -> Shape {
        let r = width / 2
        let abx = b.0 - a.0, aby = b.1 - a.1
        let length2 = max(abx * abx + aby * aby, 1e-12)
        return Shape(minX: min(a.0, b.0) - r, minY: min(a.1, b.1) - r, maxX: max(a.0, b.0) + r, maxY: max(a.1, b.1) + r) { x, y in
            let t = min(1, max(0, ((x - a.0) * abx + (y - a.1) * aby) / length2))
            let dx = x - (a.0 + t * abx), dy = y - (a.1 + t * aby)
            return dx * dx + dy * dy <= r * r
        }
    }

    /// The inside of closed outlines by the even-odd rule (a second outline cuts a hole).
    public static func polygon(_ outlines: [(Double, Double)]...) -> Shape {
        let points = outlines.flatMap { $0 }
        return Shape(minX: points.map(\.0).min()!, minY: points.map(\.1).min()!,
                     maxX: points.map(\.0).max()!, maxY: points.map(\.1).max()!) { x, y in
            var inside = false
            for outline in outlines {
                var j = outline.count - 1
                for i in outline.indices {
                    let (xi, yi) = outline[i], (xj, yj) = outline[j]
                    if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                    j = i
                }
            }
            return inside
        }
    }

    /// The outline of a closed polygon, stroked with `width`.
    public static func outline(_ points: [(Double, Double)], width: Double) -> [Shape] {
        points.indices.map { segment(points[$0], points[($0 + 1) % points.count], width: width) }
    }

    public func subtracting(_ other: Shape) -> Shape {
        let (inside, outside) = (contains, other.contains)
        return Shape(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { x, y in inside(x, y) && !outside(x, y) }
    }
}

/// An RGBA picture painted shape by shape, each blended over what is there ("source over") with
/// smoothed edges, then encoded as PNG by ``Canvas``.
public struct Sketch {
    public let width: Int
    public let height: Int
    /// Straight (not premultiplied) RGBA, 0...1.
    private var pixels: [Double]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height * 4)
    }

    /// Paints `shape` in `color` (0xRRGGBBAA).
    public mutating func paint(_ shape: Shape, _ color: UInt32) {
        paint(shape) { _, _ in color }
    }

    /// Paints `shape` with a colour that varies over the image (a gradient).
    public mutating func paint(_ shape: Shape, colorAt color: (Double, Double) -> UInt32) {
        let x0 = max(0, Int(shape.minX.rounded(.down))), x1 = min(width - 1, Int(shape.maxX.rounded(.up)))
        let y0 = max(0, Int(shape.minY.rounded(.down))), y1 = min(height - 1, Int(shape.maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        // Coverage is sampled at pixel corners, each shared by four pixels: one test per pixel
        // for edges as smooth as 2x2 supersampling gives.
        func corners(_ y: Int) -> [Bool] { (x0...x1 + 1).map { shape.contains(Double($0), Double(y)) } }
        var above = corners(y0)
        for py in y0...y1 {
            let below = corners(py + 1)
            for i in 0...(x1 - x0) {
                let hits = (above[i] ? 1 : 0) + (above[i + 1] ? 1 : 0) + (below[i] ? 1 : 0) + (below[i + 1] ? 1 : 0)
                guard hits > 0 else { continue }
                let px = x0 + i
                blend(px, py, color(Double(px) + 0.5, Double(py) + 0.5), coverage: Double(hits) / 4)
            }
            above = below
        }
    }

    public mutating func paint(_ shapes: [Shape], _ color: UInt32) {
        for shape in shapes { paint(shape, color) }
    }

    private mutating func blend(_ x: Int, _ y: Int, _ color: UInt32, coverage: Double) {
        let i = (y * width + x) * 4
        let sa = Double(color & 0xFF) / 255 * coverage
        let da = pixels[i + 3]
        let a = sa + da * (1 - sa)
        guard a > 0 else { return }
        let keep = da * (1 - sa)
        pixels[i] = (Double(color >> 24 & 0xFF) / 255 * sa + pixels[i] * keep) / a
        pixels[i + 1] = (Double(color >> 16 & 0xFF) / 255 * sa + pixels[i + 1] * keep) / a
        pixels[i + 2] = (Double(color >> 8 & 0xFF) / 255 * sa + pixels[i + 2] * keep) / a
        pixels[i + 3] = a
    }

    /// The PNG, rows written as runs of equal pixels.
    public func png() -> ImageData {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let color = packed(x, y)
                var end = x + 1
                while end < width && packed(end, y) == color { end += 1 }
                if color & 0xFF != 0 { canvas.fillRect(x: x, y: y, width: end - x, height: 1, color: color) }
                x = end
            }
        }
        return canvas.png()
    }

    /// The picture laid over an opaque `background` (0xRRGGBB), as 8-bit RGB row by row: a
    /// frame of an ``AnimatedPNG``.
    public func rgb(over background: UInt32 = 0) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let under = [Double(background >> 16 & 0xFF) / 255, Double(background >> 8 & 0xFF) / 255, Double(background & 0xFF) / 255]
        for i in 0..<(width * height) {
            let a = pixels[i * 4 + 3]
            for channel in 0..<3 {
                let value = pixels[i * 4 + channel] * a + under[channel] * (1 - a)
                out[i * 3 + channel] = UInt8((min(1, max(0, value)) * 255).rounded())
            }
        }
        return out
    }

    private func packed(_ x: Int, _ y: Int) -> UInt32 {
        let i = (y * width + x) * 4
        func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
        let alpha = byte(pixels[i + 3])
        guard alpha > 0 else { return 0 }
        return byte(pixels[i]) << 24 | byte(pixels[i + 1]) << 16 | byte(pixels[i + 2]) << 8 | alpha
    }
}

/// Points on a circle, by the platform-independent ``DeterministicMath``.
public enum Dial {
    /// The point at `radius` from (`cx`, `cy`) at `degrees` clockwise from 12 o'clock.
    public static func point(_ cx: Double, _ cy: Double, radius: Double, degrees: Double) -> (Double, Double) {
        let radians = degrees * Double.pi / 180
        return (cx + radius * DeterministicMath.sine(radians), cy - radius * DeterministicMath.cosine(radians))
    }
}
