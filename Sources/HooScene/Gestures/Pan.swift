import SceneryCore

/// A pan between `began` and `ended`/`cancelled`: what it turned out to be and what to restore
/// if it is cancelled.
public struct PanGesture: Equatable, Sendable {
    /// What the pan does. It is `pending` until the finger has moved ``PanRule/slop`` points
    /// from where it began; then the direction of that motion decides, once, for the whole pan.
    public enum Mode: String, Sendable {
        /// Not decided yet: nothing moves.
        case pending
        /// Mostly horizontal at first: the Hoo under the finger becomes the selection.
        case scrub
        /// Mostly vertical at first: the grid follows the finger.
        case scroll
        /// Began outside the grid (header, bottom area, off screen): the pan does nothing.
        case ignored
    }

    public var mode: Mode
    public var start: Point
    public var startOffset: Double
    public var startSelection: HooRef?
    /// The latest events, oldest first, for the release velocity.
    public var samples: [PanSample]
    /// Where the finger was last.
    public var lastPoint: Point? = nil
    /// While a scrub rests near an edge of the grid: how fast the grid scrolls toward it, offset
    /// points per millisecond (negative: up, toward the top); 0 when it does not.
    public var autoScrollSpeed: Double = 0

    var lastTime: Double { samples[samples.count - 1].time }
}

/// When a pan event happened and the finger's y then.
public struct PanSample: Equatable, Sendable {
    public var time: Double
    public var y: Double

    public init(time: Double, y: Double) { self.time = time; self.y = y }
}
