import SceneryCore

/// The Directory's rows: section headers, event and person rows (with their pictures), and
/// separators, each row a part of the screen (``DirectoryPart``).
extension DirectoryRender {
    /// The rows on `state`'s screen (those in the rendered band, or all of them when `whole`:
    /// ``Screen/wholeContent``), section by section.
    /// In a whole-content render for a search about text (`query`), only the rows whose texts
    /// may match it (``DirectorySearchText``).
    static func forEachRow(_ state: DirectoryState, whole: Bool, query: NodeQuery? = nil,
                           _ body: (_ section: Int, _ headerTop: Double, _ row: Int, _ top: Double, _ right: Double) -> Void) {
        let list = state.list
        let band = whole ? (minY: 0, maxY: list.contentHeight + 1) : renderedBand(state)
        let people = whole ? query.flatMap { state.searchText.people($0, state.people) } : nil
        let events = whole ? query.flatMap { state.searchText.events($0, state.events, zone: state.timeZone) } : nil
        let width = state.viewport.width
        let rowRight = state.tab == .contacts ? width - M.indexWidth : width
        let sticky = state.tab != .recents
        list.forEachSection(in: band.minY, band.maxY) { sectionIndex, rows in
            var headerTop = list.tops[sectionIndex]
            if sticky {
                // A plain table pins the header of the section at the top until the next one pushes it up.
                headerTop = min(max(headerTop, state.offset), list.tops[sectionIndex + 1] - list.headerHeight)
            }
            body(sectionIndex, headerTop, -1, 0, 0)
            let sectionRows = list.sections[sectionIndex].rows
            for r in rows {
                switch sectionRows[r] {
                case .person(let i): if let people, !people[i] { continue }
                case .event(let i): if let events, !events[i] { continue }
                }
                let right: Double
                if case .person = sectionRows[r] { right = rowRight } else { right = width }
                body(sectionIndex, headerTop, r, list.rowTop(section: sectionIndex, row: r), right)
            }
        }
    }

    /// The section headers and rows of the rendered band.
    static func addRows(_ state: DirectoryState, to screen: inout Screen<DirectoryPart>) {
        let list = state.list
        let width = state.viewport.width, margin = state.viewport.layoutMargin
        let sticky = state.tab != .recents
        let tab = state.tab
        forEachRow(state, whole: screen.wholeContent, query: screen.query) { sectionIndex, headerTop, r, top, right in
            let section = list.sections[sectionIndex]
            guard r >= 0 else {
                screen.add(DirectoryPart(key: .header(tab: tab, section: sectionIndex),
                                         inputs: .header(tab: tab, id: section.id, title: section.title, sticky: sticky, top: headerTop,
                                                         width: width, height: list.headerHeight, margin: margin)))
                return
            }
            let separator = r != section.rows.count - 1
            switch section.rows[r] {
            case .event(let i):
                screen.add(DirectoryPart(key: .row(tab: tab, isPerson: false, index: i),
                                         inputs: .event(state.events[i], zone: state.timeZone, top: top, right: right, separator: separator,
                                                        margin: margin)))
            case .person(let i):
                screen.add(DirectoryPart(key: .row(tab: tab, isPerson: true, index: i),
                                         inputs: .person(state.people[i], picture: state.pictures.state(of: i), contacts: tab == .contacts,
                                                         top: top, right: right, separator: separator)))
            }
        }
    }

    /// The backgrounds of the rows in the rendered band; `selected` is the selected row.
    static func addRowBackgrounds(_ state: DirectoryState, selected: DirectoryGroupKey?, to screen: inout Screen<DirectoryPart>) {
        let list = state.list
        let tab = state.tab
        forEachRow(state, whole: screen.wholeContent, query: screen.query) { sectionIndex, _, r, top, right in
            guard r >= 0 else { return }
            let isPerson: Bool, index: Int
            switch list.sections[sectionIndex].rows[r] {
            case .event(let i): isPerson = false; index = i
            case .person(let i): isPerson = true; index = i
            }
            screen.add(DirectoryPart(key: .rowBackground(tab: tab, isPerson: isPerson, index: index),
                                     inputs: .rowBackground(top: top, right: right,
                                                            selected: selected == .row(tab: tab, isPerson: isPerson, index: index))))
        }
    }

    /// The id of a row's background node, which the row's other node ids extend (`contacts.person.12`).
    static func rowID(_ tab: DirectoryTab, _ row: ListRow) -> String {
        // Put together without interpolation: a tap builds the ids of the rows it (de)selects.
        var id = ASCIIText()
        id.append(tab.rawValue)
        switch row {
        case .event(let i): id.append(".event."); id.append(i)
        case .person(let i): id.append(".person."); id.append(i)
        }
        return id.string
    }

    /// A section's header: on a plain table (sticky) a bar with the title, pinned while its
    /// section shows; on the grouped Recents table the title in capitals above the section.
    static func addHeader(tab: DirectoryTab, id sectionID: String, title: String, sticky: Bool, top: Double, width: Double, height: Double,
                          margin: Double, to display: inout DisplayList) {
        let id = "\(tab.rawValue).header.\(sectionID)"
        if sticky {
            display.add(id, Node(.rect, frame: Rect(x: 0, y: top, width: width, height: height), z: 3, layer: .content,
                                 style: headerStyle))
            display.add(id + ".title", Node(.text, frame: Rect(x: margin, y: top, width: width - 2 * margin, height: height), z: 4, layer: .content,
                                            style: leftText,
                                            text: [TextRun(title, font: M.textFont, size: M.bodySize, weight: "semibold")]))
        } else {
            display.add(id + ".title", Node(.text, frame: Rect(x: margin, y: top + M.groupedHeaderTextTop, width: width - 2 * margin, height: M.groupedHeaderTextHeight),
                                            z: 4, layer: .content, style: ["align": "left", "verticalAlign": "center"],
                                            text: [TextRun(title.uppercased(), font: M.textFont, size: M.captionSize, color: M.groupedHeaderText)]))
        }
    }

    static func separator(id: String, left: Double, right: Double, bottom: Double, to display: inout DisplayList) {
        display.add(id + ".separator", Node(.line, frame: Rect(x: left, y: bottom - M.hairline, width: right - left, height: M.hairline), z: 2,
                                            layer: .content, style: separatorStyle))
    }

    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "27 Sep, 2018", in the scene's time zone.
    static func rowDate(_ seconds: Int, _ zone: SceneTimeZone) -> String {
        let date = zone.civilDate(seconds)
        return "\(date.day) \(shortMonths[date.month - 1]), \(date.year)"
    }

    /// An event row: the name at the leading layout margin, the date right-aligned at the trailing one.
    static func addEventRow(_ event: Event, id: String, zone: SceneTimeZone, top: Double, right: Double, margin: Double,
                            separator hasSeparator: Bool, to display: inout DisplayList) {
        let height = M.eventRowHeight
        display.add(id + ".name", Node(.text, frame: Rect(x: margin, y: top, width: max(0, right - 2 * margin - M.dateWidth - M.systemSpacing), height: height),
                                       z: 2, layer: .content, style: leftLine,
                                       text: [TextRun(event.name, font: M.textFont, size: M.bodySize)]))
        display.add(id + ".date", Node(.text, frame: Rect(x: right - margin - M.dateWidth, y: top, width: M.dateWidth, height: height),
                                       z: 2, layer: .content, style: rightLine,
                                       text: [TextRun(rowDate(event.date, zone), font: M.textFont, size: M.captionSize, color: M.secondaryText)]))
        if hasSeparator { separator(id: id, left: margin, right: right, bottom: top + height, to: &display) }
    }

    /// A person row: the 4:3 profile image inset by the system spacing and centred vertically,
    /// the name (sort value bold on the Contacts tab) and "Age: N" when known.
    static func addPersonRow(_ person: Person, id: String, picture: ImageState?, contacts: Bool, top: Double, right: Double,
                             separator hasSeparator: Bool, to display: inout DisplayList) {
        let height = M.personRowHeight

        let imageFrame = Rect(x: M.systemSpacing, y: top + (height - M.imageHeight) / 2, width: M.imageWidth, height: M.imageHeight)
        let imageState = ImageState.styleName(picture, hasPicture: person.profilePicture != nil)
        var asset = DirectoryImages.placeholder
        if case .loaded(let id)? = picture { asset = id }
        display.add(id + ".image", Node(.image, frame: imageFrame, z: 2, layer: .content,
                                        style: imageStyles[imageState]!, image: asset))

        let textLeft = imageFrame.maxX + M.systemSpacing
        let textWidth = max(0, right - textLeft - M.systemSpacing)
        let nameTop = person.age == nil ? top + (height - M.nameHeight) / 2 : top + M.nameTop
        display.add(id + ".name", Node(.text, frame: Rect(x: textLeft, y: nameTop, width: textWidth, height: M.nameHeight), z: 2, layer: .content,
                                       style: leftLine,
                                       text: nameRuns(person, highlightSortValue: contacts)))
        if let age = person.age {
            display.add(id + ".age", Node(.text, frame: Rect(x: textLeft, y: top + M.ageTop, width: textWidth, height: M.ageHeight), z: 2, layer: .content,
                                          style: leftLine,
                                          text: [TextRun("Age: \(age)", font: M.textFont, size: M.captionSize, color: M.secondaryText)]))
        }
        if hasSeparator { separator(id: id, left: textLeft, right: right, bottom: top + height, to: &display) }
    }

    /// The full name as runs; with `highlightSortValue` the value people are sorted by is bold.
    static func nameRuns(_ person: Person, highlightSortValue: Bool) -> [TextRun] {
        func run(_ text: String, bold: Bool) -> TextRun {
            TextRun(text, font: M.textFont, size: M.bodySize, weight: bold ? "bold" : "regular")
        }
        guard highlightSortValue else { return [run(person.fullName, bold: false)] }
        guard let last = person.lastName else { return [run(person.firstName, bold: true)] }
        return [run(person.firstName + " ", bold: false), run(last, bold: true)]
    }
}
