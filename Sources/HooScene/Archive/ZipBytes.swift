/// Little-endian field reads for ZIP structures; the caller has checked that `offset + size`
/// is inside the buffer.
extension UnsafeRawBufferPointer {
    @inline(__always) func zipUInt16(at offset: Int) -> Int {
        Int(UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    }

    @inline(__always) func zipUInt32(at offset: Int) -> Int {
        Int(UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// The `count` bytes at `offset`, without copying.
    @inline(__always) func zipSlice(_ offset: Int, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: self[offset..<(offset + count)])
    }
}

/// The four-byte signatures that open each ZIP record.
enum ZipSignature {
    static let localHeader = 0x0403_4B50
    static let centralHeader = 0x0201_4B50
    static let endOfCentralDirectory = 0x0605_4B50
    static let zip64EndLocator = 0x0706_4B50
    /// The optional signature of a data descriptor (flag bit 3: CRC and sizes after the data).
    static let dataDescriptor = 0x0807_4B50
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` keeping the body's typed error (the standard one rethrows `any Error`).
    func withZipBytes<R>(_ body: (UnsafeRawBufferPointer) throws(ZipError) -> R) throws(ZipError) -> R {
        let result = withUnsafeBytes { (bytes) -> Result<R, ZipError> in
            do throws(ZipError) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
