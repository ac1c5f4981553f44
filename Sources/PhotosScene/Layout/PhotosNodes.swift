import SceneryCore

/// The Photos screen's nodes: the navigation bar, the gallery's photo, the notice and the empty
/// state (the grid's cells are ``PhotosRender/nodes(_:_:)``'s).
extension PhotosRender {
    static let centered: JSONObject = ["align": "center", "fontFallback": .string(M.fontFallback), "lines": 1, "verticalAlign": "center"]

    /// The navigation bar: "Photos" (and the offline badge) at home; back, "5/16" and remove in
    /// the gallery.
    static func chrome(_ viewport: Viewport, layout: PhotosLayout, gallery position: String?, badge: String?) -> [(id: String, node: Node)] {
        let safe = viewport.safeArea, width = viewport.width
        let bar = Rect(x: 0, y: safe.top, width: width, height: M.navigationBarHeight)
        let prefix = position == nil ? "navbar" : "gallery.navbar"
        var nodes: [(id: String, node: Node)] = [
            (prefix, Node(.rect, frame: Rect(x: 0, y: 0, width: width, height: layout.navigationBottom), z: M.zBars,
                          style: ["background": .string(M.bar), "opacity": .number(position == nil ? 1 : 0.94)])),
            (prefix + ".separator", Node(.line, frame: Rect(x: 0, y: layout.navigationBottom - M.hairline, width: width, height: M.hairline),
                                         z: M.zBarItems, style: ["color": .string(M.separator)])),
        ]
        guard let position else {
            nodes.append(("title", Node(.text, frame: bar, z: M.zBarItems, style: centered,
                                        text: [TextRun("Photos", font: M.font, size: M.titleSize, weight: "semibold", color: M.text)])))
            if let badge {
                let frame = Rect(x: width - safe.right - 16 - M.badgeWidth, y: bar.y + (bar.height - M.badgeHeight) / 2, width: M.badgeWidth, height: M.badgeHeight)
                nodes.append(("offline.badge", Node(.rect, frame: frame, z: M.zBarItems, style: ["background": .string(M.badge), "cornerRadius": .number(M.badgeHeight / 2)])))
                nodes.append(("offline.badge.label", Node(.text, frame: frame, z: M.zBarItems + 1, style: centered,
                                                          text: [TextRun(badge, font: M.font, size: M.badgeSize, weight: "semibold", color: "#FFFFFF")])))
            }
            return nodes
        }
        let back = Rect(x: safe.left, y: bar.y, width: M.backWidth, height: bar.height)
        let remove = Rect(x: width - safe.right - M.buttonSize, y: bar.y, width: M.buttonSize, height: bar.height)
        nodes += [
            ("gallery.back", Node(.rect, frame: back, z: M.zBarItems, style: ["role": "button"])),
            ("gallery.back.icon", Node(.image, frame: Rect(x: back.x + 8, y: bar.y + 11, width: 13, height: M.iconSize), z: M.zBarItems + 1,
                                       style: ["contentMode": "aspectFit", "tint": .string(M.tint)], image: PhotosImages.back)),
            ("gallery.back.label", Node(.text, frame: Rect(x: back.x + 26, y: bar.y, width: back.width - 26, height: bar.height), z: M.zBarItems + 1,
                                        style: ["align": "left", "fontFallback": .string(M.fontFallback), "lines": 1, "verticalAlign": "center"],
                                        text: [TextRun("Photos", font: M.font, size: M.titleSize, color: M.tint)])),
            ("gallery.title", Node(.text, frame: Rect(x: back.maxX, y: bar.y, width: max(0, remove.x - back.maxX), height: bar.height), z: M.zBarItems,
                                   style: centered, text: [TextRun(position, font: M.font, size: M.titleSize, weight: "semibold", color: M.text)])),
            ("gallery.remove", Node(.rect, frame: remove, z: M.zBarItems, style: ["role": "button"])),
            ("gallery.remove.icon", Node(.image, frame: Rect(x: remove.x + 11, y: bar.y + 11, width: M.iconSize, height: M.iconSize), z: M.zBarItems + 1,
                                         style: ["contentMode": "aspectFit", "tint": .string(M.tint)], image: PhotosImages.trash)),
        ]
        return nodes
    }

    /// The gallery's photo, fitted into the area under the bar (the whole photo shows, on
    /// black), and its name and description over its bottom where they are not empty.
    static func gallery(_ photo: Photo, asset: String, imageState: String, viewport: Viewport, layout: PhotosLayout) -> [(id: String, node: Node)] {
        var nodes: [(id: String, node: Node)] = [
            ("gallery.background", Node(.rect, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), z: M.zBackground,
                                        style: ["background": .string(M.galleryBackground)])),
            ("gallery.photo", Node(.image, frame: layout.grid, z: M.zThumbnail, style: ["contentMode": "aspectFit", "imageState": .string(imageState)], image: asset)),
        ]
        guard !photo.name.isEmpty || !photo.description.isEmpty else { return nodes }
        let bottom = viewport.height - viewport.safeArea.bottom
        let caption = Rect(x: 0, y: bottom - M.captionHeight, width: viewport.width, height: M.captionHeight + viewport.safeArea.bottom)
        let left = viewport.safeArea.left + 16, textWidth = max(0, viewport.width - viewport.safeArea.left - viewport.safeArea.right - 32)
        nodes.append(("gallery.caption", Node(.rect, frame: caption, z: M.zThumbnail + 1,
                                              style: ["background": .string(M.caption), "opacity": .number(M.captionOpacity)])))
        let style: JSONObject = ["align": "left", "fontFallback": .string(M.fontFallback), "lines": 1, "verticalAlign": "center"]
        if !photo.name.isEmpty {
            nodes.append(("gallery.name", Node(.text, frame: Rect(x: left, y: caption.y + 12, width: textWidth, height: 22), z: M.zThumbnail + 2, style: style,
                                               text: [TextRun(photo.name, font: M.font, size: M.nameSize, weight: "semibold", color: M.captionText)])))
        }
        if !photo.description.isEmpty {
            nodes.append(("gallery.description", Node(.text, frame: Rect(x: left, y: caption.y + (photo.name.isEmpty ? 12 : 38), width: textWidth, height: 20),
                                                      z: M.zThumbnail + 2, style: style,
                                                      text: [TextRun(photo.description, font: M.font, size: M.descriptionSize, color: M.captionText)])))
        }
        return nodes
    }

    /// The notice: a dark band the width of the screen just under the bar, over the top of the
    /// grid or the gallery's photo, its line centred in the safe width.
    static func noticeNodes(_ text: String?, viewport: Viewport, layout: PhotosLayout) -> [(id: String, node: Node)] {
        guard let text else { return [] }
        let safe = viewport.safeArea
        let band = Rect(x: 0, y: layout.navigationBottom, width: viewport.width, height: M.noticeHeight)
        let line = Rect(x: safe.left + 16, y: band.y, width: max(0, viewport.width - safe.left - safe.right - 32), height: band.height)
        return [
            ("notice", Node(.rect, frame: band, z: M.zNotice, style: ["background": .string(M.notice), "opacity": .number(M.noticeOpacity)])),
            ("notice.label", Node(.text, frame: line, z: M.zNotice + 1, style: centered,
                                  text: [TextRun(text, font: M.font, size: M.noticeSize, weight: "semibold", color: "#FFFFFF")])),
        ]
    }

    /// The home screen without thumbnails, as an iOS empty state: a symbol, a title, a line of
    /// explanation and, where trying again can help, a Retry button, centred in the grid's area.
    static func emptyNodes(_ empty: EmptyState?, layout: PhotosLayout) -> [(id: String, node: Node)] {
        guard let empty else { return [] }
        let area = layout.grid
        let width = min(M.emptyWidth, max(1, area.width - 32))
        let x = area.x + (area.width - width) / 2
        let top = area.y + max(0, area.height / 2 - 120)
        let texts: (title: String, message: String, symbol: String?, retry: Bool)
        switch empty {
        case .loading: texts = ("Loading Photos…", "", nil, false)
        case .offline: texts = ("You're Offline", "Connect to the internet to see the photos. Photos you have seen stay here for the next time you are offline.",
                                PhotosImages.offlineSymbol, true)
        case .error(let reason): texts = ("Couldn't Load Photos", reason, PhotosImages.errorSymbol, true)
        case .empty(let removedAll): texts = ("No Photos", removedAll ? "You removed every photo." : "The list has no photos.", PhotosImages.emptySymbol, false)
        }
        let wrap: JSONObject = ["align": "center", "fontFallback": .string(M.fontFallback), "lines": 3, "verticalAlign": "top"]
        var nodes: [(id: String, node: Node)] = []
        if let symbol = texts.symbol {
            nodes.append(("empty.symbol", Node(.image, frame: Rect(x: area.x + (area.width - M.symbolSize) / 2, y: top, width: M.symbolSize, height: M.symbolSize),
                                               z: M.zEmpty, style: ["contentMode": "aspectFit", "tint": .string(M.secondaryText)], image: symbol)))
        }
        nodes.append(("empty.title", Node(.text, frame: Rect(x: x, y: top + M.symbolSize + 16, width: width, height: 28), z: M.zEmpty, style: centered,
                                          text: [TextRun(texts.title, font: M.font, size: M.emptyTitleSize, weight: "bold", color: M.text)])))
        if !texts.message.isEmpty {
            nodes.append(("empty.message", Node(.text, frame: Rect(x: x, y: top + M.symbolSize + 50, width: width, height: 60), z: M.zEmpty, style: wrap,
                                                text: [TextRun(texts.message, font: M.font, size: M.emptyMessageSize, color: M.secondaryText)])))
        }
        if texts.retry {
            let button = Rect(x: area.x + (area.width - M.retryWidth) / 2, y: top + M.symbolSize + 122, width: M.retryWidth, height: M.retryHeight)
            nodes.append(("empty.retry", Node(.rect, frame: button, z: M.zEmpty, style: ["background": .string(M.tint), "cornerRadius": 12, "role": "button"])))
            nodes.append(("empty.retry.label", Node(.text, frame: button, z: M.zEmpty + 1, style: centered,
                                                    text: [TextRun("Retry", font: M.font, size: M.titleSize, weight: "semibold", color: "#FFFFFF")])))
        }
        return nodes
    }
}
