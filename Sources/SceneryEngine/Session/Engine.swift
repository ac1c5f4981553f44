import DirectoryScene
import ExhibitionScene
import HooScene
import PhotosScene
import ShelfScene
import TestcardScene
import SceneryCore

/// How time moves for a session.
public enum ClockMode: String, Sendable {
    /// Time moves only with `clock.advance`; image loads finish right after the response that
    /// started them. Transcripts use this mode, so they replay byte for byte.
    case virtual
    /// Timers fire on their own and loads finish when they finish, as `patch` notifications.
    case real
}

/// One Scenery session: reads request lines, keeps the state document and its revision, and
/// writes responses and notifications. Not thread-safe: the transport calls it from one thread.
///
/// The session state below opts out of Swift's run-time exclusivity checks
/// (`@exclusivity(unchecked)`): each access to a class's stored property otherwise calls into the
/// runtime (about 80 instructions, some twenty per command). The compile-time checks still
/// hold, and the engine never reaches a property while an access to it is open: a method takes
/// what it needs, calls out, and writes back.
public final class Engine {
    public let limits: EngineLimits
    let environment: EngineEnvironment
    static let sceneTypes: [SceneType] = [SceneType(DirectoryScene.self), SceneType(HooScene.self), SceneType(ExhibitionScene.self),
                                          SceneType(ShelfScene.self), SceneType(PhotosScene.self), SceneType(TestcardScene.self)]
    /// The names `scene.open` takes, in `initialize`'s order.
    public static var sceneNames: [String] { sceneTypes.map(\.name) }

    // Session state. Each method validates everything before it changes any of these.
    @exclusivity(unchecked) var initialized = false
    /// Where the scene's jobs, pictures and time run (``EffectDriver``), chosen by `initialize`.
    @exclusivity(unchecked) var effects: any EffectDriver = VirtualClockDriver()
    /// The clock the session keeps.
    public var clockMode: ClockMode { effects.mode }
    /// Whether images may come over http(s) (`initialize`'s `network`).
    public internal(set) var network = true {
        didSet { networkSwitch.on = network }
    }
    @exclusivity(unchecked) var viewport = Viewport.phone
    let random = RandomSource(seed: 1)
    let clock = SceneClock()
    @exclusivity(unchecked) var scene: (any OpenScene)?
    /// The revision of `document`.
    @exclusivity(unchecked) public internal(set) var rev = 0
    /// The state as of `rev`, in parts, which the next diff starts from: the last render's
    /// display list (also used for hit-testing), model, scene name and viewport.
    @exclusivity(unchecked) var display = DisplayList()
    /// The document's model when no open scene holds it: before the first scene rendered, and
    /// while a newly opened one has not (the open scene keeps its own, see ``OpenScene``).
    @exclusivity(unchecked) var detachedModel: JSON = .object(JSONObject())
    @exclusivity(unchecked) var renderedScene: JSON = .null
    @exclusivity(unchecked) var renderedViewport: Viewport?
    @exclusivity(unchecked) var timers = TimerQueue()
    @exclusivity(unchecked) var assets = AssetStore()
    /// Effects the scene asked for that have not run yet.
    @exclusivity(unchecked) var pendingEffects: [SceneEffect] = []
    /// Notifications written before the current response: the progress of jobs it ran.
    @exclusivity(unchecked) var notificationsBeforeResponse: [UInt8] = []
    /// The nodes the last `find` matched (a few: a locator's strict find), with the rev and the
    /// scene they were found at: `reveal` right after it, the next step of a locator's tap,
    /// takes its node from here instead of searching the whole content again.
    @exclusivity(unchecked) var lastFound: (rev: Int, scene: ObjectIdentifier, nodes: [String: Node])?
    /// True once `shutdown` was answered: the transport stops reading and exits 0.
    @exclusivity(unchecked) public internal(set) var isShutDown = false

    public init(environment: EngineEnvironment, limits: EngineLimits = EngineLimits()) {
        self.environment = environment
        self.limits = limits
        resetRender()
    }

    /// Handles one request line (without its newline) and appends every output line, each
    /// newline-terminated, to `output`: the response, then any notifications it caused.
    public func handle(line: [UInt8], output: inout [UInt8]) {
        effects.syncClock(self)
        let id: JSON
        let method: String
        let params: Params
        let maxDepth = limits.maxDepth
        if let request = line.withUnsafeBufferPointer({ RequestScan.scan($0, maxDepth: maxDepth) }) {
            (id, method, params) = request
        } else {
            let request: JSON
            do {
                request = try JSONParser.parse(line, maxDepth: maxDepth)
            } catch {
                write(error: RPCError(code: ErrorCode.parseError, message: "parse error: \(error)"), id: .null, to: &output)
                return
            }
            do {
                (id, method, params) = try Engine.envelope(request)
            } catch {
                let id = request["id"].flatMap { Engine.isValidID($0) ? $0 : nil } ?? .null
                write(error: error, id: id, to: &output)
                return
            }
        }
        do {
            let result = try dispatch(method: method, params: params)
            output += notificationsBeforeResponse
            notificationsBeforeResponse.removeAll()
            CanonicalJSON.writeResult(id: id, result: result, to: &output)
            output.append(0x0A)
        } catch {
            output += notificationsBeforeResponse
            notificationsBeforeResponse.removeAll()
            write(error: error, id: id, to: &output)
        }
        runPendingEffects(output: &output)
    }

    func dispatch(method: String, params: Params) throws(RPCError) -> JSONObject {
        if let handler = MethodRegistry.handlers[method] {
            if !initialized && method != Initialize.description.name && method != Shutdown.description.name {
                throw RPCError(code: ErrorCode.notInitialized, message: "\(method): the session is not initialized; send initialize first")
            }
            return try handler.run(params, in: self)
        }
        guard MethodRegistry.sceneMethodNames.contains(method) else {
            throw RPCError(code: ErrorCode.methodNotFound, message: "method: unknown method \"\(method)\"; expected one of \(MethodRegistry.allNames.joined(separator: ", "))")
        }
        guard initialized else {
            throw RPCError(code: ErrorCode.notInitialized, message: "\(method): the session is not initialized; send initialize first")
        }
        guard let scene else { throw RPCError(code: ErrorCode.noScene, message: "\(method): no scene is open; send scene.open first") }
        guard MethodRegistry.methods(ofScene: scene.name).contains(where: { $0.name == method }) else {
            throw RPCError.notSupported("\(method): the \(scene.name) scene does not handle this method")
        }
        try performSceneMethod(method, params: params)
        return changeResult()
    }

    /// What scenes (and their jobs) see of the world: built once, since its clock and generator
    /// are shared objects and every command reduces with it.
    private(set) lazy var sceneEnvironment: SceneEnvironment = {
        let random = self.random, clock = self.clock, environment = self.environment, maxBytes = limits.maxFileBytes
        let network = networkSwitch
        var files = environment.files
        files.readFile = { (path) throws(RPCError) in
            let bytes = try environment.files.readFile(path)
            if bytes.count > maxBytes {
                throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): file of \(bytes.count) bytes exceeds the limit of \(maxBytes) bytes")
            }
            return bytes
        }
        files.fetch = { url, maxBytes in
            if !network.on && !url.lowercased().hasPrefix("file:") { return .failure(ImageLoadFailure("network disabled by initialize")) }
            return await environment.files.fetch(url, maxBytes)
        }
        return SceneEnvironment(now: { clock.now }, random: { random.next() }, files: files)
    }()

    /// The session's `network` flag, shared with the scene environment's `fetch` (which a job
    /// may call on another thread).
    let networkSwitch = NetworkSwitch()
}
