import SceneryCore

/// The three tabs of the Directory screen, in tab bar order.
public enum DirectoryTab: String, CaseIterable, Sendable {
    case recents, featured, contacts

    /// The large title the tab shows (the Featured tab lists events).
    public var title: String {
        switch self {
        case .recents: return "Recents"
        case .featured: return "Events"
        case .contacts: return "Contacts"
        }
    }

    /// The tab bar label.
    public var label: String {
        switch self {
        case .recents: return "Recents"
        case .featured: return "Featured"
        case .contacts: return "Contacts"
        }
    }
}

/// Where a profile picture stands.
public enum ImageState: Equatable, Sendable {
    case loading
    case loaded(asset: String)
    case failed(reason: String)
}

/// The whole state of the Directory scene. Data and the derived lists are built once at open;
/// a command changes only the small fields (tab, offsets, selection, image states).
public struct DirectoryState: Sendable {
    public var events: [Event]
    public var people: [Person]
    public var timeZone: SceneTimeZone
    public var viewport: Viewport
    public var tab: DirectoryTab = .recents
    /// Each tab keeps its own scroll offset, as each tab's table view does.
    public var offsets: [DirectoryTab: Double] = [:]
    /// The id of the selected row, if any.
    public var selection: String?
    /// Profile pictures by URL.
    public var images: [String: ImageState] = [:]
    /// The lists of the three tabs.
    public var lists: [DirectoryTab: SectionedList] = [:]
    /// Section index entries of the Contacts tab (A-Z, #) and, for each, the section it jumps to.
    public var sectionIndex: [(title: String, section: Int)] = [] {
        didSet { sectionIndexJSON = .array(sectionIndex.map { .string($0.title) }) }
    }
    /// The index titles as the model shows them, built once rather than on every render.
    public private(set) var sectionIndexJSON: JSON = .array([])

    public var offset: Double { offsets[tab] ?? 0 }
    public var list: SectionedList { lists[tab]! }
}
