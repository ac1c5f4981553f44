import SceneryCore

/// The exhibition scene's own method, decoded once: `reshuffle` places the circles anew at
/// random, as a tap on the first mode button does.
public enum ExhibitionCommand: SceneCommand, Equatable {
    case reshuffle

    public static let methods: [MethodDescription] = [
        MethodDescription(
            name: "reshuffle",
            summary: "exhibition: place the circles anew at random (as a tap on mode.nearme does).",
            params: SchemaBuilder.object([]),
            result: SchemaBuilder.change()),
    ]

    public init(method name: String, params: Params) throws(RPCError) {
        guard name == "reshuffle" else { throw .notSupported("\(name): the exhibition scene does not handle this method") }
        try params.allowOnly([])
        self = .reshuffle
    }
}
