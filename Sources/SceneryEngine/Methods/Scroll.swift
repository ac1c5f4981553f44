import SceneryCore

/// `scroll`: scrolls the scene's content to `offsetY` or by `deltaY` points, clamped to the
/// content; rows scrolling into view (plus overscan) become nodes, rows leaving it are removed.
enum Scroll: EngineMethod {
    static let description = MethodDescription(
        name: "scroll",
        summary: "Scroll the content to an offset or by a delta (points, clamped).",
        params: SchemaBuilder.with(SchemaBuilder.object([
            ("offsetY", SchemaBuilder.number("Content offset to scroll to.")),
            ("deltaY", SchemaBuilder.number("Points to scroll by; positive scrolls down the content.")),
        ]), "oneOf", SchemaBuilder.oneOf([["offsetY"], ["deltaY"]])),
        result: SchemaBuilder.change())

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["offsetY", "deltaY"])
        try engine.requireScene("scroll")
        let request: ScrollRequest
        switch (try params.optionalNumber("offsetY"), try params.optionalNumber("deltaY")) {
        case (let offset?, nil): request = .to(offsetY: offset)
        case (nil, let delta?): request = .by(deltaY: delta)
        default: throw .invalidParams("params: expected exactly one of offsetY and deltaY")
        }
        try engine.reduceScene(.scroll(request))
        return engine.changeResult()
    }
}
