import SceneryCore

/// A protocol method the engine itself answers (scene-specific methods are routed to the scene).
/// Each lives in its own file with its description, which is the spec `PROTOCOL.md` quotes.
protocol EngineMethod {
    static var description: MethodDescription { get }
    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject
}

/// The single list of methods: the router, `initialize`'s method list and `scenery --schema`
/// all read it, so they cannot disagree.
enum MethodRegistry {
    nonisolated(unsafe) static let common: [any EngineMethod.Type] = [
        Initialize.self, SceneOpen.self, Snapshot.self, ViewportSet.self, ClockAdvance.self,
        Tap.self, LongPress.self, Scroll.self, Section.self, Pan.self, Page.self, AssetRead.self, Find.self, Reveal.self, Shutdown.self,
    ]

    nonisolated(unsafe) static let handlers: [String: any EngineMethod.Type] =
        Dictionary(uniqueKeysWithValues: common.map { ($0.description.name, $0) })

    static func methods(ofScene name: String) -> [MethodDescription] {
        Engine.sceneTypes.first { $0.name == name }?.methods ?? []
    }

    static let sceneMethodNames: Set<String> = Set(Engine.sceneTypes.flatMap { $0.methods.map(\.name) })

    /// Every method name, sorted.
    static let allNames: [String] = (common.map { $0.description.name } + sceneMethodNames).sorted()

    /// Every method once.
    static var allDescriptions: [MethodDescription] {
        var seen = Set<String>()
        return (common.map { $0.description } + Engine.sceneTypes.flatMap(\.methods)).filter { seen.insert($0.name).inserted }
    }
}

extension Engine {
    func requireScene(_ method: String) throws(RPCError) {
        if scene == nil { throw RPCError(code: ErrorCode.noScene, message: "\(method): no scene is open; send scene.open first") }
    }

    /// A scene is open and takes `gesture` (``Scene/gestures``); else -32001 or -32007, before
    /// the gesture's params are read.
    func requireGesture(_ gesture: Gesture) throws(RPCError) {
        guard let scene else { throw RPCError(code: ErrorCode.noScene, message: "\(gesture.rawValue): no scene is open; send scene.open first") }
        guard sceneType(named: scene.name)?.gestures.contains(gesture) == true else {
            throw .notSupported("\(gesture.rawValue): the \(scene.name) scene does not handle this method")
        }
    }
}
