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
        case .loaded(let asset)?: return (asset, "loaded")
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
}
