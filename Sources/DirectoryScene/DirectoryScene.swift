import SceneryCore

/// The GoTest screens: Recents, Events (the "Featured" tab) and Contacts, in a tab bar.
///
/// `scene.open {"scene":"directory", "events"?: path, "people"?: path, "timeZone"?: "UTC"}`.
/// Without paths it shows ``SampleDirectory``. Gestures: `tap` (tabs, rows, section index),
/// `scroll`, `section`.
public enum DirectoryScene: Scene {
    public typealias State = DirectoryState

    public static let name = "directory"
    public static let gestures: Set<Gesture> = [.tap, .scroll, .section]
    public static let openParameters: JSONObject = [
        "events": SchemaBuilder.string("directory: path of an events.json file ([{date, name}]); built-in sample data when left out."),
        "people": SchemaBuilder.string("directory: path of a people.json file ([{firstName, lastName?, age?, profilePicture?}])."),
        "timeZone": SchemaBuilder.string("directory: \"UTC\" (default), an offset like \"+02:00\" or an IANA name; months and dates use it."),
    ]

    public static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect]) {
        try params.allowOnly(["events", "people", "timeZone"])
        let timeZone = try params.optionalString("timeZone").map { (name) throws(RPCError) in try SceneTimeZone(name) } ?? .utc
        // The sample stands in only when no file is given; with one file, the other list is empty
        // rather than made-up data mixed with real data.
        let sample = (params.has("events") || params.has("people")) ? nil : SampleDirectory.make()
        let events = try params.optionalString("events").map { (path) throws(RPCError) in
            try named("events") { () throws(RPCError) in try DirectoryDecoder.events(try readJSON(path, environment), file: path) }
        } ?? sample?.events ?? []
        let people = try params.optionalString("people").map { (path) throws(RPCError) in
            try named("people") { () throws(RPCError) in try DirectoryDecoder.people(try readJSON(path, environment), file: path) }
        } ?? sample?.people ?? []

        var state = DirectoryState(events: events, people: people, timeZone: timeZone, viewport: viewport)
        state.lists[.recents] = DirectoryLists.recents(events: events, people: people)
        state.lists[.featured] = DirectoryLists.events(events, timeZone: timeZone)
        let (contacts, index) = DirectoryLists.contacts(people)
        state.lists[.contacts] = contacts
        state.sectionIndex = index
        let effects = requestVisibleImages(&state)
        return (state, effects)
    }

    /// Reads and parses a data file.
    static func readJSON(_ path: String, _ environment: SceneEnvironment) throws(RPCError) -> JSON {
        let bytes = try environment.readFile(path)
        do {
            return try JSONParser.parse(bytes, maxDepth: 32)
        } catch {
            throw RPCError(code: ErrorCode.fileMalformed, message: "\(path) is not valid JSON: \(error)")
        }
    }

    /// Runs `body`, prefixing any error's message with the parameter it concerns (`params.people: ...`).
    static func named<T>(_ param: String, _ body: () throws(RPCError) -> T) throws(RPCError) -> T {
        do { return try body() } catch { throw RPCError(code: error.code, message: "params.\(param): \(error.message)") }
    }

    public static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        switch action {
        case .tap(let id, _):
            guard let id else { return [] }
            tap(&state, id)
        case .scroll(let request):
            let target = try request.target(from: state.offset)
            scroll(&state, to: target)
        case .section(let request):
            try jump(&state, to: request)
        case .viewport(let viewport):
            state.viewport = viewport
            for tab in DirectoryTab.allCases { scroll(&state, tab: tab, to: state.offsets[tab]) }
        case .imageLoaded(let url, let result):
            guard state.pictures[url] == .loading else { return [] }
            switch result {
            case .success(let asset): state.pictures[url] = .loaded(asset: asset)
            case .failure(let failure): state.pictures[url] = .failed(reason: failure.reason)
            }
            return []
        case .timerFired, .jobFinished, .longPress:
            return []
        case .pan, .page:
            throw .notSupported("the directory scene takes no pan or page")
        case .command(let none):
            switch none {}  // no methods of its own
        }
        return requestVisibleImages(&state)
    }

    /// The chrome, the rows on screen and the model (``DirectoryRender``).
    public static func render(_ state: State, into screen: inout Screen<DirectoryPart>) -> JSON {
        DirectoryRender.render(state, into: &screen)
    }

    public static func builtinImage(_ id: String) -> ImageData? { DirectoryImages.image(id) }

    // MARK: Gestures

    /// A tap on a tab switches to it (on the current tab: scrolls it to the top, as UIKit does);
    /// on a section index entry it jumps there; on a row it selects the row. Anything else
    /// (title, headers, background, bars) changes nothing.
    static func tap(_ state: inout State, _ id: String) {
        let parts = NodeID(id)
        if parts.component(0, is: "tab"), let name = parts.component(1), let tab = DirectoryTab(rawValue: String(name)) {
            if tab == state.tab {
                scroll(&state, to: 0)
            } else {
                state.tab = tab
                state.select(nil)
            }
        } else if parts.component(0, is: "index"), let title = parts.component(1), parts.component(2) == nil {
            try? jump(&state, to: .title(String(title)))
        } else if let key = DirectoryGroupKey.row(parts, tab: state.tab), let row = parts.throughThird {
            // A tap anywhere on a row (its name, its picture) selects the row.
            state.select(key, id: String(row))
        }
    }

    static func scroll(_ state: inout State, tab: DirectoryTab? = nil, to offset: Double) {
        let tab = tab ?? state.tab
        state.offsets[tab] = min(max(0, offset), DirectoryRender.maxOffset(state, tab: tab))
    }

    /// Jumps to a section: on Contacts by section index entry (an empty letter jumps to the next
    /// letter with people, or the last section); on the other tabs by section title or position.
    static func jump(_ state: inout State, to request: SectionRequest) throws(RPCError) {
        let list = state.list
        guard !list.sections.isEmpty else {
            throw .invalidParams("params: the \(state.tab.rawValue) tab has no sections to jump to")
        }
        let section: Int
        if state.tab == .contacts {
            let titles = state.sectionIndex.map(\.title)
            switch request {
            case .title(let title):
                guard let entry = state.sectionIndex.first(where: { $0.title == title }) else {
                    throw .invalidParams("params.title: no section index entry \(JSON.string(title)); expected one of \(titles.joined(separator: " "))")
                }
                section = entry.section
            case .index(let index):
                guard index < titles.count else {
                    throw .invalidParams("params.index: expected an integer from 0 to \(titles.count - 1), got \(index)")
                }
                section = state.sectionIndex[index].section
            }
        } else {
            let titles = list.sections.map(\.title)
            switch request {
            case .title(let title):
                guard let index = titles.firstIndex(of: title) else {
                    throw .invalidParams("params.title: the \(state.tab.rawValue) tab has no section \(JSON.string(title)); expected one of \(titles.map { JSON.string($0).description }.joined(separator: ", "))")
                }
                section = index
            case .index(let index):
                guard index < titles.count else {
                    throw .invalidParams("params.index: expected an integer from 0 to \(titles.count - 1), got \(index)")
                }
                section = index
            }
        }
        scroll(&state, to: list.tops[section])
    }

    // MARK: Images

    /// Starts loading the pictures of the person rows that are nodes now and were never asked for.
    static func requestVisibleImages(_ state: inout State) -> [SceneEffect] {
        let band = DirectoryRender.renderedBand(state)
        // Loads only ever start here, so the band the last walk covered needs no second walk.
        let walked = ImageRequestBand(tab: state.tab, minY: band.minY, maxY: band.maxY)
        if state.imageRequestBand == walked { return [] }
        state.imageRequestBand = walked
        let list = state.list
        let people = state.people
        var effects: [SceneEffect] = []
        for (sectionIndex, rows) in list.rows(in: band.minY, band.maxY) {
            let sectionRows = list.sections[sectionIndex].rows
            for r in rows {
                guard case .person(let i) = sectionRows[r],
                      let load = state.pictures.startLoad(of: i, url: { people[i].profilePicture }) else { continue }
                effects.append(.loadImage(url: load))
            }
        }
        return effects
    }
}
