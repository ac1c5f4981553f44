/// Where a picture's load stands.
public enum ImageState: Equatable, Sendable {
    case loading
    case loaded(asset: String)
    case failed(reason: String)

    /// The node's `style.imageState` for a picture in this state (nil: never asked for), of an
    /// item that has a picture (`hasPicture`) or not: `none`, `loading`, `loaded` or `failed`.
    public static func styleName(_ state: ImageState?, hasPicture: Bool) -> String {
        switch state {
        case .loaded?: return "loaded"
        case .loading?: return "loading"
        case .failed?: return "failed"
        case nil: return hasPicture ? "loading" : "none"
        }
    }
}

/// The pictures of a list of items (the Directory's people, the Shelf's books) and how far each
/// one's load has come: one load per URL, whoever asks.
///
/// A picture is found by the item's index, not by hashing its URL: the first time an item's
/// row asks for its picture, the item gets the slot of that URL (items that share a URL share
/// the slot, so it is loaded once). Rendering a row then costs an array read.
public struct PictureLoads: Sendable {
    /// Per item: the picture's slot, ``noPicture``, or ``unassigned`` until first asked for.
    private var slotOfItem: [Int32]
    /// Per slot: the URL and its load state (`nil` until a load is asked for).
    private var urls: [String] = []
    private var states: [ImageState?] = []
    private var slotOfURL: [String: Int32] = [:]

    static let noPicture: Int32 = -2
    static let unassigned: Int32 = -1

    /// The loads of items whose picture URLs are `urls` (nil: the item has no picture).
    public init(urls: [String?]) {
        slotOfItem = urls.map { $0 == nil ? Self.noPicture : Self.unassigned }
    }

    /// The state of item `index`'s picture; `nil` when it has none or it was never asked for.
    public func state(of index: Int) -> ImageState? {
        let slot = slotOfItem[index]
        return slot >= 0 ? states[Int(slot)] : nil
    }

    /// The state of the picture at `url`, by URL (for finished loads).
    public subscript(url: String) -> ImageState? {
        get { slotOfURL[url].flatMap { states[Int($0)] } }
        set {
            if let slot = slotOfURL[url] { states[Int(slot)] = newValue; return }
            let slot = Int32(urls.count)
            slotOfURL[url] = slot
            urls.append(url)
            states.append(newValue)
        }
    }

    /// Marks item `index`'s picture as loading and returns its URL when no load was asked for
    /// it yet (by this item or another with the same URL); otherwise `nil`.
    /// `url` is read only the first time (rendered rows ask on every command).
    public mutating func startLoad(of index: Int, url readURL: () -> String?) -> String? {
        var slot = slotOfItem[index]
        if slot == Self.noPicture || (slot >= 0 && states[Int(slot)] != nil) { return nil }
        if slot == Self.unassigned {
            guard let url = readURL() else { return nil }
            if slotOfURL[url] == nil { self[url] = nil }
            slot = slotOfURL[url]!
            slotOfItem[index] = slot
        }
        guard states[Int(slot)] == nil else { return nil }
        states[Int(slot)] = .loading
        return urls[Int(slot)]
    }
}
