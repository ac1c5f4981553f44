import SceneryCore

/// An open scene of any type, as the engine holds it: the state plus the scene's functions.
protocol OpenScene {
    var name: String { get }
    /// Applies an action. Scenes validate before they mutate, so a thrown error leaves the state
    /// as it was (see ``Scene/reduce(_:_:environment:)``).
    mutating func reduce(_ action: SceneAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
    /// Brings `display` up to the state through the scene's memo, which this value keeps, and
    /// writes its operations into `patch` (see ``Scene/refresh(_:memo:display:path:into:)``),
    /// then the model's at `/model`: against this scene's last model, or against `baseline`
    /// (the document's model until now) when this scene has not rendered yet.
    mutating func refresh(display: inout DisplayList, baseline: JSON, into patch: inout PatchWriter)
    /// The model of the last refresh; nil before the first.
    var modelJSON: JSON? { get }
    /// Forgets what the memo remembers (the next render builds everything).
    mutating func resetMemo()
    /// An image of the open state, read when asked for (see ``Scene/asset(_:in:environment:)``).
    func asset(_ id: String, environment: SceneEnvironment) throws(RPCError) -> ImageData?
    /// The virtual clock moved (see ``Scene/clockAdvanced(_:nowMs:)``).
    mutating func clockAdvanced(nowMs: Int)
}

/// The concrete ``OpenScene`` for a scene type `S`.
struct SceneHost<S: Scene>: OpenScene {
    var state: S.State
    var memo = S.newMemo()
    /// The model of the last refresh, which the next one is diffed against.
    var model: S.Model?

    var name: String { S.name }

    mutating func reduce(_ action: SceneAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        try S.reduce(&state, action, environment: environment)
    }

    mutating func refresh(display: inout DisplayList, baseline: JSON, into patch: inout PatchWriter) {
        _ = S.refresh(state, memo: &memo, display: &display, displayPath: "/display", model: &model, modelPath: Engine.modelPath,
                      baseline: baseline, into: &patch)
    }

    var modelJSON: JSON? { model?.json }

    mutating func resetMemo() { memo = S.newMemo() }

    func asset(_ id: String, environment: SceneEnvironment) throws(RPCError) -> ImageData? {
        try S.asset(id, in: state, environment: environment)
    }

    mutating func clockAdvanced(nowMs: Int) { S.clockAdvanced(&state, nowMs: nowMs) }
}

/// A scene type the engine can open, erased to what `scene.open` needs.
struct SceneType: Sendable {
    let name: String
    let methods: [MethodDescription]
    let openParameters: JSONObject
    let builtinImage: @Sendable (String) -> ImageData?
    /// See ``Scene/acceptsLongPress``.
    let acceptsLongPress: Bool
    /// See ``Scene/acceptsScroll`` and ``Scene/acceptsSection``.
    let acceptsScroll: Bool, acceptsSection: Bool
    let open: @Sendable (Params, Viewport, SceneEnvironment) throws(RPCError) -> (any OpenScene, [SceneEffect])

    init<S: Scene>(_ scene: S.Type) {
        name = S.name
        methods = S.methods
        openParameters = S.openParameters
        builtinImage = { S.builtinImage($0) }
        acceptsLongPress = S.acceptsLongPress
        acceptsScroll = S.acceptsScroll
        acceptsSection = S.acceptsSection
        open = { (params, viewport, environment) throws(RPCError) in
            let (state, effects) = try S.open(params, viewport: viewport, environment: environment)
            return (SceneHost<S>(state: state), effects)
        }
    }
}
