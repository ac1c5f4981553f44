/// The `model` part of the state document as a scene renders it: plain ``JSON``, or a struct
/// that lists its members (``members(into:)``), like an `Encodable` type.
///
/// The engine compares each render's model with the last one and diffs them only when they
/// differ. A struct model is cheaper where commands change a member or two (the Hoo grid's, a
/// dozen fields of which a tap changes the selection's): a command that changes nothing costs
/// one comparison, and one that changes a member compares the two lists and sends that member,
/// without building a JSON tree for either.
public protocol SceneModel: Equatable, Sendable {
    /// Lists the model's members, each once, in the key order of its JSON form (see
    /// ``ModelMembers``).
    func members(into model: inout ModelMembers)
    /// The model as the state document holds it (built from ``members(into:)`` unless the model
    /// is JSON already).
    var json: JSON { get }
}

extension SceneModel {
    public var json: JSON {
        var list = ModelMembers()
        members(into: &list)
        return list.json
    }
}

extension JSON: SceneModel {
    public var json: JSON { self }

    /// The whole value as the one member.
    public func members(into model: inout ModelMembers) { model.add("", self) }
}
