import SceneryCore

/// The Hoo scene's own method, decoded once: `sets.load {"path"}` loads sets from a folder of
/// `##.zip` archives and `##` folders, or one archive, and adds them to the grid.
public enum HooCommand: SceneCommand, Equatable {
    case loadSets(path: String)

    public static let methods: [MethodDescription] = [
        MethodDescription(
            name: "sets.load",
            summary: "hoo: load Hoo sets from a folder of ##.zip archives and ## folders, or one archive; adds them to the grid.",
            params: SchemaBuilder.object([
                ("path", SchemaBuilder.string("A folder of set archives/folders, or one archive; relative to the engine's working directory.")),
            ], required: ["path"]),
            result: SchemaBuilder.change()),
    ]

    public init(method name: String, params: Params) throws(RPCError) {
        guard name == "sets.load" else { throw .notSupported("\(name): the hoo scene does not handle this method") }
        try params.allowOnly(["path"])
        self = .loadSets(path: try params.string("path"))
    }
}
