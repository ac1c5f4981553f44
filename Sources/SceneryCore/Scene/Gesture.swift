/// A gesture a front end sends for the user's input (a click, a hold, a drag, the wheel, a
/// section index, a swipe). Each is an engine method that decodes its params once and hands the
/// scene a typed ``SceneAction``; a scene declares those it takes (``Scene/gestures``), and
/// `scene.open` lists them so that no front end has to probe.
public enum Gesture: String, CaseIterable, Sendable {
    case tap, longPress, scroll, section, pan, page

    /// The names of `gestures`, sorted, as `scene.open` returns them.
    public static func names(_ gestures: Set<Gesture>) -> [String] { gestures.map(\.rawValue).sorted() }
}

/// Which way `page` turns: ``SceneAction/page(_:)``.
public enum PageDirection: String, CaseIterable, Sendable {
    case next, previous

    /// Reads `page`'s params, exactly `{direction}`.
    public init(_ params: Params) throws(RPCError) {
        try params.allowOnly(["direction"])
        guard let name = try params.optionalChoice("direction", PageDirection.allCases.map(\.rawValue)),
              let direction = PageDirection(rawValue: name) else {
            throw .invalidParams("params.direction: required; expected \"next\" or \"previous\"")
        }
        self = direction
    }

    /// Whether it turns to the next page.
    public var isForward: Bool { self == .next }
}
