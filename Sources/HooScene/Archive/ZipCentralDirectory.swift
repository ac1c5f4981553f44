import SceneryCore

/// Parses the central directory into ``ZipEntry`` values, refusing the first record that breaks
/// a rule, and checks each entry's local header against its central record.
///
/// Checks per record, in order: signature (else the entry count disagrees with the end record),
/// name (``ZipEntryName``), encryption flags (bits 0, 6, 13), method, ZIP64 and split markers,
/// symbolic link, sizes against ``ZipLimits`` (per entry, compression ratio, running total),
/// duplicate name, then the local header and, with flag bit 3, the data descriptor after the
/// data. After the last record: nothing may be left in the
/// central directory, and no two entries' local header and data may overlap (the "overlapping
/// files" zip bomb reuses one compressed stream for many entries).
struct CentralDirectoryReader {
    let path: String
    let end: EndRecord
    let limits: ZipLimits
    let environment: SceneEnvironment

    private static let recordSize = 46
    private static let localHeaderSize = 30
    /// Unix (3) and OS X (19) hosts, whose external attributes carry a Unix mode.
    private static let unixHosts: Set<Int> = [3, 19]

    /// The entries of `central`; `file` is the whole archive when it is in memory, nil when
    /// local headers must be read through the environment.
    func readEntries(central: UnsafeRawBufferPointer, file: UnsafeRawBufferPointer?) throws(ZipError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        entries.reserveCapacity(end.entries)
        var names = Set<String>(minimumCapacity: end.entries)
        var regions: [(start: Int, end: Int, index: Int)] = []
        regions.reserveCapacity(end.entries)
        var total = 0
        var cursor = 0
        for index in 0..<end.entries {
            guard cursor + Self.recordSize <= central.count, central.zipUInt32(at: cursor) == ZipSignature.centralHeader else {
                throw ZipError(.entryCountMismatch, "entry count mismatch: the end record declares \(end.entries) entries, the central directory holds \(index)")
            }
            let nameLength = central.zipUInt16(at: cursor + 28)
            let recordEnd = cursor + Self.recordSize + nameLength + central.zipUInt16(at: cursor + 30) + central.zipUInt16(at: cursor + 32)
            guard recordEnd <= central.count else {
                throw ZipError(.truncated, "truncated: central directory record \(index + 1) runs past the central directory's declared size")
            }
            let nameBytes = central.zipSlice(cursor + Self.recordSize, nameLength)
            if nameLength > limits.maxNameBytes {
                throw ZipError(.limitExceeded, entry: ZipEntryName.display(nameBytes.zipSlice(0, 64)) + "…",
                               "name of \(nameLength) bytes, more than the limit of \(limits.maxNameBytes)")
            }
            if let problem = ZipEntryName.problem(nameBytes) {
                throw ZipError(.unsafeName, entry: ZipEntryName.display(nameBytes), problem)
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let record = Record(central, at: cursor, name: name)
            try check(record, total: &total)

            let isDirectory = nameBytes.last == UInt8(ascii: "/")
            guard names.insert(isDirectory ? String(name.dropLast()) : name).inserted else {
                throw ZipError(.duplicateName, entry: name, "duplicate name (another entry has the same path)")
            }
            let dataOffset = try localDataOffset(record, nameBytes: nameBytes, file: file)
            let descriptor = try descriptorLength(record, after: dataOffset + record.compressedSize, file: file)
            regions.append((record.localOffset, dataOffset + record.compressedSize + descriptor, index))
            entries.append(ZipEntry(name: name, method: UInt16(record.method), crc32: UInt32(record.crc),
                                    compressedSize: record.compressedSize, uncompressedSize: record.uncompressedSize,
                                    dataOffset: dataOffset))
            cursor = recordEnd
        }
        if cursor != central.count {
            if central.count - cursor >= 4, central.zipUInt32(at: cursor) == ZipSignature.centralHeader {
                throw ZipError(.entryCountMismatch, "entry count mismatch: the end record declares \(end.entries) entries, the central directory holds more")
            }
            throw ZipError(.corrupt, "\(central.count - cursor) unexplained bytes after the last central directory record")
        }
        regions.sort { $0.start < $1.start }
        for (before, after) in zip(regions, regions.dropFirst()) where after.start < before.end {
            throw ZipError(.corrupt, entry: entries[after.index].name, "overlaps the data of entry \"\(entries[before.index].name)\"")
        }
        return entries
    }

    /// The fields of one central directory record.
    private struct Record {
        let name: String
        let versionMadeBy, flags, method, crc, compressedSize, uncompressedSize, diskStart, externalAttributes, localOffset: Int

        init(_ central: UnsafeRawBufferPointer, at cursor: Int, name: String) {
            self.name = name
            versionMadeBy = central.zipUInt16(at: cursor + 4)
            flags = central.zipUInt16(at: cursor + 8)
            method = central.zipUInt16(at: cursor + 10)
            crc = central.zipUInt32(at: cursor + 16)
            compressedSize = central.zipUInt32(at: cursor + 20)
            uncompressedSize = central.zipUInt32(at: cursor + 24)
            diskStart = central.zipUInt16(at: cursor + 34)
            externalAttributes = central.zipUInt32(at: cursor + 38)
            localOffset = central.zipUInt32(at: cursor + 42)
        }
    }

    private func check(_ record: Record, total: inout Int) throws(ZipError) {
        let name = record.name
        // Bit 0: encrypted; bit 6: strong encryption; bit 13: encrypted central directory.
        if record.flags & (1 << 0 | 1 << 6 | 1 << 13) != 0 {
            throw ZipError(.encrypted, entry: name, "encrypted entries are not supported")
        }
        if record.method != 0 && record.method != 8 {
            throw ZipError(.unsupportedCompression, entry: name, "compression method \(record.method) is not supported (only stored and deflate)")
        }
        if record.compressedSize == 0xFFFF_FFFF || record.uncompressedSize == 0xFFFF_FFFF || record.localOffset == 0xFFFF_FFFF {
            throw ZipError(.unsupported, entry: name, "ZIP64 entries are not supported")
        }
        if record.diskStart != 0 {
            throw ZipError(.unsupported, entry: name, "split (multi-disk) archives are not supported")
        }
        if Self.unixHosts.contains(record.versionMadeBy >> 8), (record.externalAttributes >> 16) & 0o170000 == 0o120000 {
            throw ZipError(.symlink, entry: name, "symbolic links are not supported")
        }
        if name.utf8.last == UInt8(ascii: "/"), record.uncompressedSize != 0 {
            throw ZipError(.corrupt, entry: name, "a folder entry with \(record.uncompressedSize) bytes of content")
        }
        if record.uncompressedSize > limits.maxEntryBytes {
            throw ZipError(.limitExceeded, entry: name, "uncompressed size of \(record.uncompressedSize) bytes, more than the limit of \(limits.maxEntryBytes) per entry")
        }
        if record.compressedSize > limits.maxEntryBytes {
            throw ZipError(.limitExceeded, entry: name, "compressed size of \(record.compressedSize) bytes, more than the limit of \(limits.maxEntryBytes) per entry")
        }
        if record.method == 0, record.compressedSize != record.uncompressedSize {
            throw ZipError(.corrupt, entry: name, "stored entry with \(record.compressedSize) bytes of data for a size of \(record.uncompressedSize)")
        }
        if record.uncompressedSize > limits.ratioAllowanceBytes,
           record.uncompressedSize > record.compressedSize * limits.maxCompressionRatio {
            let tenths = record.uncompressedSize * 10 / max(record.compressedSize, 1)
            throw ZipError(.limitExceeded, entry: name,
                           "compression ratio of \(tenths / 10).\(tenths % 10):1, more than the limit of \(limits.maxCompressionRatio):1 (zip bomb)")
        }
        total += record.uncompressedSize
        if total > limits.maxTotalUncompressedBytes {
            throw ZipError(.limitExceeded, "total uncompressed size over the limit of \(limits.maxTotalUncompressedBytes) bytes (reached at entry \"\(name)\")")
        }
    }

    /// Finds the entry's local header, checks that it agrees with the central record, and
    /// returns where the entry's data starts.
    private func localDataOffset(_ record: Record, nameBytes: UnsafeRawBufferPointer, file: UnsafeRawBufferPointer?) throws(ZipError) -> Int {
        let headerCount = Self.localHeaderSize + nameBytes.count
        guard record.localOffset + headerCount <= end.centralOffset else {
            throw ZipError(.corrupt, entry: record.name, "local header at offset \(record.localOffset) lies outside the archive's data")
        }
        if let file {
            return try checkLocal(file.zipSlice(record.localOffset, headerCount), record, nameBytes)
        }
        let header = try ZipArchive.read(path, record.localOffset, headerCount, environment)
        return try header.withZipBytes { (bytes) throws(ZipError) -> Int in try checkLocal(bytes, record, nameBytes) }
    }

    /// With flag bit 3, the CRC and sizes follow the data in a data descriptor, with or without
    /// its signature (16 or 12 bytes). It must be there, before the central directory, and say
    /// what the central directory says: an archive whose copies disagree is damaged, and which
    /// one to believe cannot be known. Returns its length (0 without bit 3).
    private func descriptorLength(_ record: Record, after offset: Int, file: UnsafeRawBufferPointer?) throws(ZipError) -> Int {
        guard record.flags & 8 != 0 else { return 0 }
        let available = min(16, end.centralOffset - offset)
        guard available >= 12 else {
            throw ZipError(.corrupt, entry: record.name, "no room for the data descriptor between the data and the central directory")
        }
        func matches(_ bytes: UnsafeRawBufferPointer) -> Int? {
            func fields(at start: Int) -> Bool {
                bytes.zipUInt32(at: start) == record.crc && bytes.zipUInt32(at: start + 4) == record.compressedSize
                    && bytes.zipUInt32(at: start + 8) == record.uncompressedSize
            }
            if bytes.count >= 16, bytes.zipUInt32(at: 0) == ZipSignature.dataDescriptor, fields(at: 4) { return 16 }
            return fields(at: 0) ? 12 : nil
        }
        let length: Int?
        if let file {
            length = matches(file.zipSlice(offset, available))
        } else {
            length = try ZipArchive.read(path, offset, available, environment).withZipBytes { (bytes) throws(ZipError) -> Int? in matches(bytes) }
        }
        guard let length else {
            throw ZipError(.corrupt, entry: record.name, "the data descriptor's CRC or sizes differ from the central directory")
        }
        return length
    }

    private func checkLocal(_ header: UnsafeRawBufferPointer, _ record: Record, _ nameBytes: UnsafeRawBufferPointer) throws(ZipError) -> Int {
        let name = record.name
        guard header.zipUInt32(at: 0) == ZipSignature.localHeader else {
            throw ZipError(.corrupt, entry: name, "no local header at offset \(record.localOffset)")
        }
        let localNameLength = header.zipUInt16(at: 26)
        guard localNameLength == nameBytes.count,
              header.zipSlice(Self.localHeaderSize, localNameLength).elementsEqual(nameBytes) else {
            throw ZipError(.corrupt, entry: name, "the local header names a different entry")
        }
        let flags = header.zipUInt16(at: 6)
        guard header.zipUInt16(at: 8) == record.method, flags & 1 == record.flags & 1 else {
            throw ZipError(.corrupt, entry: name, "the local header's method or encryption flag differs from the central directory")
        }
        guard flags & 8 == record.flags & 8 else {
            throw ZipError(.corrupt, entry: name, "the local header and the central directory disagree on whether a data descriptor follows the data")
        }
        // With bit 3 the CRC and sizes follow the data (a data descriptor) and the local fields may be zero.
        if record.flags & 8 == 0,
           header.zipUInt32(at: 14) != record.crc || header.zipUInt32(at: 18) != record.compressedSize
            || header.zipUInt32(at: 22) != record.uncompressedSize {
            throw ZipError(.corrupt, entry: name, "the local header's CRC or sizes differ from the central directory")
        }
        let dataOffset = record.localOffset + Self.localHeaderSize + localNameLength + header.zipUInt16(at: 28)
        guard dataOffset + record.compressedSize <= end.centralOffset else {
            throw ZipError(.corrupt, entry: name, "data (\(record.compressedSize) bytes at offset \(dataOffset)) runs into the central directory")
        }
        return dataOffset
    }
}
