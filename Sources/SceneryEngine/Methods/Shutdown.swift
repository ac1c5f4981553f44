import SceneryCore

/// `shutdown`: answers `{}`, then the engine flushes its output and exits with status 0.
enum Shutdown: EngineMethod {
    static let description = MethodDescription(
        name: "shutdown",
        summary: "End the session: answer, flush, exit 0.",
        params: SchemaBuilder.object([]),
        result: SchemaBuilder.object([]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly([])
        engine.isShutDown = true
        return JSONObject()
    }
}
