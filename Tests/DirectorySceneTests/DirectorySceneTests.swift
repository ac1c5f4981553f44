import Foundation
import Testing
import SceneryTestSupport
@testable import DirectoryScene
@testable import SceneryCore

/// Helpers: open the scene on given data and look at what it shows.
enum Fixture {
    static let environment = SceneEnvironment(now: { 0 }, random: { 0 }, readFile: { (path) throws(RPCError) in
        guard let data = FileManager.default.contents(atPath: path) else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): missing") }
        return [UInt8](data)
    })

    static let seedData = SharedData.path("seed-data/GoTest")

    static func open(events: [Event], people: [Person], viewport: Viewport = .phone) -> DirectoryState {
        var state = DirectoryState(events: events, people: people, timeZone: .utc, viewport: viewport)
        state.lists[.recents] = DirectoryLists.recents(events: events, people: people)
        state.lists[.featured] = DirectoryLists.events(events, timeZone: .utc)
        (state.lists[.contacts], state.sectionIndex) = DirectoryLists.contacts(people)
        return state
    }

    static func openSeedData() throws -> DirectoryState {
        let params = Params(["events": .string(seedData + "/events.json"), "people": .string(seedData + "/people.json")])
        return try DirectoryScene.open(params, viewport: .phone, environment: environment).0
    }

    static func node(_ state: DirectoryState, _ id: String) -> Node? {
        DirectoryScene.render(state).display.node(id)
    }

    static func date(_ text: String) -> Int { ISODate.parse(text)! }
}

@Suite("Directory data")
struct DirectoryDataTests {
    @Test("events are sectioned by month, newest month first, titled MMMM yyyy, rows oldest first")
    func eventsByMonth() {
        let events = [Event(name: "b", date: Fixture.date("2018-11-19T10:02:21Z")), Event(name: "a", date: Fixture.date("2018-11-02T00:00:00Z")),
                      Event(name: "c", date: Fixture.date("2019-01-13T00:00:00Z")), Event(name: "d", date: Fixture.date("2018-03-28T04:01:53Z"))]
        let list = DirectoryLists.events(events, timeZone: .utc)
        #expect(list.sections.map(\.title) == ["January 2019", "November 2018", "March 2018"])
        #expect(list.sections[1].rows == [.event(1), .event(0)])
    }

    @Test("the time zone decides the month an event falls in")
    func timeZoneMonth() throws {
        let events = [Event(name: "new year", date: Fixture.date("2018-12-31T20:00:00Z"))]
        #expect(DirectoryLists.events(events, timeZone: .utc).sections.map(\.title) == ["December 2018"])
        #expect(DirectoryLists.events(events, timeZone: try SceneTimeZone("+05:00")).sections.map(\.title) == ["January 2019"])
    }

    @Test("contacts sort by last name else first name, ignoring case and diacritics, ties in file order")
    func contactsOrder() {
        let people = [Person(firstName: "Zed", lastName: "émile"), Person(firstName: "anna"), Person(firstName: "Bob", lastName: "Ødegaard"),
                      Person(firstName: "Carl", lastName: "Emile"), Person(firstName: "42"), Person(firstName: "Al", lastName: "Émile")]
        let (list, index) = DirectoryLists.contacts(people)
        #expect(list.sections.map(\.title) == ["A", "E", "O", "#"])
        #expect(list.sections[1].rows == [.person(0), .person(3), .person(5)])
        #expect(list.sections[2].rows == [.person(2)])
        #expect(index.count == 27)
        #expect(index.map(\.title).prefix(3) == ["A", "B", "C"])
        #expect(index.last?.title == "#")
        // B is empty: it jumps to the next letter with people, E.
        #expect(index[1].section == 1)
        // Z is empty and nothing follows but #.
        #expect(index[25].section == 3)
    }

    @Test("recents shows at most 10 events and 10 people and hides an empty section")
    func recents() {
        let events = (0..<12).map { Event(name: "e\($0)", date: $0) }
        let people = (0..<3).map { Person(firstName: "p\($0)") }
        #expect(DirectoryLists.recents(events: events, people: people).sections.map(\.rows.count) == [10, 3])
        #expect(DirectoryLists.recents(events: [], people: people).sections.map(\.id) == ["people"])
        #expect(DirectoryLists.recents(events: events, people: []).sections.map(\.id) == ["events"])
    }

    @Test("the real GoTest data opens with its months and letters", SharedData.needs("seed-data/GoTest", "the GoTest brief's people.json and events.json"))
    func seedData() throws {
        let state = try Fixture.openSeedData()
        #expect(state.events.count == 50 && state.people.count == 50)
        #expect(state.lists[.featured].sections.first?.title == "January 2019")
        #expect(state.lists[.contacts].sections.first?.title == "A")
    }

    @Test("a malformed record is refused with the file, record and field named")
    func malformed() {
        let json = try! JSONParser.parse(#"[{"firstName":"A","age":"ten"}]"#)
        #expect(throws: RPCError(code: ErrorCode.fileMalformed, message: #"p.json [0].age: expected an integer from 0 to 1000 or null, got "ten""#)) {
            try DirectoryDecoder.people(json, file: "p.json")
        }
    }

    @Test("ISO-8601 dates parse with zones and fractions and reject nonsense", arguments: [
        ("2018-09-27T05:44:55Z", 1_538_027_095), ("2018-09-27T07:44:55.250+02:00", 1_538_027_095), ("2018-02-30T00:00:00Z", nil),
        ("2018-09-27", nil), ("2018-09-27T05:44:55", nil), ("yesterday", nil),
    ] as [(String, Int?)])
    func dates(text: String, seconds: Int?) {
        #expect(ISODate.parse(text) == seconds)
    }
}

@Suite("Directory screen")
struct DirectoryScreenTests {
    static let people = [Person(firstName: "Jule", lastName: "Beevis", age: 50, profilePicture: "scenery:directory.portrait.1"),
                         Person(firstName: "Augusto")]

    @Test("a person row: 4:3 image 32 pt tall, inset by the system spacing, centred vertically")
    func personRowLayout() throws {
        var state = Fixture.open(events: [], people: Self.people)
        state.tab = .contacts
        let image = try #require(Fixture.node(state, "contacts.person.1.image"))
        let row = try #require(Fixture.node(state, "contacts.person.1"))
        #expect(image.frame.height == 32)
        #expect(abs(image.frame.width / image.frame.height - 4.0 / 3.0) < 0.001)
        #expect(image.frame.x == 8)
        #expect(image.frame.y - row.frame.y >= 8 && row.frame.maxY - image.frame.maxY >= 8)
        #expect(abs((image.frame.y + 16) - (row.frame.y + row.frame.height / 2)) < 0.001)
    }

    @Test("on Contacts the sort value is bold; on Recents no run is bold")
    func boldSortValue() throws {
        var state = Fixture.open(events: [], people: Self.people)
        state.tab = .contacts
        let name = try #require(Fixture.node(state, "contacts.person.0.name"))
        #expect(name.text.map(\.text) == ["Jule ", "Beevis"])
        #expect(name.text.map(\.weight) == ["regular", "bold"])
        #expect(Fixture.node(state, "contacts.person.1.name")?.text.map(\.weight) == ["bold"])
        #expect(Fixture.node(state, "contacts.person.0.age")?.text.first?.text == "Age: 50")
        #expect(Fixture.node(state, "contacts.person.1.age") == nil)
        state.tab = .recents
        #expect(Fixture.node(state, "recents.person.0.name")?.text.map(\.weight) == ["regular"])
    }

    @Test("the placeholder shows while loading and after a failure; the loaded asset after success")
    func imageStates() throws {
        var state = Fixture.open(events: [], people: Self.people)
        state.tab = .contacts
        let effects = DirectoryScene.requestVisibleImages(&state)
        #expect(effects == [.loadImage(url: "scenery:directory.portrait.1")])
        #expect(Fixture.node(state, "contacts.person.0.image")?.image == "directory.placeholder")
        #expect(DirectoryScene.requestVisibleImages(&state).isEmpty, "a picture is asked for once")
        var failed = state
        _ = try DirectoryScene.reduce(&failed, .imageLoaded(url: "scenery:directory.portrait.1", result: .failure(ImageLoadFailure("404"))), environment: Fixture.environment)
        #expect(Fixture.node(failed, "contacts.person.0.image")?.image == "directory.placeholder")
        #expect(Fixture.node(failed, "contacts.person.0.image")?.style["imageState"] == "failed")
        _ = try DirectoryScene.reduce(&state, .imageLoaded(url: "scenery:directory.portrait.1", result: .success("image.1")), environment: Fixture.environment)
        #expect(Fixture.node(state, "contacts.person.0.image")?.image == "image.1")
    }

    @Test("only rows near the visible area are nodes, whatever the number of people")
    func virtualization() throws {
        let people = (0..<20_000).map { Person(firstName: "P\($0)", lastName: "Name\($0)") }
        var state = Fixture.open(events: [], people: people)
        state.tab = .contacts
        let rendered = DirectoryScene.render(state).display.allNodes.filter { $0.id.hasPrefix("contacts.person.") && !$0.id.contains(".", after: 16) }
        #expect(rendered.count > 10 && rendered.count < 40)
        _ = try DirectoryScene.reduce(&state, .scroll(.to(offsetY: 500_000)), environment: Fixture.environment)
        let later = DirectoryScene.render(state).display
        #expect(later.content?.offsetY == 500_000)
        #expect(later.allNodes.filter { $0.id.hasPrefix("contacts.person.") }.count < 200)
    }

    @Test("jumping to an empty letter lands on the next letter with people")
    func sectionJump() throws {
        let people = [Person(firstName: "A", lastName: "Adams")] + (0..<40).map { Person(firstName: "x", lastName: "Barr\($0)") } + [Person(firstName: "y", lastName: "Kim")]
        var state = Fixture.open(events: [], people: people)
        state.tab = .contacts
        _ = try DirectoryScene.reduce(&state, .section(.title("I")), environment: Fixture.environment)
        let list = state.lists[.contacts]
        let k = list.sections.firstIndex { $0.title == "K" }!
        #expect(state.offset == min(list.tops[k], DirectoryRender.maxOffset(state, tab: .contacts)))
        #expect(throws: RPCError.self) { try DirectoryScene.reduce(&state, .section(.title("ii")), environment: Fixture.environment) }
    }

    @Test("tapping a tab switches to it; tapping the current tab scrolls it to the top; a row tap selects the row")
    func taps() throws {
        var state = Fixture.open(events: [Event(name: "e", date: 0)], people: Self.people)
        _ = try DirectoryScene.reduce(&state, .tap(id: "tab.contacts.icon", point: nil), environment: Fixture.environment)
        #expect(state.tab == .contacts)
        _ = try DirectoryScene.reduce(&state, .tap(id: "contacts.person.1.name", point: nil), environment: Fixture.environment)
        #expect(state.selection == "contacts.person.1")
        #expect(Fixture.node(state, "contacts.person.1")?.style["background"] == .string(DirectoryMetrics.selectedRowBackground))
        _ = try DirectoryScene.reduce(&state, .tap(id: "title", point: nil), environment: Fixture.environment)
        #expect(state.selection == "contacts.person.1")
        _ = try DirectoryScene.reduce(&state, .tap(id: "tab.featured", point: nil), environment: Fixture.environment)
        #expect(state.tab == .featured && state.selection == nil)
    }
}

extension String {
    /// Whether the string has `character` at or after UTF-8 offset `offset`.
    func contains(_ character: Character, after offset: Int) -> Bool {
        dropFirst(offset).contains(character)
    }
}
