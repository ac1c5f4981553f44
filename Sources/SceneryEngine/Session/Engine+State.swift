import SceneryCore

/// State changes: the scene reduces, the engine commits (re-renders, diffs, moves `rev`).
extension Engine {
    /// Makes `opened` the open scene. The document's model stays the closing scene's until the
    /// next commit diffs the new one against it.
    func replaceScene(with opened: any OpenScene) {
        if let model = scene?.modelJSON { detachedModel = model }
        scene = opened
        lastFound = nil
    }

    /// Sends `action` to the open scene; its effects are queued to run after the response.
    func reduceScene(_ action: CommonAction) throws(RPCError) {
        guard let scene else { throw RPCError(code: ErrorCode.noScene, message: "no scene is open; send scene.open first") }
        // Scenes check before they change anything, so a thrown error leaves the state as it was.
        let effects = try scene.reduce(action, environment: sceneEnvironment)
        try absorbEffects(effects)
    }

    /// Sends one of the open scene's own methods to it, decoded into its command type.
    func performSceneMethod(_ method: String, params: Params) throws(RPCError) {
        guard let scene else { throw RPCError(code: ErrorCode.noScene, message: "\(method): no scene is open; send scene.open first") }
        let effects = try scene.perform(method: method, params: params, environment: sceneEnvironment)
        try absorbEffects(effects)
    }

    /// Queues a scene's effects to run after the response, all of them before any job runs;
    /// its jobs go to the driver (``EffectDriver/run(_:for:)``), which with the virtual clock
    /// runs them now, so the command that started a job answers with its result.
    func absorbEffects(_ effects: [SceneEffect]) throws(RPCError) {
        var jobs: [SceneJob] = []
        for effect in effects {
            guard case .runJob(let job) = effect else { pendingEffects.append(effect); continue }
            jobs.append(job)
        }
        if !jobs.isEmpty { try self.effects.run(jobs, for: self) }
    }

    static let modelPath = PatchPath("/model")

    /// Re-renders the state, diffs it against the last render and moves to the next rev if
    /// anything changed. The operations come in the order of a diff of the two JSON documents
    /// (display, model, scene, viewport; members in key order).
    func commit() -> (rev: Int, patch: PatchWriter) {
        var patch = PatchWriter()
        if let scene {
            scene.refresh(display: &display, baseline: detachedModel, into: &patch)
        } else {
            DisplayList().patch(from: display, at: "/display", into: &patch)
            display = DisplayList()
            let empty = JSON.object(JSONObject())
            JSONPatch.diff(detachedModel, empty, path: Engine.modelPath, into: &patch)
            detachedModel = empty
        }
        let sceneName: JSON = scene.map { .string($0.name) } ?? .null
        if sceneName != renderedScene { patch.append("replace", PatchPath("/scene"), sceneName) }
        if viewport != renderedViewport {
            JSONPatch.diff(renderedViewport?.json ?? .null, viewport.json, path: PatchPath("/viewport"), into: &patch)
        }
        renderedScene = sceneName
        renderedViewport = viewport
        if !patch.isEmpty { rev += 1 }
        return (rev, patch)
    }

    /// Forgets the last render and starts the next one from scratch (after `initialize`): the
    /// next commit's patch is not sent, the document is the new baseline.
    func resetRender() {
        scene?.resetRender()
        let baseline = rev
        _ = commit()
        rev = baseline
    }

    static let changeKeys = ["patch", "rev"]

    /// The result of a state-changing method: `{rev, patch}` and the method's `extra` members,
    /// built in one go.
    func changeResult(_ extra: KeyValuePairs<String, JSON> = [:]) -> JSONObject {
        let (rev, patch) = commit()
        if extra.isEmpty { return JSONObject(sortedKeys: Engine.changeKeys, values: [patch.json(), .number(Double(rev))]) }
        var keys: [String] = [], values: [JSON] = []
        keys.reserveCapacity(2 + extra.count)
        values.reserveCapacity(2 + extra.count)
        keys += Engine.changeKeys
        values.append(patch.json())
        values.append(.number(Double(rev)))
        for (key, value) in extra {
            keys.append(key)
            values.append(value)
        }
        return JSONObject(unsortedKeys: keys, values: values)
    }

    /// The state document as of `rev`.
    public var document: JSON {
        var state = JSONObject()
        state["display"] = display.json
        state["model"] = scene?.modelJSON ?? detachedModel
        state["scene"] = renderedScene
        state["viewport"] = renderedViewport?.json ?? .null
        return .object(state)
    }
}
