import CZlib

/// Turns an entry's stored or deflated bytes back into its content with the system zlib (raw
/// inflate, `crc32`), refusing anything that does not match the central directory exactly.
///
/// Output is bounded by construction: zlib is never given room for more than the declared size
/// plus one byte, so a stream that inflates further fails at that byte, whatever its ratio.
/// The input is finite, so a stream that never reaches its final block fails when the input runs
/// out, and bytes left after the end of the stream fail too. One inflater is reused across
/// entries (`inflateReset` keeps zlib's window), which matters for 100k small entries.
///
/// Not thread-safe: one per load or per read.
final class ZipInflater {
    /// Verification inflates into this many bytes at a time and throws them away.
    static let scratchBytes = 64 << 10

    private let stream: UnsafeMutablePointer<z_stream>
    private var initialized = false
    private var scratch: UnsafeMutablePointer<UInt8>?

    init() {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deallocate()
        scratch?.deallocate()
    }

    /// Checks that `compressed` is exactly `entry`'s content (size and CRC-32), discarding the
    /// bytes as they come.
    func verify(_ compressed: UnsafeRawBufferPointer, entry: ZipEntry) throws(ZipError) {
        if entry.method == 0 {
            try checkCRC(of: compressed, entry: entry)
            return
        }
        let buffer: UnsafeMutablePointer<UInt8>
        if let scratch { buffer = scratch } else {
            buffer = .allocate(capacity: Self.scratchBytes)
            scratch = buffer
        }
        _ = try inflate(compressed, entry: entry, output: buffer, chunk: Self.scratchBytes, advancing: false)
    }

    /// `entry`'s content, checked against its size and CRC-32.
    func extract(_ compressed: UnsafeRawBufferPointer, entry: ZipEntry) throws(ZipError) -> [UInt8] {
        if entry.method == 0 {
            try checkCRC(of: compressed, entry: entry)
            return Array(compressed)
        }
        let declared = entry.uncompressedSize
        var failure: ZipError?
        let bytes = [UInt8](unsafeUninitializedCapacity: declared + 1) { buffer, count in
            do throws(ZipError) {
                count = try inflate(compressed, entry: entry, output: buffer.baseAddress!, chunk: declared + 1, advancing: true)
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    private func checkCRC(of bytes: UnsafeRawBufferPointer, entry: ZipEntry) throws(ZipError) {
        guard bytes.count == entry.uncompressedSize else {
            throw ZipError(.corrupt, entry: entry.name, "stored data of \(bytes.count) bytes, declared \(entry.uncompressedSize)")
        }
        try compare(crc: Self.crc(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, start: 0), entry)
    }

    private func compare(crc: UInt, _ entry: ZipEntry) throws(ZipError) {
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw ZipError(.crcMismatch, entry: entry.name,
                           "CRC-32 mismatch (computed \(hex(UInt32(truncatingIfNeeded: crc))), declared \(hex(entry.crc32)))")
        }
    }

    /// Inflates into `output` in windows of `chunk` bytes, writing on (`advancing`) or reusing
    /// the window; returns the byte count, which equals the declared size when it returns.
    private func inflate(_ input: UnsafeRawBufferPointer, entry: ZipEntry, output: UnsafeMutablePointer<UInt8>,
                         chunk: Int, advancing: Bool) throws(ZipError) -> Int {
        try prepare(entry)
        let declared = entry.uncompressedSize
        guard input.count <= Int(UInt32.max) else {
            throw ZipError(.limitExceeded, entry: entry.name, "compressed data of \(input.count) bytes is too large")
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = uInt(input.count)
        var produced = 0
        var crc: UInt = 0
        while true {
            let window = advancing ? output + produced : output
            let room = min(chunk, declared + 1 - produced)
            let inputBefore = Int(stream.pointee.avail_in)
            stream.pointee.next_out = window
            stream.pointee.avail_out = uInt(room)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let written = room - Int(stream.pointee.avail_out)
            if written > 0 {
                crc = Self.crc(window, written, start: crc)
                produced += written
            }
            if produced > declared {
                throw ZipError(.corrupt, entry: entry.name, "deflate stream inflates past its declared size of \(declared) bytes")
            }
            switch status {
            case Z_STREAM_END:
                let left = Int(stream.pointee.avail_in)
                if left > 0 {
                    throw ZipError(.corrupt, entry: entry.name, "\(left) bytes of garbage after the end of the deflate stream")
                }
                if produced != declared {
                    throw ZipError(.corrupt, entry: entry.name, "deflate stream ends after \(produced) bytes, declared \(declared)")
                }
                try compare(crc: crc, entry)
                return produced
            case Z_OK where written > 0 || Int(stream.pointee.avail_in) < inputBefore:
                continue
            case Z_OK, Z_BUF_ERROR:
                // No progress with room to write: the input ran out before the final block.
                throw ZipError(.corrupt, entry: entry.name,
                               "deflate stream does not end within its \(input.count) compressed bytes (truncated or endless)")
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw ZipError(.corrupt, entry: entry.name, "corrupt deflate data (\(message))")
            }
        }
    }

    private func prepare(_ entry: ZipEntry) throws(ZipError) {
        let status: Int32
        if initialized {
            status = inflateReset(stream)
        } else {
            // The inflateInit2 macro is not imported into Swift; -15 means raw deflate (no zlib header).
            status = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            initialized = status == Z_OK
        }
        guard status == Z_OK else {
            throw ZipError(.unreadable, entry: entry.name, "zlib could not start inflating (status \(status))")
        }
    }

    /// zlib's CRC-32 of `count` bytes, continuing from `start` (0 for a new checksum); zlib takes
    /// lengths as 32-bit, so long buffers go in pieces.
    static func crc(_ bytes: UnsafePointer<UInt8>?, _ count: Int, start: UInt) -> UInt {
        var crc = start
        var offset = 0
        while offset < count {
            let piece = min(count - offset, 1 << 30)
            crc = crc32(crc, bytes! + offset, uInt(piece))
            offset += piece
        }
        return crc
    }
}

/// `0x1234ABCD`, as CRCs are shown in messages.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
