import SceneryCore

/// `longPress`: a press held on a node named by `id`, or on the topmost node at `x`,`y` (with
/// `baseRev` as for `tap`). Scenes that have no meaning for it (``Scene/gestures``)
/// answer -32007 before the target is looked at; the shelf scene starts a book's jiggle.
enum LongPress: EngineMethod {
    static let description = MethodDescription(
        name: "longPress",
        summary: "Press and hold a node by id, or the topmost node at a point (scenes that have a meaning for it).",
        params: Tap.pointerParams("longPress"),
        result: SchemaBuilder.change([("target", ["type": ["string", "null"], "description": "The node pressed, null when a point hit nothing."])], required: ["target"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["id", "x", "y", "baseRev"])
        try engine.requireGesture(.longPress)
        let (target, point) = try engine.pointerTarget(params)
        try engine.reduceScene(.longPress(id: target, point: point))
        return engine.changeResult(["target": JSON.optional(target)])
    }
}
