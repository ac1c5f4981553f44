import SceneryCore

/// The three tabs of the Directory screen, in tab bar order.
public enum DirectoryTab: String, CaseIterable, Sendable {
    case recents, featured, contacts

    /// The tab's position in the tab bar, from 0.
    public var number: Int {
        switch self {
        case .recents: return 0
        case .featured: return 1
        case .contacts: return 2
        }
    }

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

/// The content band of a tab whose rows' pictures have been asked for.
struct ImageRequestBand: Equatable, Sendable {
    var tab: DirectoryTab
    var minY: Double
    var maxY: Double
}

/// One value per tab, read and written by tab without hashing.
public struct PerTab<Value> {
    public var recents: Value
    public var featured: Value
    public var contacts: Value

    public init(_ value: Value) { (recents, featured, contacts) = (value, value, value) }

    public subscript(tab: DirectoryTab) -> Value {
        get {
            switch tab {
            case .recents: return recents
            case .featured: return featured
            case .contacts: return contacts
            }
        }
        set {
            switch tab {
            case .recents: recents = newValue
            case .featured: featured = newValue
            case .contacts: contacts = newValue
            }
        }
    }
}

extension PerTab: Sendable where Value: Sendable {}

/// The whole state of the Directory scene. Data and the derived lists are built once at open;
/// a command changes only the small fields (tab, offsets, selection, image states).
///
/// Every stored property that a render reads, other than `tab`, `offsets`, `viewport` and
/// `selection` (which a render compares by value), bumps ``contentVersion`` when it is set: a
/// render whose inputs are unchanged reuses the last one (see ``DirectoryRender``).
public struct DirectoryState: Sendable {
    public var events: [Event] {
        didSet { countsJSON = Self.counts(events, people); searchText = DirectorySearchText(); contentVersion &+= 1 }
    }
    public var people: [Person] {
        didSet {
            countsJSON = Self.counts(events, people)
            pictures = PictureLoads(urls: people.map(\.profilePicture))
            imageRequestBand = nil
            searchText = DirectorySearchText()
            contentVersion &+= 1
        }
    }
    public var timeZone: SceneTimeZone {
        didSet { searchText = DirectorySearchText(); contentVersion &+= 1 }
    }
    /// The rows' texts for searches, made when a search first asks (see ``DirectorySearchText``);
    /// renewed when the data or the time zone changes.
    var searchText = DirectorySearchText()
    public var viewport: Viewport
    public var tab: DirectoryTab = .recents
    /// Each tab keeps its own scroll offset, as each tab's table view does.
    public var offsets = PerTab(0.0)
    /// The id of the selected row, if any.
    public private(set) var selection: String?
    /// The selected row as a group key of the current tab, so rows compare without building ids.
    public private(set) var selectedRow: DirectoryGroupKey?
    /// The profile pictures and their loads.
    public var pictures: PictureLoads {
        didSet { contentVersion &+= 1 }
    }
    /// The rows whose pictures were last asked for (see `DirectoryScene.requestVisibleImages`).
    var imageRequestBand: ImageRequestBand?
    /// The lists of the three tabs.
    public var lists = PerTab(SectionedList(sections: [], headerHeight: 0)) {
        didSet { contentVersion &+= 1 }
    }
    /// Section index entries of the Contacts tab (A-Z, #) and, for each, the section it jumps to.
    public var sectionIndex: [(title: String, section: Int)] = [] {
        didSet { sectionIndexJSON = .array(sectionIndex.map { .string($0.title) }); contentVersion &+= 1 }
    }
    /// The index titles as the model shows them, built once rather than on every render.
    public private(set) var sectionIndexJSON: JSON = .array([])

    /// `{events, people}` for the model, built once.
    public private(set) var countsJSON: JSON
    /// Changes whenever the data, the lists, the section index, the time zone or a picture's
    /// state changes (it counts; equal versions mean none of those changed).
    public private(set) var contentVersion = 0

    public init(events: [Event], people: [Person], timeZone: SceneTimeZone, viewport: Viewport) {
        self.events = events
        self.people = people
        self.timeZone = timeZone
        self.viewport = viewport
        pictures = PictureLoads(urls: people.map(\.profilePicture))
        countsJSON = Self.counts(events, people)
    }

    static func counts(_ events: [Event], _ people: [Person]) -> JSON {
        ["events": .number(events.count), "people": .number(people.count)]
    }

    /// Selects the row `row` of the current tab, whose node id is `id`; nil selects nothing.
    public mutating func select(_ row: DirectoryGroupKey?, id: String? = nil) {
        selectedRow = row
        selection = row == nil ? nil : id
    }

    public var offset: Double { offsets[tab] }
    public var list: SectionedList { lists[tab] }
}
