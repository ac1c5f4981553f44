/// Work a scene asks the engine to do outside the reducer.
public enum SceneEffect: Sendable {
    /// Load the picture at a `file:`, `http(s):` or built-in (`scenery:`) URL: the one way a
    /// scene gets a picture. The result arrives as ``SceneAction/imageLoaded(url:result:)``
    /// with the picture's asset id. With a `cache`, an intact copy there is used first, and a
    /// picture that came from its URL is written there; the engine then keeps only its size in
    /// memory and `asset.read` reads the bytes again from the cache.
    case loadImage(url: String, cache: DiskCache? = nil)
    /// Fire ``SceneAction/timerFired(name:)`` after `ms` on the scene clock (replacing a timer of that name).
    case startTimer(name: String, ms: Int)
    case cancelTimer(name: String)
    /// Run long work (loading sets) outside the reducer. With the virtual clock the engine runs
    /// it before answering the command that started it; with the real clock on a background
    /// thread, while other commands are answered. Its progress goes out as `progress`
    /// notifications; its value comes back as ``SceneAction/jobFinished(name:result:)``.
    case runJob(SceneJob)
}

extension SceneEffect: Equatable {
    /// Jobs compare by name: a closure has no equality.
    public static func == (lhs: SceneEffect, rhs: SceneEffect) -> Bool {
        switch (lhs, rhs) {
        case (.loadImage(let a, let x), .loadImage(let b, let y)): return a == b && x?.folder == y?.folder
        case (.startTimer(let a, let x), .startTimer(let b, let y)): return a == b && x == y
        case (.cancelTimer(let a), .cancelTimer(let b)): return a == b
        case (.runJob(let a), .runJob(let b)): return a.name == b.name
        default: return false
        }
    }
}

/// Long work a scene hands to the engine: a name (`"sets.load"`, also the `job` of its progress
/// notifications) and the work itself, which may only use the context it is given.
public struct SceneJob: Sendable {
    public let name: String
    /// The work. It may wait (`await`) on the network without holding a thread; file reads and
    /// computing are done as they come.
    public let run: @Sendable (JobContext) async -> any Sendable

    public init(name: String, run: @escaping @Sendable (JobContext) async -> any Sendable) {
        self.name = name; self.run = run
    }
}

/// What a running job may use: file access and a progress callback.
public struct JobContext: Sendable {
    /// File access (`readFile`, `readFileRange`, `fileInfo`, `listDirectory`). `now` and
    /// `random` must not be used from a job: it may run on another thread.
    public let environment: SceneEnvironment
    /// Reports progress; each call becomes one `progress` notification.
    public let progress: @Sendable (JobProgress) -> Void

    public init(environment: SceneEnvironment, progress: @escaping @Sendable (JobProgress) -> Void) {
        self.environment = environment; self.progress = progress
    }
}

/// How far a job is: `done` of `total` items, and the item just finished (an archive's path).
public struct JobProgress: Equatable, Sendable {
    public var done: Int
    public var total: Int
    public var item: String

    public init(done: Int, total: Int, item: String) {
        self.done = done; self.total = total; self.item = item
    }
}
