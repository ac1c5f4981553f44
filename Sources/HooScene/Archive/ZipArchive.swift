import SceneryCore

/// A ZIP archive whose structure has been checked: the end record found, the central directory
/// parsed within ``ZipLimits``, every entry's name, flags, method and sizes accepted, and every
/// local header found to agree with its central record without overlapping another entry.
///
/// Opening reads only what it must: a file up to ``wholeFileBytes`` in one read (the Hoo sets,
/// a few hundred KiB each), a larger one by its last 64 KiB (the end record and comment) and
/// then its central directory and local headers, so a 50 MiB file that is not an archive is
/// refused after one 64 KiB read. Entry data is read only by ``verify(_:using:)`` and
/// ``extract(_:using:)``; an open archive holds at most the one whole small file.
///
/// Not supported, and refused with a clear reason: ZIP64 (the limits keep Hoo sets far below
/// the sizes that need it) and split archives. Encrypted entries, symbolic links and methods
/// other than stored (0) and deflate (8) are refused too.
public struct ZipArchive {
    /// The archive's path, as given.
    public let path: String
    /// Every entry, directories and junk included, in central-directory order.
    public let entries: [ZipEntry]
    /// The file's size in bytes when it was opened.
    public let fileSize: Int

    /// Files up to this size are read whole by one call; larger ones piece by piece.
    public static let wholeFileBytes = 4 << 20

    private let wholeFile: [UInt8]?
    private let environment: SceneEnvironment

    /// Opens and checks the archive at `path`; throws the first problem found.
    public static func open(path: String, environment: SceneEnvironment, limits: ZipLimits = .standard) throws(ZipError) -> ZipArchive {
        try open(path: path, environment: environment, limits: limits, wholeFileBytes: wholeFileBytes)
    }

    /// ``open(path:environment:limits:)`` reading whole only files up to `wholeFileBytes` (tests
    /// pass 0 to take the piecewise path on small files).
    static func open(path: String, environment: SceneEnvironment, limits: ZipLimits, wholeFileBytes: Int) throws(ZipError) -> ZipArchive {
        guard let info = environment.fileInfo(path) else { throw ZipError(.unreadable, "no such file") }
        if info.isDirectory { throw ZipError(.unreadable, "is a folder, expected a ZIP archive") }
        if let special = info.special { throw ZipError(.unreadable, FileInfo.refusal(special)) }
        let size = info.size
        guard size >= 22 else {
            throw ZipError(.notAZip, "not a ZIP archive (\(size) bytes, too short for an end of central directory record)")
        }
        let whole: [UInt8]? = size <= wholeFileBytes ? try read(path, 0, size, environment) : nil
        let end = try EndRecord.find(path: path, size: size, whole: whole, environment: environment)
        try end.check(limits)

        let reader = CentralDirectoryReader(path: path, end: end, limits: limits, environment: environment)
        let entries: [ZipEntry]
        if let whole {
            entries = try whole.withZipBytes { (file) throws(ZipError) -> [ZipEntry] in
                try reader.readEntries(central: file.zipSlice(end.centralOffset, end.centralSize), file: file)
            }
        } else {
            let central = try read(path, end.centralOffset, end.centralSize, environment)
            entries = try central.withZipBytes { (bytes) throws(ZipError) -> [ZipEntry] in
                try reader.readEntries(central: bytes, file: nil)
            }
        }
        return ZipArchive(path: path, entries: entries, fileSize: size, wholeFile: whole, environment: environment)
    }

    /// Inflates `entry` and checks its size and CRC-32, keeping none of the bytes.
    func verify(_ entry: ZipEntry, using inflater: ZipInflater) throws(ZipError) {
        try withData(of: entry) { (data) throws(ZipError) in try inflater.verify(data, entry: entry) }
    }

    /// `entry`'s content, checked against its size and CRC-32.
    func extract(_ entry: ZipEntry, using inflater: ZipInflater) throws(ZipError) -> [UInt8] {
        try withData(of: entry) { (data) throws(ZipError) -> [UInt8] in try inflater.extract(data, entry: entry) }
    }

    /// Reads `entry` from the archive at `path` without reopening it (an asset read long after
    /// loading): one ranged read of its compressed bytes, inflated and checked again, so an
    /// archive changed on disk since it was loaded fails instead of showing other bytes.
    public static func extract(_ entry: ZipEntry, archive path: String, environment: SceneEnvironment) throws(ZipError) -> [UInt8] {
        let compressed = try read(path, entry.dataOffset, entry.compressedSize, environment)
        let inflater = ZipInflater()
        return try compressed.withZipBytes { (data) throws(ZipError) -> [UInt8] in try inflater.extract(data, entry: entry) }
    }

    private func withData<R>(of entry: ZipEntry, _ body: (UnsafeRawBufferPointer) throws(ZipError) -> R) throws(ZipError) -> R {
        if let wholeFile {
            return try wholeFile.withZipBytes { (file) throws(ZipError) -> R in
                try body(file.zipSlice(entry.dataOffset, entry.compressedSize))
            }
        }
        let data = try Self.read(path, entry.dataOffset, entry.compressedSize, environment)
        return try data.withZipBytes { (bytes) throws(ZipError) -> R in try body(bytes) }
    }

    static func read(_ path: String, _ offset: Int, _ count: Int, _ environment: SceneEnvironment) throws(ZipError) -> [UInt8] {
        do {
            return try environment.readFileRange(path, offset, count)
        } catch {
            throw ZipError(.unreadable, "could not read \(count) bytes at offset \(offset): \(error.message)")
        }
    }
}
