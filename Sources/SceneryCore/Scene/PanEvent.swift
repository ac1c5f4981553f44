/// One `pan` event, decoded once by the engine and handed to the scene as
/// ``SceneAction/pan(_:)``: its phase, the finger's screen point and when it happened.
public struct PanEvent: Equatable, Sendable {
    public enum Phase: String, CaseIterable, Sendable {
        case began, changed, ended, cancelled
    }

    public var phase: Phase
    /// Screen points; nil only for `cancelled`, which may leave them out.
    public var point: Point?
    /// The front end's timestamp in milliseconds (`t`), else the scene clock's now.
    public var time: Double

    /// An event as `pan` params describe it.
    public init(phase: Phase, point: Point?, time: Double) {
        self.phase = phase; self.point = point; self.time = time
    }

    /// Reads `pan`'s params `{phase, x, y, t?}`; `x` and `y` may be left out only with
    /// `cancelled`; `now` (the scene clock) stands in for a missing `t`.
    public init(_ params: Params, now: Int) throws(RPCError) {
        try params.allowOnly(["phase", "x", "y", "t"])
        guard let phaseName = try params.optionalChoice("phase", Phase.allCases.map(\.rawValue)),
              let phase = Phase(rawValue: phaseName) else {
            throw .invalidParams("params.phase: required; expected one of \"began\", \"changed\", \"ended\", \"cancelled\"")
        }
        let x = try params.optionalNumber("x"), y = try params.optionalNumber("y")
        let point: Point?
        switch (x, y) {
        case (let x?, let y?): point = Point(x: x, y: y)
        case (nil, nil) where phase == .cancelled: point = nil
        case (nil, _): throw .invalidParams("params.x: required number is missing (screen points of the finger)")
        case (_, nil): throw .invalidParams("params.y: required number is missing (screen points of the finger)")
        }
        var time = Double(now)
        if let t = try params.optionalNumber("t") {
            guard t >= 0 && t <= 9_007_199_254_740_991 else {
                throw .invalidParams("params.t: expected milliseconds from 0 to 2^53 - 1, got \(JSON.number(t))")
            }
            time = t
        }
        self.init(phase: phase, point: point, time: time)
    }

    /// The release velocity along one axis, points per millisecond: from the first sample of the
    /// last `windowMs` before the last one to the last one; 0 with no time between them.
    public static func velocity(_ samples: [(time: Double, position: Double)], windowMs: Double) -> Double {
        guard let last = samples.last,
              let reference = samples.first(where: { last.time - $0.time <= windowMs }),
              last.time > reference.time else { return 0 }
        return (last.position - reference.position) / (last.time - reference.time)
    }
}
