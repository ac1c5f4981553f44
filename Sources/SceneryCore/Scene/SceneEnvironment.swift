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

/// What a scene may ask of the world while reducing: time, randomness, and the files and network
/// of ``FileAccess``, whose members it reads as its own (`environment.readFile(path)`).
@dynamicMemberLookup
public final class SceneEnvironment: Sendable {
    /// Milliseconds on the scene clock (virtual unless the session chose the real clock).
    public let now: @Sendable () -> Int
    /// The session's seeded generator; the same seed gives the same values everywhere.
    public let random: @Sendable () -> UInt64
    /// The files and the network.
    public let files: FileAccess

    public init(now: @escaping @Sendable () -> Int, random: @escaping @Sendable () -> UInt64, files: FileAccess) {
        self.now = now; self.random = random; self.files = files
    }

    /// An environment that reads whole files only (``FileAccess/init(readFile:)``).
    public convenience init(now: @escaping @Sendable () -> Int, random: @escaping @Sendable () -> UInt64,
                            readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8]) {
        self.init(now: now, random: random, files: FileAccess(readFile: readFile))
    }

    /// A member of ``files``, as the environment's own.
    public subscript<T>(dynamicMember member: KeyPath<FileAccess, T>) -> T { files[keyPath: member] }

    /// Throws `refusal`'s reason for `path` (a path or a `file:` URL), as the error of the
    /// param that named it: `params.sets: PATH: outside the data root; …`.
    public func checkAllowed(_ path: String, param: String) throws(RPCError) {
        if let refusal = files.refusal(path) {
            throw RPCError(code: refusal.code, message: "params.\(param): \(refusal.message)")
        }
    }
}
