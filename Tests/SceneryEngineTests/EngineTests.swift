import Testing
@testable import SceneryCore
@testable import SceneryEngine

/// An in-memory session: lines in, parsed lines out, with the client's copy of the state kept
/// by applying every patch, as a front end would.
final class Session {
    let engine = Engine(environment: .empty)
    var state: JSON = .null
    var rev = 0
    var nextID = 1

    /// Sends a request; returns the response and the notifications after it.
    @discardableResult
    func send(_ method: String, _ params: JSON = [:]) throws -> (response: JSON, notifications: [JSON]) {
        let request: JSON = ["jsonrpc": "2.0", "id": .number(nextID), "method": .string(method), "params": params]
        nextID += 1
        let lines = engine.handle(request.description).map { try! JSONParser.parse($0) }
        let response = lines[0]
        if let result = response["result"] {
            if let state = result["state"] { self.state = state }
            try absorb(result)
        }
        for notification in lines.dropFirst() { try absorb(notification["params"]!) }
        return (response, Array(lines.dropFirst()))
    }

    func absorb(_ change: JSON) throws {
        guard let patch = change["patch"], case .number(let newRev)? = change["rev"] else { return }
        if patch != [] { #expect(Int(newRev) == rev + 1) } else { #expect(Int(newRev) == rev) }
        state = try JSONPatch.apply(patch, to: state)
        rev = Int(newRev)
    }

    /// A session initialized with `initialize` params and showing the built-in Directory sample.
    static func directory(_ initialize: JSON = [:]) throws -> Session {
        let session = Session()
        try session.send("initialize", initialize)
        try session.send("scene.open", ["scene": "directory"])
        return session
    }

    func snapshotMatches() throws -> Bool {
        let result = try send("snapshot").response["result"]!
        return result["state"] == state && result["rev"] == .number(Double(rev))
    }
}

@Suite("Engine")
struct EngineTests {
    @Test("patches applied in order reproduce the snapshot")
    func patchesReproduceSnapshot() throws {
        let session = try Session.directory(["seed": 3])
        try session.send("tap", ["id": "tab.contacts"])
        try session.send("section", ["title": "M"])
        try session.send("scroll", ["deltaY": 120])
        try session.send("viewport.set", ["width": 414, "height": 896])
        try session.send("tap", ["id": "tab.featured"])
        #expect(try session.snapshotMatches())
    }

    @Test("a row tap's patch touches only that row and the selection")
    func minimalPatch() throws {
        let session = try Session.directory()
        try session.send("tap", ["id": "tab.contacts"])
        let row = try #require(session.state["display"]?["nodes"]?.objectValue?.keys.first { $0.hasPrefix("contacts.person.") })
        let patch = try #require(try session.send("tap", ["id": .string(row)]).response["result"]?["patch"]?.arrayValue)
        #expect(patch.map { $0["path"]!.stringValue! }.sorted() == ["/display/nodes/\(row)/style/background", "/display/nodes/\(row)/style/selected", "/model/selection"])
    }

    @Test("an error leaves the state and rev as they were, and the engine answers the next request")
    func errorsChangeNothing() throws {
        let session = try Session.directory()
        let before = session.state
        for (method, params, code) in [
            ("scene.open", ["scene": "nowhere"], ErrorCode.unknownScene),
            ("scene.open", ["scene": "directory", "people": "/no/such/file.json"], ErrorCode.fileUnreadable),
            ("tap", ["id": "no.such.node"], ErrorCode.unknownID),
            ("scroll", ["offsetY": "10"], ErrorCode.invalidParams),
            ("scroll", ["offsetY": 10, "deltaY": 2], ErrorCode.invalidParams),
            ("section", ["title": "?"], ErrorCode.invalidParams),
            ("viewport.set", ["width": 5], ErrorCode.invalidParams),
            ("initialize", [:], ErrorCode.alreadyInitialized),
            ("teleport", [:], ErrorCode.methodNotFound),
        ] as [(String, JSON, Int)] {
            let response = try session.send(method, params).response
            #expect(response["error"]?["code"] == .number(Double(code)), "\(method) \(params)")
        }
        #expect(session.state == before)
        #expect(try session.snapshotMatches())
    }

    @Test("a point tap with a stale baseRev is refused; with the current one it lands")
    func staleBaseRev() throws {
        let session = try Session.directory()
        let seen = session.rev
        try session.send("tap", ["id": "tab.contacts"])
        let stale = try session.send("tap", ["x": 100, "y": 200, "baseRev": .number(Double(seen))]).response
        #expect(stale["error"]?["code"] == .number(Double(ErrorCode.staleRevision)))
        let fresh = try session.send("tap", ["x": 100, "y": 200, "baseRev": .number(Double(session.rev))]).response
        #expect(fresh["result"]?["target"]?.stringValue?.hasPrefix("contacts.") == true, "\(fresh)")
    }

    @Test("the envelope is checked: ids, jsonrpc, params")
    func envelope() {
        let engine = Engine(environment: .empty)
        func code(_ line: String) -> JSON? { try? JSONParser.parse(engine.handle(line)[0])["error"]?["code"] }
        #expect(code("[1]") == .number(-32600))
        #expect(code(#"{"jsonrpc":"2.0","method":"snapshot"}"#) == .number(-32600))
        #expect(code(#"{"jsonrpc":"2.0","id":1.5,"method":"snapshot"}"#) == .number(-32600))
        #expect(code(#"{"jsonrpc":"1.0","id":1,"method":"snapshot"}"#) == .number(-32600))
        #expect(code(#"{"jsonrpc":"2.0","id":1,"method":"snapshot","params":[]}"#) == .number(-32602))
        #expect(code(#"{"jsonrpc":"2.0","id":1,"method":"snapshot"}"#) == .number(-32000))
        #expect(code("{") == .number(-32700))
    }

    @Test("the same input gives byte-identical output")
    func deterministic() {
        func run() -> [String] {
            let engine = Engine(environment: .empty)
            return [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"seed":9}}"#,
                    #"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"directory"}}"#,
                    #"{"jsonrpc":"2.0","id":3,"method":"tap","params":{"id":"tab.contacts"}}"#].flatMap { engine.handle($0) }
        }
        #expect(run() == run())
    }

    @Test("the schema lists every method the router answers")
    func schemaListsMethods() {
        let defs = ProtocolSchema.document()["$defs"]!.objectValue!
        for name in MethodRegistry.allNames {
            #expect(defs["params.\(name)"] != nil && defs["result.\(name)"] != nil, "\(name)")
        }
    }
}
