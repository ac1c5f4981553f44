import SceneryCore
import Testing

/// The step the render memo tests of every list scene repeat: bring a display up to a state as
/// the engine does (``Scene/refresh(_:memo:display:path:into:)``), then check it against a
/// render from scratch.
public enum RenderMemoCheck {
    /// Refreshes `display` to `state` through `memo` and expects the display and the model to
    /// equal a fresh render's, and the patch to equal a JSON diff of the two displays. Returns
    /// whether the display was updated in place, and how many of its groups it kept.
    public static func step<S: Scene>(_ scene: S.Type, _ state: S.State, memo: inout S.Memo, display: inout DisplayList,
                                      _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) -> (inPlace: Bool, keptGroups: Int) {
        let old = display
        var patch = PatchWriter()
        let (model, inPlace) = S.refresh(state, memo: &memo, display: &display, path: "", into: &patch)
        #expect(patch.operations == JSONPatch.diff(from: old.json, to: display.json), comment, sourceLocation: sourceLocation)
        let fresh = S.render(state)
        #expect(display.json == fresh.display.json, comment, sourceLocation: sourceLocation)
        #expect(model == fresh.model, comment, sourceLocation: sourceLocation)
        return (inPlace, display.groups.filter { g in old.groups.contains { $0 === g } }.count)
    }
}
