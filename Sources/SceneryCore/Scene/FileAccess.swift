/// The files and the network a session may use: declared once, and passed down from the
/// transport (`LiveEnvironment`, confined by `scenery serve`'s data root) through the engine
/// (``EngineEnvironment``) to scenes and their jobs (``SceneEnvironment``), each of which reads
/// its members as its own (`environment.readFile(path)`).
public struct FileAccess: Sendable {
    /// Reads a data file named by a command; throws with the path and the reason.
    public var readFile: @Sendable (String) throws(RPCError) -> [UInt8]
    /// Reads `count` bytes at `offset` of a file (an archive entry, read lazily); throws when
    /// the file is shorter or unreadable.
    public var readFileRange: @Sendable (_ path: String, _ offset: Int, _ count: Int) throws(RPCError) -> [UInt8]
    /// Whether a path exists and is a directory or a file; nil when it does not exist.
    public var fileInfo: @Sendable (String) -> FileInfo?
    /// The names in a directory (not paths), sorted by their UTF-8 bytes.
    public var listDirectory: @Sendable (String) throws(RPCError) -> [String]
    /// Writes a whole file atomically: to a temporary name in the same folder, then renamed over
    /// the path, so a reader never sees half a file. For jobs (a cache), never a reducer.
    public var writeFile: @Sendable (_ path: String, _ bytes: [UInt8]) throws(RPCError) -> Void
    /// Removes a file; nothing when it is not there. For jobs.
    public var removeFile: @Sendable (String) -> Void
    /// Creates a folder and the folders above it that are missing. For jobs.
    public var createDirectory: @Sendable (String) throws(RPCError) -> Void
    /// Marks a file as used now (its modification time), for least-recently-used eviction.
    public var touchFile: @Sendable (String) -> Void
    /// An HTTP(S) GET (or a `file:` read) of at most `maxBytes`: the body, or why not. For jobs:
    /// it waits without holding a thread; answers at once with a failure when `initialize`
    /// turned the network off.
    public var fetch: @Sendable (_ url: String, _ maxBytes: Int) async -> Result<[UInt8], ImageLoadFailure>
    /// The user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`), nil when there is none.
    public var cacheHome: String?
    /// Why `path` (or the file a `file:` URL names) may not be read at all, decided before
    /// looking at it (`scenery serve`: a path outside `--data-root`); nil when it may. Scenes
    /// call ``checkAllowed(_:param:)`` on every path or `file:` URL a param names, so the user
    /// reads that reason rather than "no such file".
    public var refusal: @Sendable (String) -> RPCError?

    public init(readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8],
                readFileRange: @escaping @Sendable (String, Int, Int) throws(RPCError) -> [UInt8],
                fileInfo: @escaping @Sendable (String) -> FileInfo?,
                listDirectory: @escaping @Sendable (String) throws(RPCError) -> [String],
                writeFile: @escaping @Sendable (String, [UInt8]) throws(RPCError) -> Void = FileAccess.noWrites,
                removeFile: @escaping @Sendable (String) -> Void = FileAccess.leaveFile,
                createDirectory: @escaping @Sendable (String) throws(RPCError) -> Void = FileAccess.noDirectories,
                touchFile: @escaping @Sendable (String) -> Void = FileAccess.leaveFile,
                fetch: @escaping @Sendable (String, Int) async -> Result<[UInt8], ImageLoadFailure> = FileAccess.noNetwork,
                cacheHome: String? = nil,
                refusal: @escaping @Sendable (String) -> RPCError? = { _ in nil }) {
        self.refusal = refusal
        self.readFile = readFile
        self.readFileRange = readFileRange; self.fileInfo = fileInfo; self.listDirectory = listDirectory
        self.writeFile = writeFile; self.removeFile = removeFile; self.createDirectory = createDirectory
        self.touchFile = touchFile; self.fetch = fetch; self.cacheHome = cacheHome
    }

    /// Whole files only: ranges are cut from `readFile`'s bytes, no path is a directory, nothing
    /// is written, no network.
    public init(readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8]) {
        self.init(readFile: readFile,
                  readFileRange: { (path: String, offset: Int, count: Int) throws(RPCError) -> [UInt8] in
                      try FileAccess.range(of: readFile(path), path: path, offset: offset, count: count)
                  },
                  fileInfo: { _ in nil },
                  listDirectory: { (path: String) throws(RPCError) -> [String] in
                      throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): not a directory")
                  })
    }

    /// The `writeFile` of an environment that writes nothing.
    public static let noWrites: @Sendable (String, [UInt8]) throws(RPCError) -> Void = { (path, _) throws(RPCError) in
        throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): this environment writes no files")
    }
    /// The `createDirectory` of an environment that writes nothing.
    public static let noDirectories: @Sendable (String) throws(RPCError) -> Void = { (path) throws(RPCError) in try noWrites(path, []) }
    /// The `removeFile` and `touchFile` of an environment that changes no file.
    public static let leaveFile: @Sendable (String) -> Void = { _ in }
    /// The `fetch` of an environment without a network.
    public static let noNetwork: @Sendable (String, Int) async -> Result<[UInt8], ImageLoadFailure> = { _, _ in
        .failure(ImageLoadFailure("no network in this environment"))
    }

    /// `count` bytes at `offset` of a file's bytes; throws when that is past the end.
    public static func range(of bytes: [UInt8], path: String, offset: Int, count: Int) throws(RPCError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(count) bytes at \(offset) are past the end of the file (\(bytes.count) bytes)")
        }
        return Array(bytes[offset..<offset + count])
    }
}
