import SceneryCore

/// Where a session's effects run: the one seam between the engine and time.
///
/// A scene asks for work as ``SceneEffect``s (a timer, a picture, a job). The engine keeps the
/// timers itself (``TimerQueue``) and hands the rest to its driver, chosen once by `initialize`:
/// - ``VirtualClockDriver`` runs a job before the answer of the command that asked for it, loads
///   a picture right after that answer, and moves time only with `clock.advance`. Transcripts use
///   it, so they replay byte for byte.
/// - ``RealClockDriver`` queues jobs and pictures for the transport (`RealClockWork`, which runs
///   them as tasks and hands their results back on the engine's queue), and the scene clock is
///   the wall clock.
///
/// As swift-nio's `EmbeddedEventLoop` stands beside its real event loops behind one protocol.
/// Outside the two drivers no code asks which clock a session is on.
protocol EffectDriver: AnyObject {
    /// The clock this driver keeps.
    var mode: ClockMode { get }
    /// A request arrived (or a result the transport brought): the scene clock catches up.
    func syncClock(_ engine: Engine)
    /// The scene asked for `jobs`, in this order (one reduce's).
    func run(_ jobs: [SceneJob], for engine: Engine) throws(RPCError)
    /// The scene asked for a picture that is neither built in nor loaded: its result now, or nil
    /// when it arrives later (``Engine/imageLoadFinished(_:result:output:)``).
    func load(_ picture: PictureLoad, for engine: Engine) -> Result<LoadedPicture, ImageLoadFailure>?
    /// `clock.advance {ms}`: fires the timers due on the way; throws where time is not the driver's to move.
    func advance(by ms: Int, _ engine: Engine) throws(RPCError)
    /// The work the transport must start, or nil: only the real clock has any.
    var realClock: RealClockDriver? { get }
}
