/// Builds the three tabs' lists from the data, following the GoTest brief.
enum DirectoryLists {
    /// Recents: "Events" with the first 10 events and "People" with the first 10 people, in the
    /// order given; an empty array hides its section.
    static func recents(events: [Event], people: [Person]) -> SectionedList {
        var sections: [ListSection] = []
        if !events.isEmpty {
            sections.append(ListSection(id: "events", title: "Events", rows: (0..<min(10, events.count)).map(ListRow.event),
                                        rowHeight: DirectoryMetrics.eventRowHeight))
        }
        if !people.isEmpty {
            sections.append(ListSection(id: "people", title: "People", rows: (0..<min(10, people.count)).map(ListRow.person),
                                        rowHeight: DirectoryMetrics.personRowHeight))
        }
        return SectionedList(sections: sections, headerHeight: DirectoryMetrics.groupedHeaderHeight)
    }

    /// Events: sections by month in the scene's time zone, newest month first, titled
    /// "MMMM yyyy"; rows oldest first (equal dates keep file order).
    static func events(_ events: [Event], timeZone: SceneTimeZone) -> SectionedList {
        var byMonth: [Int: [Int]] = [:]
        for (index, event) in events.enumerated() {
            let date = timeZone.civilDate(event.date)
            byMonth[date.year * 12 + date.month - 1, default: []].append(index)
        }
        let sections = byMonth.keys.sorted(by: >).map { month -> ListSection in
            let rows = byMonth[month]!.enumerated()
                .sorted { (events[$0.element].date, $0.offset) < (events[$1.element].date, $1.offset) }
                .map { ListRow.event($0.element) }
            let year = month / 12, monthNumber = month % 12 + 1
            let id = "\(year)-\(monthNumber < 10 ? "0" : "")\(monthNumber)"
            return ListSection(id: id, title: "\(ISODate.monthNames[monthNumber - 1]) \(year)", rows: rows,
                               rowHeight: DirectoryMetrics.eventRowHeight)
        }
        return SectionedList(sections: sections, headerHeight: DirectoryMetrics.plainHeaderHeight)
    }

    /// The section index entries: A to Z, then #.
    static let indexTitles: [String] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]

    /// Contacts: sorted by the folded sort value (ties keep file order), sectioned by its first
    /// letter A-Z or `#`; only letters with people get a section. The index lists all 27
    /// entries; an empty entry jumps to the next section with people, or the last one.
    static func contacts(_ people: [Person]) -> (SectionedList, [(title: String, section: Int)]) {
        let keys = people.map { NameFolding.key($0.sortValue) }
        let order = people.indices.sorted { a, b in
            keys[a] == keys[b] ? a < b : NameFolding.precedes(keys[a], keys[b])
        }
        var sections: [ListSection] = []
        var byLetter: [String: [ListRow]] = [:]
        for index in order { byLetter[NameFolding.sectionLetter(keys[index]), default: []].append(.person(index)) }
        for title in indexTitles {
            if let rows = byLetter[title] {
                sections.append(ListSection(id: title, title: title, rows: rows, rowHeight: DirectoryMetrics.personRowHeight))
            }
        }
        var index: [(String, Int)] = []
        for title in indexTitles where !sections.isEmpty {
            let target = sections.firstIndex { indexTitles.firstIndex(of: $0.title)! >= indexTitles.firstIndex(of: title)! }
            index.append((title, target ?? max(0, sections.count - 1)))
        }
        return (SectionedList(sections: sections, headerHeight: DirectoryMetrics.plainHeaderHeight), index)
    }
}
