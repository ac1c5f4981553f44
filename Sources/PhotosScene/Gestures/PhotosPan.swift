import SceneryCore

/// A pan in progress on the photos scene: where it began, on which screen, and its samples.
struct PhotosPan: Equatable, Sendable {
    var start: Point
    /// The home grid's offset when it began (a cancelled pan puts it back).
    var startOffset: Double
    /// Whether it began in the gallery: only then can it turn the page.
    var inGallery: Bool
    /// The latest events (time, finger x), oldest first, for the release velocity.
    var samples: [(time: Double, position: Double)]

    static func == (a: PhotosPan, b: PhotosPan) -> Bool {
        a.start == b.start && a.startOffset == b.startOffset && a.inGallery == b.inGallery
            && a.samples.elementsEqual(b.samples) { $0.time == $1.time && $0.position == $1.position }
    }
}

/// What a `pan` does on the photos scene, decided here and not by any front end:
///
/// - At home the grid follows the finger's vertical motion (as `scroll` by the drag would),
///   clamped to its ends; a cancelled pan puts the offset back.
/// - In the gallery nothing moves while the finger does; on `ended` the page turns when the
///   swipe was horizontal (at least ``minTravel`` points across, and more across than down) and
///   either travelled ``turnFraction`` of the viewport's width or was released at
///   ``turnSpeed`` or more in its direction. Finger to the left: the next photo; to the right: the
///   previous one. The release speed is the finger's x speed from the first event of the last
///   ``velocityWindowMs`` before `ended` to `ended` (by `t`).
enum PhotosPanRule {
    /// The share of the viewport's width a swipe must travel to turn the page whatever its speed.
    static let turnFraction = 0.25
    /// A release speed at or above this (points per millisecond: 300 pt/s) turns the page however short the swipe.
    static let turnSpeed = 0.3
    /// A swipe shorter than this (points across) never turns the page: the slop a front end waits for before a drag.
    static let minTravel = 10.0
    /// The release speed is measured over the events of the last 100 ms before `ended`.
    static let velocityWindowMs = 100.0
    /// Samples kept for the release speed.
    static let maxSamples = 8

    /// Applies one event; a refused event changes nothing.
    static func apply(_ event: PanEvent, to state: inout PhotosState) throws(RPCError) -> [SceneEffect] {
        if event.phase != .began {
            guard let pan = state.pan else {
                throw .invalidParams("params.phase: \"\(event.phase.rawValue)\" needs a pan in progress; a pan starts with \"began\"")
            }
            if event.phase != .cancelled, let last = pan.samples.last, event.time < last.time {
                throw .invalidParams("params.t: \(JSON.number(event.time)) is earlier than the pan's previous event (\(JSON.number(last.time)))")
            }
        }
        switch event.phase {
        case .began:
            let point = event.point!
            var inGallery = false
            if case .gallery = state.screen { inGallery = true }
            state.pan = PhotosPan(start: point, startOffset: state.offset, inGallery: inGallery, samples: [(event.time, point.x)])
            return []
        case .changed:
            move(&state, to: event.point!, time: event.time)
            return []
        case .ended:
            move(&state, to: event.point!, time: event.time)
            let pan = state.pan!
            state.pan = nil
            guard pan.inGallery, case .gallery = state.screen, let forward = turn(pan, end: event.point!, width: state.viewport.width) else { return [] }
            return PhotosGestures.page(&state, forward: forward)
        case .cancelled:
            let pan = state.pan!
            state.pan = nil
            if !pan.inGallery && state.screen == .home { state.offset = min(max(0, pan.startOffset), state.maxOffset) }
            return []
        }
    }

    /// The finger moved: a sample for the release speed; at home the grid follows it.
    static func move(_ state: inout PhotosState, to point: Point, time: Double) {
        guard var pan = state.pan else { return }
        pan.samples.append((time, point.x))
        if pan.samples.count > maxSamples { pan.samples.removeFirst() }
        state.pan = pan
        if !pan.inGallery && state.screen == .home {
            state.offset = min(max(0, pan.startOffset + pan.start.y - point.y), state.maxOffset)
        }
    }

    /// Whether a gallery swipe released at `end` turns the page: true for the next photo, false
    /// for the previous one, nil for no turn.
    static func turn(_ pan: PhotosPan, end: Point, width: Double) -> Bool? {
        let dx = end.x - pan.start.x, dy = end.y - pan.start.y
        guard abs(dx) >= minTravel, abs(dx) > abs(dy) else { return nil }
        let speed = PanEvent.velocity(pan.samples, windowMs: velocityWindowMs) * (dx < 0 ? -1 : 1)
        guard abs(dx) >= width * turnFraction || speed >= turnSpeed else { return nil }
        return dx < 0
    }
}
