/// What loading a path gave: the sets that loaded, and one failure per archive or folder that
/// did not (nothing of a failed source is loaded; the others are).
public struct HooLoadResult: Equatable, Sendable {
    public var sets: [HooSet]
    public var failures: [HooLoadFailure]

    public init(sets: [HooSet], failures: [HooLoadFailure]) { self.sets = sets; self.failures = failures }
}

/// Why one archive or folder was not loaded: its path and the reason, e.g.
/// `("sets/04.zip", "entry \"04/../x\": path contains \"..\"")`.
public struct HooLoadFailure: Equatable, Sendable {
    public var source: String
    public var reason: String

    public init(source: String, reason: String) { self.source = source; self.reason = reason }
}
