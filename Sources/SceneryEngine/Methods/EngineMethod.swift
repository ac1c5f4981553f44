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
        Tap.self, LongPress.self, Scroll.self, Section.self, AssetRead.self, Shutdown.self,
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
    /// front end has to probe for -32007. The engine's own and the scene's methods, `longPress`
    /// only where ``SceneType/acceptsLongPress``; `scroll` and `section` reach the scene's reducer,
    /// which refuses them with -32007 where it has no meaning, so the opened scene is asked, with a
    /// zero scroll and a jump to the first section on a copy that is then dropped (reducers return
    /// their effects, they perform none).
    static func gestures(of type: SceneType, opened: any OpenScene, environment: SceneEnvironment) -> [String] {
        var names = Set(common.map { $0.description.name } + type.methods.map(\.name)).intersection(gestureNames)
        if !type.acceptsLongPress { names.remove(LongPress.description.name) }
        let asked: [(String, SceneAction)] = [(Scroll.description.name, .scroll(.by(deltaY: 0))), (Section.description.name, .section(.index(0)))]
        for (name, action) in asked {
            var copy = opened
            do { _ = try copy.reduce(action, environment: environment) } catch { if error.code == ErrorCode.notSupported { names.remove(name) } }
        }
        return names.sorted()
    }

    static var allDescriptions: [MethodDescription] {
        common.map { $0.description } + Engine.sceneTypes.flatMap(\.methods)
    }
}

extension Engine {
    func requireScene(_ method: String) throws(RPCError) {
        if scene == nil { throw RPCError(code: ErrorCode.noScene, message: "\(method): no scene is open; send scene.open first") }
    }
}
