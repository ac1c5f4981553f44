import SceneryCore

/// The book that jiggles after a long press, and since when (the animation's phase).
public struct Jiggle: Equatable, Sendable {
    /// The book's key (see ``Book/key``).
    public var book: Int
    /// The scene clock at the long press: the animation's `startMs`.
    public var startMs: Int
}

/// The whole state of the Shelf scene. The books are loaded once at open; a command changes the
/// offset, the alert, the jiggle, a cover's load, or removes a book.
public struct ShelfState: Sendable {
    /// The books in shelf order; a deletion removes one for the session (the file is never written).
    public internal(set) var books: [Book] {
        didSet { contentVersion &+= 1 }
    }
    public var viewport: Viewport {
        didSet { layout = ShelfLayout(viewport) }
    }
    /// The grid's scroll offset.
    public var offset = 0.0
    /// The alert showing, if any (see ``Alert``).
    public var alert: Alert?
    public var jiggle: Jiggle?
    /// The covers' loads, by book key.
    public var covers: PictureLoads {
        didSet { contentVersion &+= 1 }
    }
    /// Whether the books are the built-in sample.
    public let sample: Bool
    /// The original art found in `resources`, replacing drawn images.
    public let originals: OriginalImages
    /// How many books were deleted this session.
    public internal(set) var deleted = 0
    /// The layout of ``viewport``, kept with it.
    private(set) var layout: ShelfLayout
    /// Changes whenever the books or a cover's state change, so the render memo knows.
    private(set) var contentVersion = 0
    /// The books whose covers were last asked for (see `ShelfScene.requestVisibleCovers`).
    var coverRequestRange: Range<Int>?
    /// Cover URLs by book key, for the loads.
    let coverURLs: [String?]

    public init(books: [Book], viewport: Viewport, sample: Bool, originals: OriginalImages = OriginalImages()) {
        self.books = books
        self.viewport = viewport
        self.sample = sample
        self.originals = originals
        layout = ShelfLayout(viewport)
        var urls = [String?](repeating: nil, count: (books.map(\.key).max() ?? -1) + 1)
        for book in books { urls[book.key] = book.cover }
        coverURLs = urls
        covers = PictureLoads(urls: urls)
    }

    public var maxOffset: Double { layout.maxOffset(books.count) }

    /// The shelf position of the book with `key`, if it is still on the shelf. Keys increase
    /// along the shelf (a deletion keeps the order), so this is a binary search.
    func index(ofBook key: Int) -> Int? {
        var low = 0, high = books.count
        while low < high {
            let mid = (low + high) / 2
            if books[mid].key < key { low = mid + 1 } else { high = mid }
        }
        return low < books.count && books[low].key == key ? low : nil
    }
}
