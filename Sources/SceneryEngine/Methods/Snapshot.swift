import SceneryCore

/// `snapshot`: the whole state document and its rev, for a front end that (re)joins or checks itself.
enum Snapshot: EngineMethod {
    static let description = MethodDescription(
        name: "snapshot",
        summary: "The whole state document and its rev.",
        params: SchemaBuilder.object([]),
        result: SchemaBuilder.object([("rev", SchemaBuilder.ref("rev")), ("state", SchemaBuilder.ref("state"))], required: ["rev", "state"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly([])
        var result = JSONObject()
        result["rev"] = .number(Double(engine.rev))
        result["state"] = engine.document
        return result
    }
}
