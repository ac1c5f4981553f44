/// One file of a ZIP archive, as its central directory describes it (checked against its local
/// header when the archive was opened).
public struct ZipEntry: Hashable, Sendable {
    /// The entry's path inside the archive, `/`-separated.
    public var name: String
    /// 0 (stored) or 8 (deflate).
    public var method: UInt16
    /// The CRC-32 of the uncompressed bytes, checked at load and again on every read.
    public var crc32: UInt32
    /// Bytes of entry data in the archive (after the local header).
    public var compressedSize: Int
    /// Bytes once inflated; inflating never produces more.
    public var uncompressedSize: Int
    /// Offset of the entry's data (after its local header) in the archive file.
    public var dataOffset: Int

    /// An entry as the central directory describes it; ``ZipArchive`` builds these.
    public init(name: String, method: UInt16, crc32: UInt32, compressedSize: Int, uncompressedSize: Int, dataOffset: Int) {
        self.name = name; self.method = method; self.crc32 = crc32
        self.compressedSize = compressedSize; self.uncompressedSize = uncompressedSize; self.dataOffset = dataOffset
    }
}
