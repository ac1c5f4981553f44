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
        Tap.self, LongPress.self, Scroll.self, Section.self, AssetRead.self, Find.self, Reveal.self, Shutdown.self,
    ]

    nonisolated(unsafe) static let handlers: [String: any EngineMethod.Type] =
        Dictionary(uniqueKeysWithValues: common.map { ($0.description.name, $0) })

    static func methods(ofScene name: String) -> [MethodDescription] {
        Engine.sceneTypes.first { $0.name == name }?.methods ?? []
    }

    static let sceneMethodNames: Set<String> = Set(Engine.sceneTypes.flatMap { $0.methods.map(\.name) })

    /// Every method name, sorted.
    static let allNames: [String] = (common.map { $0.description.name } + sceneMethodNames).sorted()

    /// The methods a front end sends for the user's input (a click, a hold, a drag, the wheel,
    /// a section index, a swipe), engine's and scenes' alike. Which of them a scene takes is
    /// ``gestures(of:opened:environment:)``.
    static let gestureNames: Set<String> = ["tap", "longPress", "scroll", "section", "pan", "page"]

    /// The gesture methods the scene `type` takes, sorted: `scene.open` returns them so that no
    /// front end has to probe for -32007. The engine's own and the scene's methods, less those the
    /// scene declares it has no meaning for (``SceneType/acceptsLongPress``, `acceptsScroll`,
    /// `acceptsSection`; a test holds each declaration to what the scene answers).
    static func gestures(of type: SceneType) -> [String] {
        var names = Set(common.map { $0.description.name } + type.methods.map(\.name)).intersection(gestureNames)
        if !type.acceptsLongPress { names.remove(LongPress.description.name) }
        if !type.acceptsScroll { names.remove(Scroll.description.name) }
        if !type.acceptsSection { names.remove(Section.description.name) }
        return names.sorted()
    }

    /// Every method once: scenes that share a method (`page`) share its description.
    static var allDescriptions: [MethodDescription] {
        var seen = Set<String>()
        return (common.map { $0.description } + Engine.sceneTypes.flatMap(\.methods)).filter { seen.insert($0.name).inserted }
    }
}

extension Engine {
    func requireScene(_ method: String) throws(RPCError) {
        if scene == nil { throw RPCError(code: ErrorCode.noScene, message: "\(method): no scene is open; send scene.open first") }
    }
}
