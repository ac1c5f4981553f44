import SceneryCore

/// The grid coasting after a scrolling pan is released: the offset moves as UIScrollView's does
/// at its normal deceleration rate, velocity × 0.998^ms, in closed form from the release, so
/// its positions do not depend on how often the ticks come.
public struct Deceleration: Equatable, Sendable {
    /// Offset at release.
    public var startOffset: Double
    /// Offset points per millisecond at release (positive: the offset grows, the content moves up).
    public var velocity: Double
    /// Scene clock at release; re-anchored to one frame before the first step, so that a clock
    /// that did not move between commands (the real clock moves only when a timer fires) cannot
    /// make the first step jump. With the virtual clock the first step is exactly one frame
    /// after the release, so the anchor does not change.
    public var startMs: Int
    /// When it comes to rest, in milliseconds after the release.
    public var durationMs: Int
    /// Whether `startMs` was set by the first step.
    public var anchored = false

    /// Coasting at `velocity` from `startOffset`, released at `startMs`, resting after `durationMs`.
    public init(startOffset: Double, velocity: Double, startMs: Int, durationMs: Int) {
        self.startOffset = startOffset; self.velocity = velocity; self.startMs = startMs; self.durationMs = durationMs
    }

    /// Offset after `ms` milliseconds, unclamped: `start + v (1 - r^ms) / ln(1/r)`.
    public func offset(afterMs ms: Int) -> Double {
        startOffset + velocity * (1 - PanRule.decay(ms)) * PanRule.decayScale
    }

    /// Where it comes to rest, unclamped: `start + v / ln(1/r)`.
    public var restOffset: Double { startOffset + velocity * PanRule.decayScale }
}
