import SceneryCore

/// The scrub-versus-scroll rule: one gesture, no mode switch. A pan whose first 10 pt of motion
/// is more horizontal than vertical scrubs (selects the Hoo under the finger as it moves, across
/// rows and sets); otherwise it scrolls the grid, which follows the finger and, released with
/// speed, decelerates on the scene clock. A pan that begins outside the grid does nothing; a
/// cancelled pan puts the selection and the offset back as they were when it began.
public enum PanRule {
    /// Motion (points from where the pan began) after which the pan's direction is decided.
    public static let slop: Double = 10
    /// The release velocity is measured over the events of the last 100 ms before `ended`.
    public static let velocityWindowMs: Double = 100
    /// Release speeds above 10 pt/ms (10,000 pt/s) count as 10 pt/ms.
    public static let maxVelocity: Double = 10
    /// UIScrollView's normal deceleration rate: the speed is multiplied by it every millisecond.
    public static let decelerationRate: Double = 0.998
    /// 1 / ln(1 / 0.998): how far (in ms × velocity) a deceleration goes in all.
    public static let decayScale: Double = 499.4998331664548
    /// The grid comes to rest when less than half a point of coasting is left.
    public static let restDistance: Double = 0.5
    /// One frame at 60 Hz between deceleration steps.
    public static let tickMs = 16
    /// The scene timer that drives the deceleration (`timer.decelerate` notifications with the real clock).
    public static let timerName = "decelerate"
    /// Samples kept for the release velocity.
    static let maxSamples = 8
    /// While scrubbing, a finger this close to the grid's top or bottom edge (or past it)
    /// scrolls the grid toward that edge, so a scrub can reach Hoos off screen.
    public static let autoScrollZone: Double = 44
    /// The auto-scroll speed with the finger at the edge or past it, offset points per ms
    /// (600 pt/s); it grows linearly from 0 at the zone's inner border.
    public static let autoScrollMaxSpeed: Double = 0.6
    /// The scene timer that drives auto-scrolling, one step per ``tickMs``.
    public static let autoScrollTimerName = "autoscroll"

    /// `0.998^ms` by repeated squaring: exact IEEE operations, the same on every platform.
    static func decay(_ ms: Int) -> Double {
        var result = 1.0, base = decelerationRate, n = max(0, ms)
        while n > 0 {
            if n & 1 == 1 { result *= base }
            base *= base
            n >>= 1
        }
        return result
    }

    // MARK: The rule

    /// Applies one event; `now` is the scene clock, which the deceleration runs on. Checks
    /// everything first, so a refused event changes nothing.
    static func apply(_ event: PanEvent, to state: inout HooState, now: Int) throws(RPCError) -> [SceneEffect] {
        if event.phase != .began {
            guard let pan = state.pan else {
                throw .invalidParams("params.phase: \"\(event.phase.rawValue)\" needs a pan in progress; a pan starts with \"began\"")
            }
            if event.phase != .cancelled && event.time < pan.lastTime {
                throw .invalidParams("params.t: \(JSON.number(event.time)) is earlier than the pan's previous event (\(JSON.number(pan.lastTime)))")
            }
        }
        switch event.phase {
        case .began:
            let effects = stopDeceleration(&state) + stopAutoScroll(&state)
            let point = event.point!
            state.pan = PanGesture(mode: state.layout.gridFrame.contains(point) ? .pending : .ignored, start: point,
                                   startOffset: state.offset, startSelection: state.selection, samples: [PanSample(time: event.time, y: point.y)])
            return effects
        case .changed:
            return move(&state, to: event.point!, time: event.time)
        case .ended:
            _ = move(&state, to: event.point!, time: event.time)
            let stop = stopAutoScroll(&state)
            let pan = state.pan!
            state.pan = nil
            guard pan.mode == .scroll else { return stop }
            return stop + startDeceleration(&state, velocity: -fingerVelocity(pan.samples), now: now)
        case .cancelled:
            let stop = stopAutoScroll(&state)
            let pan = state.pan!
            state.pan = nil
            guard pan.mode != .ignored else { return stop }
            state.offset = min(max(0, pan.startOffset), state.maxOffset)
            state.selection = pan.startSelection.flatMap { state.catalog.index(of: $0) == nil ? nil : $0 }
            return stop
        }
    }

    /// The finger moved: decide the mode once it has gone `slop` points, then scrub or scroll.
    /// A scrub near an edge starts (or away from it stops) auto-scrolling.
    static func move(_ state: inout HooState, to point: Point, time: Double) -> [SceneEffect] {
        guard var pan = state.pan else { return [] }
        pan.lastPoint = point
        pan.samples.append(PanSample(time: time, y: point.y))
        if pan.samples.count > maxSamples { pan.samples.removeFirst() }
        if pan.mode == .pending {
            let dx = point.x - pan.start.x, dy = point.y - pan.start.y
            if (dx * dx + dy * dy).squareRoot() >= slop {
                pan.mode = abs(dx) > abs(dy) ? .scrub : .scroll
            }
        }
        switch pan.mode {
        case .scrub:
            selectHoo(&state, under: point)
        case .scroll:
            state.offset = min(max(0, pan.startOffset + pan.start.y - point.y), state.maxOffset)
        case .pending, .ignored:
            break
        }
        let wasAutoScrolling = pan.autoScrollSpeed != 0
        pan.autoScrollSpeed = pan.mode == .scrub ? autoScrollSpeed(state, finger: point) : 0
        state.pan = pan
        switch (wasAutoScrolling, pan.autoScrollSpeed != 0) {
        case (false, true): return [.startTimer(name: autoScrollTimerName, ms: tickMs)]
        case (true, false): return [.cancelTimer(name: autoScrollTimerName)]
        default: return []
        }
    }

    /// The Hoo under a screen point becomes the selection; where there is none, nothing changes.
    static func selectHoo(_ state: inout HooState, under point: Point) {
        if let index = state.hooIndex(atScreen: point), let ref = state.catalog.ref(ofIndex: index) {
            state.selection = ref
        }
    }

    // MARK: Auto-scroll

    /// The auto-scroll speed for a scrubbing finger at `finger`: toward the edge it is near, 0
    /// away from the edges or when the grid is already at that end.
    static func autoScrollSpeed(_ state: HooState, finger: Point) -> Double {
        let frame = state.layout.gridFrame
        let fromTop = finger.y - frame.y, fromBottom = frame.maxY - finger.y
        if fromTop < autoScrollZone && fromTop <= fromBottom && state.offset > 0 {
            return -autoScrollMaxSpeed * min(1, (autoScrollZone - fromTop) / autoScrollZone)
        }
        if fromBottom < autoScrollZone && fromBottom < fromTop && state.offset < state.maxOffset {
            return autoScrollMaxSpeed * min(1, (autoScrollZone - fromBottom) / autoScrollZone)
        }
        return 0
    }

    /// One auto-scroll step: the grid moves one frame's worth toward the edge, and the Hoo now
    /// under the finger (held inside the grid) is selected. Re-arms the timer until the grid
    /// reaches that end.
    static func autoScrollTick(_ state: inout HooState) -> [SceneEffect] {
        guard var pan = state.pan, pan.mode == .scrub, pan.autoScrollSpeed != 0, let finger = pan.lastPoint else { return [] }
        state.offset = min(max(0, state.offset + pan.autoScrollSpeed * Double(tickMs)), state.maxOffset)
        let frame = state.layout.gridFrame
        selectHoo(&state, under: Point(x: finger.x, y: min(max(finger.y, frame.y), frame.maxY - 1)))
        pan.autoScrollSpeed = autoScrollSpeed(state, finger: finger)
        state.pan = pan
        return pan.autoScrollSpeed != 0 ? [.startTimer(name: autoScrollTimerName, ms: tickMs)] : []
    }

    /// Stops auto-scrolling (the finger lifted, or a new pan began).
    static func stopAutoScroll(_ state: inout HooState) -> [SceneEffect] {
        guard var pan = state.pan, pan.autoScrollSpeed != 0 else { return [] }
        pan.autoScrollSpeed = 0
        state.pan = pan
        return [.cancelTimer(name: autoScrollTimerName)]
    }

    /// The finger's y velocity at release, points per millisecond, over the last 100 ms.
    static func fingerVelocity(_ samples: [PanSample]) -> Double {
        let velocity = PanEvent.velocity(samples.map { ($0.time, $0.y) }, windowMs: velocityWindowMs)
        return min(max(velocity, -maxVelocity), maxVelocity)
    }

    // MARK: Deceleration

    /// Starts coasting at `velocity` (offset points per ms) unless it would move less than half a
    /// point or push against the end the grid is already at.
    static func startDeceleration(_ state: inout HooState, velocity: Double, now: Int) -> [SceneEffect] {
        let distance = abs(velocity) * decayScale
        guard distance > restDistance,
              !(velocity < 0 && state.offset <= 0), !(velocity > 0 && state.offset >= state.maxOffset) else { return [] }
        // The first whole millisecond at which less than `restDistance` of the way is left.
        var low = 1, high = 1
        while abs(velocity) * decay(high) * decayScale > restDistance { high *= 2 }
        while low < high {
            let mid = (low + high) / 2
            if abs(velocity) * decay(mid) * decayScale > restDistance { low = mid + 1 } else { high = mid }
        }
        state.deceleration = Deceleration(startOffset: state.offset, velocity: velocity, startMs: now, durationMs: low)
        return [.startTimer(name: timerName, ms: tickMs)]
    }

    /// One deceleration step at `now` on the scene clock; re-arms the timer until the grid rests
    /// or reaches an end.
    static func tick(_ state: inout HooState, now: Int) -> [SceneEffect] {
        guard var deceleration = state.deceleration else { return [] }
        if !deceleration.anchored {
            deceleration.startMs = now - tickMs
            deceleration.anchored = true
            state.deceleration = deceleration
        }
        let elapsed = now - deceleration.startMs
        let done = elapsed >= deceleration.durationMs
        let target = done ? deceleration.restOffset : deceleration.offset(afterMs: elapsed)
        let clamped = min(max(0, target), state.maxOffset)
        state.offset = clamped
        if done || clamped != target {
            state.deceleration = nil
            return []
        }
        return [.startTimer(name: timerName, ms: tickMs)]
    }

    /// Stops coasting (a touch on a moving scroll view stops it).
    static func stopDeceleration(_ state: inout HooState) -> [SceneEffect] {
        guard state.deceleration != nil else { return [] }
        state.deceleration = nil
        return [.cancelTimer(name: timerName)]
    }
}
