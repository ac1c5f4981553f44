import SceneryCore

/// The photo app (seed 003): thumbnails of an endpoint's photos in a grid, a gallery that moves
/// to the next photo every 2 s, and an offline cache.
///
/// `scene.open {"scene":"photos", "endpoint"?: URL, "cacheDir"?: folder}`. Without `endpoint` it
/// shows ``SamplePhotos``. Gestures: `tap` (a thumbnail opens the gallery; back, remove, Retry),
/// `scroll` (the home grid), `pan` (a drag: the home grid follows it; in the gallery a swipe
/// turns the page, ``PhotosPanRule``), and `page {"direction": "next"|"previous"}` (the keys' swipe).
public enum PhotosScene: Scene {
    public typealias State = PhotosState

    public static let name = "photos"
    /// At most this many downloads at once (with the real clock, on the transport's threads).
    public static let concurrentDownloads = 4
    static let advanceTimer = "advance"


    /// `page`: the gallery moves one photo, as a swipe does, and its 2 s count starts again.
    public static let gestures: Set<Gesture> = [.tap, .scroll, .pan, .page]
    public static let openParameters: JSONObject = [
        "endpoint": SchemaBuilder.string("photos: an http(s): or file: URL answering [{imageName, imageDescription, imageURL}]; built-in sample photos when left out."),
        "cacheDir": SchemaBuilder.string("photos: the offline cache's folder (default $XDG_CACHE_HOME/scenery/photos or ~/.cache/scenery/photos)."),
    ]

    public static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        try params.allowOnly(["endpoint", "cacheDir"])
        let endpoint = try params.optionalString("endpoint")
        if let endpoint {
            let scheme = endpoint.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            guard endpoint.contains(":"), ["http", "https", "file"].contains(scheme) else {
                throw .invalidParams("params.endpoint: expected an http:, https: or file: URL, got \(JSON.string(endpoint))")
            }
            if scheme == "file" { try environment.checkAllowed(endpoint, param: "endpoint") }
        }
        let folder = try params.optionalString("cacheDir") ?? environment.cacheHome.map { $0 + "/scenery/photos" }
        if let folder { try environment.checkAllowed(folder, param: "cacheDir") }
        let cache = endpoint == nil ? nil : folder.map { DiskCache(folder: $0) }
        var state = PhotosState(endpoint: endpoint, cache: cache, viewport: viewport)
        guard endpoint != nil else {
            state.photos = SamplePhotos.photos()
            state.source = "sample"
            return (state, [])
        }
        let load = startListLoad(&state, environment: environment)
        return (state, [load])
    }

    /// Starts loading the list (at open, and on Retry); a load already running is superseded.
    static func startListLoad(_ state: inout State, environment: SceneEnvironment) -> SceneEffect {
        let token = Int(truncatingIfNeeded: environment.random() >> 11)
        state.listToken = token
        return .runJob(PhotoListJob.job(endpoint: state.endpoint!, cache: state.cache, token: token))
    }

    public static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        var effects: [SceneEffect] = []
        switch action {
        case .tap(let id, _):
            effects = PhotosGestures.tap(&state, id: id, environment: environment)
        case .page(let direction):
            effects = PhotosGestures.page(&state, forward: direction.isForward)
        case .pan(let event):
            effects = try PhotosPanRule.apply(event, to: &state)
        case .command(let none):
            switch none {}  // no methods of its own
        case .longPress:
            return []
        case .scroll(let request):
            let target = try request.target(from: state.offset)
            guard state.screen == .home else { return [] }
            state.offset = min(max(0, target), state.maxOffset)
        case .section:
            throw .notSupported("section: the photos scene has no sections")
        case .viewport(let viewport):
            state.viewport = viewport
            state.offset = min(state.offset, state.maxOffset)
        case .timerFired(let name):
            guard name == advanceTimer else { return [] }
            effects = PhotosGestures.advance(&state)
        case .imageLoaded(let url, let result):
            guard state.loads[url] == .loading else { return [] }
            state.inFlight = max(0, state.inFlight - 1)
            switch result {
            case .success(let asset): state.loads[url] = .loaded(asset: asset)
            case .failure(let failure): state.loads[url] = .failed(reason: failure.reason)
            }
        case .jobFinished(PhotoListJob.name, let result):
            guard let outcome = result as? PhotoListOutcome, outcome.token == state.listToken else { return [] }
            takeList(&state, outcome)
        case .jobFinished:
            return []
        }
        return effects + startDownloads(&state)
    }

    /// A list arrived: the photos less the ones removed this session; the screen goes home at
    /// the top when the gallery's photo is gone.
    static func takeList(_ state: inout State, _ outcome: PhotoListOutcome) {
        state.listToken = nil
        state.loadError = outcome.failure
        state.offline = outcome.offline && outcome.failure != nil
        guard let photos = outcome.photos else { return }
        state.photos = photos.filter { !state.removed.contains($0.url) }
        state.source = outcome.source?.rawValue
        if case .gallery(let index) = state.screen, index >= state.photos.count { state.screen = .home }
        state.offset = min(state.offset, state.maxOffset)
    }

    /// Starts downloads, up to ``concurrentDownloads`` at once, one per URL: the photos on
    /// screen first (in reading order), then the rest of the band of nodes; in the gallery, its
    /// photo first.
    static func startDownloads(_ state: inout State) -> [SceneEffect] {
        guard state.source != "sample", state.inFlight < concurrentDownloads else { return [] }
        var wanted: [Int] = []
        if case .gallery(let index) = state.screen, index < state.photos.count { wanted.append(index) }
        let count = state.photos.count
        wanted += Array(state.layout.onScreen(count, offset: state.offset)) + Array(state.layout.visible(count, offset: state.offset))
        var effects: [SceneEffect] = []
        for index in wanted where state.inFlight < concurrentDownloads {
            let url = state.photos[index].url
            guard state.loads[url] == nil else { continue }
            state.loads[url] = .loading
            state.inFlight += 1
            effects.append(.loadImage(url: url, cache: state.cache))
        }
        return effects
    }

    /// The bar, the thumbnails or the gallery's photo, and the model (``PhotosRender``).
    public static func render(_ state: State, into screen: inout Screen<PhotosPart>) -> JSON {
        PhotosRender.render(state, into: &screen)
    }

    public static func builtinImage(_ id: String) -> ImageData? { PhotosImages.image(id) }
}
