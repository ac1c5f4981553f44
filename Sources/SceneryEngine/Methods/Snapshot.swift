import SceneryCore

/// `snapshot`: the whole state document and its rev, for a front end that (re)joins or checks
/// itself, with the scene clock's time, so that a late joiner can put declared animations (the
/// exhibition ring) in phase on either clock. With `"as":"text"`, the screen as a person reads
/// it instead (``ScreenText``): what readable goldens and scripts' screen checks compare, made
/// here once so that no client renders it again. With `"as":"accessibility"`, the same nodes in
/// the same order as data (``ReadingOrder``): what a front end tells a screen reader, so that no
/// front end computes names or reading order again.
enum Snapshot: EngineMethod {
    static let description = MethodDescription(
        name: "snapshot",
        summary: "The whole state document, its rev and the scene clock's time; or, with as \"text\", the screen as text; or, with as \"accessibility\", what assistive technology is told.",
        params: SchemaBuilder.object([
            ("as", SchemaBuilder.choice(["state", "text", "accessibility"], "What to answer: the state document (\"state\", the default), the screen as text (\"text\": PROTOCOL.md section 3, \"The screen as text\"), or the nodes a front end tells assistive technology of (\"accessibility\": section 3, \"What assistive technology is told\").")),
            ("ids", ["type": "array", "items": ["type": "string", "minLength": 1],
                     "description": "With as \"text\" or \"accessibility\": only the nodes with one of these ids or an id extending one by whole components (a region of the screen)."]),
        ]),
        result: SchemaBuilder.object([
            ("rev", SchemaBuilder.ref("rev")),
            ("state", SchemaBuilder.ref("state")),
            ("text", SchemaBuilder.string("With as \"text\": the screen as text, one node a line, each line ended by a newline.")),
            ("nodes", ["type": "array", "items": SchemaBuilder.ref("accessibleNode"),
                       "description": "With as \"accessibility\": the nodes a person is told of, in reading order."]),
            ("nowMs", SchemaBuilder.integer("The scene clock at this snapshot, in ms: the time animations' startMs count on.", minimum: 0)),
        ], required: ["rev", "nowMs"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["as", "ids"])
        let form = try params.optionalChoice("as", ["state", "text", "accessibility"]) ?? "state"
        let ids = try Snapshot.ids(params)
        if ids != nil && form == "state" { throw .invalidParams("params.ids: ids choose nodes of the screen; give \"as\":\"text\" or \"as\":\"accessibility\" too") }
        var result = JSONObject()
        engine.effects.syncClock(engine)
        result["nowMs"] = .number(Double(engine.clock.now))
        result["rev"] = .number(Double(engine.rev))
        switch form {
        case "text":
            result["text"] = .string(engine.screenText(ids: ids ?? []).rendered)
        case "accessibility":
            result["nodes"] = .array(engine.readingOrder(ids: ids ?? []).accessible.map(\.accessibleJSON))
        default:
            result["state"] = engine.document
        }
        return result
    }

    static func ids(_ params: Params) throws(RPCError) -> [String]? {
        guard let value = params.object["ids"], value != .null else { return nil }
        guard case .array(let items) = value else { throw .invalidParams("params.ids: expected an array of node ids, got \(Params.describe(value))") }
        var ids: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let id) = item, !id.isEmpty else {
                throw .invalidParams("params.ids[\(index)]: expected a node id (a non-empty string), got \(Params.describe(item))")
            }
            ids.append(id)
        }
        return ids
    }
}

extension Engine {
    /// The screen as text (``ScreenText``) as of the current rev; with `ids`, only those nodes.
    public func screenText(ids: [String] = []) -> ScreenText {
        let size = renderedViewport ?? viewport
        return ScreenText(display: display, width: size.width, height: size.height, ids: ids)
    }

    /// The nodes a person is told of, in reading order (``ReadingOrder``), as of the current rev.
    public func readingOrder(ids: [String] = []) -> ReadingOrder {
        let size = renderedViewport ?? viewport
        return ReadingOrder(display: display, width: size.width, height: size.height, ids: ids)
    }

    /// The model of the current rev.
    public var model: JSON { scene?.modelJSON ?? detachedModel }
}
