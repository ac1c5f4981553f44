import SceneryCore

/// What taps, `page` and the 2 s timer do.
///
/// - Home: a thumbnail (`photo.K`) opens the gallery on that photo and starts its 2 s count;
///   Retry (`empty.retry`, on the offline or error screen) loads the list again.
/// - Gallery: back (`gallery.back`) returns home at the offset the user left, and stops the
///   count; remove (`gallery.remove`) takes the photo off the list for the session (the next
///   photo shows, at the same position; after the last, the first; removing the only photo
///   returns home to the empty state); `page` and the timer move one photo, after the last to
///   the first and before the first to the last, and start the 2 s count again. Anything else
///   changes nothing, and `page` on the home screen changes nothing.
enum PhotosGestures {
    static func tap(_ state: inout PhotosState, id: String?, environment: SceneEnvironment) -> [SceneEffect] {
        guard let id else { return [] }
        let parts = NodeID(id)
        switch state.screen {
        case .home:
            if parts.component(0, is: "photo"), let key = parts.number(1), let index = state.photos.firstIndex(where: { $0.key == key }) {
                state.screen = .gallery(index: index)
                return [restartCount()]
            }
            if parts.component(0, is: "empty"), parts.component(1, is: "retry"), state.endpoint != nil, state.listToken == nil {
                return [PhotosScene.startListLoad(&state, environment: environment)]
            }
            return []
        case .gallery(let index):
            guard parts.component(0, is: "gallery") else { return [] }
            if parts.component(1, is: "back") {
                state.screen = .home
                return [.cancelTimer(name: PhotosScene.advanceTimer)]
            }
            if parts.component(1, is: "remove") { return remove(&state, at: index) }
            return []
        }
    }

    /// `page`: one photo on, or back, and the count starts again.
    static func page(_ state: inout PhotosState, forward: Bool) -> [SceneEffect] {
        guard case .gallery(let index) = state.screen, !state.photos.isEmpty else { return [] }
        let count = state.photos.count
        state.screen = .gallery(index: (index + (forward ? 1 : count - 1)) % count)
        return [restartCount()]
    }

    /// The 2 s timer fired: the next photo, after the last the first.
    static func advance(_ state: inout PhotosState) -> [SceneEffect] {
        guard case .gallery = state.screen else { return [] }
        return page(&state, forward: true)
    }

    static func remove(_ state: inout PhotosState, at index: Int) -> [SceneEffect] {
        guard index < state.photos.count else { return [] }
        state.removed.insert(state.photos[index].url)
        state.photos.remove(at: index)
        guard !state.photos.isEmpty else {
            state.screen = .home
            state.offset = 0
            return [.cancelTimer(name: PhotosScene.advanceTimer)]
        }
        state.screen = .gallery(index: index % state.photos.count)
        state.offset = min(state.offset, state.maxOffset)
        return [restartCount()]
    }

    static func restartCount() -> SceneEffect { .startTimer(name: PhotosScene.advanceTimer, ms: PhotosMetrics.advanceMs) }
}
