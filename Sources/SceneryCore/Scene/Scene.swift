#if compiler(>=6.2)
/// Scene types are used from any thread (the engine's scene table is shared); with Swift 6.2's
/// metatype checking that needs saying. Older compilers do not know `SendableMetatype`.
public protocol SceneMetatype: SendableMetatype {}
#else
/// Scene types are used from any thread (the engine's scene table is shared).
public protocol SceneMetatype {}
#endif

/// A screen the engine can run: a pure reducer over a value-type state, and a render.
///
/// No I/O, no clock, no randomness inside: those arrive through ``SceneEnvironment``, and work
/// that must happen outside (loading an image) is returned as a ``SceneEffect``. The engine
/// renders the state after every command and sends the difference. A scene says what its screen
/// shows, as keyed ``ScreenPart``s; the engine alone decides what to reuse and writes the patch
/// (`Protocol/WRITING-A-SCENE.md` walks through a whole scene).
public protocol Scene: SceneMetatype {
    associatedtype State: Sendable
    /// A piece of the screen and what it is drawn from (a row, a cell, the chrome).
    associatedtype Part: ScreenPart
    /// The `model` part of the state document: ``JSON``, or a value that compares cheaply and
    /// has a JSON form (a command that changes nothing then costs a comparison, not a diff).
    associatedtype Model: SceneModel = JSON
    /// The scene's own methods as one typed value (``SceneCommand``); ``NoCommand`` when it has
    /// none. The reducer receives them as ``SceneAction/command(_:)``.
    associatedtype Command: SceneCommand = NoCommand

    /// The name `scene.open` takes, e.g. `"directory"`.
    static var name: String { get }
    /// The gestures the scene takes. The engine answers -32007 for `longPress`, `pan` and `page`
    /// where a scene does not declare them, before it reads their params; `scroll` and `section`
    /// still reach the reducer, which answers -32007 in its own words (what to use instead).
    /// `scene.open` returns them; a test holds each declaration to what the scene answers.
    static var gestures: Set<Gesture> { get }
    /// The `scene.open` parameters this scene accepts besides `scene`, as JSON Schema properties.
    static var openParameters: JSONObject { get }

    /// Builds the opening state from `scene.open`'s params.
    static func open(_ params: Params, viewport: Viewport, environment: SceneEnvironment) throws(RPCError) -> (State, [SceneEffect])
    /// Applies one action. A reducer checks everything that can fail before it changes `state`,
    /// so that throwing leaves the state as it was: the engine reduces in place rather than on a
    /// copy, because a copy would make every write to a large collection copy it whole.
    static func reduce(_ state: inout State, _ action: Action, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
    /// The screen of `state`: its parts added to `screen` (and its scroll content set), and the
    /// model returned. Called after every command; it says what shows, not what changed.
    static func render(_ state: State, into screen: inout Screen<Part>) -> Model
    /// The node a tap or long press at `point` (screen points) lands on, found once by the engine
    /// and handed to the reducer as the action's id (and to the client as `target`). The default
    /// is the topmost node there (``DisplayList/hitTest(_:)``), UIKit's `hitTest`; a scene whose
    /// drawing does not say what a finger means answers from its state (Hoo: a full-screen overlay
    /// lies over its grid, so the cell comes from the grid's arithmetic). Nil: nothing is there.
    static func target(at point: Point, in state: State, display: DisplayList) -> String?
    /// An image the scene draws in code (icons, placeholders), by asset id; nil for unknown ids.
    /// Asset ids of a scene start with its name and a dot (`directory.placeholder`).
    static func builtinImage(_ id: String) -> ImageData?
    /// An image that belongs to the open state (a Hoo's picture inside an archive), read when
    /// `asset.read` asks for it; nil for ids the scene does not know. Throws when the bytes
    /// cannot be read (the archive changed on disk, a bad CRC). Defaults to nil.
    static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData?
    /// The virtual clock moved to `nowMs` (`clock.advance`, after the timers due on the way
    /// fired). For a scene whose model reports something that moves with time, such as the
    /// phase of an animation a front end joining late must start in; the default does nothing.
    /// Not called with the real clock, whose time moves continuously rather than in steps.
    static func clockAdvanced(_ state: inout State, nowMs: Int)
    /// The engine's way in to ``render(_:into:)``: renders through `renderer` (see
    /// ``SceneRenderer/refresh(_:display:displayPath:modelPath:baseline:into:)``). Scenes keep
    /// the default; it is a requirement only so that the compiler builds it for each scene's own
    /// types (called from the engine's generic code, it would otherwise look types up at run time
    /// on every command).
    static func refresh(_ renderer: inout SceneRenderer<Self>, _ state: State, display: inout DisplayList, displayPath: String,
                        modelPath: PatchPath, baseline: JSON, into patch: inout PatchWriter) -> Bool
    /// The engine's way in to ``reduce(_:_:environment:)`` with an action every scene takes:
    /// types it for this scene (``SceneAction/forScene(_:)``) and reduces. Scenes keep the
    /// default; a requirement for the same reason as ``refresh(_:_:display:displayPath:modelPath:baseline:into:)``
    /// (from the engine's generic code, building the scene's action would go through the runtime
    /// on every command: about 700 instructions of a 56,000-instruction tap).
    static func reduceCommon(_ state: inout State, _ action: CommonAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect]
}

extension Scene {
    /// What the reducer receives: a gesture, an event, or one of the scene's own commands.
    public typealias Action = SceneAction<Command>

    @inlinable
    public static func refresh(_ renderer: inout SceneRenderer<Self>, _ state: State, display: inout DisplayList, displayPath: String,
                               modelPath: PatchPath, baseline: JSON, into patch: inout PatchWriter) -> Bool {
        renderer.refresh(state, display: &display, displayPath: displayPath, modelPath: modelPath, baseline: baseline, into: &patch)
    }

    @inlinable
    public static func reduceCommon(_ state: inout State, _ action: CommonAction, environment: SceneEnvironment) throws(RPCError) -> [SceneEffect] {
        try reduce(&state, action.forScene(Command.self), environment: environment)
    }

    public static func asset(_ id: String, in state: State, environment: SceneEnvironment) throws(RPCError) -> ImageData? { nil }
    public static func clockAdvanced(_ state: inout State, nowMs: Int) {}
    public static func target(at point: Point, in state: State, display: DisplayList) -> String? { display.hitTest(point) }
}

/// A user action or an outside event, as the engine hands it to a scene whose own methods are
/// `Command` (a scene names it `Action`).
public enum SceneAction<Command: SceneCommand>: Sendable {
    /// A tap on the node `id` (found once by ``Scene/target(at:in:display:)`` when the command
    /// gave a point, or named by the command); `id` is nil when a point hit nothing.
    case tap(id: String?, point: Point?)
    /// A press held on the node `id` (or at `point`, as for ``tap(id:point:)``); sent only to
    /// scenes whose ``Scene/gestures`` hold `.longPress`.
    case longPress(id: String?, point: Point?)
    case scroll(ScrollRequest)
    case section(SectionRequest)
    /// One event of a drag (`pan`); sent only to scenes whose ``Scene/gestures`` hold `.pan`.
    case pan(PanEvent)
    /// A swipe to the next or previous page (`page`); sent only to scenes that take `.page`.
    case page(PageDirection)
    case viewport(Viewport)
    /// An image requested with ``SceneEffect/loadImage(url:)`` finished: its asset id, or why it failed.
    case imageLoaded(url: String, result: Result<String, ImageLoadFailure>)
    case timerFired(name: String)
    /// A job started with ``SceneEffect/runJob(_:)`` finished with this value.
    case jobFinished(name: String, result: any Sendable)
    /// One of the scene's own methods (``SceneCommand``), decoded.
    case command(Command)
}

/// Where to scroll: an absolute content offset or a delta, in points.
public enum ScrollRequest: Equatable, Sendable {
    case to(offsetY: Double)
    case by(deltaY: Double)

    /// The offset asked for, from the current one; not yet clamped. Throws when it is not finite.
    public func target(from offset: Double) throws(RPCError) -> Double {
        let target: Double
        switch self {
        case .to(let offsetY): target = offsetY
        case .by(let deltaY): target = offset + deltaY
        }
        guard target.isFinite else { throw .invalidParams("params: the scroll target must be a finite number") }
        return target
    }
}

/// Which section to jump to: by its title (a section index entry) or by index-entry position.
public enum SectionRequest: Equatable, Sendable {
    case title(String)
    case index(Int)
}

/// A method's name, one-line summary and params schema: the single registry entry that the
/// router, `initialize`'s method list and `scenery --schema` all read.
public struct MethodDescription: Sendable {
    public let name: String
    public let summary: String
    /// JSON Schema of `params`.
    public let params: JSON
    /// JSON Schema of `result`.
    public let result: JSON

    public init(name: String, summary: String, params: JSON, result: JSON) {
        self.name = name; self.summary = summary; self.params = params; self.result = result
    }
}
