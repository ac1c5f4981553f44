/// The `model` part of the state document as a scene renders it: plain ``JSON``, or a value
/// with a JSON form that compares for less than building the JSON does.
///
/// The engine compares each render's model with the last one and diffs their JSON when they
/// differ. A model whose commands mostly change nothing (the Hoo grid's, a struct of a dozen
/// fields) is cheaper as a struct: a command that changes nothing then costs one comparison, and
/// no JSON tree is built or freed.
public protocol SceneModel: Equatable, Sendable {
    /// The model as the state document holds it.
    var json: JSON { get }
}

extension JSON: SceneModel {
    public var json: JSON { self }
}
