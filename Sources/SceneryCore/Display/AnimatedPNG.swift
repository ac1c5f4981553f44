/// Encodes an animated PNG (APNG) with the system zlib, so that a scene can ship a moving
/// picture it draws itself: a front end shows it as any image (every browser plays it in an
/// `<img>` or a CSS background), and one that knows only PNG shows its first frame, which is
/// the file's ordinary image (IDAT).
///
/// The file: the signature, IHDR (8-bit RGB, opaque), acTL (frame count, plays), then per frame
/// an fcTL (the whole image, `delay` seconds, no disposal, drawn over nothing) and its pixels
/// (IDAT for the first, fdAT with the next sequence number for the others), and IEND. Every row
/// is filtered with Paeth (smooth pictures compress best so) and deflated at level 9: the same
/// frames always give the same bytes.
public enum AnimatedPNG {
    /// The file of `frames` (each `width × height × 3` bytes, RGB row by row), shown `delay`
    /// (numerator, denominator) seconds each, played `plays` times (0: forever).
    public static func encode(frames: [[UInt8]], width: Int, height: Int, delay: (UInt16, UInt16), plays: Int = 0) -> ImageData {
        precondition(!frames.isEmpty && frames.allSatisfy { $0.count == width * height * 3 }, "frames must be width x height RGB")
        var file = PNGFile()
        let be32 = PNGFile.be32, be16 = PNGFile.be16
        file.chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        file.chunk("acTL", be32(frames.count) + be32(plays))
        var sequence = 0
        for (index, frame) in frames.enumerated() {
            let control = be32(sequence) + be32(width) + be32(height) + be32(0) + be32(0)
                + be16(Int(delay.0)) + be16(Int(delay.1)) + [0, 0]  // dispose: none; blend: source
            file.chunk("fcTL", control)
            sequence += 1
            let data = PNGFile.deflate(filtered(frame, width: width, height: height))
            if index == 0 {
                file.chunk("IDAT", data)
            } else {
                file.chunk("fdAT", be32(sequence) + data)
                sequence += 1
            }
        }
        file.chunk("IEND", [])
        return ImageData(mime: "image/png", width: width, height: height, bytes: file.bytes)
    }

    /// The rows, each led by its filter byte, 4: Paeth (the byte minus the one of left, above
    /// and upper left nearest to left + above - upper left).
    static func filtered(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let stride = width * 3, bpp = 3
        var out = [UInt8](repeating: 0, count: height * (stride + 1))
        pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * stride, above = (y - 1) * stride, start = y * (stride + 1)
                    out[start] = 4
                    for x in 0..<stride {
                        let a = x >= bpp ? Int(pixels[row + x - bpp]) : 0
                        let b = y > 0 ? Int(pixels[above + x]) : 0
                        let c = x >= bpp && y > 0 ? Int(pixels[above + x - bpp]) : 0
                        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                        let paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                        out[start + 1 + x] = pixels[row + x] &- UInt8(paeth)
                    }
                }
            }
        }
        return out
    }
}
