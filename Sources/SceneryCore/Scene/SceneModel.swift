/// The `model` part of the state document as a scene renders it: plain ``JSON``, or a typed
/// value that writes its own diff.
///
/// The engine diffs each render's model against the previous one. For JSON that is a walk of
/// two trees; a scene whose commands change a few model fields each (a tap in the Hoo grid
/// changes four of the selection's) can instead render a struct and compare it field by field,
/// without building a tree or freeing the last one.
public protocol SceneModel: Equatable, Sendable {
    /// The model as the state document holds it.
    var json: JSON { get }
    /// Appends the operations that turn `old`'s JSON into `new`'s, for a model found at `path`:
    /// exactly the operations of ``JSONPatch/diff(_:_:path:into:)`` on the two ``json`` values,
    /// in the same order (a typed model's tests check this).
    static func diff(_ old: Self, _ new: Self, path: PatchPath, into patch: inout PatchWriter)
}

extension JSON: SceneModel {
    public var json: JSON { self }

    public static func diff(_ old: JSON, _ new: JSON, path: PatchPath, into patch: inout PatchWriter) {
        JSONPatch.diff(old, new, path: path, into: &patch)
    }
}
