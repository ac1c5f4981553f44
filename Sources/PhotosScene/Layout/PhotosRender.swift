import SceneryCore

/// A part of the Photos screen: its key and what its nodes are built from.
public struct PhotosPart: ScreenPart {
    public let key: PhotosGroupKey
    let inputs: PhotosGroupInputs

    public func nodes() -> [(id: String, node: Node)] { PhotosRender.nodes(key, inputs) }
}

/// A part of the Photos screen.
public enum PhotosGroupKey: Hashable, Sendable {
    /// The home screen's bar, or the gallery's.
    case chrome
    case thumbnail(Int)
    /// The empty state, or the gallery's photo and caption.
    case body
    /// The line under the bar saying the network is why photos are missing (``PhotosRender/notice(_:)``).
    case notice
}

/// What a part's nodes are built from, all of it.
enum PhotosGroupInputs: Equatable, Sendable {
    case chrome(viewport: Viewport, gallery: String?, badge: String?)
    case thumbnail(frame: Rect, asset: String, state: String)
    case empty(EmptyState?, Viewport)
    case gallery(photo: Photo, asset: String, state: String, viewport: Viewport)
    case notice(String?, Viewport)
}

/// What the home screen shows when there are no thumbnails to show.
enum EmptyState: Equatable, Sendable {
    case loading
    /// No connection and nothing cached: the brief's "attractive" offline start.
    case offline
    /// The endpoint answered badly and nothing is cached.
    case error(String)
    /// A list with no photos (or every photo removed).
    case empty(removedAll: Bool)

    var name: String {
        switch self {
        case .loading: return "loading"
        case .offline: return "offline"
        case .error: return "error"
        case .empty: return "empty"
        }
    }
}

/// Turns a ``PhotosState`` into the `model` and `display` parts of the state document.
enum PhotosRender {
    typealias M = PhotosMetrics

    static func photoID(_ key: Int) -> String { "photo.\(key)" }

    static func emptyState(_ state: PhotosState) -> EmptyState? {
        guard state.screen == .home, state.photos.isEmpty else { return nil }
        if state.source == nil {
            if state.listToken != nil { return .loading }
            return state.offline ? .offline : .error(state.loadError ?? "the list did not load")
        }
        return .empty(removedAll: !state.removed.isEmpty)
    }

    /// What the line under the bar says, nil when nothing is missing for the network: the list
    /// shown is the cache's because the endpoint could not be reached, or a photo's download
    /// failed for no connection (its placeholder stays grey). "You're offline" when the network
    /// was turned off, "Can't reach the server" for a refused or timed-out connection. With no
    /// photos at all the empty state says it instead.
    static func notice(_ state: PhotosState) -> String? {
        guard !state.photos.isEmpty else { return nil }
        var reason: String?
        if state.source == "cache", state.offline {
            reason = state.loadError
        } else {
            for (url, load) in state.loads {
                if case .failed(let why) = load, PhotoListJob.isOffline(why, endpoint: url) { reason = why; break }
            }
        }
        guard let reason else { return nil }
        let cause = reason == "network disabled by initialize" ? "You're offline" : "Can't reach the server"
        return cause + (state.source == "cache" ? " — showing cached photos" : " — photos can't download")
    }

    /// The asset and `imageState` of a photo: the drawn sample, a download, or the placeholder.
    static func image(_ photo: Photo, _ state: PhotosState) -> (asset: String, state: String) {
        if photo.url.hasPrefix("scenery:") { return (String(photo.url.dropFirst("scenery:".count)), "loaded") }
        switch state.loads[photo.url] {
        case .loaded?: return (PhotosState.assetID(photo.url), "loaded")
        case .failed?: return (PhotosImages.placeholder, "failed")
        case .loading?, nil: return (PhotosImages.placeholder, "loading")
        }
    }

    /// The screen of `state`: the bar, then the gallery's photo, or the thumbnails on screen
    /// and the empty state.
    static func render(_ state: PhotosState, into screen: inout Screen<PhotosPart>) -> JSON {
        let layout = state.layout
        var galleryPhoto: (index: Int, photo: Photo)?
        if case .gallery(let index) = state.screen, index < state.photos.count { galleryPhoto = (index, state.photos[index]) }
        let position = galleryPhoto.map { "\($0.index + 1)/\(state.photos.count)" }
        if galleryPhoto == nil {
            screen.content = ScrollContent(frame: layout.grid, width: layout.grid.width, height: layout.contentHeight(state.photos.count),
                                           offsetY: state.offset)
        }
        // The list on screen came from the cache: "Offline" without a connection, "Cached" when
        // the endpoint answered badly.
        let badge: String? = state.source == "cache" ? (state.offline ? "Offline" : "Cached") : nil
        screen.add(PhotosPart(key: .chrome, inputs: .chrome(viewport: state.viewport, gallery: position, badge: badge)))
        if let (_, photo) = galleryPhoto {
            let (asset, imageState) = image(photo, state)
            screen.add(PhotosPart(key: .body, inputs: .gallery(photo: photo, asset: asset, state: imageState, viewport: state.viewport)))
        } else {
            for index in screen.wholeContent ? 0..<state.photos.count : layout.visible(state.photos.count, offset: state.offset) {
                let photo = state.photos[index]
                let (asset, imageState) = image(photo, state)
                screen.add(PhotosPart(key: .thumbnail(photo.key), inputs: .thumbnail(frame: layout.item(index), asset: asset, state: imageState)))
            }
            screen.add(PhotosPart(key: .body, inputs: .empty(emptyState(state), state.viewport)))
        }
        let notice = notice(state)
        screen.add(PhotosPart(key: .notice, inputs: .notice(notice, state.viewport)))
        return model(state, gallery: galleryPhoto, position: position, notice: notice)
    }

    /// The nodes of the part `key` built from `inputs`.
    static func nodes(_ key: PhotosGroupKey, _ inputs: PhotosGroupInputs) -> [(id: String, node: Node)] {
        switch (key, inputs) {
        case (_, .chrome(let viewport, let position, let badge)):
            return chrome(viewport, layout: PhotosLayout(viewport), gallery: position, badge: badge)
        case (.thumbnail(let photoKey), .thumbnail(let frame, let asset, let imageState)):
            return [(photoID(photoKey), Node(.image, frame: frame, z: M.zThumbnail, layer: .content,
                                             style: ["contentMode": "aspectFill", "imageState": .string(imageState), "role": "button"], image: asset))]
        case (_, .gallery(let photo, let asset, let imageState, let viewport)):
            return gallery(photo, asset: asset, imageState: imageState, viewport: viewport, layout: PhotosLayout(viewport))
        case (_, .empty(let empty, let viewport)):
            return emptyNodes(empty, layout: PhotosLayout(viewport))
        case (_, .notice(let text, let viewport)):
            return noticeNodes(text, viewport: viewport, layout: PhotosLayout(viewport))
        default:
            return []
        }
    }

    // MARK: Model

    /// The scene's model; `notice` is ``notice(_:)`` of `state`, worked out once by ``render(_:into:)``.
    static func model(_ state: PhotosState, gallery: (index: Int, photo: Photo)?, position: String?, notice: String?) -> JSON {
        var loaded = 0, loading = 0, failed = 0
        var reasons = JSONObject()
        for load in state.loads.values {
            switch load {
            case .loaded: loaded += 1
            case .loading: loading += 1
            case .failed: failed += 1
            }
        }
        // Why each photo on the list failed, by its node id: the per-item state a front end
        // (or a test) can read without the placeholder's imageState alone.
        if failed > 0 {
            for photo in state.photos {
                if case .failed(let reason)? = state.loads[photo.url] { reasons[photoID(photo.key)] = .string(reason) }
            }
        }
        var model = JSONObject()
        model["failures"] = .object(reasons)
        model["count"] = .number(state.photos.count)
        model["downloads"] = ["failed": .number(failed), "limit": .number(PhotosScene.concurrentDownloads), "loaded": .number(loaded), "loading": .number(loading)]
        model["emptyState"] = emptyState(state).map { .string($0.name) } ?? .null
        if let (index, photo) = gallery {
            model["gallery"] = ["advanceMs": .number(M.advanceMs), "description": .string(photo.description), "index": .number(index),
                                "name": .string(photo.name), "photo": .string(photoID(photo.key)), "position": .string(position ?? "")]
        } else {
            model["gallery"] = .null
        }
        model["loadError"] = .optional(state.loadError)
        model["loading"] = .bool(state.listToken != nil)
        model["maxOffsetY"] = .number(roundPoint(state.maxOffset))
        model["notice"] = .optional(notice)
        model["offline"] = .bool(state.offline)
        model["offsetY"] = .number(roundPoint(state.offset))
        model["removed"] = .number(state.removed.count)
        model["screen"] = .string(gallery == nil ? "home" : "gallery")
        model["source"] = .optional(state.source)
        model["title"] = .string(position ?? "Photos")
        return .object(model)
    }

    // MARK: Nodes

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
