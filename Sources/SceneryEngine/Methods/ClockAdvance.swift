import SceneryCore

/// `clock.advance`: moves the virtual clock forward by `ms`, firing due timers in order, then
/// tells the scene the new time; the response carries one patch for everything that changed and
/// the new `nowMs`.
enum ClockAdvance: EngineMethod {
    static let maxStep = 86_400_000

    static let description = MethodDescription(
        name: "clock.advance",
        summary: "Move the virtual clock forward, firing due timers in order.",
        params: SchemaBuilder.object([("ms", SchemaBuilder.integer("Milliseconds to advance.", minimum: 0, maximum: maxStep))], required: ["ms"]),
        result: SchemaBuilder.change([("nowMs", SchemaBuilder.integer("Scene clock after the advance.", minimum: 0))], required: ["nowMs"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["ms"])
        guard let ms = try params.optionalInt("ms", range: 0...maxStep) else {
            throw .invalidParams("params.ms: required integer is missing")
        }
        guard engine.clockMode == .virtual else {
            throw RPCError(code: ErrorCode.wrongClock, message: "clock.advance: the session uses the real clock; initialize with \"clock\":\"virtual\" to move time by hand")
        }
        let target = engine.clock.now + ms
        while let (name, due) = engine.timers.popDue(upTo: target) {
            engine.clock.now = due
            try? engine.reduceScene(.timerFired(name: name))
            engine.applyTimerEffects()
        }
        engine.clock.now = target
        engine.tellSceneClockAdvanced(to: target)
        return engine.changeResult(["nowMs": .number(Double(target))])
    }
}

extension Engine {
    /// Lets the open scene bring time-dependent parts of its model up to `nowMs` (an
    /// animation's phase), so the advance's patch and a later `snapshot` show them.
    func tellSceneClockAdvanced(to nowMs: Int) {
        scene?.clockAdvanced(nowMs: nowMs)
    }

    /// Starts and cancels the timers the scene just asked for, so a timer that re-arms itself
    /// fires again within the same `clock.advance`; other effects stay queued.
    func applyTimerEffects() {
        pendingEffects = pendingEffects.filter { effect in
            switch effect {
            case .startTimer(let name, let ms): timers.start(name, due: clock.now + max(0, ms)); return false
            case .cancelTimer(let name): timers.cancel(name); return false
            case .loadImage, .runJob: return true
            }
        }
    }
}
