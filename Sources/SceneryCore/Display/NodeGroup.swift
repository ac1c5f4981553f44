/// A few nodes that are rendered together (a table row, a header, the chrome) and that a scene
/// reuses unchanged from one render to the next through a ``RenderMemo``.
///
/// The engine compares groups by identity: a group the previous render also had is skipped by
/// the diff without looking at its nodes, so an unchanged screen costs nothing to diff however
/// many nodes it has. Groups are immutable.
public final class NodeGroup: Sendable {
    /// The nodes, sorted by id in code point order (stable: of a repeated id, the first given
    /// comes first), so that diffs merge groups instead of sorting every node again.
    public let nodes: [(id: String, node: Node)]

    public init(_ nodes: [(id: String, node: Node)]) { self.nodes = DisplayList.sortedByID(nodes) }
}

/// Remembers the groups of the previous render with the inputs they were built from, so that a
/// render rebuilds only the groups whose inputs changed.
///
/// A scene's render asks ``group(_:inputs:build:)`` for each group it shows, under a key of its
/// choosing (`Key`) with the values the group is built from (`Inputs`, typically an enum with a
/// case per kind of group). Entries not asked for during a render are forgotten at
/// ``endRender()``, so the memo holds one screen's worth. The engine keeps one memo per open
/// scene (``Scene/Memo``) and starts a fresh one when a scene opens.
public struct RenderMemo<Key: Hashable, Inputs: Equatable> {
    @usableFromInline var previous: [Key: (inputs: Inputs, group: NodeGroup)] = [:]
    @usableFromInline var current: [Key: (inputs: Inputs, group: NodeGroup)] = [:]

    public init() {}

    /// The group for `key`: the remembered one when it was built from equal `inputs`, otherwise
    /// a new one from `build`. `inputs` must capture everything `build` reads.
    @inlinable
    public mutating func group(_ key: Key, inputs: Inputs, build: () -> [(id: String, node: Node)]) -> NodeGroup {
        if let entry = previous[key] ?? current[key], entry.inputs == inputs {
            current[key] = entry
            return entry.group
        }
        let group = NodeGroup(build())
        current[key] = (inputs, group)
        return group
    }

    /// Ends a render: what was not asked for is forgotten.
    @inlinable
    public mutating func endRender() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }
}
