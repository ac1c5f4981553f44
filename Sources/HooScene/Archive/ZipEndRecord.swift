import SceneryCore

/// The end of central directory record: where the central directory is and how many entries
/// it holds.
struct EndRecord {
    var offset: Int
    var disk: Int
    var centralDisk: Int
    var entriesOnDisk: Int
    var entries: Int
    var centralSize: Int
    var centralOffset: Int
    var zip64Locator: Bool

    static let size = 22

    /// Searches back from the end over a comment of up to 65,535 bytes for the last signature
    /// whose comment length ends exactly at the end of the file.
    static func find(path: String, size: Int, whole: [UInt8]?, environment: SceneEnvironment) throws(ZipError) -> EndRecord {
        let tailCount = min(size, Self.size + 0xFFFF)
        let tail: [UInt8]
        if let whole { tail = whole } else { tail = try ZipArchive.read(path, size - tailCount, tailCount, environment) }
        let base = size - tail.count
        let found = tail.withUnsafeBytes { (bytes) -> EndRecord? in
            var position = bytes.count - Self.size
            while position >= bytes.count - tailCount {
                if bytes[position] == 0x50, bytes.zipUInt32(at: position) == ZipSignature.endOfCentralDirectory,
                   position + Self.size + bytes.zipUInt16(at: position + 20) == bytes.count {
                    let locator = position >= 20 && bytes.zipUInt32(at: position - 20) == ZipSignature.zip64EndLocator
                    return EndRecord(offset: base + position,
                                     disk: bytes.zipUInt16(at: position + 4), centralDisk: bytes.zipUInt16(at: position + 6),
                                     entriesOnDisk: bytes.zipUInt16(at: position + 8), entries: bytes.zipUInt16(at: position + 10),
                                     centralSize: bytes.zipUInt32(at: position + 12), centralOffset: bytes.zipUInt32(at: position + 16),
                                     zip64Locator: locator)
                }
                position -= 1
            }
            return nil
        }
        if let found { return found }
        // A record that is there but whose comment length does not end at the end of the file:
        // bytes appended after the archive, or a length that claims more than there is. Neither
        // is a truncated archive, and saying which helps whoever made the file.
        let misfit = tail.withUnsafeBytes { (bytes) -> (position: Int, comment: Int)? in
            var position = bytes.count - Self.size
            while position >= 0 {
                if bytes[position] == 0x50, bytes.zipUInt32(at: position) == ZipSignature.endOfCentralDirectory {
                    return (position, bytes.zipUInt16(at: position + 20))
                }
                position -= 1
            }
            return nil
        }
        if let (position, comment) = misfit {
            let rest = tail.count - position - Self.size
            if comment < rest {
                throw ZipError(.corrupt, "\(rest - comment) bytes of trailing data after the end of central directory record at offset \(base + position) (its comment is \(comment) bytes)")
            }
            throw ZipError(.corrupt, "the end of central directory record at offset \(base + position) declares a comment of \(comment) bytes, but the file ends \(rest) bytes after it")
        }
        let head: [UInt8]
        if let whole { head = Array(whole.prefix(4)) } else { head = try ZipArchive.read(path, 0, 4, environment) }
        if head == [0x50, 0x4B, 0x03, 0x04] {
            throw ZipError(.truncated, "truncated: starts like a ZIP archive but has no end of central directory record")
        }
        throw ZipError(.notAZip, "not a ZIP archive (no end of central directory record)")
    }

    /// Refuses what the record alone shows to be unsupported, over the limits or cut off.
    func check(_ limits: ZipLimits) throws(ZipError) {
        if zip64Locator || entries == 0xFFFF || centralSize == 0xFFFF_FFFF || centralOffset == 0xFFFF_FFFF {
            throw ZipError(.unsupported, "ZIP64 archives are not supported")
        }
        if disk != 0 || centralDisk != 0 || entriesOnDisk != entries {
            throw ZipError(.unsupported, "split (multi-disk) archives are not supported")
        }
        if entries > limits.maxEntries {
            throw ZipError(.limitExceeded, "\(entries) entries, more than the limit of \(limits.maxEntries)")
        }
        if centralSize > limits.maxCentralDirectoryBytes {
            throw ZipError(.limitExceeded, "central directory of \(centralSize) bytes, more than the limit of \(limits.maxCentralDirectoryBytes)")
        }
        if centralOffset + centralSize > offset {
            throw ZipError(.truncated, "truncated: the central directory (\(centralSize) bytes at offset \(centralOffset)) runs past the end record at offset \(offset)")
        }
    }
}
