import Testing
import SceneryCore
@testable import SceneryEngine

/// Every scene on every kind of viewport `viewport.set` accepts: the document holds only finite
/// numbers, and a command that changes nothing answers an empty patch at the same rev.
///
/// On the spec's own 150x200 the exhibition field once had height 0: two fallback dots shared a
/// point, their line got NaN coordinates (written as `null`), and because NaN never equals itself
/// every request, an inert tap and `clock.advance 0` included, re-sent the same operations and
/// moved `rev`.
@Suite("Every scene on every viewport")
struct ViewportSweepTests {
    /// Extremes of what `viewport.set` accepts (100…10000 pt, scale 1…4, safe areas up to all but
    /// half a point of the screen), and the phones the scenes are measured on.
    static let viewports: [String] = [
        #"{"width":100,"height":100,"scale":1,"safeArea":{"top":0,"left":0,"bottom":0,"right":0}}"#,
        #"{"width":150,"height":200,"scale":2,"safeArea":{"top":44,"left":0,"bottom":34,"right":0}}"#,
        #"{"width":100,"height":10000,"scale":4,"safeArea":{"top":0,"left":0,"bottom":0,"right":0}}"#,
        #"{"width":10000,"height":100,"scale":1,"safeArea":{"top":0,"left":0,"bottom":0,"right":0}}"#,
        #"{"width":10000,"height":10000,"scale":3,"safeArea":{"top":1000,"left":1000,"bottom":1000,"right":1000}}"#,
        #"{"width":120,"height":160,"scale":3,"safeArea":{"top":80,"left":60,"bottom":79.5,"right":59.5}}"#,
        #"{"width":375,"height":812,"scale":3,"safeArea":{"top":44,"left":0,"bottom":34,"right":0}}"#,
        #"{"width":812,"height":375,"scale":3,"safeArea":{"top":0,"left":44,"bottom":21,"right":44}}"#,
        #"{"width":320,"height":480,"scale":1,"safeArea":{"top":20,"left":0,"bottom":0,"right":0}}"#,
        #"{"width":440,"height":956,"scale":3,"safeArea":{"top":62,"left":0,"bottom":34,"right":0}}"#,
        #"{"width":100.5,"height":333.333,"scale":1.5,"safeArea":{"top":33.3,"left":0.7,"bottom":12.25,"right":3}}"#,
    ]

    static let scenes = Engine.sceneTypes.map(\.name)

    /// The numbers in `value` that are not finite, by path.
    static func nonFinite(_ value: JSON, at path: String = "") -> [String] {
        switch value {
        case .number(let n): return n.isFinite ? [] : [path]
        case .array(let items): return items.enumerated().flatMap { nonFinite($1, at: "\(path)/\($0)") }
        case .object(let object): return object.flatMap { nonFinite($1, at: "\(path)/\($0)") }
        default: return []
        }
    }

    static func result(_ line: String?) -> JSON? { line.flatMap { try? JSONParser.parse($0) }?["result"] }

    /// Inert commands: `clock.advance 0`, a tap off the screen (refused, naming the bounds), a
    /// `snapshot`.
    static func expectInert(_ engine: Engine, _ context: String) {
        let rev = engine.rev
        let advance = engine.handle(#"{"jsonrpc":"2.0","id":"i1","method":"clock.advance","params":{"ms":0}}"#)
        #expect(Self.result(advance.first)?["patch"] == .array([]), "\(context): clock.advance 0 answered \(advance.first?.prefix(300) ?? "nothing")")
        let offScreen = engine.handle(#"{"jsonrpc":"2.0","id":"i2","method":"tap","params":{"x":-5000,"y":-5000}}"#)
        let error = offScreen.first.flatMap { try? JSONParser.parse($0) }?["error"]
        #expect(error?["code"] == -32602 && error?["message"]?.stringValue?.contains("off the screen") == true,
                "\(context): a tap off the screen answered \(offScreen.first?.prefix(300) ?? "nothing")")
        #expect(engine.rev == rev, "\(context): rev moved on an inert command")
        let snapshot = Self.result(engine.handle(#"{"jsonrpc":"2.0","id":"s","method":"snapshot"}"#).first)
        #expect(snapshot?["rev"] == .number(Double(rev)))
        #expect(Self.nonFinite(engine.document).isEmpty, "\(context): not finite at \(Self.nonFinite(engine.document))")
    }

    @Test("opened on each viewport: finite numbers, inert commands change nothing", arguments: scenes)
    func openedOnEachViewport(scene: String) {
        for viewport in Self.viewports {
            let engine = Engine(environment: .empty)
            let initialized = engine.handle(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"viewport":\#(viewport)}}"#)
            #expect(Self.result(initialized.first) != nil, "\(viewport): \(initialized.first?.prefix(300) ?? "")")
            let opened = engine.handle(#"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"\#(scene)"}}"#)
            #expect(Self.result(opened.first) != nil, "\(scene) on \(viewport): \(opened.first?.prefix(300) ?? "")")
            Self.expectInert(engine, "\(scene) opened on \(viewport)")
        }
    }

    @Test("moved through every viewport with viewport.set: finite numbers, inert commands change nothing", arguments: scenes)
    func movedThroughEachViewport(scene: String) {
        let engine = Engine(environment: .empty)
        _ = engine.handle(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)
        _ = engine.handle(#"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"\#(scene)"}}"#)
        for viewport in Self.viewports + Self.viewports.reversed() {
            let answer = engine.handle(#"{"jsonrpc":"2.0","id":3,"method":"viewport.set","params":\#(viewport)}"#)
            #expect(Self.result(answer.first) != nil, "\(scene) → \(viewport): \(answer.first?.prefix(300) ?? "")")
            Self.expectInert(engine, "\(scene) moved to \(viewport)")
            // Setting the same viewport again changes nothing either.
            let again = engine.handle(#"{"jsonrpc":"2.0","id":4,"method":"viewport.set","params":\#(viewport)}"#)
            #expect(Self.result(again.first)?["patch"] == .array([]), "\(scene): the same viewport again answered \(again.first?.prefix(300) ?? "")")
        }
    }
}
