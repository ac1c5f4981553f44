import SceneryCore

/// `scene.open`: opens a scene by name, replacing the open one. The other params are the scene's
/// own (data file paths, time zone, ...). On any error the previous scene stays as it was. The
/// result names the gesture methods the scene takes, so a front end never probes for -32007.
enum SceneOpen: EngineMethod {
    static var description: MethodDescription {
        var properties: [(String, JSON)] = [("scene", SchemaBuilder.choice(Engine.sceneTypes.map(\.name), "The scene to open."))]
        for type in Engine.sceneTypes {
            for (key, value) in type.openParameters { properties.append((key, value)) }
        }
        return MethodDescription(
            name: "scene.open",
            summary: "Open a scene by name with its data; replaces the open scene.",
            params: SchemaBuilder.object(properties, required: ["scene"]),
            result: SchemaBuilder.change([
                ("gestures", [
                    "type": "array",
                    "items": SchemaBuilder.choice(Gesture.names(Set(Gesture.allCases)), "A gesture method."),
                    "uniqueItems": true,
                    "description": "The gesture methods the opened scene takes, sorted (the others answer -32007): a front end sends only these, and never has to probe.",
                ]),
            ], required: ["gestures"]))
    }

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        let name = try params.string("scene")
        guard let type = engine.sceneType(named: name) else {
            throw RPCError(code: ErrorCode.unknownScene,
                           message: "params.scene: unknown scene \(JSON.string(name)); expected one of \(Engine.sceneTypes.map(\.name).joined(separator: ", "))")
        }
        var sceneParams = params.object
        sceneParams.removeValue(forKey: "scene")
        let (opened, effects) = try type.open(Params(sceneParams), engine.viewport, engine.sceneEnvironment)
        let gestures = Gesture.names(type.gestures)
        engine.replaceScene(with: opened)
        engine.timers.removeAll()
        engine.pendingEffects = []
        try engine.absorbEffects(effects)
        return engine.changeResult(["gestures": .array(gestures.map(JSON.string))])
    }
}
