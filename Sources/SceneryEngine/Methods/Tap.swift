import SceneryCore

/// `tap`: a tap on a node named by `id`, or at the point `x`,`y` (screen points; the topmost
/// node there is hit, unless the scene says otherwise). A point tap may carry `baseRev`, the rev the user saw: if the state has
/// moved on since, the tap is refused rather than landing on whatever moved under the finger.
enum Tap: EngineMethod {
    static let description = MethodDescription(
        name: "tap",
        summary: "Tap a node by id, or the topmost node at a point.",
        params: pointerParams("tap"),
        result: SchemaBuilder.change([("target", ["type": ["string", "null"], "description": "The node tapped, null when a point hit nothing."])], required: ["target"]))

    /// The params of a pointer command: `id`, or `x` and `y` with an optional `baseRev`.
    static func pointerParams(_ gesture: String) -> JSON {
        SchemaBuilder.with(SchemaBuilder.object([
            ("id", SchemaBuilder.string("Id of a node in display.nodes.")),
            ("x", SchemaBuilder.number("Screen x in points.")),
            ("y", SchemaBuilder.number("Screen y in points.")),
            ("baseRev", SchemaBuilder.integer("The rev the user saw; a point \(gesture) with an older rev is refused.", minimum: 0)),
        ]), "oneOf", SchemaBuilder.oneOf([["id"], ["x", "y"]]))
    }

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["id", "x", "y", "baseRev"])
        try engine.requireScene("tap")
        let (target, point) = try engine.pointerTarget(params)
        try engine.reduceScene(.tap(id: target, point: point))
        return engine.changeResult(["target": JSON.optional(target)])
    }
}

extension Engine {
    /// What a pointer command (`tap`, `longPress`) addresses: the node named by `id` (which must
    /// be in `display.nodes`), or the node the scene finds at `x`,`y` (``Scene/target(at:in:display:)``,
    /// the topmost by default) with the point itself. A point
    /// command whose `baseRev` is older than `rev` is refused: the screen changed under the finger.
    func pointerTarget(_ params: Params) throws(RPCError) -> (target: String?, point: Point?) {
        let baseRev = try checkBaseRev(params)
        if let id = try params.optionalString("id") {
            if params.has("x") || params.has("y") { throw .invalidParams("params: give either id or x and y, not both") }
            guard display.node(id) != nil else {
                if search(NodeQuery(id: id)).contains(where: { canonicalKeyEquals($0.id, id) }) {
                    throw .unknownID("params.id: \(JSON.string(id)) is not in display.nodes: it is in the scroll content, out of the rendered band; reveal it first")
                }
                throw .unknownID("params.id: no node \(JSON.string(id)) in display.nodes")
            }
            return (id, nil)
        }
        guard let x = try params.optionalNumber("x"), let y = try params.optionalNumber("y") else {
            throw .invalidParams("params: expected either id, or both x and y")
        }
        guard x >= 0, x <= viewport.width, y >= 0, y <= viewport.height else {
            throw .invalidParams("params: the point (\(JSON.number(x)), \(JSON.number(y))) is off the screen, which is 0…\(JSON.number(viewport.width)) x 0…\(JSON.number(viewport.height))")
        }
        if let baseRev, baseRev < rev {
            throw RPCError(code: ErrorCode.staleRevision,
                           message: "params.baseRev: \(baseRev) is stale, the state is at rev \(rev); the screen changed under the finger, so the command was not applied")
        }
        let point = Point(x: x, y: y)
        return (scene?.target(at: point, display: display) ?? nil, point)
    }

    /// Reads `baseRev`; a rev from the future is a client bug and always refused.
    func checkBaseRev(_ params: Params) throws(RPCError) -> Int? {
        guard let baseRev = try params.optionalInt("baseRev", range: 0...9_007_199_254_740_991) else { return nil }
        if baseRev > rev {
            throw .invalidParams("params.baseRev: \(baseRev) is ahead of the current rev \(rev)")
        }
        return baseRev
    }
}
