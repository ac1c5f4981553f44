import SceneryCore

/// The Avengers exhibition screen (seed 001): a looping movie behind the Captain America shield,
/// frames, two mode buttons, and a field where one available circle and four unavailable grey
/// dots stand on a grid, each joined to its two nearest neighbours. The available circle's ring
/// turns once every 40 s.
///
/// `scene.open {"scene":"exhibition", "resources"?: folder}`: `resources` holds the brief's
/// images, which replace the drawn ones (``ExhibitionImages/originals``). Gestures: `tap` (the
/// first mode button reshuffles the field, the available circle changes to another size) and the
/// `reshuffle` method. Nothing else on screen reacts.
public enum ExhibitionScene: Scene {
    public typealias State = ExhibitionState

    public static let name = "exhibition"
    public static let gestures: Set<Gesture> = [.tap]

    /// `reshuffle` (``ExhibitionCommand``): the same as a tap on the first mode button.
    public typealias Command = ExhibitionCommand
    public static let openParameters: JSONObject = ["resources": OriginalImages.openParameter]

    /// Picks the available circle's size at random, then a layout that keeps the placement rules.
    public static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        if let key = params.object.keys.first(where: { $0 != "resources" }) {
            throw .invalidParams("params.\(key): unknown parameter; the exhibition scene takes only resources besides scene")
        }
        let originals = try params.optionalString("resources").map { (folder) throws(RPCError) in
            try OriginalImages.load(folder: folder, names: ExhibitionImages.originals, environment: environment)
        } ?? OriginalImages()
        var rng = EnvironmentRandom(environment)
        let size = CircleSize.allCases[rng.below( CircleSize.allCases.count)]
        let grid = FieldGrid(viewport: viewport)
        let placed = Placement.random(size: size, grid: grid, using: &rng)
        let now = environment.now()
        var state = ExhibitionState(viewport: viewport, layout: placed ?? Placement.fallback(size: size, grid: grid),
                                    layoutValid: placed != nil, cause: .open, ringStartMs: now, clockMs: now)
        state.originals = originals
        return (state, [])
    }

    /// Taps, the `reshuffle` method and viewport changes; `scroll` and `section` are not supported.
    public static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        switch action {
        case .tap(let id, _):
            guard let id else { return [] }
            tap(&state, id, environment: environment)
        case .pan, .page:
            throw .notSupported("the exhibition scene takes no pan or page")
        case .command(.reshuffle):
            reshuffle(&state, environment: environment)
        case .viewport(let viewport):
            guard viewport != state.viewport else { return [] }
            relayout(&state, on: viewport, environment: environment)
        case .scroll:
            throw .notSupported("scroll: the exhibition scene does not scroll")
        case .section:
            throw .notSupported("section: the exhibition scene has no sections")
        case .imageLoaded, .timerFired, .jobFinished, .longPress:
            return []
        }
        return []
    }

    /// Keeps the model's ring angle current, for a front end that joins late.
    public static func clockAdvanced(_ state: inout State, nowMs: Int) {
        state.clockMs = nowMs
    }

    /// The model (meaning) and the screen (nodes) of ``ExhibitionRender``.
    public static func render(_ state: State, into screen: inout Screen<ExhibitionPart>) -> JSON {
        ExhibitionRender.render(state, into: &screen)
    }

    /// The images drawn in code (``ExhibitionImages``), the background movie among them.
    public static func builtinImage(_ id: String) -> ImageData? { ExhibitionImages.image(id) }

    /// The originals a `resources` folder supplied (`exhibition.shield.original`).
    public static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData? {
        state.originals.image(id)
    }

    // MARK: Gestures

    /// The first mode button reshuffles; the available circle (its image, ring or photo) changes
    /// size. The second mode button is inert (switching modes is not possible), and the shield,
    /// frames, dots, lines and empty field do nothing.
    static func tap(_ state: inout State, _ id: String, environment: SceneEnvironment) {
        typealias ID = ExhibitionRender.NodeID
        switch id {
        case ID.firstModeButton:
            reshuffle(&state, environment: environment)
        case ID.availableCircle, ID.ring, ID.thumb:
            resize(&state, environment: environment)
        default:
            break
        }
    }

    /// A new random layout that stands differently, keeping the available circle's size. On a
    /// field with no other layout that keeps the rules the circles stay where they are (the
    /// current layout is valid there, or the fallback of a field too small for any).
    static func reshuffle(_ state: inout State, environment: SceneEnvironment) {
        var rng = EnvironmentRandom(environment)
        if let next = Placement.random(size: state.layout.size, grid: state.grid, differentFrom: state.layout, using: &rng) {
            state.layout = next
            state.layoutValid = true
        }
        state.cause = .reshuffle
    }

    /// The available circle switches to one of the two other sizes at random; if that breaks
    /// the placement rules, it moves, or failing that the field reshuffles.
    static func resize(_ state: inout State, environment: SceneEnvironment) {
        var rng = EnvironmentRandom(environment)
        let others = CircleSize.allCases.filter { $0 != state.layout.size }
        let size = others[rng.below(others.count)]
        refit(&state, FieldLayout(size: size, points: state.layout.points, grid: state.grid), on: state.viewport, using: &rng,
              causes: (.resize, .resizeMoved, .resizeReshuffled))
    }

    /// The same grid points on the new field, refitted if the new shape breaks the rules.
    static func relayout(_ state: inout State, on viewport: Viewport, environment: SceneEnvironment) {
        var rng = EnvironmentRandom(environment)
        refit(&state, FieldLayout(size: state.layout.size, points: state.layout.points, grid: FieldGrid(viewport: viewport)),
              on: viewport, using: &rng, causes: (.viewport, .viewportMoved, .viewportReshuffled))
    }

    /// Takes `layout` if it keeps the rules, else the refitted one, and names what happened.
    static func refit(_ state: inout State, _ layout: FieldLayout, on viewport: Viewport, using rng: inout EnvironmentRandom,
                      causes: (kept: LayoutCause, moved: LayoutCause, reshuffled: LayoutCause)) {
        let result = Placement.refit(layout, grid: FieldGrid(viewport: viewport), using: &rng)
        state.viewport = viewport
        state.layout = result.layout
        state.layoutValid = result.valid
        switch result.refit {
        case .kept: state.cause = causes.kept
        case .moved: state.cause = causes.moved
        case .reshuffled: state.cause = causes.reshuffled
        }
    }
}
