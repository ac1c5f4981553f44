import SceneryCore

/// HooView: every Hoo of every set in one scrolling grid; tap or scrub to select a Hoo, which
/// shows its set's header, its title and poem line, and its picture over the screen.
///
/// `scene.open {"scene":"hoo", "sets"?: path}`: without `sets` the scene shows
/// ``SampleHooSets``; with it, the sets load as a job (``HooSetLoader``). Gestures: `tap`,
/// `scroll`, `pan`, and the scene's method `sets.load`.
public enum HooScene: Scene {
    public typealias State = HooState

    /// The name `scene.open` takes.
    public static let name = "hoo"

    /// The job that loads sets; also the `job` of its progress notifications.
    public static let loadJobName = "sets.load"

    /// The gestures it takes: `pan` scrubs the selection or scrolls the grid (``PanRule``).
    public static let gestures: Set<Gesture> = [.tap, .scroll, .pan]

    /// The scene's own method, `sets.load` (``HooCommand``).
    public typealias Command = HooCommand

    /// `scene.open`'s `sets`: where to load sets from instead of showing the sample.
    public static let openParameters: JSONObject = [
        "sets": SchemaBuilder.string("hoo: a folder of ##.zip archives and ## folders, or one archive, to load; built-in sample sets when left out."),
        "resources": OriginalImages.openParameter,
    ]

    /// The brief's file for each image this scene draws that the brief has one for: the logo.
    /// (The seed's data holds the sets and the mocks, not the project's own images, so with
    /// `../shared/seed-data` nothing is replaced; a folder holding `logo@2x.png` replaces it.)
    static let originals: [(id: String, file: String)] = [(HooImages.logo, "logo@2x.png")]

    /// The sample at the top, or (with `sets`) an empty grid and the job that loads the sets.
    public static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        try params.allowOnly(["sets", "resources"])
        let originals = try params.optionalString("resources").map { (folder) throws(RPCError) in
            try OriginalImages.load(folder: folder, names: HooScene.originals, environment: environment)
        } ?? OriginalImages()
        guard let path = try params.optionalString("sets") else {
            var state = HooState(viewport: viewport, catalog: HooCatalog(SampleHooSets.sets, load: 0), isSample: true)
            state.originals = originals
            return (state, [])
        }
        // Real sets are never mixed with the sample: with a path the grid starts empty.
        var state = HooState(viewport: viewport, catalog: HooCatalog(), isSample: false)
        state.originals = originals
        let effect = try startLoad(&state, path: path, param: "sets", environment: environment)
        return (state, [effect])
    }

    /// Taps, scrolls, pans, viewport changes, deceleration steps and finished loads.
    public static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        switch action {
        case .tap(let id, _):
            return tap(&state, id: id)
        case .scroll(let request):
            let target = try request.target(from: state.offset)
            let effects = PanRule.stopDeceleration(&state)
            state.offset = min(max(0, target), state.maxOffset)
            return effects
        case .section:
            throw .notSupported("section: the hoo scene has no sections; move the grid with scroll or pan")
        case .viewport(let viewport):
            state.viewport = viewport
            state.offset = min(state.offset, state.maxOffset)
            return []
        case .imageLoaded, .longPress, .page:
            return []
        case .timerFired(let name):
            switch name {
            case PanRule.timerName: return PanRule.tick(&state, now: environment.now())
            case PanRule.autoScrollTimerName: return PanRule.autoScrollTick(&state)
            default: return []
            }
        case .jobFinished(let name, let result):
            guard name == loadJobName, let outcome = result as? HooLoadJobResult else { return [] }
            return finishLoad(&state, outcome)
        case .command(.loadSets(let path)):
            return [try startLoad(&state, path: path, param: "path", environment: environment)]
        case .pan(let event):
            return try PanRule.apply(event, to: &state, now: environment.now())
        }
    }

    /// The model and the visible part of the screen (``HooRender``).
    public static func render(_ state: State, into screen: inout Screen<HooPart>) -> HooModel {
        HooRender.render(state, into: &screen)
    }

    /// The logo and the sample's headers and overlays (``HooImages``).
    public static func builtinImage(_ id: String) -> ImageData? { HooImages.image(id) }

    /// Images of loaded sets (`hoo.load.L.set.S.header.X`, `hoo.load.L.set.S.hoo.H`), read from
    /// their file or archive entry when asked for.
    public static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData? {
        if let original = state.originals.image(id) { return original }
        guard let asset = HooImageName.asset(id, in: state.catalog) else { return nil }
        if case .builtin(let name) = asset { return HooImages.image(name) }
        let bytes = try HooAssetReader.read(asset, environment: environment)
        guard let image = ImageData.sniff(bytes) else {
            throw RPCError(code: ErrorCode.fileMalformed, message: "params.id: \(id) is not a PNG, JPEG or GIF image")
        }
        return image
    }

    // MARK: Tap

    /// Where a finger lands: the cell of the Hoo under `point` by the grid's arithmetic, whatever
    /// node is drawn there (the overlay lies over everything); nil on empty space (the margins,
    /// past the last Hoo, the header, the bottom area).
    public static func target(at point: Point, in state: State, display: DisplayList) -> String? {
        guard let index = state.hooIndex(atScreen: point), let ref = state.catalog.ref(ofIndex: index) else { return nil }
        return "cell.\(ref.set).\(ref.hoo)"
    }

    /// A tap on a Hoo selects it; on the selected Hoo it clears the selection (the one way back
    /// to the bare grid, since the overlay covers the screen); on nothing (a point on empty
    /// space, ``target(at:in:display:)``) nothing changes. A tap while the grid is coasting only
    /// stops it, as a touch on a moving scroll view does.
    static func tap(_ state: inout State, id: String?) -> [SceneEffect] {
        if state.deceleration != nil { return PanRule.stopDeceleration(&state) }
        guard let target = id.flatMap({ hooRef(forNode: $0, in: state) }) else { return [] }
        state.selection = state.selection == target ? nil : target
        return []
    }

    /// The Hoo a node stands for: a cell and its label, the set's colour name (its first Hoo),
    /// the selection disc; nil for everything else.
    static func hooRef(forNode id: String, in state: State) -> HooRef? {
        let parts = NodeID(id)
        if parts.hasComponents(2) && parts.component(0, is: "selection") && parts.component(1, is: "disc") { return state.selection }
        if parts.component(0, is: "cell"), parts.hasComponents(3) || (parts.hasComponents(4) && parts.component(3, is: "label")),
           let set = parts.number(1), let hoo = parts.number(2) {
            let ref = HooRef(set: set, hoo: hoo)
            return state.catalog.index(of: ref) == nil ? nil : ref
        }
        if parts.hasComponents(3) && parts.component(0, is: "set") && parts.component(2, is: "color"), let set = parts.number(1),
           let s = state.catalog.setIndex(number: set), let first = state.catalog.sets[s].hoos.first {
            return HooRef(set: set, hoo: first.number)
        }
        return nil
    }

    // MARK: Loading

    /// Checks the path and starts the load job. A newer load supersedes a running one: the
    /// older job's result no longer matches `state.loading.token` and is dropped.
    static func startLoad(_ state: inout State, path: String, param: String, environment: SceneEnvironment) throws(RPCError) -> SceneEffect {
        try environment.checkAllowed(path, param: param)
        guard environment.fileInfo(path) != nil else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "params.\(param): no file or folder at \(JSON.string(path))")
        }
        let token = environment.random()
        state.loading = PendingLoad(path: path, token: token)
        return .runJob(SceneJob(name: loadJobName) { context in
            HooLoadJobResult(token: token, result: HooSetLoader.load(path: path, context: context))
        })
    }

    /// Takes a finished load's sets: they replace the sample, or else join the loaded sets (a
    /// set number loaded again replaces the older copy). A load that yields no set changes no
    /// set. Its failures replace the previous load's in `loadErrors`.
    static func finishLoad(_ state: inout State, _ outcome: HooLoadJobResult) -> [SceneEffect] {
        guard let loading = state.loading, loading.token == outcome.token else { return [] }  // stale: a newer load runs
        state.loading = nil
        state.loadCount += 1
        state.setLoadErrors(outcome.result.failures)
        guard !outcome.result.sets.isEmpty else { return [] }
        if state.isSample {
            state.catalog = HooCatalog(outcome.result.sets, load: state.loadCount)
            state.isSample = false
            state.selection = nil
            state.offset = 0
            state.pan?.mode = .ignored
            return PanRule.stopDeceleration(&state)
        }
        state.catalog.merge(outcome.result.sets, load: state.loadCount)
        if let selection = state.selection, state.catalog.index(of: selection) == nil { state.selection = nil }
        if let start = state.pan?.startSelection, state.catalog.index(of: start) == nil { state.pan?.startSelection = nil }
        state.offset = min(state.offset, state.maxOffset)
        return []
    }
}
