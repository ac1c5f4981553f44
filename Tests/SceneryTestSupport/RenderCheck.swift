import SceneryCore
import Testing

/// The step the render tests of every list scene repeat: bring a display up to a state as the
/// engine does (through a ``SceneRenderer`` that remembers the last render), then check it
/// against a render from scratch.
public enum RenderCheck {
    /// Renders `state` through `renderer`, bringing `display` up to it, and expects the display
    /// and the model to equal a fresh render's, and the patch to equal a JSON diff of the two
    /// documents. Returns whether the display was updated in place, and how many of its node
    /// groups it kept.
    public static func step<S: Scene>(_ scene: S.Type, _ state: S.State, renderer: inout SceneRenderer<S>, display: inout DisplayList,
                                      _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) -> (inPlace: Bool, keptGroups: Int) {
        let old = display
        let oldModel = renderer.modelJSON ?? .null
        var patch = PatchWriter()
        let inPlace = renderer.refresh(state, display: &display, displayPath: "/display", modelPath: PatchPath("/model"), baseline: .null,
                                       into: &patch)
        let before: JSON = ["display": old.json, "model": oldModel]
        let after: JSON = ["display": display.json, "model": renderer.modelJSON ?? .null]
        #expect(patch.operations == JSONPatch.diff(from: before, to: after), comment, sourceLocation: sourceLocation)
        let fresh = S.render(state)
        #expect(display.json == fresh.display.json, comment, sourceLocation: sourceLocation)
        #expect(renderer.model == fresh.model, comment, sourceLocation: sourceLocation)
        return (inPlace, display.groups.filter { g in old.groups.contains { $0 === g } }.count)
    }
}
