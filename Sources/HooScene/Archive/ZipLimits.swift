/// The bounds an archive must stay within before any of its bytes are inflated.
///
/// They are checked on the central directory's declared sizes, and inflating never writes past
/// an entry's declared size, so the declared sizes are hard bounds on memory and time: a loader
/// that accepts an archive has agreed to inflate at most `maxTotalUncompressedBytes`.
///
/// The defaults fit Hoo data with a wide margin (the real sets: about 120 entries, images under
/// 40 KiB, about 640 KiB per set) and are the values `Protocol/PROTOCOL.md` documents.
public struct ZipLimits: Equatable, Sendable {
    /// Entries in one archive, directories and skipped junk included.
    public var maxEntries: Int
    /// Uncompressed (and compressed) size of one entry.
    public var maxEntryBytes: Int
    /// Sum of the uncompressed sizes of all entries.
    public var maxTotalUncompressedBytes: Int
    /// Uncompressed size divided by compressed size, for entries over `ratioAllowanceBytes`.
    public var maxCompressionRatio: Int
    /// Entries up to this uncompressed size are exempt from the ratio check: a small file of
    /// zeros (a `.DS_Store`) compresses well and costs nothing to inflate.
    public var ratioAllowanceBytes: Int
    /// Size of the central directory; bounds what is read before any entry is looked at.
    public var maxCentralDirectoryBytes: Int
    /// Length of an entry name in bytes.
    public var maxNameBytes: Int
    /// Uncompressed size of `hoo_set.json` and `hoo.json`, which are parsed in memory.
    public var maxMetadataBytes: Int

    /// The documented defaults: 10,000 entries; 64 MiB per entry; 1 GiB in all; ratio 200:1
    /// above 1 MiB; central directory 16 MiB; names 1,024 bytes; JSON files 64 KiB.
    public static let standard = ZipLimits(
        maxEntries: 10_000,
        maxEntryBytes: 64 << 20,
        maxTotalUncompressedBytes: 1 << 30,
        maxCompressionRatio: 200,
        ratioAllowanceBytes: 1 << 20,
        maxCentralDirectoryBytes: 16 << 20,
        maxNameBytes: 1_024,
        maxMetadataBytes: 64 << 10)

    /// Limits with every value given; start from ``standard`` to change one.
    public init(maxEntries: Int, maxEntryBytes: Int, maxTotalUncompressedBytes: Int, maxCompressionRatio: Int,
                ratioAllowanceBytes: Int, maxCentralDirectoryBytes: Int, maxNameBytes: Int, maxMetadataBytes: Int) {
        self.maxEntries = maxEntries; self.maxEntryBytes = maxEntryBytes
        self.maxTotalUncompressedBytes = maxTotalUncompressedBytes; self.maxCompressionRatio = maxCompressionRatio
        self.ratioAllowanceBytes = ratioAllowanceBytes; self.maxCentralDirectoryBytes = maxCentralDirectoryBytes
        self.maxNameBytes = maxNameBytes; self.maxMetadataBytes = maxMetadataBytes
    }
}
