import SceneryCore

/// Why an archive (or one of its entries) was refused: a kind a test or a caller can switch on,
/// and a reason a person can act on, naming the entry when there is one
/// (`entry "04/../etc": path contains ".."`).
public struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The families of refusal; `Protocol/PROTOCOL.md` ("Hoo scene: loading sets") lists each.
    public enum Kind: Equatable, Sendable {
        /// No end-of-central-directory record: not a ZIP archive at all.
        case notAZip
        /// The file stops before the structures it declares (starts like a ZIP, data cut off).
        case truncated
        /// A valid but unsupported feature: ZIP64, split (multi-disk) archives.
        case unsupported
        /// The end record's entry count disagrees with the central directory.
        case entryCountMismatch
        /// A name that could escape the set's folder or is not a plain relative path.
        case unsafeName
        /// Two entries with the same name.
        case duplicateName
        /// An entry that is a symbolic link.
        case symlink
        /// An encrypted entry.
        case encrypted
        /// A compression method other than stored (0) or deflate (8).
        case unsupportedCompression
        /// Over one of the ``ZipLimits`` (entries, sizes, compression ratio).
        case limitExceeded
        /// Structures that contradict each other (local header versus central directory,
        /// overlapping entries, a deflate stream that does not match its declared size).
        case corrupt
        /// The inflated bytes do not match the entry's CRC-32.
        case crcMismatch
        /// The file could not be read at all (the environment's read failed).
        case unreadable
    }

    public let kind: Kind
    /// The entry's name as it should be shown (control bytes escaped), or nil for the archive.
    public let entry: String?
    /// What is wrong, without the entry name.
    public let detail: String

    /// A refusal of `kind`, about the entry shown as `entry` (nil: the whole archive).
    public init(_ kind: Kind, entry: String? = nil, _ detail: String) {
        self.kind = kind; self.entry = entry; self.detail = detail
    }

    /// The reason as a loader failure shows it: `entry "NAME": DETAIL`, or `DETAIL`.
    public var description: String {
        guard let entry else { return detail }
        return "entry \"\(entry)\": \(detail)"
    }

    /// The protocol error for this refusal of `archive`: -32005 when the file could not be read,
    /// -32006 when its content is refused.
    public func rpcError(archive: String) -> RPCError {
        RPCError(code: kind == .unreadable ? ErrorCode.fileUnreadable : ErrorCode.fileMalformed,
                 message: "\(archive): \(description)")
    }
}
