import SceneryCore

/// `asset.read`: the bytes of an image node's asset, base64, so a front end on another machine
/// needs nothing but the pipe.
enum AssetRead: EngineMethod {
    static let description = MethodDescription(
        name: "asset.read",
        summary: "Read an image asset: mime type, pixel size and base64 data.",
        params: SchemaBuilder.object([("id", SchemaBuilder.string("Asset id from a node's image field."))], required: ["id"]),
        result: SchemaBuilder.object([
            ("id", SchemaBuilder.string("The asset id.")),
            ("mime", SchemaBuilder.string("image/png, image/jpeg or image/gif.")),
            ("width", SchemaBuilder.integer("Width in pixels.", minimum: 0)),
            ("height", SchemaBuilder.integer("Height in pixels.", minimum: 0)),
            ("data", SchemaBuilder.string("The file's bytes, base64.")),
        ], required: ["id", "mime", "width", "height", "data"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["id"])
        let id = try params.string("id")
        let sceneImage = try engine.scene?.asset(id, environment: engine.sceneEnvironment)
        let loaded = try sceneImage == nil ? engine.assets.image(id, files: engine.sceneEnvironment) : nil
        guard let image = sceneImage ?? loaded ?? Engine.sceneTypes.lazy.compactMap({ $0.builtinImage(id) }).first else {
            throw .unknownID("params.id: no asset \(JSON.string(id))")
        }
        var result = JSONObject()
        result["data"] = .string(Base64.encode(image.bytes))
        result["height"] = .number(Double(image.height))
        result["id"] = .string(id)
        result["mime"] = .string(image.mime)
        result["width"] = .number(Double(image.width))
        return result
    }
}
