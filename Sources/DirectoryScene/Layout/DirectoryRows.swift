import SceneryCore

/// The Directory's rows: section headers, event and person rows (with their pictures), and
/// separators, each row a node group of the render memo.
extension DirectoryRender {
    static func addRows(_ state: DirectoryState, memo: inout DirectoryMemo.Groups, to display: inout DisplayList) {
        let list = state.list
        let band = renderedBand(state)
        let width = state.viewport.width, margin = state.viewport.layoutMargin
        let rowRight = state.tab == .contacts ? width - M.indexWidth : width
        let sticky = state.tab != .recents
        let selected = state.selectedRow
        let tab = state.tab
        for (sectionIndex, rows) in list.rows(in: band.minY, band.maxY) {
            var top = list.tops[sectionIndex]
            if sticky {
                // A plain table pins the header of the section at the top until the next one pushes it up.
                top = min(max(top, state.offset), list.tops[sectionIndex + 1] - list.headerHeight)
            }
            let headerKey = DirectoryGroupKey.header(tab: tab, section: sectionIndex)
            let headerInputs = DirectoryGroupInputs.header(top: top, width: width, margin: margin)
            if let group = memo.reuse(headerKey, inputs: headerInputs) {
                display.add(group)
            } else {
                var header = DisplayList()
                addHeader(state, section: list.sections[sectionIndex], top: top, sticky: sticky, to: &header)
                display.add(memo.store(headerKey, inputs: headerInputs, nodes: header.nodes))
            }
            let sectionRows = list.sections[sectionIndex].rows
            for r in rows {
                let top = list.rowTop(section: sectionIndex, row: r)
                let separator = r != sectionRows.count - 1
                let key: DirectoryGroupKey, background: DirectoryGroupKey, inputs: DirectoryGroupInputs, right: Double, isPerson: Bool
                switch sectionRows[r] {
                case .event(let i):
                    isPerson = false
                    key = .row(tab: tab, isPerson: false, index: i)
                    background = .rowBackground(tab: tab, isPerson: false, index: i)
                    right = width
                    inputs = .row(top: top, right: right, separator: separator, image: 0, width: width, margin: margin)
                case .person(let i):
                    isPerson = true
                    key = .row(tab: tab, isPerson: true, index: i)
                    background = .rowBackground(tab: tab, isPerson: true, index: i)
                    right = rowRight
                    inputs = .row(top: top, right: right, separator: separator, image: imageCode(state.pictures.state(of: i)),
                                  width: width, margin: margin)
                }
                let backgroundInputs = DirectoryGroupInputs.rowBackground(top: top, right: right, selected: selected == key)
                if let group = memo.reuse(background, inputs: backgroundInputs) {
                    display.add(group)
                } else {
                    display.add(memo.store(background, inputs: backgroundInputs,
                                           nodes: rowBackground(id: rowID(tab, sectionRows[r]), isPerson: isPerson, top: top, right: right,
                                                                selected: selected == key)))
                }
                if let group = memo.reuse(key, inputs: inputs) {
                    display.add(group)
                    continue
                }
                var row = DisplayList()
                switch sectionRows[r] {
                case .event(let i): addEventRow(state, index: i, top: top, right: width, separator: separator, to: &row)
                case .person(let i): addPersonRow(state, index: i, top: top, right: rowRight, separator: separator, to: &row)
                }
                display.add(memo.store(key, inputs: inputs, nodes: row.nodes))
            }
        }
    }

    /// The id of a row's background node, which the row's other node ids extend (`contacts.person.12`).
    static func rowID(_ tab: DirectoryTab, _ row: ListRow) -> String {
        switch row {
        case .event(let i): return "\(tab.rawValue).event.\(i)"
        case .person(let i): return "\(tab.rawValue).person.\(i)"
        }
    }

    /// A picture's state as a number for a row's inputs: 0 never asked for, 1 loading, 2 loaded, 3 failed.
    static func imageCode(_ state: ImageState?) -> UInt8 {
        switch state {
        case nil: return 0
        case .loading?: return 1
        case .loaded?: return 2
        case .failed?: return 3
        }
    }

    static func addHeader(_ state: DirectoryState, section: ListSection, top: Double, sticky: Bool, to display: inout DisplayList) {
        let width = state.viewport.width
        let margin = state.viewport.layoutMargin
        let list = state.list
        let id = "\(state.tab.rawValue).header.\(section.id)"
        if sticky {
            display.add(id, Node(.rect, frame: Rect(x: 0, y: top, width: width, height: list.headerHeight), z: 3, layer: .content,
                                 style: headerStyle))
            display.add(id + ".title", Node(.text, frame: Rect(x: margin, y: top, width: width - 2 * margin, height: list.headerHeight), z: 4, layer: .content,
                                            style: leftText,
                                            text: [TextRun(section.title, font: M.textFont, size: M.bodySize, weight: "semibold")]))
        } else {
            display.add(id + ".title", Node(.text, frame: Rect(x: margin, y: top + M.groupedHeaderTextTop, width: width - 2 * margin, height: M.groupedHeaderTextHeight),
                                            z: 4, layer: .content, style: ["align": "left", "verticalAlign": "center"],
                                            text: [TextRun(section.title.uppercased(), font: M.textFont, size: M.captionSize, color: M.groupedHeaderText)]))
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
    static func addEventRow(_ state: DirectoryState, index: Int, top: Double, right: Double, separator hasSeparator: Bool, to display: inout DisplayList) {
        let event = state.events[index]
        let id = rowID(state.tab, .event(index))
        let margin = state.viewport.layoutMargin
        let height = M.eventRowHeight
        display.add(id + ".name", Node(.text, frame: Rect(x: margin, y: top, width: max(0, right - 2 * margin - M.dateWidth - M.systemSpacing), height: height),
                                       z: 2, layer: .content, style: leftLine,
                                       text: [TextRun(event.name, font: M.textFont, size: M.bodySize)]))
        display.add(id + ".date", Node(.text, frame: Rect(x: right - margin - M.dateWidth, y: top, width: M.dateWidth, height: height),
                                       z: 2, layer: .content, style: rightLine,
                                       text: [TextRun(rowDate(event.date, state.timeZone), font: M.textFont, size: M.captionSize, color: M.secondaryText)]))
        if hasSeparator { separator(id: id, left: margin, right: right, bottom: top + height, to: &display) }
    }

    /// A person row: the 4:3 profile image inset by the system spacing and centred vertically,
    /// the name (sort value bold on the Contacts tab) and "Age: N" when known.
    static func addPersonRow(_ state: DirectoryState, index: Int, top: Double, right: Double, separator hasSeparator: Bool, to display: inout DisplayList) {
        let person = state.people[index]
        let id = rowID(state.tab, .person(index))
        let height = M.personRowHeight

        let imageFrame = Rect(x: M.systemSpacing, y: top + (height - M.imageHeight) / 2, width: M.imageWidth, height: M.imageHeight)
        let picture = state.pictures.state(of: index)
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
                                       text: nameRuns(person, highlightSortValue: state.tab == .contacts)))
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
