import CZlib

/// Draws small images in code (placeholders, icons, sample portraits) and encodes them as PNG
/// with the system zlib, so the project ships no image files.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// RGBA, row by row.
    public private(set) var pixels: [UInt8]

    public init(width: Int, height: Int, fill: UInt32 = 0x0000_0000) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        fillRect(x: 0, y: 0, width: width, height: height, color: fill)
    }

    /// Sets every pixel inside `shape` (called with pixel-centre coordinates) to `color` (0xRRGGBBAA).
    public mutating func fill(color: UInt32, where shape: (Double, Double) -> Bool) {
        for y in 0..<height {
            for x in 0..<width where shape(Double(x) + 0.5, Double(y) + 0.5) {
                set(x, y, color)
            }
        }
    }

    public mutating func fillRect(x: Int, y: Int, width w: Int, height h: Int, color: UInt32) {
        for py in max(0, y)..<min(height, y + h) {
            for px in max(0, x)..<min(width, x + w) { set(px, py, color) }
        }
    }

    mutating func set(_ x: Int, _ y: Int, _ color: UInt32) {
        let i = (y * width + x) * 4
        pixels[i] = UInt8(color >> 24); pixels[i + 1] = UInt8(color >> 16 & 0xFF)
        pixels[i + 2] = UInt8(color >> 8 & 0xFF); pixels[i + 3] = UInt8(color & 0xFF)
    }

    /// The PNG file: signature, IHDR (8-bit RGBA), one zlib-compressed IDAT, IEND.
    public func png() -> ImageData {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: pixels[(y * width * 4)..<((y + 1) * width * 4)])
        }
        var file = PNGFile()
        file.chunk("IHDR", PNGFile.be32(width) + PNGFile.be32(height) + [8, 6, 0, 0, 0])
        file.chunk("IDAT", PNGFile.deflate(raw))
        file.chunk("IEND", [])
        return ImageData(mime: "image/png", width: width, height: height, bytes: file.bytes)
    }
}

/// A PNG file as it is written: the signature, then chunks (length, type, data, CRC-32), and
/// the zlib stream of pixel data. Shared by ``Canvas`` and ``AnimatedPNG``.
struct PNGFile {
    private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    mutating func chunk(_ type: String, _ data: [UInt8]) {
        let typed = Array(type.utf8) + data
        bytes += PNGFile.be32(data.count) + typed
        bytes += PNGFile.be32(Int(crc32(0, typed, uInt(typed.count))))
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// zlib's compress2 at level 9.
    static func deflate(_ raw: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&compressed, &size, raw, uLong(raw.count), 9)
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        compressed.removeSubrange(Int(size)...)
        return compressed
    }
}
