/// Rounds a length to the protocol's precision, 1/1000 pt, so output never depends on
/// floating-point noise (42.666666 -> 42.667).
@inlinable
public func roundPoint(_ value: Double) -> Double {
    // A value that is not a number (a scene's bug, such as 0/0 on a tiny viewport) must neither
    // reach the wire nor make two renders differ forever (NaN never equals itself): it is 0.
    guard value.isFinite else { return 0 }
    guard abs(value) < 1e12 else { return value }
    let rounded = (value * 1000).rounded() / 1000
    return rounded == 0 ? 0 : rounded  // no "-0"
}

/// A point in screen or content coordinates, in points.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A rectangle in points; encoded as `[x, y, width, height]`.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    public func intersects(minY: Double, maxY other: Double) -> Bool { y < other && maxY > minY }

    public func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var centerX: Double { x + width / 2 }
    public var centerY: Double { y + height / 2 }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom; a side
    /// that would go negative collapses to the centre line.
    public func inset(dx: Double, dy: Double) -> Rect {
        let w = width - 2 * dx, h = height - 2 * dy
        return Rect(x: w >= 0 ? x + dx : centerX, y: h >= 0 ? y + dy : centerY, width: max(0, w), height: max(0, h))
    }

    /// The part of this rectangle inside `other`, nil when they do not meet (rectangles that
    /// only touch meet in an empty one: a line of zero width lying inside still meets).
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right >= left, bottom >= top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle grown by `d` on every side.
    public func outset(_ d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    public var json: JSON {
        .array([.number(roundPoint(x)), .number(roundPoint(y)), .number(roundPoint(width)), .number(roundPoint(height))])
    }

    /// Whether `other`'s ``json`` equals this one's (the values rounded to thousandths).
    func writesSame(as other: Rect) -> Bool {
        roundPoint(x) == roundPoint(other.x) && roundPoint(y) == roundPoint(other.y)
            && roundPoint(width) == roundPoint(other.width) && roundPoint(height) == roundPoint(other.height)
    }

    /// Writes ``json``'s canonical encoding without building it.
    func write(to writer: inout CanonicalJSON.ByteWriter) {
        writer.byte(UInt8(ascii: "["))
        writer.number(roundPoint(x))
        writer.byte(UInt8(ascii: ","))
        writer.number(roundPoint(y))
        writer.byte(UInt8(ascii: ","))
        writer.number(roundPoint(width))
        writer.byte(UInt8(ascii: ","))
        writer.number(roundPoint(height))
        writer.byte(UInt8(ascii: "]"))
    }
}

/// Insets of the screen that content should avoid (status bar, home indicator).
public struct EdgeInsets: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// The screen a front end draws on: size in points, pixel scale and safe area.
public struct Viewport: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var safeArea: EdgeInsets

    public init(width: Double, height: Double, scale: Double, safeArea: EdgeInsets) {
        self.width = width; self.height = height; self.scale = scale; self.safeArea = safeArea
    }

    /// iPhone X/XS/11 Pro, the device of the Directory mocks: 375x812 pt @3x.
    public static let phone = Viewport(width: 375, height: 812, scale: 3, safeArea: EdgeInsets(top: 44, bottom: 34))

    /// UIKit's default horizontal layout margin: 16 pt on compact widths, 20 pt from 414 pt up.
    public var layoutMargin: Double { width >= 414 ? 20 : 16 }

    public var json: JSON {
        [
            "width": .number(width), "height": .number(height), "scale": .number(scale),
            "safeArea": ["top": .number(safeArea.top), "left": .number(safeArea.left),
                         "bottom": .number(safeArea.bottom), "right": .number(safeArea.right)],
        ]
    }

    /// Reads `{width, height, scale, safeArea}`; members left out keep the values of `base`.
    public static func parse(_ params: Params, base: Viewport) throws(RPCError) -> Viewport {
        try params.allowOnly(["width", "height", "scale", "safeArea"])
        var viewport = base
        func size(_ key: String, _ range: ClosedRange<Double>) throws(RPCError) -> Double? {
            guard let value = try params.optionalNumber(key) else { return nil }
            guard range.contains(value) else {
                throw .invalidParams("\(params.path).\(key): expected a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got \(JSON.number(value))")
            }
            return value
        }
        if let width = try size("width", 100...10_000) { viewport.width = width }
        if let height = try size("height", 100...10_000) { viewport.height = height }
        if let scale = try size("scale", 1...4) { viewport.scale = scale }
        if let insets = try params.optionalObject("safeArea") {
            try insets.allowOnly(["top", "left", "bottom", "right"])
            func inset(_ key: String) throws(RPCError) -> Double? {
                guard let value = try insets.optionalNumber(key) else { return nil }
                guard (0...1000).contains(value) else {
                    throw .invalidParams("\(insets.path).\(key): expected a number from 0 to 1000, got \(JSON.number(value))")
                }
                return value
            }
            if let v = try inset("top") { viewport.safeArea.top = v }
            if let v = try inset("left") { viewport.safeArea.left = v }
            if let v = try inset("bottom") { viewport.safeArea.bottom = v }
            if let v = try inset("right") { viewport.safeArea.right = v }
        }
        if viewport.safeArea.top + viewport.safeArea.bottom >= viewport.height {
            throw .invalidParams("\(params.path).safeArea: top + bottom must be less than the height")
        }
        return viewport
    }
}

/// Sine and cosine by Taylor series after reduction to -π...π: the same bits on every platform,
/// which the system's `sin` does not promise. Exact enough for drawing and angles on screen.
public enum DeterministicMath {
    public static func sine(_ x: Double) -> Double {
        var x = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
        var term = x, sum = x
        for n in 1..<12 {
            term *= -x * x / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    public static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}
