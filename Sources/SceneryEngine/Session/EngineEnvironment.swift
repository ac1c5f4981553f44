import SceneryCore

/// Everything the engine needs from the outside world, as closures: the transport passes the
/// live values, tests pass in-memory ones.
public struct EngineEnvironment: Sendable {
    /// Reads a data file; the error names the path and why.
    public var readFile: @Sendable (String) throws(RPCError) -> [UInt8]
    /// Loads an image from a `file:` or `http(s):` URL; it waits on the network without holding a
    /// thread (the transport runs it as a task when the clock is real). `network` is the
    /// session's `network` flag.
    public var loadImage: @Sendable (_ url: String, _ network: Bool) async -> Result<ImageData, ImageLoadFailure>
    /// Milliseconds since start on a monotonic clock; used only with `"clock":"real"`.
    public var realTimeMs: @Sendable () -> Int
    /// Reads `count` bytes at `offset` of a file (archive entries, read when asked for).
    public var readFileRange: @Sendable (_ path: String, _ offset: Int, _ count: Int) throws(RPCError) -> [UInt8]
    /// Whether a path is a file or a directory; nil when it does not exist.
    public var fileInfo: @Sendable (String) -> FileInfo?
    /// The names in a directory, sorted by their UTF-8 bytes.
    public var listDirectory: @Sendable (String) throws(RPCError) -> [String]
    /// Writes a file atomically (see ``SceneEnvironment/writeFile``).
    public var writeFile: @Sendable (String, [UInt8]) throws(RPCError) -> Void
    /// Removes a file, if it is there.
    public var removeFile: @Sendable (String) -> Void
    /// Creates a folder and the ones above it.
    public var createDirectory: @Sendable (String) throws(RPCError) -> Void
    /// Marks a file used now (its modification time).
    public var touchFile: @Sendable (String) -> Void
    /// A GET of an `http(s):` or `file:` URL, at most `maxBytes`, waiting without holding a
    /// thread. The engine answers for the session's `network` flag before it calls this.
    public var fetch: @Sendable (_ url: String, _ maxBytes: Int) async -> Result<[UInt8], ImageLoadFailure>
    /// The user's cache folder, nil when there is none.
    public var cacheHome: String?
    /// Why a path may not be read at all (see ``SceneEnvironment/refusal``); nil when it may.
    public var refusal: @Sendable (String) -> RPCError? = { _ in nil }

    public init(readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8],
                loadImage: @escaping @Sendable (String, Bool) async -> Result<ImageData, ImageLoadFailure>,
                realTimeMs: @escaping @Sendable () -> Int,
                readFileRange: @escaping @Sendable (String, Int, Int) throws(RPCError) -> [UInt8],
                fileInfo: @escaping @Sendable (String) -> FileInfo?,
                listDirectory: @escaping @Sendable (String) throws(RPCError) -> [String],
                writeFile: @escaping @Sendable (String, [UInt8]) throws(RPCError) -> Void = SceneEnvironment.noWrites,
                removeFile: @escaping @Sendable (String) -> Void = SceneEnvironment.leaveFile,
                createDirectory: @escaping @Sendable (String) throws(RPCError) -> Void = SceneEnvironment.noDirectories,
                touchFile: @escaping @Sendable (String) -> Void = SceneEnvironment.leaveFile,
                fetch: @escaping @Sendable (String, Int) async -> Result<[UInt8], ImageLoadFailure> = SceneEnvironment.noNetwork,
                cacheHome: String? = nil) {
        self.readFile = readFile; self.loadImage = loadImage; self.realTimeMs = realTimeMs
        self.readFileRange = readFileRange; self.fileInfo = fileInfo; self.listDirectory = listDirectory
        self.writeFile = writeFile; self.removeFile = removeFile; self.createDirectory = createDirectory
        self.touchFile = touchFile; self.fetch = fetch; self.cacheHome = cacheHome
    }

    /// An environment with whole-file reads only (no directories; ranges cut from `readFile`).
    public init(readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8],
                loadImage: @escaping @Sendable (String, Bool) async -> Result<ImageData, ImageLoadFailure>,
                realTimeMs: @escaping @Sendable () -> Int) {
        let files = SceneEnvironment(now: { 0 }, random: { 0 }, readFile: readFile)
        self.init(readFile: readFile, loadImage: loadImage, realTimeMs: realTimeMs,
                  readFileRange: files.readFileRange, fileInfo: files.fileInfo, listDirectory: files.listDirectory)
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

    public init() {}
}
