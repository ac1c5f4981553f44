/// What `fileInfo` tells about a path.
public struct FileInfo: Equatable, Sendable {
    /// Whether the path (or what a link at it points to) is a directory.
    public var isDirectory: Bool
    /// Size in bytes (0 for directories).
    public var size: Int
    /// Whether the path itself is a symbolic link (the other fields describe its target).
    public var isSymbolicLink: Bool
    /// When the file was last modified (or marked used), seconds since the epoch; 0 when unknown.
    public var modified: Double = 0
    /// What the path is when it is neither a regular file nor a folder (`"a FIFO"`, `"a
    /// character device"`, `"a block device"`, `"a socket"`), else nil. The engine reads regular
    /// files and folders only: a FIFO would block a read forever, a device would never end.
    public var special: String?

    public init(isDirectory: Bool, size: Int, isSymbolicLink: Bool = false, special: String? = nil) {
        self.isDirectory = isDirectory; self.size = size; self.isSymbolicLink = isSymbolicLink; self.special = special
    }

    /// The refusal of a path that is ``special``, in the words every reader uses.
    public static func refusal(_ special: String) -> String {
        "is \(special), not a regular file or folder; only regular files and folders are read"
    }
}

/// Why an image could not be loaded.
public struct ImageLoadFailure: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// What a scene may ask of the world while reducing: time, randomness and file contents.
public final class SceneEnvironment: Sendable {
    /// Milliseconds on the scene clock (virtual unless the session chose the real clock).
    public let now: @Sendable () -> Int
    /// The session's seeded generator; the same seed gives the same values everywhere.
    public let random: @Sendable () -> UInt64
    /// Reads a data file named by a command; throws with the path and the reason.
    public let readFile: @Sendable (String) throws(RPCError) -> [UInt8]
    /// Reads `count` bytes at `offset` of a file (an archive entry, read lazily); throws when
    /// the file is shorter or unreadable.
    public let readFileRange: @Sendable (_ path: String, _ offset: Int, _ count: Int) throws(RPCError) -> [UInt8]
    /// Whether a path exists and is a directory or a file; nil when it does not exist.
    public let fileInfo: @Sendable (String) -> FileInfo?
    /// The names in a directory (not paths), sorted by their UTF-8 bytes.
    public let listDirectory: @Sendable (String) throws(RPCError) -> [String]
    /// Writes a whole file atomically: to a temporary name in the same folder, then renamed over
    /// the path, so a reader never sees half a file. For jobs (a cache), never a reducer.
    public let writeFile: @Sendable (_ path: String, _ bytes: [UInt8]) throws(RPCError) -> Void
    /// Removes a file; nothing when it is not there. For jobs.
    public let removeFile: @Sendable (String) -> Void
    /// Creates a folder and the folders above it that are missing. For jobs.
    public let createDirectory: @Sendable (String) throws(RPCError) -> Void
    /// Marks a file as used now (its modification time), for least-recently-used eviction.
    public let touchFile: @Sendable (String) -> Void
    /// An HTTP(S) GET (or a `file:` read) of at most `maxBytes`: the body, or why not. For jobs:
    /// it waits without holding a thread; answers at once with a failure when `initialize`
    /// turned the network off.
    public let fetch: @Sendable (_ url: String, _ maxBytes: Int) async -> Result<[UInt8], ImageLoadFailure>
    /// The user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`), nil when there is none.
    public let cacheHome: String?
    /// Why `path` (or the file a `file:` URL names) may not be read at all, decided before
    /// looking at it (`scenery serve`: a path outside `--data-root`); nil when it may. Scenes
    /// call ``checkAllowed(_:param:)`` on every path or `file:` URL a param names, so the user
    /// reads that reason rather than "no such file".
    public let refusal: @Sendable (String) -> RPCError?

    public init(now: @escaping @Sendable () -> Int, random: @escaping @Sendable () -> UInt64,
                readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8],
                readFileRange: @escaping @Sendable (String, Int, Int) throws(RPCError) -> [UInt8],
                fileInfo: @escaping @Sendable (String) -> FileInfo?,
                listDirectory: @escaping @Sendable (String) throws(RPCError) -> [String],
                writeFile: @escaping @Sendable (String, [UInt8]) throws(RPCError) -> Void = SceneEnvironment.noWrites,
                removeFile: @escaping @Sendable (String) -> Void = SceneEnvironment.leaveFile,
                createDirectory: @escaping @Sendable (String) throws(RPCError) -> Void = SceneEnvironment.noDirectories,
                touchFile: @escaping @Sendable (String) -> Void = SceneEnvironment.leaveFile,
                fetch: @escaping @Sendable (String, Int) async -> Result<[UInt8], ImageLoadFailure> = SceneEnvironment.noNetwork,
                cacheHome: String? = nil,
                refusal: @escaping @Sendable (String) -> RPCError? = { _ in nil }) {
        self.refusal = refusal
        self.now = now; self.random = random; self.readFile = readFile
        self.readFileRange = readFileRange; self.fileInfo = fileInfo; self.listDirectory = listDirectory
        self.writeFile = writeFile; self.removeFile = removeFile; self.createDirectory = createDirectory
        self.touchFile = touchFile; self.fetch = fetch; self.cacheHome = cacheHome
    }

    /// The `writeFile` of an environment that writes nothing.
    public static let noWrites: @Sendable (String, [UInt8]) throws(RPCError) -> Void = { (path, _) throws(RPCError) in
        throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): this environment writes no files")
    }
    /// Throws ``refusal``'s reason for `path` (a path or a `file:` URL), as the error of the
    /// param that named it: `params.sets: PATH: outside the data root; …`.
    public func checkAllowed(_ path: String, param: String) throws(RPCError) {
        if let refusal = refusal(path) {
            throw RPCError(code: refusal.code, message: "params.\(param): \(refusal.message)")
        }
    }

    /// The `createDirectory` of an environment that writes nothing.
    public static let noDirectories: @Sendable (String) throws(RPCError) -> Void = { (path) throws(RPCError) in try noWrites(path, []) }
    /// The `removeFile` and `touchFile` of an environment that changes no file.
    public static let leaveFile: @Sendable (String) -> Void = { _ in }
    /// The `fetch` of an environment without a network.
    public static let noNetwork: @Sendable (String, Int) async -> Result<[UInt8], ImageLoadFailure> = { _, _ in
        .failure(ImageLoadFailure("no network in this environment"))
    }

    /// An environment that reads whole files only: ranges are cut from `readFile`'s bytes,
    /// no path is a directory.
    public convenience init(now: @escaping @Sendable () -> Int, random: @escaping @Sendable () -> UInt64,
                            readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8]) {
        self.init(now: now, random: random, readFile: readFile,
                  readFileRange: { (path: String, offset: Int, count: Int) throws(RPCError) -> [UInt8] in
                      try SceneEnvironment.range(of: readFile(path), path: path, offset: offset, count: count)
                  },
                  fileInfo: { _ in nil },
                  listDirectory: { (path: String) throws(RPCError) -> [String] in
                      throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): not a directory")
                  })
    }

    /// `count` bytes at `offset` of a file's bytes; throws when that is past the end.
    public static func range(of bytes: [UInt8], path: String, offset: Int, count: Int) throws(RPCError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(count) bytes at \(offset) are past the end of the file (\(bytes.count) bytes)")
        }
        return Array(bytes[offset..<offset + count])
    }
}
