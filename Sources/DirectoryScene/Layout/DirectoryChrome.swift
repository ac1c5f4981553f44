import SceneryCore

/// The Directory's chrome: the navigation bar with its large title, the tab bar, and the section
/// index on Contacts.
extension DirectoryRender {
    /// The chrome of `tab` on `v`; `index`: the section index's titles (a JSON array of strings).
    static func addChrome(tab selected: DirectoryTab, viewport v: Viewport, index: JSON, to display: inout DisplayList) {
        let top = v.safeArea.top
        let barBottom = top + M.navigationBarHeight
        display.add("navbar", Node(.rect, frame: Rect(x: 0, y: 0, width: v.width, height: barBottom), z: 10,
                                   style: ["background": .string(M.barBackground)]))
        display.add("navbar.separator", Node(.line, frame: Rect(x: 0, y: barBottom - M.hairline, width: v.width, height: M.hairline), z: 11,
                                             style: ["color": .string(M.separator)]))
        display.add("title", Node(.text, frame: Rect(x: v.layoutMargin, y: top + M.largeTitleTop, width: v.width - 2 * v.layoutMargin, height: M.largeTitleHeight),
                                  z: 11, style: ["align": "left", "verticalAlign": "center"],
                                  text: [TextRun(selected.title, font: M.displayFont, size: M.largeTitleSize, weight: "bold")]))

        let tabTop = v.height - v.safeArea.bottom - M.tabBarHeight
        display.add("tabbar", Node(.rect, frame: Rect(x: 0, y: tabTop, width: v.width, height: M.tabBarHeight + v.safeArea.bottom), z: 10,
                                   style: ["background": .string(M.barBackground)]))
        display.add("tabbar.separator", Node(.line, frame: Rect(x: 0, y: tabTop, width: v.width, height: M.hairline), z: 11,
                                             style: ["color": .string(M.separator)]))
        let itemWidth = v.width / Double(DirectoryTab.allCases.count)
        for (i, tab) in DirectoryTab.allCases.enumerated() {
            let x = Double(i) * itemWidth
            let color = tab == selected ? M.tint : M.secondaryText
            let id = "tab.\(tab.rawValue)"
            display.add(id, Node(.rect, frame: Rect(x: x, y: tabTop, width: itemWidth, height: M.tabBarHeight), z: 11,
                                 style: ["role": "button", "selected": .bool(tab == selected)]))
            display.add(id + ".icon", Node(.image, frame: Rect(x: x + (itemWidth - M.tabIconSize) / 2, y: tabTop + M.tabIconTop, width: M.tabIconSize, height: M.tabIconSize),
                                           z: 12, style: ["contentMode": "aspectFit", "tint": .string(color)], image: DirectoryImages.icon(tab)))
            display.add(id + ".label", Node(.text, frame: Rect(x: x, y: tabTop + M.tabLabelTop, width: itemWidth, height: M.tabLabelHeight), z: 12,
                                            style: ["align": "center", "verticalAlign": "center"],
                                            text: [TextRun(tab.label, font: M.textFont, size: M.tabLabelSize, weight: "medium", color: color)]))
        }

        if selected == .contacts, case .array(let titles) = index, !titles.isEmpty {
            let frame = listFrame(v)
            let entryHeight = min(M.indexEntryHeight, frame.height / Double(titles.count))
            let indexTop = frame.y + (frame.height - entryHeight * Double(titles.count)) / 2
            for (i, entry) in titles.enumerated() {
                guard case .string(let title) = entry else { continue }
                display.add("index.\(title)", Node(.text, frame: Rect(x: v.width - M.indexWidth, y: indexTop + Double(i) * entryHeight, width: M.indexWidth, height: entryHeight),
                                                         z: 12, style: ["align": "center", "verticalAlign": "center", "role": "button"],
                                                         text: [TextRun(title, font: M.textFont, size: M.indexSize, weight: "semibold", color: M.tint)]))
            }
        }
    }
}
