/// Motion a front end plays by itself, declared once on a node instead of streamed as patches
/// (a ring that turns forever, a jiggle).
///
/// `property` goes through `keyframes`, evenly spaced over `durationMs` and linearly
/// interpolated, starting at `startMs` on the scene clock (the clock `clock.advance` moves).
/// With `repeats` it starts over after each `durationMs`, forever; without, it holds the last
/// keyframe. Before `startMs` the first keyframe holds.
public struct Animation: Equatable, Sendable {
    /// What moves. `"rotation"`: degrees, clockwise on screen, about the centre of the node's frame.
    public var property: String
    /// At least one value; a single value is a constant.
    public var keyframes: [Double]
    /// Length of one pass through the keyframes, more than 0.
    public var durationMs: Int
    /// When the first pass starts, on the scene clock.
    public var startMs: Int
    /// Whether the passes repeat forever.
    public var repeats: Bool
    /// The point a rotation turns about, in the node's own coordinate space (its layer's, like
    /// its frame); nil for the centre of the frame. Nodes that share an animation and an anchor
    /// turn as one piece (a jiggling book: its cover, title and ISBN).
    public var anchor: Point?

    /// An animation; traps on empty keyframes or a duration that is not positive (a scene bug).
    public init(property: String, keyframes: [Double], durationMs: Int, startMs: Int, repeats: Bool, anchor: Point? = nil) {
        precondition(!keyframes.isEmpty && durationMs > 0, "an animation needs keyframes and a positive duration")
        self.property = property; self.keyframes = keyframes; self.durationMs = durationMs
        self.startMs = startMs; self.repeats = repeats; self.anchor = anchor
    }

    /// The value a front end shows at `nowMs` on the scene clock; a scene reports it in its
    /// model so a front end that joins late can start in phase.
    public func value(atMs nowMs: Int) -> Double {
        let elapsed = nowMs - startMs
        guard elapsed > 0, keyframes.count > 1 else { return keyframes[0] }
        if !repeats && elapsed >= durationMs { return keyframes[keyframes.count - 1] }
        let intoPass = elapsed % durationMs
        // Integer arithmetic up to the last step, so the same time gives the same value everywhere.
        let steps = keyframes.count - 1
        let scaled = intoPass * steps
        let index = scaled / durationMs
        let fraction = Double(scaled % durationMs) / Double(durationMs)
        return keyframes[index] + (keyframes[index + 1] - keyframes[index]) * fraction
    }

    /// `{"anchor"?, "durationMs", "keyframes", "property", "repeat", "startMs"}`, the node's
    /// `animation` member.
    public var json: JSON {
        var object = JSONObject()
        if let anchor { object["anchor"] = [.number(roundPoint(anchor.x)), .number(roundPoint(anchor.y))] }
        object["durationMs"] = .number(durationMs)
        object["keyframes"] = .array(keyframes.map(JSON.number))
        object["property"] = .string(property)
        object["repeat"] = .bool(repeats)
        object["startMs"] = .number(startMs)
        return .object(object)
    }
}
