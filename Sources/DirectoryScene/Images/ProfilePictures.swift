/// Where a profile picture stands.
public enum ImageState: Equatable, Sendable {
    case loading
    case loaded(asset: String)
    case failed(reason: String)
}

/// The people's profile pictures and how far each one's load has come.
///
/// A picture is found by the person's index, not by hashing its URL: the first time a person's
/// row asks for its picture, the person gets the slot of that URL (people who share a URL share
/// the slot, so it is loaded once). Rendering a row then costs an array read.
public struct ProfilePictures: Sendable {
    /// Per person: the picture's slot, ``noPicture``, or ``unassigned`` until first asked for.
    private var slotOfPerson: [Int32]
    /// Per slot: the URL and its load state (`nil` until a load is asked for).
    private var urls: [String] = []
    private var states: [ImageState?] = []
    private var slotOfURL: [String: Int32] = [:]

    static let noPicture: Int32 = -2
    static let unassigned: Int32 = -1

    public init(people: [Person]) {
        slotOfPerson = people.map { $0.profilePicture == nil ? Self.noPicture : Self.unassigned }
    }

    /// The state of person `index`'s picture; `nil` when it has none or it was never asked for.
    public func state(ofPerson index: Int) -> ImageState? {
        let slot = slotOfPerson[index]
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

    /// Marks person `index`'s picture as loading and returns its URL when no load was asked for
    /// it yet (by this person or another with the same URL); otherwise `nil`.
    /// `url` is read only the first time (rendered rows ask on every command).
    public mutating func startLoad(ofPerson index: Int, url readURL: () -> String?) -> String? {
        var slot = slotOfPerson[index]
        if slot == Self.noPicture || (slot >= 0 && states[Int(slot)] != nil) { return nil }
        if slot == Self.unassigned {
            guard let url = readURL() else { return nil }
            if slotOfURL[url] == nil { self[url] = nil }
            slot = slotOfURL[url]!
            slotOfPerson[index] = slot
        }
        guard states[Int(slot)] == nil else { return nil }
        states[Int(slot)] = .loading
        return urls[Int(slot)]
    }
}
