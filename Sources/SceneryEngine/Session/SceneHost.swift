import SceneryCore

/// An open scene of any type, as the engine holds it: the state plus the scene's functions.
protocol OpenScene: AnyObject {
    var name: String { get }
    /// Applies an action. Scenes validate before they mutate, so a thrown error leaves the state
    /// as it was (see ``Scene/reduce(_:_:environment:)``).
    func reduce(_ action: CommonAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
    /// Decodes one of the scene's own methods (``SceneCommand``) and applies it.
    func perform(method: String, params: Params, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
    /// Renders the state and brings `display` up to it through the scene's renderer, which this
    /// value keeps, writing its operations into `patch` (see ``SceneRenderer``), then the
    /// model's at `/model`: against this scene's last model, or against `baseline` (the
    /// document's model until now) when this scene has not rendered yet.
    func refresh(display: inout DisplayList, baseline: JSON, into patch: inout PatchWriter)
    /// The model of the last refresh; nil before the first.
    var modelJSON: JSON? { get }
    /// Forgets the last render (the next one builds everything).
    func resetRender()
    /// An image of the open state, read when asked for (see ``Scene/asset(_:in:environment:)``).
    func asset(_ id: String, environment: SceneEnvironment) throws(RPCError) -> ImageData?
    /// The virtual clock moved (see ``Scene/clockAdvanced(_:nowMs:)``).
    func clockAdvanced(nowMs: Int)
    /// The node a point gesture lands on (see ``Scene/target(at:in:display:)``).
    func target(at point: Point, display: DisplayList) -> String?
    /// Hands `body` every node the screen would show with the whole scroll content rendered,
    /// the rows that virtualization leaves out included (``Screen/init(wholeContent:)``): what
    /// `find` and `reveal` search. With `query`, only the nodes of the parts that may matter to
    /// it (``ScreenPart/mayMatch(_:)``). Changes nothing.
    func forEachNodeOfWholeContent(matching query: NodeQuery?, _ body: (String, Node) -> Void)
}

/// The concrete ``OpenScene`` for a scene type `S`: the one place the open scene's state and
/// last render live. A class, so that the engine holds it by reference: a command neither
/// copies it out of an existential nor needs to hold the only copy for the state's
/// collections to change in place.
final class SceneHost<S: Scene>: OpenScene {
    /// The state and the last render, changed in place through one access (a render reads the
    /// state where it is, without copying it out of the class first).
    struct Open {
        var state: S.State
        /// The last render, which the next is compared with.
        var renderer = SceneRenderer<S>()

        mutating func refresh(display: inout DisplayList, baseline: JSON, into patch: inout PatchWriter) {
            _ = S.refresh(&renderer, state, display: &display, displayPath: "/display", modelPath: Engine.modelPath, baseline: baseline, into: &patch)
        }
    }

    var open: Open

    init(state: S.State) { open = Open(state: state) }

    var name: String { S.name }

    func reduce(_ action: CommonAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        try S.reduceCommon(&open.state, action, environment: environment)
    }

    func perform(method: String, params: Params, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        let command = try S.Command(method: method, params: params)
        return try S.reduce(&open.state, .command(command), environment: environment)
    }

    func refresh(display: inout DisplayList, baseline: JSON, into patch: inout PatchWriter) {
        open.refresh(display: &display, baseline: baseline, into: &patch)
    }

    var modelJSON: JSON? { open.renderer.modelJSON }

    func resetRender() { open.renderer = SceneRenderer() }

    func asset(_ id: String, environment: SceneEnvironment) throws(RPCError) -> ImageData? {
        try S.asset(id, in: open.state, environment: environment)
    }

    func clockAdvanced(nowMs: Int) { S.clockAdvanced(&open.state, nowMs: nowMs) }

    func target(at point: Point, display: DisplayList) -> String? { S.target(at: point, in: open.state, display: display) }

    func forEachNodeOfWholeContent(matching query: NodeQuery?, _ body: (String, Node) -> Void) {
        withoutActuallyEscaping(body) { body in
            var screen = Screen<S.Part>(wholeContent: { part in
                if let query, !part.mayMatch(query) { return }
                for (id, node) in part.nodes() { body(id, node) }
            }, query: query)
            _ = S.render(open.state, into: &screen)
        }
    }
}

/// A scene type the engine can open, erased to what `scene.open` needs.
struct SceneType: Sendable {
    let name: String
    let methods: [MethodDescription]
    let openParameters: JSONObject
    let builtinImage: @Sendable (String) -> ImageData?
    /// See ``Scene/gestures``.
    let gestures: Set<Gesture>
    let open: @Sendable (Params, Viewport, SceneEnvironment) throws(RPCError) -> (any OpenScene, [SceneEffect])

    init<S: Scene>(_ scene: S.Type) {
        name = S.name
        methods = S.Command.methods
        openParameters = S.openParameters
        builtinImage = { S.builtinImage($0) }
        gestures = S.gestures
        open = { (params, viewport, environment) throws(RPCError) in
            let (state, effects) = try S.open(params, viewport: viewport, environment: environment)
            return (SceneHost<S>(state: state), effects)
        }
    }
}
