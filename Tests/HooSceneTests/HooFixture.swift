import Testing
@testable import HooScene
@testable import SceneryCore

/// Helpers for the Hoo scene tests: in-memory sets, states and a controllable clock.
enum HooFixture {
    /// The mocks' screen: 320x480 pt at 2x under a 20 pt status bar.
    static let mock = Viewport(width: 320, height: 480, scale: 2, safeArea: EdgeInsets(top: 20))

    /// A scene clock tests move by hand.
    final class Clock: @unchecked Sendable { var now = 0 }

    /// Random values 1, 2, 3, ... so load tokens are predictable.
    final class Counter: @unchecked Sendable {
        var value: UInt64 = 0
        func next() -> UInt64 { value += 1; return value }
    }

    /// An environment whose `fileInfo` knows `files`, whose `readFile` serves `contents`.
    static func environment(clock: Clock = Clock(), files: [String: [UInt8]] = [:]) -> SceneEnvironment {
        let counter = Counter()
        return SceneEnvironment(now: { clock.now }, random: { counter.next() }, files: FileAccess(
            readFile: { (path) throws(RPCError) in
                guard let bytes = files[path] else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): missing") }
                return bytes
            },
            readFileRange: { (path, _, _) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: path) },
            fileInfo: { files[$0] == nil ? nil : FileInfo(isDirectory: false, size: files[$0]!.count) },
            listDirectory: { (path) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: path) }))
    }

    static func hoo(_ number: Int, set: Int) -> Hoo {
        Hoo(number: number, title: "Title \(set).\(number)", poemLine: "Poem line \(set).\(number)",
            image: .file(path: "sets/\(set)/\(number)/hoo.png"))
    }

    static func set(_ number: Int, color: String = "Red", count: Int) -> HooSet {
        HooSet(number: number, source: "sets/\(number).zip", color: color,
               headers: [1: .file(path: "sets/\(number)/header.png"), 2: .file(path: "sets/\(number)/header@2x.png")],
               hoos: (0..<count).map { hoo($0 + 1, set: number) })
    }

    /// Sets shaped like the originals: Red 14, Yellow 13, Blue 9, ...
    static let originalSets: [HooSet] = zip(SampleHooSets.colors, [14, 13, 9, 14, 13, 9, 14, 13, 9]).enumerated().map {
        set($0.offset + 1, color: $0.element.0, count: $0.element.1)
    }

    static func state(_ sets: [HooSet], viewport: Viewport = mock) -> HooState {
        HooState(viewport: viewport, catalog: HooCatalog(sets, load: 1), isSample: false)
    }

    static func nodes(_ state: HooState) -> [String: Node] {
        Dictionary(HooScene.render(state).display.allNodes.map { ($0.id, $0.node) }, uniquingKeysWith: { a, _ in a })
    }

    static func model(_ state: HooState) -> JSON { HooScene.render(state).model.json }

    @discardableResult
    static func reduce(_ state: inout HooState, _ action: HooScene.Action, clock: Clock = Clock()) throws(RPCError) -> [SceneEffect] {
        try HooScene.reduce(&state, action, environment: environment(clock: clock))
    }

    @discardableResult
    static func pan(_ state: inout HooState, _ phase: String, _ x: Double, _ y: Double, t: Double, clock: Clock = Clock()) throws(RPCError) -> [SceneEffect] {
        try reduce(&state, .pan(PanEvent(Params(["phase": .string(phase), "x": .number(x), "y": .number(y), "t": .number(t)]), now: clock.now)), clock: clock)
    }

    static func tap(_ state: inout HooState, id: String? = nil, x: Double? = nil, y: Double? = nil) {
        let point = x.map { Point(x: $0, y: y!) }
        // As the engine does: a point is resolved once, by the scene (the grid, not the overlay).
        let target = point.map { HooScene.target(at: $0, in: state, display: DisplayList()) } ?? id
        _ = try? reduce(&state, .tap(id: target, point: point))
    }

    /// Screen centre of the cell at flow position `index`.
    static func center(_ state: HooState, _ index: Int) -> Point {
        let cell = state.grid.cellFrame(index), grid = state.layout.gridFrame
        return Point(x: cell.x + cell.width / 2, y: grid.y + cell.y - state.offset + cell.height / 2)
    }
}
