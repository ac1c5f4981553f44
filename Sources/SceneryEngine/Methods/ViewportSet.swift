import SceneryCore

/// `viewport.set`: the front end's screen changed size (rotation, window resize); members left
/// out keep their values. The open scene lays itself out again.
enum ViewportSet: EngineMethod {
    static let description = MethodDescription(
        name: "viewport.set",
        summary: "Change the screen size, scale or safe area; the scene lays out again.",
        params: SchemaBuilder.ref("viewportParams"),
        result: SchemaBuilder.change())

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        let viewport = try Viewport.parse(params, base: engine.viewport)
        if engine.scene != nil { try engine.reduceScene(.viewport(viewport)) }
        engine.viewport = viewport
        return engine.changeResult()
    }
}
