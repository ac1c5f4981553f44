import SceneryCore

/// Which screen shows.
public enum PhotosScreen: Equatable, Sendable {
    case home
    /// The gallery on the photo at this position of the list.
    case gallery(index: Int)
}

/// The whole state of the Photos scene.
public struct PhotosState: Sendable {
    /// The endpoint (`http(s):` or `file:`), nil for the built-in sample.
    public let endpoint: String?
    /// The offline cache, nil when there is no cache folder.
    public let cache: DiskCache?
    public var viewport: Viewport {
        didSet { layout = PhotosLayout(viewport) }
    }
    /// The photos in the server's order, less the ones removed this session.
    public internal(set) var photos: [Photo] = [] {
        didSet { version &+= 1 }
    }
    /// Whether a list load is running, and its token (a newer load supersedes it).
    var listToken: Int?
    /// Where the shown list came from: `sample`, `network` or `cache`; nil before any list.
    var source: String?
    /// Why the last list load found nothing at the endpoint, nil when it did.
    var loadError: String?
    /// Whether that was a missing connection.
    var offline = false
    /// The photos' downloads, by URL: one per URL, whoever shows it.
    var loads: [String: ImageState] = [:] {
        didSet { version &+= 1 }
    }
    /// Downloads running now (at most ``PhotosScene/concurrentDownloads``).
    var inFlight = 0
    /// URLs removed this session: a later list (Retry) does not bring them back.
    var removed: Set<String> = []
    public var screen: PhotosScreen = .home
    /// The home grid's scroll offset, kept while the gallery shows.
    public var offset = 0.0
    /// The pan in progress (``PhotosPanRule``), nil between pans.
    var pan: PhotosPan?
    private(set) var layout: PhotosLayout
    /// Changes when the photos or a download change (the render memo's cue).
    private(set) var version = 0

    init(endpoint: String?, cache: DiskCache?, viewport: Viewport) {
        self.endpoint = endpoint
        self.cache = cache
        self.viewport = viewport
        layout = PhotosLayout(viewport)
    }

    var maxOffset: Double { layout.maxOffset(photos.count) }
}
