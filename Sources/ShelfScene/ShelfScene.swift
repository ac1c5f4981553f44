import SceneryCore

/// The Slader home screen (seed 002): a shelf of textbooks in a grid under the Slader word mark,
/// with the settings gear, the picture behind the books, and a tab bar (SEARCH, SCAN, BROWSE).
///
/// `scene.open {"scene":"shelf", "books"?: path, "resources"?: folder}`. Without `books` it
/// shows ``SampleShelf``. Gestures: `tap` (settings, a tab or a book shows an alert; the alert's
/// button dismisses it), `longPress` (a book jiggles and shows Dismiss and Delete), `scroll`.
/// The rules while an alert shows or a book jiggles are ``ShelfGestures``'.
public enum ShelfScene: Scene {
    public typealias State = ShelfState

    public static let name = "shelf"
    public static let gestures: Set<Gesture> = [.tap, .longPress, .scroll]
    public static let openParameters: JSONObject = [
        "books": SchemaBuilder.string("shelf: path of a books file ({\"books\": [{title, isbn, coverImageUrl}]}); built-in sample books when left out."),
        "resources": OriginalImages.openParameter,
    ]

    public static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        try params.allowOnly(["books", "resources"])
        let books: [Book]
        if let path = try params.optionalString("books") {
            let bytes: [UInt8]
            do { bytes = try environment.readFile(path) } catch { throw RPCError(code: error.code, message: "params.books: \(error.message)") }
            let json: JSON
            do { json = try JSONParser.parse(bytes, maxDepth: 32) } catch {
                throw RPCError(code: ErrorCode.fileMalformed, message: "params.books: \(path) is not valid JSON: \(error)")
            }
            do { books = try BooksDecoder.books(json, file: path) } catch { throw RPCError(code: error.code, message: "params.books: \(error.message)") }
        } else {
            books = SampleShelf.books()
        }
        let originals = try params.optionalString("resources").map { (folder) throws(RPCError) in
            try OriginalImages.load(folder: folder, names: ShelfImages.originals, environment: environment)
        } ?? OriginalImages()
        var state = ShelfState(books: books, viewport: viewport, sample: !params.has("books"), originals: originals)
        let effects = requestVisibleCovers(&state)
        return (state, effects)
    }

    public static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        switch action {
        case .tap(let id, _):
            let count = state.books.count
            ShelfGestures.tap(&state, id: id)
            if state.books.count != count { state.coverRequestRange = nil }
        case .longPress(let id, _):
            ShelfGestures.longPress(&state, id: id, now: environment.now())
        case .scroll(let request):
            // Behind an alert the shelf does not move, as behind UIKit's modal alert.
            guard state.alert == nil else { return [] }
            let target = try request.target(from: state.offset)
            state.offset = min(max(0, target), state.maxOffset)
        case .section:
            throw .notSupported("section: the shelf scene has no sections")
        case .viewport(let viewport):
            state.viewport = viewport
            state.offset = min(state.offset, state.maxOffset)
            state.coverRequestRange = nil
        case .imageLoaded(let url, let result):
            guard state.covers[url] == .loading else { return [] }
            switch result {
            case .success(let asset): state.covers[url] = .loaded(asset: asset)
            case .failure(let failure): state.covers[url] = .failed(reason: failure.reason)
            }
            return []
        case .timerFired, .jobFinished:
            return []
        case .pan, .page:
            throw .notSupported("the shelf scene takes no pan or page")
        case .command(let none):
            switch none {}  // no methods of its own
        }
        return requestVisibleCovers(&state)
    }

    /// Starts loading the covers of the books that are nodes now and were never asked for.
    static func requestVisibleCovers(_ state: inout State) -> [SceneEffect] {
        let visible = state.layout.visible(state.books.count, offset: state.offset)
        if state.coverRequestRange == visible { return [] }
        state.coverRequestRange = visible
        var effects: [SceneEffect] = []
        let urls = state.coverURLs
        for index in visible {
            let key = state.books[index].key
            if let url = state.covers.startLoad(of: key, url: { urls[key] }) { effects.append(.loadImage(url: url)) }
        }
        return effects
    }

    /// The chrome, the books on screen, the alert and the model (``ShelfRender``).
    public static func render(_ state: State, into screen: inout Screen<ShelfPart>) -> JSON {
        ShelfRender.render(state, into: &screen)
    }

    public static func builtinImage(_ id: String) -> ImageData? { ShelfImages.image(id) }

    /// The originals a `resources` folder supplied (`shelf.logo.original`).
    public static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData? {
        state.originals.image(id)
    }
}
