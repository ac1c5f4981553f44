import Testing
@testable import SceneryCore
@testable import SceneryEngine

/// `find` and `reveal` (PROTOCOL.md section 3, "Finding nodes"): the whole-content render they
/// search agrees with what the engine renders, a row found off screen is revealed and tapped,
/// matches come in screen order, and a refusal changes nothing.
@Suite("find and reveal")
struct FindTests {
    /// Every scene on its built-in sample, in an engine without files.
    static let scenes = Engine.sceneTypes.map(\.name)

    /// The nodes of `engine`'s whole-content render, by id.
    static func wholeContent(_ engine: Engine) -> [String: Node] {
        var nodes: [String: Node] = [:]
        engine.scene?.forEachNodeOfWholeContent(matching: nil) { id, node in nodes[id] = nodes[id] ?? node }
        return nodes
    }

    @Test("every rendered node is in the whole-content render, the same node, at the top, the middle and the end of the content",
          arguments: scenes)
    func renderedNodesAreInTheWholeContent(scene: String) throws {
        let session = Session()
        try session.send("initialize", ["seed": 1, "network": false])
        try session.send("scene.open", ["scene": .string(scene)])
        let maxOffset = session.engine.display.content?.maxOffsetY ?? 0
        for offset in [0, maxOffset / 2, maxOffset] {
            if session.engine.display.content != nil { try session.send("scroll", ["offsetY": .number(offset)]) }
            let whole = FindTests.wholeContent(session.engine)
            let rendered = session.engine.display.allNodes
            #expect(!rendered.isEmpty)
            for (id, node) in rendered {
                #expect(whole[id] == node, "\(scene) at offset \(offset): \(id) is \(whole[id].map { "\($0.json)" } ?? "missing") in the whole content, \(node.json) on screen")
            }
            if scene == "shelf" || scene == "hoo" {
                #expect(whole.count > rendered.count, "\(scene): the whole content holds more than the band")
            }
        }
    }

    @Test("each directory row found off screen is revealed, then visible and tapped by id", arguments: ["recents", "featured", "contacts"])
    func revealEveryRow(tab: String) throws {
        let session = try Session.directory(["network": false])
        try session.send("tap", ["id": .string("tab.\(tab)")])
        let found = try session.send("find", ["role": "row"]).response["result"]!
        let rows = found["matches"]!.arrayValue!
        #expect(rows.count == Int(found["count"]!.numberValue!) && rows.count >= 20)
        #expect(rows.contains { $0["rendered"] == false }, "some rows of \(tab) are not rendered at first")
        for row in rows {
            let id = row["id"]!
            let revealed = try session.send("reveal", ["id": id]).response
            #expect(revealed["error"] == nil, "\(revealed)")
            let again = try session.send("find", ["id": id, "limit": 1]).response["result"]!["matches"]!.arrayValue![0]
            #expect(again["rendered"] == true && again["visible"] == true, "after reveal: \(again)")
            let frame = again["frame"]!.arrayValue!.map { $0.numberValue! }
            let list = session.engine.display.content!.frame
            #expect(frame[1] >= list.y - 0.001 && frame[1] + frame[3] <= list.maxY + 0.001, "\(id) is wholly in the list: \(frame)")
            let tap = try session.send("tap", ["id": id]).response
            #expect(tap["result"]?["target"] == id, "\(tap)")
            #expect(session.state["model"]?["selection"] == id)
        }
    }

    @Test("matches come in screen order, count counts all, limit cuts the list, names are the row's text")
    func orderCountAndLimit() throws {
        let session = try Session.directory(["network": false])
        try session.send("tap", ["id": "tab.contacts"])
        let all = try session.send("find", ["role": "row"]).response["result"]!
        let frames = all["matches"]!.arrayValue!.map { $0["frame"]!.arrayValue!.map { $0.numberValue! } }
        #expect(frames.count == 50)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0[1] < $1[1] || ($0[1] == $1[1] && $0[0] <= $1[0]) })
        let two = try session.send("find", ["role": "row", "limit": 2]).response["result"]!
        #expect(two["count"] == 50 && two["matches"]!.arrayValue!.count == 2)
        #expect(Array(all["matches"]!.arrayValue!.prefix(2)) == two["matches"]!.arrayValue!)
        // A row's name is the text of its name and age nodes, in reading order.
        let first = all["matches"]!.arrayValue![0]
        let texts = try session.send("find", ["id": first["id"]!]).response["result"]!["matches"]!.arrayValue!.compactMap { $0["text"]?.stringValue }
        #expect(first["name"]?.stringValue == texts.joined(separator: " "))
    }

    @Test("reveal right after a find takes the node found; after a change it finds it again, at its new place")
    func revealAfterFind() throws {
        let session = try Session.directory(["network": false])
        try session.send("tap", ["id": "tab.contacts"])
        let found = try session.send("find", ["role": "row", "name": "Zielinski"]).response["result"]!
        let id = found["matches"]!.arrayValue![0]["id"]!
        #expect(found["count"] == 1 && session.engine.lastFound?.nodes.count == 1)
        try session.send("reveal", ["id": id])
        let shown = try session.send("find", ["id": id, "limit": 1]).response["result"]!["matches"]!.arrayValue![0]
        #expect(shown["visible"] == true)
        // A wider screen lays the shelf's books out anew in more columns (rev moves): the node
        // remembered at the last find is not used, and reveal brings the book in at its new place.
        try session.send("scene.open", ["scene": "shelf"])
        let books = try session.send("find", ["role": "button", "name": "9781508962304"]).response["result"]!
        let book = books["matches"]!.arrayValue![0]["id"]!
        #expect(books["count"] == 1 && session.engine.lastFound?.nodes.count == 1)
        try session.send("viewport.set", ["width": 1000, "height": 700])
        try session.send("reveal", ["id": book])
        let moved = try session.send("find", ["id": book, "limit": 1]).response["result"]!["matches"]!.arrayValue![0]
        #expect(moved["visible"] == true, "the book after the layout changed: \(moved)")
    }

    @Test("a refused find, reveal or off-screen tap answers -32602 or -32003 and changes nothing")
    func refusalsChangeNothing() throws {
        let session = try Session.directory(["network": false])
        let before = session.rev
        for (method, params, code) in [("find", [:], -32602), ("find", ["name": "Ada"], -32602), ("find", ["text": ""], -32602),
                                       ("find", ["role": "link"], -32602), ("find", ["text": "a", "limit": -1], -32602),
                                       ("reveal", ["id": "no.such.node"], -32003), ("tap", ["x": -1, "y": 10], -32602),
                                       ("longPress", ["x": 10, "y": 812.5], -32602)] as [(String, JSON, Int)] {
            let response = try session.send(method, params).response
            if method == "longPress" {
                #expect(response["error"]?["code"] == -32007)  // the directory takes no long press
            } else {
                #expect(response["error"]?["code"] == .number(Double(code)), "\(method) \(params): \(response)")
            }
        }
        let snapshot = try session.send("snapshot").response["result"]!
        #expect(snapshot["rev"] == .number(Double(before)) && snapshot["state"] == session.state)
    }

    @Test("a search that skips the parts that say they cannot matter finds what a search of every part finds",
          arguments: ["recents", "featured", "contacts"])
    func prefilterHidesNothing(tab: String) throws {
        let session = try Session.directory(["network": false])
        try session.send("tap", ["id": .string("tab.\(tab)")])
        try session.send("scroll", ["deltaY": 300])
        var texts: [String] = [], ids: [String] = []
        session.engine.scene?.forEachNodeOfWholeContent(matching: nil) { id, node in
            ids.append(id)
            if node.kind == .text { texts.append(NodeSearch.text(of: node)) }
        }
        var random = SeededRandom(seed: 11)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func slice(_ text: String) -> String {
            let characters = Array(text)
            guard characters.count > 1 else { return text }
            let start = Int(random.next() % UInt64(characters.count - 1))
            return String(characters[start..<min(characters.count, start + 1 + Int(random.next() % 6))])
        }
        var queries: [NodeQuery] = [NodeQuery(role: "row"), NodeQuery(role: "button"), NodeQuery(id: tab), NodeQuery(id: "\(tab).person"),
                                    NodeQuery(id: "\(tab).header"), NodeQuery(id: "tab"), NodeQuery(text: "age"), NodeQuery(role: "row", name: "age: 1")]
        for _ in 0..<150 {
            let text = pick(texts), id = pick(ids)
            queries.append(NodeQuery(text: slice(text)))
            queries.append(NodeQuery(text: text.uppercased()))
            queries.append(NodeQuery(text: text, exact: true))
            queries.append(NodeQuery(role: "row", name: slice(text)))
            queries.append(NodeQuery(role: "row", name: text, exact: true))
            queries.append(NodeQuery(id: id))
            queries.append(NodeQuery(id: String(id.split(separator: ".").dropLast().joined(separator: "."))))
            queries.append(NodeQuery(text: slice(text), id: String(id.split(separator: ".").prefix(2).joined(separator: "."))))
        }
        var matched = 0
        for query in queries where query.id != "" {
            let fast = session.engine.search(query).map { "\($0.json)" }
            let every = session.engine.search(query, prefilter: false).map { "\($0.json)" }
            #expect(fast == every, "\(tab): \(query): \(fast.count) matches with the prefilter, \(every.count) without")
            matched += every.isEmpty ? 0 : 1
        }
        #expect(matched > queries.count / 2, "most queries find something (\(matched) of \(queries.count))")
    }

    @Test("the ASCII fast path of text matching agrees with the general one", .timeLimit(.minutes(1)))
    func asciiMatchingAgrees() {
        var random = SeededRandom(seed: 7)
        let alphabet = Array("aAbB zZ\t\n.-:0éÉ\u{00A0}\u{3000}ß")
        func text(_ length: Int) -> String { String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }) }
        for _ in 0..<20_000 {
            let haystack = text(Int(random.next() % 12)), needle = text(1 + Int(random.next() % 3))
            let prepared = NodeQuery.prepare(needle, exact: false)
            // An empty query (white space only: the engine refuses it) is in every text.
            let general = prepared.isEmpty || NodeQuery.collapsed(haystack).lowercased().contains(prepared)
            #expect(NodeQuery.asciiMatches([haystack], prepared, exact: false) ?? general == general, "\(haystack.debugDescription) ~ \(needle.debugDescription)")
            #expect(NodeQuery.matches([haystack], prepared, exact: false) == general, "\(haystack.debugDescription) ~ \(needle.debugDescription)")
            // Pieces match as the text they make.
            let cut = haystack.index(haystack.startIndex, offsetBy: haystack.count / 2)
            #expect(NodeQuery.matches([String(haystack[..<cut]), String(haystack[cut...])], prepared, exact: false) == general)
            let exactNeedle = NodeQuery.prepare(haystack, exact: true)
            #expect(NodeQuery.matches([String(haystack[..<cut]), String(haystack[cut...])], exactNeedle, exact: true))
            #expect(NodeQuery.matches([haystack], NodeQuery.prepare(needle, exact: true), exact: true)
                    == (NodeQuery.collapsed(haystack) == NodeQuery.collapsed(needle)))
            // The byte path's answer, where it gives one, is the general one's.
            if let fast = NodeQuery.asciiMatches([haystack], NodeQuery.prepare(needle, exact: true), exact: true) {
                #expect(fast == (NodeQuery.collapsed(haystack) == NodeQuery.collapsed(needle)), "\(haystack.debugDescription) == \(needle.debugDescription)")
            }
            #expect(NodeQuery.collapsed(haystack) == NodeQuery.slowCollapsed(haystack), "\(haystack.debugDescription)")
        }
    }
}
