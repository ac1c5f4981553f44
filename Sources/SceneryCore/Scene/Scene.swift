#if compiler(>=6.2)
/// Scene types are used from any thread (the engine's scene table is shared); with Swift 6.2's
/// metatype checking that needs saying. Older compilers do not know `SendableMetatype`.
public protocol SceneMetatype: SendableMetatype {}
#else
/// Scene types are used from any thread (the engine's scene table is shared).
public protocol SceneMetatype {}
#endif

/// A screen the engine can run: a pure reducer over a value-type state, and a render.
///
/// No I/O, no clock, no randomness inside: those arrive through ``SceneEnvironment``, and work
/// that must happen outside (loading an image) is returned as a ``SceneEffect``. The engine
/// renders the state after every command and sends the difference. A scene says what its screen
/// shows, as keyed ``ScreenPart``s; the engine alone decides what to reuse and writes the patch
/// (`Protocol/WRITING-A-SCENE.md` walks through a whole scene).
public protocol Scene: SceneMetatype {
    associatedtype State: Sendable
    /// A piece of the screen and what it is drawn from (a row, a cell, the chrome).
    associatedtype Part: ScreenPart
    /// The `model` part of the state document: ``JSON``, or a value that compares cheaply and
    /// has a JSON form (a command that changes nothing then costs a comparison, not a diff).
    associatedtype Model: SceneModel = JSON

    /// The name `scene.open` takes, e.g. `"directory"`.
    static var name: String { get }
    /// Scene-specific methods this scene answers besides the common ones and the gestures
    /// (e.g. `sets.load`), for the method registry and the schema.
    static var methods: [MethodDescription] { get }
    /// The gestures the scene takes. The engine answers -32007 for `longPress`, `pan` and `page`
    /// where a scene does not declare them, before it reads their params; `scroll` and `section`
    /// still reach the reducer, which answers -32007 in its own words (what to use instead).
    /// `scene.open` returns them; a test holds each declaration to what the scene answers.
    static var gestures: Set<Gesture> { get }
    /// The `scene.open` parameters this scene accepts besides `scene`, as JSON Schema properties.
    static var openParameters: JSONObject { get }

    /// Builds the opening state from `scene.open`'s params.
    static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect])
    /// Applies one action. A reducer checks everything that can fail before it changes `state`,
    /// so that throwing leaves the state as it was: the engine reduces in place rather than on a
    /// copy, because a copy would make every write to a large collection copy it whole.
    static func reduce(_ state: inout State, _ action: SceneAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
    /// The screen of `state`: its parts added to `screen` (and its scroll content set), and the
    /// model returned. Called after every command; it says what shows, not what changed.
    static func render(_ state: State, into screen: inout Screen<Part>) -> Model
    /// An image the scene draws in code (icons, placeholders), by asset id; nil for unknown ids.
    /// Asset ids of a scene start with its name and a dot (`directory.placeholder`).
    static func builtinImage(_ id: String) -> ImageData?
    /// An image that belongs to the open state (a Hoo's picture inside an archive), read when
    /// `asset.read` asks for it; nil for ids the scene does not know. Throws when the bytes
    /// cannot be read (the archive changed on disk, a bad CRC). Defaults to nil.
    static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData?
    /// The virtual clock moved to `nowMs` (`clock.advance`, after the timers due on the way
    /// fired). For a scene whose model reports something that moves with time, such as the
    /// phase of an animation a front end joining late must start in; the default does nothing.
    /// Not called with the real clock, whose time moves continuously rather than in steps.
    static func clockAdvanced(_ state: inout State, nowMs: Int)
    /// The engine's way in to ``render(_:into:)``: renders through `renderer` (see
    /// ``SceneRenderer/refresh(_:display:displayPath:modelPath:baseline:into:)``). Scenes keep
    /// the default; it is a requirement only so that the compiler builds it for each scene's own
    /// types (called from the engine's generic code, it would otherwise look types up at run time
    /// on every command).
    static func refresh(_ renderer: inout SceneRenderer<Self>, _ state: State, display: inout DisplayList, displayPath: String,
                        modelPath: PatchPath, baseline: JSON, into patch: inout PatchWriter) -> Bool
}

extension Scene {
    @inlinable
    public static func refresh(_ renderer: inout SceneRenderer<Self>, _ state: State, display: inout DisplayList, displayPath: String,
                               modelPath: PatchPath, baseline: JSON, into patch: inout PatchWriter) -> Bool {
        renderer.refresh(state, display: &display, displayPath: displayPath, modelPath: modelPath, baseline: baseline, into: &patch)
    }

    public static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData? { nil }
    public static func clockAdvanced(_ state: inout State, nowMs: Int) {}
}

/// A user action or an outside event, as the engine hands it to a scene.
public enum SceneAction: Sendable {
    /// A tap on the node `id` (found by hit-testing when the command gave a point, or named by
    /// the command); `id` is nil when a point hit nothing.
    case tap(id: String?, point: Point?)
    /// A press held on the node `id` (or at `point`, as for ``tap(id:point:)``); sent only to
    /// scenes whose ``Scene/gestures`` hold `.longPress`.
    case longPress(id: String?, point: Point?)
    case scroll(ScrollRequest)
    case section(SectionRequest)
    /// One event of a drag (`pan`); sent only to scenes whose ``Scene/gestures`` hold `.pan`.
    case pan(PanEvent)
    /// A swipe to the next or previous page (`page`); sent only to scenes that take `.page`.
    case page(PageDirection)
    case viewport(Viewport)
    /// An image requested with ``SceneEffect/loadImage(url:)`` finished: its asset id, or why it failed.
    case imageLoaded(url: String, result: Result<String, ImageLoadFailure>)
    case timerFired(name: String)
    /// A job started with ``SceneEffect/runJob(_:)`` finished with this value.
    case jobFinished(name: String, result: any Sendable)
    /// A scene-specific method from ``Scene/methods`` (not a gesture: those are typed).
    case method(name: String, params: Params)
}

/// Where to scroll: an absolute content offset or a delta, in points.
public enum ScrollRequest: Equatable, Sendable {
    case to(offsetY: Double)
    case by(deltaY: Double)

    /// The offset asked for, from the current one; not yet clamped. Throws when it is not finite.
    public func target(from offset: Double) throws(RPCError) -> Double {
        let target: Double
        switch self {
        case .to(let offsetY): target = offsetY
        case .by(let deltaY): target = offset + deltaY
        }
        guard target.isFinite else { throw .invalidParams("params: the scroll target must be a finite number") }
        return target
    }
}

/// Which section to jump to: by its title (a section index entry) or by index-entry position.
public enum SectionRequest: Equatable, Sendable {
    case title(String)
    case index(Int)
}

/// Work a scene asks the engine to do outside the reducer.
public enum SceneEffect: Sendable {
    /// Load the image at a `file:`, `http(s):` or built-in URL; the result arrives as ``SceneAction/imageLoaded(url:result:)``.
    case loadImage(url: String)
    /// Fire ``SceneAction/timerFired(name:)`` after `ms` on the scene clock (replacing a timer of that name).
    case startTimer(name: String, ms: Int)
    case cancelTimer(name: String)
    /// Run long work (loading sets) outside the reducer. With the virtual clock the engine runs
    /// it before answering the command that started it; with the real clock on a background
    /// thread, while other commands are answered. Its progress goes out as `progress`
    /// notifications; its value comes back as ``SceneAction/jobFinished(name:result:)``.
    case runJob(SceneJob)
}

extension SceneEffect: Equatable {
    /// Jobs compare by name: a closure has no equality.
    public static func == (lhs: SceneEffect, rhs: SceneEffect) -> Bool {
        switch (lhs, rhs) {
        case (.loadImage(let a), .loadImage(let b)): return a == b
        case (.startTimer(let a, let x), .startTimer(let b, let y)): return a == b && x == y
        case (.cancelTimer(let a), .cancelTimer(let b)): return a == b
        case (.runJob(let a), .runJob(let b)): return a.name == b.name
        default: return false
        }
    }
}

/// Long work a scene hands to the engine: a name (`"sets.load"`, also the `job` of its progress
/// notifications) and the work itself, which may only use the context it is given.
public struct SceneJob: Sendable {
    public let name: String
    /// The work. It may wait (`await`) on the network without holding a thread; file reads and
    /// computing are done as they come.
    public let run: @Sendable (JobContext) async -> any Sendable

    public init(name: String, run: @escaping @Sendable (JobContext) async -> any Sendable) {
        self.name = name; self.run = run
    }
}

/// What a running job may use: file access and a progress callback.
public struct JobContext: Sendable {
    /// File access (`readFile`, `readFileRange`, `fileInfo`, `listDirectory`). `now` and
    /// `random` must not be used from a job: it may run on another thread.
    public let environment: SceneEnvironment
    /// Reports progress; each call becomes one `progress` notification.
    public let progress: @Sendable (JobProgress) -> Void

    public init(environment: SceneEnvironment, progress: @escaping @Sendable (JobProgress) -> Void) {
        self.environment = environment; self.progress = progress
    }
}

/// How far a job is: `done` of `total` items, and the item just finished (an archive's path).
public struct JobProgress: Equatable, Sendable {
    public var done: Int
    public var total: Int
    public var item: String

    public init(done: Int, total: Int, item: String) {
        self.done = done; self.total = total; self.item = item
    }
}

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

/// A method's name, one-line summary and params schema: the single registry entry that the
/// router, `initialize`'s method list and `scenery --schema` all read.
public struct MethodDescription: Sendable {
    public let name: String
    public let summary: String
    /// JSON Schema of `params`.
    public let params: JSON
    /// JSON Schema of `result`.
    public let result: JSON

    public init(name: String, summary: String, params: JSON, result: JSON) {
        self.name = name; self.summary = summary; self.params = params; self.result = result
    }
}
