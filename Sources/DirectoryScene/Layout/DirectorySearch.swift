import SceneryCore

/// What a search (`find`, `reveal`) may want of the Directory's parts, answered from what each
/// part holds without building its nodes (``ScreenPart/mayMatch(_:)``): the Contacts list may
/// have 100,000 rows, and a search walks all of them, so no row's id or text is made here.
extension DirectoryRender {
    static func mayMatch(_ key: DirectoryGroupKey, _ inputs: DirectoryGroupInputs, _ query: NodeQuery) -> Bool {
        switch (key, inputs) {
        case (.row(let tab, _, let index), .person(let person, _, _, _, _, _)):
            guard rowIDMayMatch(query, tab: tab, kind: "person", index: index) else { return false }
            // Its texts, in reading order: the name ("First Last", the runs of its text node),
            // then "Age: N" below it. They name the row's background, the node with the role.
            let last = person.lastName.map { " " + $0 } ?? ""
            let age = person.age.map { "Age: \($0)" }
            if let role = query.role {
                return role == "row" && query.nameMatches(person.firstName, last, age == nil ? "" : " ", age ?? "")
            }
            return query.text == nil || query.textMatches(person.firstName, last) || age.map { query.textMatches($0) } == true
        case (.row(let tab, _, let index), .event(let event, let zone, _, _, _, _)):
            guard rowIDMayMatch(query, tab: tab, kind: "event", index: index) else { return false }
            // The name, then the date on the same line to its right.
            let date = rowDate(event.date, zone)
            if let role = query.role { return role == "row" && query.nameMatches(event.name, " ", date) }
            return query.text == nil || query.textMatches(event.name) || query.textMatches(date)
        case (.rowBackground(let tab, let isPerson, let index), _):
            guard rowIDMayMatch(query, tab: tab, kind: isPerson ? "person" : "event", index: index) else { return false }
            // One rect, with the role row (named by the row part's texts) and no text.
            return query.text == nil && (query.role == nil || query.role == "row")
        case (.header(let tab, _), .header(_, let id, let title, let sticky, _, _, _, _)):
            guard query.idMayMatch(under: "\(tab.rawValue).header.\(id)") else { return false }
            // A bar and its title: no role, and the title names nothing that has one.
            if query.role != nil { return false }
            return query.text == nil || query.textMatches(sticky ? title : title.uppercased())
        default:
            return true
        }
    }

    /// Whether the query's id may be a row's id (`TAB.KIND.I`) or extend it, or be extended by
    /// it: compared component by component, without the row's id made.
    static func rowIDMayMatch(_ query: NodeQuery, tab: DirectoryTab, kind: String, index: Int) -> Bool {
        guard let components = query.idComponents else { return true }
        if components.count > 0 && components[0] != tab.rawValue { return false }
        if components.count > 1 && components[1] != kind { return false }
        if components.count > 2 && Int(components[2]) != index { return false }
        return true
    }
}
