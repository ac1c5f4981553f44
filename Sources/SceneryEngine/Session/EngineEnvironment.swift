import SceneryCore

/// Everything the engine needs from the outside world: the files and network (``FileAccess``,
/// whose members it reads as its own), picture loading and the wall clock. The transport passes
/// the live values, tests pass in-memory ones.
@dynamicMemberLookup
public struct EngineEnvironment: Sendable {
    /// The files and the network, passed on to scenes and their jobs.
    public var files: FileAccess
    /// Loads an image from a `file:` or `http(s):` URL; it waits on the network without holding a
    /// thread (the transport runs it as a task when the clock is real). `network` is the
    /// session's `network` flag.
    public var loadImage: @Sendable (_ url: String, _ network: Bool) async -> Result<ImageData, ImageLoadFailure>
    /// Milliseconds since start on a monotonic clock; used only with `"clock":"real"`.
    public var realTimeMs: @Sendable () -> Int

    public init(files: FileAccess,
                loadImage: @escaping @Sendable (String, Bool) async -> Result<ImageData, ImageLoadFailure>,
                realTimeMs: @escaping @Sendable () -> Int) {
        self.files = files; self.loadImage = loadImage; self.realTimeMs = realTimeMs
    }

    /// An environment with whole-file reads only (``FileAccess/init(readFile:)``).
    public init(readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8],
                loadImage: @escaping @Sendable (String, Bool) async -> Result<ImageData, ImageLoadFailure>,
                realTimeMs: @escaping @Sendable () -> Int) {
        self.init(files: FileAccess(readFile: readFile), loadImage: loadImage, realTimeMs: realTimeMs)
    }

    /// A member of ``files``, as the environment's own.
    public subscript<T>(dynamicMember member: WritableKeyPath<FileAccess, T>) -> T {
        get { files[keyPath: member] }
        set { files[keyPath: member] = newValue }
    }

    /// An environment with no files, no images and a clock stuck at 0.
    public static let empty = EngineEnvironment(
        readFile: { (path) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): no such file") },
        loadImage: { _, _ in .failure(ImageLoadFailure("no image loader")) },
        realTimeMs: { 0 })
}

/// Limits and defaults of an engine; `PROTOCOL.md` documents each.
public struct EngineLimits: Sendable {
    /// Longest accepted request line in bytes, newline excluded.
    public var maxLineBytes: Int = 1 << 20
    /// Deepest accepted nesting of arrays and objects in a request.
    public var maxDepth: Int = JSONParser.defaultMaxDepth
    /// Largest data file a scene reads.
    public var maxFileBytes: Int = 256 << 20
    /// Largest picture a scene loads (a photo of a phone's camera is 2 to 8 MiB).
    public var maxImageBytes: Int = 16 << 20

    public init() {}
}
