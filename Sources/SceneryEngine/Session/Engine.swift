import DirectoryScene
import ExhibitionScene
import HooScene
import PhotosScene
import ShelfScene
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
public final class Engine {
    public let limits: EngineLimits
    let environment: EngineEnvironment
    static let sceneTypes: [SceneType] = [SceneType(DirectoryScene.self), SceneType(HooScene.self), SceneType(ExhibitionScene.self),
                                          SceneType(ShelfScene.self), SceneType(PhotosScene.self)]
    /// The names `scene.open` takes, in `initialize`'s order.
    public static var sceneNames: [String] { sceneTypes.map(\.name) }

    // Session state. Each method validates everything before it changes any of these.
    var initialized = false
    public internal(set) var clockMode: ClockMode = .virtual
    /// Whether images may come over http(s) (`initialize`'s `network`).
    public internal(set) var network = true {
        didSet { networkSwitch.on = network }
    }
    var viewport = Viewport.phone
    let random = RandomSource(seed: 1)
    let clock = VirtualClock()
    var scene: (any OpenScene)?
    /// The revision of `document`.
    public internal(set) var rev = 0
    /// The state as of `rev`, in parts, which the next diff starts from: the last render's
    /// display list (also used for hit-testing), model, scene name and viewport.
    var display = DisplayList()
    /// The document's model when no open scene holds it: before the first scene rendered, and
    /// while a newly opened one has not (the open scene keeps its own, see ``OpenScene``).
    var detachedModel: JSON = .object(JSONObject())
    var renderedScene: JSON = .null
    var renderedViewport: Viewport?
    var timers = TimerQueue()
    var assets = AssetStore()
    /// Effects the scene asked for that have not run yet.
    var pendingEffects: [SceneEffect] = []
    /// Loads the transport must run when the clock is real (virtual mode runs them itself).
    public internal(set) var pendingLoads: [String] = []
    /// Jobs the transport must run when the clock is real (virtual mode runs them itself).
    var pendingJobs: [SceneJob] = []
    /// Notifications written before the current response: the progress of jobs it ran.
    var notificationsBeforeResponse: [UInt8] = []
    /// True once `shutdown` was answered: the transport stops reading and exits 0.
    public internal(set) var isShutDown = false

    public init(environment: EngineEnvironment, limits: EngineLimits = EngineLimits()) {
        self.environment = environment
        self.limits = limits
        resetRender()
    }

    /// Handles one request line (without its newline) and appends every output line, each
    /// newline-terminated, to `output`: the response, then any notifications it caused.
    public func handle(line: [UInt8], output: inout [UInt8]) {
        syncRealClock()
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

    static let requestMembers = ["jsonrpc", "id", "method", "params"]

    /// Convenience for tests: one line in, the output lines out.
    public func handle(_ line: String) -> [String] {
        var output: [UInt8] = []
        handle(line: Array(line.utf8), output: &output)
        return Engine.lines(output)
    }

    /// The answer to a line longer than `limits.maxLineBytes`, which the transport discarded unread.
    public func rejectOverlongLine(byteCount: Int, output: inout [UInt8]) {
        let error = RPCError(code: ErrorCode.invalidRequest,
                             message: "line of \(byteCount) bytes exceeds the limit of \(limits.maxLineBytes) bytes; it was discarded")
        write(error: error, id: .null, to: &output)
    }

    static func lines(_ output: [UInt8]) -> [String] {
        output.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string: return true
        case .number(let n): return n.rounded() == n && abs(n) <= 9_007_199_254_740_991
        default: return false
        }
    }

    /// Checks the JSON-RPC 2.0 envelope. Requests without an id are refused: a client that
    /// sent a state-changing notification would never see its patch and silently fall out of sync.
    static func envelope(_ request: JSON) throws(RPCError) -> (JSON, String, Params) {
        guard case .object(let object) = request else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "request: expected a JSON object, got \(request.typeName)")
        }
        guard object["jsonrpc"] == "2.0" else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "jsonrpc: expected \"2.0\", got \(object["jsonrpc"].map(Params.describe) ?? "nothing")")
        }
        guard let id = object["id"] else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "id: required; expected a string or an integer (Scenery answers every request)")
        }
        guard isValidID(id) else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "id: expected a string or an integer from -(2^53 - 1) to 2^53 - 1, got \(Params.describe(id))")
        }
        guard case .string(let method)? = object["method"] else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "method: expected a string, got \(object["method"].map(Params.describe) ?? "nothing")")
        }
        let params = object["params"]
        // jsonrpc, id and method are there; anything besides them and params is unknown.
        if object.count > (params == nil ? 3 : 4) {
            for key in object.keys where !Engine.requestMembers.contains(key) {
                throw RPCError(code: ErrorCode.invalidRequest, message: "\(key): unknown member of a request; expected jsonrpc, id, method, params")
            }
        }
        switch params {
        case nil: return (id, method, Params(JSONObject()))
        case .object(let params)?: return (id, method, Params(params))
        case let other?:
            throw RPCError(code: ErrorCode.invalidParams, message: "params: expected an object, got \(Params.describe(other))")
        }
    }

    func write(error: RPCError, id: JSON, to output: inout [UInt8]) {
        var response = JSONObject()
        response["error"] = error.json
        response["id"] = id
        response["jsonrpc"] = "2.0"
        CanonicalJSON.write(.object(response), to: &output)
        output.append(0x0A)
    }

    static func writeNotification(_ method: String, _ params: JSONObject, to output: inout [UInt8]) {
        var notification = JSONObject()
        notification["jsonrpc"] = "2.0"
        notification["method"] = .string(method)
        notification["params"] = .object(params)
        CanonicalJSON.write(.object(notification), to: &output)
        output.append(0x0A)
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
        try reduceScene(.method(name: method, params: params))
        return changeResult()
    }

    // MARK: State changes

    /// What scenes (and their jobs) see of the world: built once, since its clock and generator
    /// are shared objects and every command reduces with it.
    private(set) lazy var sceneEnvironment: SceneEnvironment = {
        let random = self.random, clock = self.clock, environment = self.environment, maxBytes = limits.maxFileBytes
        let network = networkSwitch
        return SceneEnvironment(
            now: { clock.now },
            random: { random.next() },
            readFile: { (path) throws(RPCError) in
                let bytes = try environment.readFile(path)
                if bytes.count > maxBytes {
                    throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): file of \(bytes.count) bytes exceeds the limit of \(maxBytes) bytes")
                }
                return bytes
            },
            readFileRange: environment.readFileRange,
            fileInfo: environment.fileInfo,
            listDirectory: environment.listDirectory,
            writeFile: environment.writeFile,
            removeFile: environment.removeFile,
            createDirectory: environment.createDirectory,
            touchFile: environment.touchFile,
            fetch: { url, maxBytes in
                if !network.on && !url.lowercased().hasPrefix("file:") { return .failure(ImageLoadFailure("network disabled by initialize")) }
                return await environment.fetch(url, maxBytes)
            },
            cacheHome: environment.cacheHome,
            refusal: environment.refusal)
    }()

    /// The session's `network` flag, shared with the scene environment's `fetch` (which a job
    /// may call on another thread).
    let networkSwitch = NetworkSwitch()

    /// Makes `opened` the open scene. The document's model stays the closing scene's until the
    /// next commit diffs the new one against it.
    func replaceScene(with opened: any OpenScene) {
        if let model = scene?.modelJSON { detachedModel = model }
        scene = opened
    }

    /// Sends `action` to the open scene; its effects are queued to run after the response.
    func reduceScene(_ action: SceneAction) throws(RPCError) {
        guard var current = scene else { throw RPCError(code: ErrorCode.noScene, message: "no scene is open; send scene.open first") }
        // Hold the only reference while reducing, so the scene's collections mutate in place
        // instead of being copied on every write (copy-on-write).
        scene = nil
        let effects: [SceneEffect]
        do {
            effects = try current.reduce(action, environment: sceneEnvironment)
        } catch {
            scene = current
            throw error
        }
        scene = current
        try absorbEffects(effects)
    }

    /// Queues a scene's effects. Jobs run here and now with the virtual clock, so the command
    /// that started a job answers with its result (its progress notifications go out first);
    /// with the real clock they go to the transport.
    ///
    /// With the virtual clock the jobs run one after another in the order they were asked for,
    /// first in, first out: a job that a finished job starts waits behind the jobs already
    /// queued, as it would behind running ones on the real clock (the photos scene's four first
    /// downloads all run before the fifth that the first one's end starts).
    func absorbEffects(_ effects: [SceneEffect]) throws(RPCError) {
        for effect in effects {
            guard case .runJob(let job) = effect else { pendingEffects.append(effect); continue }
            if clockMode == .real {
                pendingJobs.append(job)
            } else {
                virtualJobs.append(job)
            }
        }
        // A job's end reduces the scene, which may queue more: the outermost call runs them all.
        guard clockMode == .virtual, !runningVirtualJobs else { return }
        runningVirtualJobs = true
        defer { runningVirtualJobs = false }
        while !virtualJobs.isEmpty {
            let job = virtualJobs.removeFirst()
            let progress = ProgressBuffer(job: job.name)
            let context = JobContext(environment: sceneEnvironment, progress: progress.report)
            let result = RunBlocking.run { await job.run(context) }
            notificationsBeforeResponse += progress.lines
            do {
                try reduceScene(.jobFinished(name: job.name, result: result))
            } catch {
                virtualJobs.removeAll()
                throw error
            }
        }
    }

    /// Virtual clock: jobs asked for and not yet run, in order (see ``absorbEffects(_:)``).
    var virtualJobs: [SceneJob] = []
    var runningVirtualJobs = false

    static let modelPath = PatchPath("/model")

    /// Re-renders the state, diffs it against the last render and moves to the next rev if
    /// anything changed. The operations come in the order of a diff of the two JSON documents
    /// (display, model, scene, viewport; members in key order).
    func commit() -> (rev: Int, patch: PatchWriter) {
        var patch = PatchWriter()
        if scene != nil {
            scene!.refresh(display: &display, baseline: detachedModel, into: &patch)
        } else {
            DisplayList().patch(from: display, at: "/display", into: &patch)
            display = DisplayList()
            let empty = JSON.object(JSONObject())
            JSONPatch.diff(detachedModel, empty, path: Engine.modelPath, into: &patch)
            detachedModel = empty
        }
        let sceneName: JSON = scene.map { .string($0.name) } ?? .null
        if sceneName != renderedScene { patch.append("replace", PatchPath("/scene"), sceneName) }
        if viewport != renderedViewport {
            JSONPatch.diff(renderedViewport?.json ?? .null, viewport.json, path: PatchPath("/viewport"), into: &patch)
        }
        renderedScene = sceneName
        renderedViewport = viewport
        if !patch.isEmpty { rev += 1 }
        return (rev, patch)
    }

    /// Forgets the last render and starts the next one from scratch (after `initialize`): the
    /// next commit's patch is not sent, the document is the new baseline.
    func resetRender() {
        scene?.resetMemo()
        let baseline = rev
        _ = commit()
        rev = baseline
    }

    static let changeKeys = ["patch", "rev"]

    /// The result of a state-changing method: `{rev, patch}` and the method's `extra` members,
    /// built in one go.
    func changeResult(_ extra: KeyValuePairs<String, JSON> = [:]) -> JSONObject {
        let (rev, patch) = commit()
        if extra.isEmpty { return JSONObject(sortedKeys: Engine.changeKeys, values: [patch.json(), .number(Double(rev))]) }
        var keys: [String] = [], values: [JSON] = []
        keys.reserveCapacity(2 + extra.count)
        values.reserveCapacity(2 + extra.count)
        keys += Engine.changeKeys
        values.append(patch.json())
        values.append(.number(Double(rev)))
        for (key, value) in extra {
            keys.append(key)
            values.append(value)
        }
        return JSONObject(unsortedKeys: keys, values: values)
    }

    /// The state document as of `rev`.
    public var document: JSON {
        var state = JSONObject()
        state["display"] = display.json
        state["model"] = scene?.modelJSON ?? detachedModel
        state["scene"] = renderedScene
        state["viewport"] = renderedViewport?.json ?? .null
        return .object(state)
    }

    // MARK: Effects

    /// Runs queued effects. Timers are recorded; image loads run here with the virtual clock
    /// (each finished load is one `patch` notification, in the order the loads were asked for)
    /// and are handed to the transport with the real clock.
    func runPendingEffects(output: inout [UInt8]) {
        var loaded = false
        while !pendingEffects.isEmpty {
            let effect = pendingEffects.removeFirst()
            switch effect {
            case .startTimer(let name, let ms):
                timers.start(name, due: clock.now + max(0, ms))
            case .cancelTimer(let name):
                timers.cancel(name)
            case .loadImage(let url):
                if clockMode == .real && !url.hasPrefix(AssetStore.builtinScheme) && assets.asset(forURL: url) == nil {
                    if !pendingLoads.contains(url) { pendingLoads.append(url) }
                } else {
                    // Loads that finish here (all of them with the virtual clock) are delivered
                    // one by one and sent together: one notification for what a command loaded.
                    if deliverLoad(url: url, result: loadImageNow(url)) { loaded = true }
                }
            case .runJob:
                break  // absorbEffects ran or queued it already
            }
        }
        if loaded { notifyChange(cause: "image.loaded", output: &output) }
    }

    func loadImageNow(_ url: String) -> Result<ImageData, ImageLoadFailure> {
        if url.hasPrefix(AssetStore.builtinScheme) {
            let name = String(url.dropFirst(AssetStore.builtinScheme.count))
            guard let scene, let image = sceneType(named: scene.name)?.builtinImage(name) else {
                return .failure(ImageLoadFailure("no built-in image \"\(name)\""))
            }
            return .success(image)
        }
        let environment = self.environment, network = self.network
        return RunBlocking.run { await environment.loadImage(url, network) }
    }

    /// Delivers a finished load to the scene; false when the scene refused it (it was reopened).
    func deliverLoad(url: String, result: Result<ImageData, ImageLoadFailure>) -> Bool {
        guard scene != nil else { return false }
        let assetResult = result.map { image in assets.register(image, forURL: url) }
        do {
            try reduceScene(.imageLoaded(url: url, result: assetResult))
            return true
        } catch {
            return false
        }
    }

    /// Delivers a load the transport finished (real clock) and writes its `patch` notification.
    func finishLoad(url: String, result: Result<ImageData, ImageLoadFailure>, output: inout [UInt8]) {
        guard deliverLoad(url: url, result: result) else { return }
        notifyChange(cause: "image.loaded", output: &output)
        runPendingEffects(output: &output)
    }

    /// Commits and, when anything changed, writes a `patch` notification.
    func notifyChange(cause: String, output: inout [UInt8]) {
        let (rev, patch) = commit()
        guard !patch.isEmpty else { return }
        var params = JSONObject()
        params["cause"] = .string(cause)
        params["patch"] = patch.json()
        params["rev"] = .number(Double(rev))
        Engine.writeNotification("patch", params, to: &output)
    }

    /// With the real clock: a load the transport ran has finished.
    public func imageLoadFinished(url: String, result: Result<ImageData, ImageLoadFailure>, output: inout [UInt8]) {
        syncRealClock()
        pendingLoads.removeAll { $0 == url }
        finishLoad(url: url, result: result, output: &output)
    }

    /// With the real clock: takes the loads the transport should start.
    public func takePendingLoads() -> [String] {
        defer { pendingLoads = [] }
        return pendingLoads
    }

    /// With the real clock: the transport's timer reached `nowMs`; fires what is due.
    public func realTimeReached(_ nowMs: Int, output: inout [UInt8]) {
        guard clockMode == .real else { return }
        clock.now = max(clock.now, nowMs)
        while let (name, _) = timers.popDue(upTo: clock.now) {
            if (try? reduceScene(.timerFired(name: name))) != nil {
                notifyChange(cause: "timer.\(name)", output: &output)
            }
            runPendingEffects(output: &output)
        }
    }

    /// With the real clock: takes the jobs the transport should start, each with the file
    /// access it may use.
    public func takePendingJobs() -> [(job: SceneJob, environment: SceneEnvironment)] {
        defer { pendingJobs = [] }
        let environment = sceneEnvironment
        return pendingJobs.map { ($0, environment) }
    }

    /// With the real clock: a job the transport ran has finished; its result goes to the scene
    /// and the change out as a `patch` notification with cause `job.NAME`.
    public func jobFinished(name: String, result: any Sendable, output: inout [UInt8]) {
        guard scene != nil else { return }
        syncRealClock()
        do {
            try reduceScene(.jobFinished(name: name, result: result))
        } catch {
            return
        }
        notifyChange(cause: "job.\(name)", output: &output)
        runPendingEffects(output: &output)
    }

    /// The `progress` notification line for a job's progress.
    public static func progressLine(job: String, _ progress: JobProgress) -> [UInt8] {
        var params = JSONObject()
        params["done"] = .number(Double(progress.done))
        params["item"] = .string(progress.item)
        params["job"] = .string(job)
        params["total"] = .number(Double(progress.total))
        var line: [UInt8] = []
        writeNotification("progress", params, to: &line)
        return line
    }

    /// With the real clock, the scene clock is the real one: scenes see the time a request
    /// arrived (a pan's speed without `t`). The virtual clock moves only with `clock.advance`.
    func syncRealClock() {
        guard clockMode == .real else { return }
        clock.now = max(clock.now, environment.realTimeMs())
    }

    /// When the next timer is due, in scene-clock milliseconds.
    public var nextTimerDue: Int? { timers.nextDue }

    func sceneType(named name: String) -> SceneType? {
        Engine.sceneTypes.first { $0.name == name }
    }
}

/// Collects a job's progress notifications while it runs inline (virtual clock).
final class ProgressBuffer: @unchecked Sendable {
    let job: String
    var lines: [UInt8] = []
    init(job: String) { self.job = job }
    func report(_ progress: JobProgress) { lines += Engine.progressLine(job: job, progress) }
}

/// Whether the session may use the network, shared with the scene environment. Set once, by
/// `initialize`, before any job can read it.
final class NetworkSwitch: @unchecked Sendable {
    var on = true
}

/// The scene clock, shared with the scene environment.
final class VirtualClock: @unchecked Sendable {
    var now = 0
}

/// The session's RNG, shared with the scene environment; reseeded by `initialize`.
final class RandomSource: @unchecked Sendable {
    var generator: SeededRandom
    init(seed: UInt64) { generator = SeededRandom(seed: seed) }
    func next() -> UInt64 { generator.next() }
}

/// Named one-shot timers on the scene clock, fired in due order (ties: the one started first).
struct TimerQueue {
    private var entries: [(name: String, due: Int, order: Int)] = []
    private var counter = 0

    mutating func start(_ name: String, due: Int) {
        cancel(name)
        counter += 1
        entries.append((name, due, counter))
    }

    mutating func cancel(_ name: String) { entries.removeAll { $0.name == name } }
    mutating func removeAll() { entries.removeAll() }

    var nextDue: Int? { entries.map(\.due).min() }

    /// Removes and returns the earliest timer due at or before `now`, with its due time.
    mutating func popDue(upTo now: Int) -> (name: String, due: Int)? {
        guard let index = entries.indices.filter({ entries[$0].due <= now })
            .min(by: { (entries[$0].due, entries[$0].order) < (entries[$1].due, entries[$1].order) }) else { return nil }
        let entry = entries.remove(at: index)
        return (entry.name, entry.due)
    }
}
