import SceneryCore

/// Effects: what a scene asked for outside its reducer (timers, image loads, jobs). The timers
/// are kept here; pictures and jobs go to the session's ``EffectDriver``.
extension Engine {
    /// Runs queued effects after a response: timers are recorded, pictures loaded (the ones that
    /// finish here make one `patch` notification, in the order they were asked for).
    func runPendingEffects(output: inout [UInt8]) {
        var loaded = false
        while !pendingEffects.isEmpty {
            let effect = pendingEffects.removeFirst()
            if applyTimer(effect) { continue }
            switch effect {
            case .startTimer, .cancelTimer:
                break  // applied above
            case .loadImage(let url, let cache):
                // Built-in and loaded pictures come now; the driver loads the others now
                // (virtual clock) or later (real). Those that finish here are delivered one by
                // one and sent together: one notification for what a command loaded.
                if let known = knownPicture(url) {
                    if deliverLoad(url: url, result: known) { loaded = true }
                } else if let picture = effects.load(pictureLoad(url, cache: cache), for: self) {
                    if deliverLoad(url: url, loaded: picture) { loaded = true }
                }
            case .runJob:
                break  // absorbEffects ran or queued it already
            }
        }
        if loaded { notifyChange(cause: "image.loaded", output: &output) }
    }

    /// The asset of a built-in picture (`scenery:NAME`) or of one loaded before: no load needed.
    func knownPicture(_ url: String) -> Result<String, ImageLoadFailure>? {
        if url.hasPrefix(AssetStore.builtinScheme) {
            let name = String(url.dropFirst(AssetStore.builtinScheme.count))
            guard let scene, sceneType(named: scene.name)?.builtinImage(name) != nil else {
                return .failure(ImageLoadFailure("no built-in image \"\(name)\""))
            }
            return .success(name)
        }
        return assets.asset(forURL: url).map { .success($0) }
    }

    /// How the picture at `url` is loaded, with the session's files and network flag as they are now.
    func pictureLoad(_ url: String, cache: DiskCache?) -> PictureLoad {
        PictureLoad(url: url, cache: cache, files: sceneEnvironment, loadImage: environment.loadImage, network: network)
    }

    /// Starts or cancels the timer `effect` asks for, on the scene clock; false for any other effect.
    func applyTimer(_ effect: SceneEffect) -> Bool {
        switch effect {
        case .startTimer(let name, let ms): timers.start(name, due: clock.now + max(0, ms))
        case .cancelTimer(let name): timers.cancel(name)
        case .loadImage, .runJob: return false
        }
        return true
    }

    /// Stores a load's picture (``AssetStore/register(_:forURL:)``) and delivers its asset id,
    /// or why it failed, to the scene: the one way a loaded picture reaches it, on either clock.
    func deliverLoad(url: String, loaded: Result<LoadedPicture, ImageLoadFailure>) -> Bool {
        deliverLoad(url: url, result: loaded.map { assets.register($0, forURL: url) })
    }

    /// Delivers a finished load to the scene; false when the scene refused it (it was reopened).
    func deliverLoad(url: String, result: Result<String, ImageLoadFailure>) -> Bool {
        guard scene != nil else { return false }
        do {
            try reduceScene(.imageLoaded(url: url, result: result))
            return true
        } catch {
            return false
        }
    }

    /// Commits and, when anything changed, writes a `patch` notification.
    func notifyChange(cause: String, output: inout [UInt8]) {
        let (rev, patch) = commit()
        guard !patch.isEmpty else { return }
        var params = JSONObject()
        params["cause"] = .string(cause)
        params["patch"] = patch.json()
        params["rev"] = .number(Double(rev))
        Engine.writeNotification("patch", params, to: &output)
    }

    /// With the real clock: a load the transport ran has finished; its picture is stored and
    /// the change written as a `patch` notification.
    public func imageLoadFinished(_ load: PictureLoad, result: Result<LoadedPicture, ImageLoadFailure>, output: inout [UInt8]) {
        effects.syncClock(self)
        effects.realClock?.loaded(load.url)
        guard deliverLoad(url: load.url, loaded: result) else { return }
        notifyChange(cause: "image.loaded", output: &output)
        runPendingEffects(output: &output)
    }

    /// With the real clock: takes the loads the transport should start.
    public func takePendingLoads() -> [PictureLoad] {
        effects.realClock?.takeLoads() ?? []
    }

    /// With the real clock: the transport's timer reached `nowMs`; fires what is due.
    public func realTimeReached(_ nowMs: Int, output: inout [UInt8]) {
        clock.now = max(clock.now, nowMs)
        while let (name, _) = timers.popDue(upTo: clock.now) {
            if (try? reduceScene(.timerFired(name: name))) != nil {
                notifyChange(cause: "timer.\(name)", output: &output)
            }
            runPendingEffects(output: &output)
        }
    }

    /// With the real clock: takes the jobs the transport should start, each with the file
    /// access it may use.
    public func takePendingJobs() -> [(job: SceneJob, environment: SceneEnvironment)] {
        effects.realClock?.takeJobs(sceneEnvironment) ?? []
    }

    /// With the real clock: a job the transport ran has finished; its result goes to the scene
    /// and the change out as a `patch` notification with cause `job.NAME`.
    public func jobFinished(name: String, result: any Sendable, output: inout [UInt8]) {
        guard scene != nil else { return }
        effects.syncClock(self)
        do {
            try reduceScene(.jobFinished(name: name, result: result))
        } catch {
            return
        }
        notifyChange(cause: "job.\(name)", output: &output)
        runPendingEffects(output: &output)
    }

    /// The `progress` notification line for a job's progress.
    public static func progressLine(job: String, _ progress: JobProgress) -> [UInt8] {
        var params = JSONObject()
        params["done"] = .number(Double(progress.done))
        params["item"] = .string(progress.item)
        params["job"] = .string(job)
        params["total"] = .number(Double(progress.total))
        var line: [UInt8] = []
        writeNotification("progress", params, to: &line)
        return line
    }

    /// When the next timer is due, in scene-clock milliseconds.
    public var nextTimerDue: Int? { timers.nextDue }

    func sceneType(named name: String) -> SceneType? {
        Engine.sceneTypes.first { $0.name == name }
    }
}
