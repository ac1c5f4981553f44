/// A screen the engine can run: a pure reducer over a value-type state.
///
/// No I/O, no clock, no randomness inside: those arrive through ``SceneEnvironment``, and work
/// that must happen outside (loading an image) is returned as a ``SceneEffect``. The engine
/// renders the state after every command and sends the difference; scenes never build patches.
public protocol Scene {
    associatedtype State: Sendable

    /// The name `scene.open` takes, e.g. `"directory"`.
    static var name: String { get }
    /// Scene-specific methods this scene answers besides the common ones (e.g. `pan`), for the
    /// method registry and the schema.
    static var methods: [MethodDescription] { get }
    /// The `scene.open` parameters this scene accepts besides `scene`, as JSON Schema properties.
    static var openParameters: JSONObject { get }

    /// Builds the opening state from `scene.open`'s params.
    static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect])
    /// Applies one action. A reducer checks everything that can fail before it changes `state`,
    /// so that throwing leaves the state as it was: the engine reduces in place rather than on a
    /// copy, because a copy would make every write to a large collection copy it whole.
    static func reduce(_ state: inout State, _ action: SceneAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
    /// The `model` and `display` parts of the state document.
    static func render(_ state: State) -> (model: JSON, display: DisplayList)
    /// An image the scene draws in code (icons, placeholders), by asset id; nil for unknown ids.
    /// Asset ids of a scene start with its name and a dot (`directory.placeholder`).
    static func builtinImage(_ id: String) -> ImageData?
}

/// A user action or an outside event, as the engine hands it to a scene.
public enum SceneAction: Sendable {
    /// A tap on the node `id` (found by hit-testing when the command gave a point, or named by
    /// the command); `id` is nil when a point hit nothing.
    case tap(id: String?, point: Point?)
    case scroll(ScrollRequest)
    case section(SectionRequest)
    case viewport(Viewport)
    /// An image requested with ``SceneEffect/loadImage(url:)`` finished: its asset id, or why it failed.
    case imageLoaded(url: String, result: Result<String, ImageLoadFailure>)
    case timerFired(name: String)
    /// A scene-specific method from ``Scene/methods``.
    case method(name: String, params: Params)
}

/// Where to scroll: an absolute content offset or a delta, in points.
public enum ScrollRequest: Equatable, Sendable {
    case to(offsetY: Double)
    case by(deltaY: Double)
}

/// Which section to jump to: by its title (a section index entry) or by index-entry position.
public enum SectionRequest: Equatable, Sendable {
    case title(String)
    case index(Int)
}

/// Work a scene asks the engine to do outside the reducer.
public enum SceneEffect: Equatable, Sendable {
    /// Load the image at a `file:`, `http(s):` or built-in URL; the result arrives as ``SceneAction/imageLoaded(url:result:)``.
    case loadImage(url: String)
    /// Fire ``SceneAction/timerFired(name:)`` after `ms` on the scene clock (replacing a timer of that name).
    case startTimer(name: String, ms: Int)
    case cancelTimer(name: String)
}

/// Why an image could not be loaded.
public struct ImageLoadFailure: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// What a scene may ask of the world while reducing: time, randomness and file contents.
public struct SceneEnvironment: Sendable {
    /// Milliseconds on the scene clock (virtual unless the session chose the real clock).
    public var now: @Sendable () -> Int
    /// The session's seeded generator; the same seed gives the same values everywhere.
    public var random: @Sendable () -> UInt64
    /// Reads a data file named by a command; throws with the path and the reason.
    public var readFile: @Sendable (String) throws(RPCError) -> [UInt8]

    public init(now: @escaping @Sendable () -> Int, random: @escaping @Sendable () -> UInt64,
                readFile: @escaping @Sendable (String) throws(RPCError) -> [UInt8]) {
        self.now = now; self.random = random; self.readFile = readFile
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
