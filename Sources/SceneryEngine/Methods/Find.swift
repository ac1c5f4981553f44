import SceneryCore

/// `find`: nodes by the text a person reads, their role and accessible name, or their id,
/// across the whole screen: the nodes of the display list and the rows a long list has not
/// made nodes yet (virtualization), in screen order. Changes nothing. What scripts' locators
/// (`get_by_text`, `get_by_role`, `locator`) are built on.
enum Find: EngineMethod {
    static let roles = ["button", "row"]

    static let description = MethodDescription(
        name: "find",
        summary: "Find nodes by text, role and name, or id, across the whole screen (rows not yet rendered included), in screen order.",
        params: SchemaBuilder.object([
            ("text", ["type": "string", "minLength": 1, "description": "Text nodes whose text (their runs joined) matches."]),
            ("role", SchemaBuilder.choice(roles, "Nodes whose style.role is this.")),
            ("name", ["type": "string", "minLength": 1, "description": "With role: the node's accessible name (the text of the text nodes whose ids extend its id) matches."]),
            ("id", ["type": "string", "minLength": 1, "description": "The node with this id, or any whose id extends it by whole components."]),
            ("exact", SchemaBuilder.boolean("How text and name match (white space collapsed and trimmed on both sides): false (default), a case-insensitive substring; true, equal.")),
            ("limit", SchemaBuilder.integer("List at most this many matches; count still counts all.", minimum: 0)),
        ]),
        result: SchemaBuilder.object([
            ("count", SchemaBuilder.integer("How many nodes match.", minimum: 0)),
            ("matches", ["type": "array", "description": "The matches in screen order (top, then left, then draw order), at most limit.",
                         "items": SchemaBuilder.object([
                             ("id", SchemaBuilder.string("The node's id (the id it has, or will have once rendered).")),
                             ("kind", SchemaBuilder.choice(["rect", "text", "image", "line", "circle", "movie", "group"], "The node's kind.")),
                             ("layer", SchemaBuilder.choice(["screen", "content"], "The node's layer.")),
                             ("frame", SchemaBuilder.ref("frame")),
                             ("rendered", SchemaBuilder.boolean("The node is in display.nodes now.")),
                             ("visible", SchemaBuilder.boolean("Rendered, not transparent, and inside the viewport (and the content frame) at least in part.")),
                             ("text", SchemaBuilder.string("A text node's text.")),
                             ("role", SchemaBuilder.choice(roles, "The node's role.")),
                             ("name", SchemaBuilder.string("A role node's accessible name.")),
                             ("selected", SchemaBuilder.boolean("The node's style.selected.")),
                             ("enabled", SchemaBuilder.boolean("The node's style.enabled.")),
                         ], required: ["id", "kind", "layer", "frame", "rendered", "visible"])]),
        ], required: ["count", "matches"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["text", "role", "name", "id", "exact", "limit"])
        let query = try Find.query(params)
        let limit = try params.optionalInt("limit", range: 0...Int(Int32.max))
        try engine.requireScene("find")
        let matches = engine.search(query)
        engine.remember(matches)
        var result = JSONObject()
        result["count"] = .number(Double(matches.count))
        result["matches"] = .array(matches.prefix(limit ?? matches.count).map(\.json))
        return result
    }

    /// The query `params` ask for, every param checked.
    static func query(_ params: Params) throws(RPCError) -> NodeQuery {
        func nonEmpty(_ key: String) throws(RPCError) -> String? {
            guard let value = try params.optionalString(key) else { return nil }
            if NodeQuery.collapsed(value).isEmpty { throw .invalidParams("params.\(key): expected text to look for, got \(Params.describe(.string(value)))") }
            return value
        }
        let text = try nonEmpty("text"), name = try nonEmpty("name"), id = try nonEmpty("id")
        let role = try params.optionalChoice("role", roles)
        let exact = try params.optionalBool("exact") ?? false
        guard text != nil || role != nil || id != nil else {
            throw .invalidParams("params: expected at least one of text, role and id")
        }
        if name != nil && role == nil {
            throw .invalidParams("params.name: a name belongs to a role; give role too (\"button\" or \"row\")")
        }
        return NodeQuery(text: text, role: role, name: name, id: id, exact: exact)
    }
}

extension Engine {
    /// The most matches a `find` leaves for the next `reveal` (``lastFound``).
    static let remembered = 16

    /// Keeps `matches` for a `reveal` at this rev when they are few.
    func remember(_ matches: [FoundNode]) {
        guard let scene, matches.count <= Engine.remembered else { lastFound = nil; return }
        var nodes: [String: Node] = [:]
        for match in matches { nodes[match.id] = match.node }
        lastFound = (rev, ObjectIdentifier(scene), nodes)
    }

    /// The node `id` of the whole screen: from the last `find` when the state has not changed
    /// since, else found again.
    func wholeContentNode(_ id: String) -> Node? {
        if let lastFound, let scene, lastFound.rev == rev, lastFound.scene == ObjectIdentifier(scene), let node = lastFound.nodes[id] {
            return node
        }
        return search(NodeQuery(id: id)).first(where: { canonicalKeyEquals($0.id, id) })?.node
    }

    /// Every node of the whole screen that matches `query`, in screen order (see ``Find``).
    /// `prefilter` false builds every part, even those that say they cannot matter (a test's
    /// reference).
    func search(_ query: NodeQuery, prefilter: Bool = true) -> [FoundNode] {
        guard let scene else { return [] }
        var rendered = Set<String>()
        for (id, _) in display.allNodes { rendered.insert(id) }
        var search = NodeSearch(query: query, viewport: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                                content: display.content, rendered: rendered)
        scene.forEachNodeOfWholeContent(matching: prefilter ? query : nil) { id, node in search.consider(id, node) }
        return search.matches()
    }
}
