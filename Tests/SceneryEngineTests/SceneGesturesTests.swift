import Testing
@testable import SceneryCore
@testable import SceneryEngine

/// `scene.open`'s `gestures`: what a front end reads instead of probing for -32007.
@Suite("Scene gestures")
struct SceneGesturesTests {
    /// One harmless call of each gesture method.
    static let calls: [String: JSON] = [
        "tap": ["x": 1, "y": 1], "longPress": ["x": 1, "y": 1], "scroll": ["deltaY": 0],
        "section": ["index": 0], "pan": ["phase": "cancelled"], "page": ["direction": "next"],
    ]

    @Test("every gesture name is a method the engine routes")
    func gestureNamesAreMethods() {
        #expect(Set(Gesture.allCases.map(\.rawValue)).isSubset(of: Set(MethodRegistry.allNames)))
        #expect(Set(Self.calls.keys) == Set(Gesture.allCases.map(\.rawValue)))
    }

    @Test("scene.open lists exactly the gestures its scene answers without -32007", arguments: Engine.sceneNames)
    func openListsWhatTheSceneTakes(scene: String) throws {
        let session = Session()
        try session.send("initialize")
        let opened = try session.send("scene.open", ["scene": .string(scene)]).response["result"]!
        guard case .array(let listed)? = opened["gestures"] else { Issue.record("no gestures in \(opened)"); return }
        let names = listed.compactMap { if case .string(let name) = $0 { name } else { nil } }
        #expect(names == names.sorted())
        for (method, params) in Self.calls {
            let code = try session.send(method, params).response["error"]?["code"]
            if names.contains(method) {
                #expect(code != .number(-32007), "\(scene) lists \(method) but answers -32007")
            } else {
                #expect(code == .number(-32007), "\(scene) does not list \(method) but takes it")
            }
        }
    }
}
