import SceneryCore

/// The check the struct-model tests repeat: the engine's member-by-member diff of two models
/// beside a JSON diff of their JSON forms, which it must equal.
public enum ModelCheck {
    /// The operations the engine writes going from `a` to `b` (their member lists compared), and
    /// those of a JSON diff of `a.json` and `b.json`, both at `/model`.
    public static func diffs<M: SceneModel>(_ a: M, _ b: M) -> (members: [JSON], json: [JSON]) {
        var old = ModelMembers(), new = ModelMembers()
        a.members(into: &old)
        b.members(into: &new)
        var patch = PatchWriter()
        new.diff(from: old, path: PatchPath("/model"), into: &patch)
        var reference: [JSON] = []
        JSONPatch.diff(a.json, b.json, path: "/model", into: &reference)
        return (patch.operations, reference)
    }
}
