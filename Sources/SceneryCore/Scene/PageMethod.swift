/// `page {"direction": "next"|"previous"}`: a swipe to the next or the previous page, for every
/// scene that pages. One description for all of them, since the method registry and the schema
/// hold one `params.page`; its summary names the scenes that take it (the schema's convention).
public enum PageMethod {
    public static let description = MethodDescription(
        name: "page",
        summary: "photos, testcard: a swipe to the next or the previous page (photos: the gallery's photo, and its 2 s advance starts again; testcard: its page).",
        params: SchemaBuilder.object([("direction", SchemaBuilder.choice(["next", "previous"], "Which way."))], required: ["direction"]),
        result: SchemaBuilder.change())

    /// Whether `params` ask for the next page (true) or the previous one (false); throws -32602
    /// for anything but exactly `direction`.
    public static func forward(_ params: Params) throws(RPCError) -> Bool {
        try params.allowOnly(["direction"])
        guard let direction = try params.optionalChoice("direction", ["next", "previous"]) else {
            throw .invalidParams("params.direction: required; expected \"next\" or \"previous\"")
        }
        return direction == "next"
    }
}
