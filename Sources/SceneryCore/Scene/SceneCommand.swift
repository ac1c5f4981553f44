/// A scene's own methods (Hoo's `sets.load`, the exhibition's `reshuffle`) as one typed value,
/// decoded once from the request's params, so that the reducer matches cases, not method names
/// (TCA gives each feature its own `Action`; sourcekit-lsp decodes a request's params once).
///
/// The engine checks that the open scene declares the method (``methods``), decodes it here and
/// hands the scene ``SceneAction/command(_:)``.
public protocol SceneCommand: Sendable {
    /// The methods, for the method registry and the schema.
    static var methods: [MethodDescription] { get }
    /// Decodes the params of `name`, one of ``methods``; throws -32602 naming a bad field.
    init(method name: String, params: Params) throws(RPCError)
}

/// The command type of a scene that has no methods of its own (the default), and of the actions
/// the engine builds without knowing the scene (``CommonAction``): it has no values.
public enum NoCommand: SceneCommand {
    public static let methods: [MethodDescription] = []

    public init(method name: String, params: Params) throws(RPCError) {
        throw .notSupported("\(name): this scene has no method of that name")
    }
}

/// An action every scene takes (a gesture, a loaded image, a timer, a finished job): what the
/// engine builds before it knows which scene is open. ``SceneAction/forScene(_:)`` gives it the
/// open scene's command type.
public typealias CommonAction = SceneAction<NoCommand>

extension SceneAction where Command == NoCommand {
    /// The same action, typed for a scene whose commands are `C` (a common action is never a
    /// command, so every case carries over as it is).
    @inlinable
    public func forScene<C: SceneCommand>(_: C.Type) -> SceneAction<C> {
        switch self {
        case .tap(let id, let point): return .tap(id: id, point: point)
        case .longPress(let id, let point): return .longPress(id: id, point: point)
        case .scroll(let request): return .scroll(request)
        case .section(let request): return .section(request)
        case .pan(let event): return .pan(event)
        case .page(let direction): return .page(direction)
        case .viewport(let viewport): return .viewport(viewport)
        case .imageLoaded(let url, let result): return .imageLoaded(url: url, result: result)
        case .timerFired(let name): return .timerFired(name: name)
        case .jobFinished(let name, let result): return .jobFinished(name: name, result: result)
        case .command(let none): switch none {}
        }
    }
}
