import Testing
@testable import ExhibitionScene
@testable import SceneryCore

/// The background movie is a real animated PNG, read here chunk by chunk as a browser would.
@Suite("Exhibition movie")
struct ExhibitionMovieTests {
    struct Chunk { var type: String; var data: [UInt8] }

    static func be32(_ bytes: [UInt8], _ i: Int) -> Int {
        Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }

    /// CRC-32 (ISO 3309, as PNG uses it), computed here rather than by the zlib the encoder uses.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// The chunks of a PNG file, each CRC checked.
    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [Chunk] = [], i = 8
        while i < bytes.count {
            let length = be32(bytes, i)
            try #require(i + 12 + length <= bytes.count, "chunk at \(i) runs past the end")
            let typed = Array(bytes[(i + 4)..<(i + 8 + length)])
            let type = String(decoding: typed.prefix(4), as: UTF8.self)
            #expect(UInt32(be32(bytes, i + 8 + length)) == crc(typed), "CRC of \(type) at \(i)")
            chunks.append(Chunk(type: type, data: Array(typed.dropFirst(4))))
            i += 12 + length
        }
        return chunks
    }

    @Test("asset.read's movie is an APNG: acTL with the frame count, looping forever; one fcTL per frame with sequence numbers in order; CRCs right")
    func isAnAnimatedPNG() throws {
        let movie = try #require(ExhibitionScene.builtinImage(ExhibitionRender.movie))
        #expect(movie.mime == "image/png" && (movie.width, movie.height) == (ExhibitionMovie.width, ExhibitionMovie.height))
        #expect(movie.bytes.count < 300_000, "a few hundred KB at most: \(movie.bytes.count)")
        #expect(ImageData.sniff(movie.bytes) == movie)
        let chunks = try Self.chunks(movie.bytes)
        #expect(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND")
        #expect(chunks[0].data == [0, 0, 0, 188, 0, 0, 1, 78, 8, 2, 0, 0, 0])  // 188x334, 8-bit RGB
        let actl = try #require(chunks.first { $0.type == "acTL" })
        #expect(chunks.firstIndex { $0.type == "acTL" }! < chunks.firstIndex { $0.type == "IDAT" }!)
        let frames = Self.be32(actl.data, 0)
        #expect(frames == ExhibitionMovie.frameCount && (12...24).contains(frames))
        #expect(Self.be32(actl.data, 4) == 0)  // plays forever, as style.loop says
        let controls = chunks.filter { $0.type == "fcTL" }
        #expect(controls.count == frames)
        #expect(chunks.filter { $0.type == "fdAT" }.count == frames - 1 && chunks.filter { $0.type == "IDAT" }.count == 1)
        // Sequence numbers run 0, 1, 2, ... over fcTL and fdAT in file order; every frame is the whole picture.
        var expected = 0
        for chunk in chunks where chunk.type == "fcTL" || chunk.type == "fdAT" {
            #expect(Self.be32(chunk.data, 0) == expected, "\(chunk.type) out of sequence")
            expected += 1
            if chunk.type == "fcTL" {
                #expect(chunk.data.count == 26)
                #expect(Self.be32(chunk.data, 4) == movie.width && Self.be32(chunk.data, 8) == movie.height)
                #expect(Self.be32(chunk.data, 12) == 0 && Self.be32(chunk.data, 16) == 0)
                #expect(Array(chunk.data[20..<24]) == [0, 1, 0, 8])  // 1/8 s
            }
        }
        // The first fcTL comes before the IDAT: the default image is the first frame.
        #expect(chunks.firstIndex { $0.type == "fcTL" }! < chunks.firstIndex { $0.type == "IDAT" }!)
    }

    /// Mean absolute difference of two RGB frames, per byte.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    @Test("the loop is seamless: the last frame leads into the first as any frame into the next; the frames move and are deterministic")
    func seamlessLoop() {
        let frames = (0..<ExhibitionMovie.frameCount).map(ExhibitionMovie.frame)
        let steps = frames.indices.dropLast().map { Self.difference(frames[$0], frames[$0 + 1]) }
        let wrap = Self.difference(frames[frames.count - 1], frames[0])
        #expect(steps.allSatisfy { $0 > 0 }, "every frame moves: \(steps)")
        #expect(wrap > 0 && wrap <= steps.max()! * 1.25, "the last frame into the first: \(wrap), a step: \(steps)")
        #expect(Self.difference(frames[0], frames[frames.count / 2]) > steps.max()!, "the movie goes somewhere before it comes back")
        #expect(ExhibitionMovie.frame(0) == frames[0])
        // The frame after the last, were there one, is the first (up to rounding).
        #expect(Self.difference(ExhibitionMovie.frame(ExhibitionMovie.frameCount), frames[0]) < 0.01)
    }
}
