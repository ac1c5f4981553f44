import SceneryCore
import SceneryEngine

/// A session on one scene (the first byte chooses which, the second the viewport): the other
/// lines of the input are requests. After every request each output line is JSON and the
/// patches it carries apply to the mirrored state; at the end the mirror equals `snapshot`.
enum SessionCheck {
    static let viewports = [
        #"{"width":375,"height":812,"scale":3}"#,
        #"{"width":150,"height":200,"scale":2,"safeArea":{"top":0,"bottom":0}}"#,
        #"{"width":812,"height":375,"scale":3,"safeArea":{"top":0,"left":44,"bottom":21,"right":44}}"#,
        #"{"width":320,"height":480,"scale":1,"safeArea":{"top":20,"bottom":0}}"#,
    ]

    static func run(_ bytes: [UInt8]) -> String? {
        let scenes = Engine.sceneNames
        let scene = scenes[Int(bytes.first ?? 0) % scenes.count]
        let viewport = viewports[Int(bytes.dropFirst().first ?? 0) % viewports.count]
        let engine = Engine(environment: .empty)
        var state: JSON = .null
        var rev = 0
        func send(_ line: [UInt8]) -> String? {
            var out: [UInt8] = []
            engine.handle(line: line, output: &out)
            for piece in out.split(separator: 0x0A) {
                guard let message = try? JSONParser.parse(Array(piece)) else {
                    return "an output line is not JSON: \(String(decoding: piece.prefix(200), as: UTF8.self))"
                }
                guard let change = message["result"] ?? (message["method"] == "patch" ? message["params"] : nil) else { continue }
                if change["engine"] != nil, let initial = change["state"] {
                    state = initial
                } else if let snapshot = change["state"] {
                    guard snapshot == state, change["rev"] == .number(Double(rev)) else {
                        return "the patches up to rev \(rev) do not rebuild the snapshot"
                    }
                } else if let patch = change["patch"] {
                    guard let next = try? JSONPatch.apply(patch, to: state) else { return "a patch does not apply: \(CanonicalJSON.encode(patch).prefix(200))" }
                    let newRev = Int(change["rev"]?.numberValue ?? -1)
                    guard newRev == (patch == [] ? rev : rev + 1) else { return "rev moved from \(rev) to \(newRev)" }
                    state = next
                    rev = newRev
                }
            }
            return nil
        }
        if let failure = send(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"viewport":\#(viewport)}}"#.utf8)) { return failure }
        if let failure = send(Array(#"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"\#(scene)"}}"#.utf8)) { return failure }
        for line in bytes.dropFirst(2).split(separator: 0x0A).prefix(48) {
            if let failure = send(Array(line)) { return "\(scene): \(failure) (after \(String(decoding: line.prefix(200), as: UTF8.self)))" }
            if engine.isShutDown { break }
        }
        return send(Array(#"{"jsonrpc":"2.0","id":"end","method":"snapshot"}"#.utf8)).map { "\(scene): \($0)" }
    }
}
