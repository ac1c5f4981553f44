import SceneryCore

/// The images the Directory scene draws in code: the profile placeholder, the tab bar icons
/// (template images: a front end tints them with the node's `style.tint`) and the sample portraits.
enum DirectoryImages {
    static let placeholder = "directory.placeholder"
    static func icon(_ tab: DirectoryTab) -> String { "directory.icon.\(tab.rawValue)" }

    static func image(_ id: String) -> ImageData? {
        switch id {
        case placeholder: return drawPlaceholder()
        case icon(.recents): return drawIcon { x, y in
            let d = hypot(x - 45, y - 45)
            let ring = d > 36 && d < 42
            let hourHand = abs(x - 45) < 3 && y > 22 && y < 47
            let minuteHand = abs(y - 45) < 3 && x > 43 && x < 62
            return ring || hourHand || minuteHand
        }
        case icon(.featured): return drawIcon(star)
        case icon(.contacts): return drawIcon { x, y in
            func person(_ cx: Double, _ scale: Double) -> Bool {
                hypot(x - cx, y - 30 * scale - 8) < 13 * scale || (y > 52 && y < 80 && hypot((x - cx) / 1.3, y - 80) < 26 * scale)
            }
            return person(35, 1) || person(60, 0.9)
        }
        default:
            let prefix = "directory.portrait."
            guard id.hasPrefix(prefix), let n = Int(id.dropFirst(prefix.count)), (1...SampleDirectory.portraitCount).contains(n) else { return nil }
            return drawPortrait(n)
        }
    }

    static func hypot(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }

    static func drawIcon(_ shape: (Double, Double) -> Bool) -> ImageData {
        var canvas = Canvas(width: 90, height: 90)
        canvas.fill(color: 0x0000_00FF, where: shape)
        return canvas.png()
    }

    /// A five-pointed star, by the even-odd rule over its outline.
    static func star(_ x: Double, _ y: Double) -> Bool {
        var points: [(Double, Double)] = []
        for i in 0..<10 {
            let angle = Double(i) * Double.pi / 5 - Double.pi / 2
            let radius = i % 2 == 0 ? 42.0 : 17.0
            points.append((45 + radius * DeterministicMath.cosine(angle), 47 + radius * DeterministicMath.sine(angle)))
        }
        var inside = false
        var j = points.count - 1
        for i in 0..<points.count {
            let (xi, yi) = points[i], (xj, yj) = points[j]
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }


    /// The mock's placeholder: a blue square outline with a circle inside, 4:3 at 3x.
    static func drawPlaceholder() -> ImageData {
        var canvas = Canvas(width: 128, height: 96, fill: 0xFFFF_FFFF)
        canvas.fill(color: 0x1E90_FFFF) { x, y in
            let border = x < 5 || x > 123 || y < 5 || y > 91
            let d = hypot(x - 64, y - 48)
            return border || (d > 30 && d < 35)
        }
        return canvas.png()
    }

    static let portraitColors: [UInt32] = [0x5FA2_DDFF, 0xFF44_44FF, 0xCC00_00FF, 0xDDDD_DDFF, 0x4CAF_50FF, 0xFFB3_00FF]

    static func drawPortrait(_ n: Int) -> ImageData {
        var canvas = Canvas(width: 120, height: 90, fill: portraitColors[(n - 1) % portraitColors.count])
        canvas.fill(color: 0xFFFF_FFB0) { x, y in hypot(x - 60, y - 36) < 18 || (y > 62 && hypot((x - 60) / 1.6, y - 92) < 30) }
        return canvas.png()
    }
}
