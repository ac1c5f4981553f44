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
        try engine.effects.advance(by: ms, engine)
        engine.tellSceneClockAdvanced(to: engine.clock.now)
        return engine.changeResult(["nowMs": .number(Double(engine.clock.now))])
    }
}

extension Engine {
    /// Lets the open scene bring time-dependent parts of its model up to `nowMs` (an
    /// animation's phase), so the advance's patch and a later `snapshot` show them.
    func tellSceneClockAdvanced(to nowMs: Int) {
        scene?.clockAdvanced(nowMs: nowMs)
    }

}
