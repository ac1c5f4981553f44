import SceneryCore

/// `pan {"phase", "x", "y", "t"?}`: one event of a drag, for every scene that follows the finger
/// (hoo, photos). Decoded once into a ``PanEvent`` and handed to the scene as
/// ``SceneAction/pan(_:)``; each scene decides what the drag does, and front ends forward it and
/// know no scene. The summary names the scenes that take it (the schema's convention).
enum Pan: EngineMethod {
    static let description = MethodDescription(
        name: "pan",
        summary: "hoo, photos: one event of a pan gesture (hoo: first motion mostly horizontal scrubs the selection, otherwise scrolls the grid; photos: scrolls the home grid, and in the gallery turns the page when released after a horizontal swipe).",
        params: SchemaBuilder.object([
            ("phase", SchemaBuilder.choice(PanEvent.Phase.allCases.map(\.rawValue), "Where the gesture is.")),
            ("x", SchemaBuilder.number("Screen x of the finger in points (may be left out with cancelled).")),
            ("y", SchemaBuilder.number("Screen y of the finger in points (may be left out with cancelled).")),
            ("t", ["type": "number", "minimum": 0,
                   "description": "Milliseconds on the front end's clock, for the release velocity; the scene clock when left out."]),
        ], required: ["phase"]),
        result: SchemaBuilder.change())

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try engine.requireGesture(.pan)
        try engine.reduceScene(.pan(PanEvent(params, now: engine.sceneEnvironment.now())))
        return engine.changeResult()
    }
}
