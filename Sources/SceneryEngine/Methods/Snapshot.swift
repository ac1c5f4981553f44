import SceneryCore

/// `snapshot`: the whole state document and its rev, for a front end that (re)joins or checks
/// itself, with the scene clock's time, so that a late joiner can put declared animations (the
/// exhibition ring) in phase on either clock.
enum Snapshot: EngineMethod {
    static let description = MethodDescription(
        name: "snapshot",
        summary: "The whole state document, its rev and the scene clock's time.",
        params: SchemaBuilder.object([]),
        result: SchemaBuilder.object([
            ("rev", SchemaBuilder.ref("rev")),
            ("state", SchemaBuilder.ref("state")),
            ("nowMs", SchemaBuilder.integer("The scene clock at this snapshot, in ms: the time animations' startMs count on.", minimum: 0)),
        ], required: ["rev", "state", "nowMs"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly([])
        var result = JSONObject()
        engine.syncRealClock()
        result["nowMs"] = .number(Double(engine.clock.now))
        result["rev"] = .number(Double(engine.rev))
        result["state"] = engine.document
        return result
    }
}
