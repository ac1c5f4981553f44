import Foundation
import SceneryCore
@testable import ExhibitionScene

/// Helpers: viewports, a seeded environment with a clock, and looking at what the scene shows.
enum Fixture {
    /// The mock: 375x667 pt at @2x (iPhone SE), drawn without a status bar.
    static let mock = Viewport(width: 375, height: 667, scale: 2, safeArea: EdgeInsets())
    /// The smallest iPhone on sale in late 2026: iPhone 16e/17e, 390x844 pt @3x, safe area 47/34.
    static let smallestPhone = Viewport(width: 390, height: 844, scale: 3, safeArea: EdgeInsets(top: 47, bottom: 34))
    /// The largest: iPhone 17 Pro Max, 440x956 pt @3x, safe area 62/34.
    static let largestPhone = Viewport(width: 440, height: 956, scale: 3, safeArea: EdgeInsets(top: 62, bottom: 34))
    static let viewports = [mock, smallestPhone, largestPhone]

    /// The session's generator and clock, as the engine shares them with the scene.
    final class World: @unchecked Sendable {
        var random: SeededRandom
        var now = 0
        init(seed: UInt64) { random = SeededRandom(seed: seed) }

        var environment: SceneEnvironment {
            SceneEnvironment(now: { self.now }, random: { self.random.next() },
                             readFile: { (path) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): no files here") })
        }
    }

    static func open(seed: UInt64, viewport: Viewport = mock) throws -> (ExhibitionState, World) {
        let world = World(seed: seed)
        let (state, effects) = try ExhibitionScene.open(Params(JSONObject()), viewport: viewport, environment: world.environment)
        precondition(effects.isEmpty)
        return (state, world)
    }

    static func reduce(_ state: inout ExhibitionState, _ action: ExhibitionScene.Action, _ world: World) throws {
        _ = try ExhibitionScene.reduce(&state, action, environment: world.environment)
    }

    static func tap(_ state: inout ExhibitionState, _ id: String, _ world: World) throws {
        try reduce(&state, .tap(id: id, point: nil), world)
    }

    static func nodes(_ state: ExhibitionState) -> [String: Node] {
        Dictionary(ExhibitionScene.render(state).display.allNodes.map { ($0.id, $0.node) }, uniquingKeysWith: { first, _ in first })
    }

    /// The whole rendered document (model and display), to compare states as a front end sees them.
    static func document(_ state: ExhibitionState) -> JSON {
        let (model, display) = ExhibitionScene.render(state)
        return ["model": model, "display": display.json]
    }

    static func centre(_ frame: Rect) -> Point { Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2) }
}
