import SceneryCore

/// `page {"direction": "next"|"previous"}`: a swipe to the next or the previous page, for every
/// scene that pages (photos, testcard), handed to the scene as ``SceneAction/page(_:)``.
enum Page: EngineMethod {
    static let description = MethodDescription(
        name: "page",
        summary: "photos, testcard: a swipe to the next or the previous page (photos: the gallery's photo, and its 2 s advance starts again; testcard: its page).",
        params: SchemaBuilder.object([("direction", SchemaBuilder.choice(PageDirection.allCases.map(\.rawValue), "Which way."))],
                                     required: ["direction"]),
        result: SchemaBuilder.change())

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try engine.requireGesture(.page)
        try engine.reduceScene(.page(PageDirection(params)))
        return engine.changeResult()
    }
}
