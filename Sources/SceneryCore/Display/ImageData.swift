/// An encoded image as `asset.read` returns it.
public struct ImageData: Equatable, Sendable {
    public var mime: String
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    public init(mime: String, width: Int, height: Int, bytes: [UInt8]) {
        self.mime = mime; self.width = width; self.height = height; self.bytes = bytes
    }

    /// Reads the pixel size from a PNG, JPEG or GIF header; nil when the bytes are none of these.
    public static func sniff(_ bytes: [UInt8]) -> ImageData? {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if bytes.count >= 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return ImageData(mime: "image/png", width: be32(16), height: be32(20), bytes: bytes)
        }
        if bytes.count >= 10, bytes[0..<4].elementsEqual(Array("GIF8".utf8)) {
            let width = Int(bytes[6]) | Int(bytes[7]) << 8, height = Int(bytes[8]) | Int(bytes[9]) << 8
            return ImageData(mime: "image/gif", width: width, height: height, bytes: bytes)
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            // Walk the JPEG segments to the first start-of-frame marker.
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                    return ImageData(mime: "image/jpeg", width: be16(i + 7), height: be16(i + 5), bytes: bytes)
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }
}
