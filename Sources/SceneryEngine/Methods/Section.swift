import SceneryCore

/// `section`: jumps to a section, as a tap on the section index does: by `title` ("I") or by
/// `index` into the section index. An empty section jumps to the next one with entries.
enum Section: EngineMethod {
    static let description = MethodDescription(
        name: "section",
        summary: "Scroll to a section by its index title or index position.",
        params: SchemaBuilder.with(SchemaBuilder.object([
            ("title", SchemaBuilder.string("Section index entry, e.g. \"I\" or \"#\".")),
            ("index", SchemaBuilder.integer("Position in the section index, from 0.", minimum: 0)),
        ]), "oneOf", SchemaBuilder.oneOf([["title"], ["index"]])),
        result: SchemaBuilder.change())

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["title", "index"])
        try engine.requireScene("section")
        let request: SectionRequest
        switch (try params.optionalString("title"), try params.optionalInt("index", range: 0...1_000_000)) {
        case (let title?, nil): request = .title(title)
        case (nil, let index?): request = .index(index)
        default: throw .invalidParams("params: expected exactly one of title and index")
        }
        try engine.reduceScene(.section(request))
        return engine.changeResult()
    }
}
