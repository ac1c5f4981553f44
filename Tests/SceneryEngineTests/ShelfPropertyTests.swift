import Testing
import SceneryCore
@testable import SceneryEngine

/// The Shelf scene through the engine, on random sequences of taps, long presses, deletes,
/// scrolls and viewport changes: the books never overlap, keep their order and stay inside the
/// content's width, and the patches, applied in order, rebuild every snapshot.
@Suite("Shelf: random gestures")
struct ShelfPropertyTests {
    static let viewports = [
        #"{"width":375,"height":812,"scale":3,"safeArea":{"top":44,"left":0,"bottom":34,"right":0}}"#,
        #"{"width":812,"height":375,"scale":3,"safeArea":{"top":0,"left":44,"bottom":21,"right":44}}"#,
        #"{"width":320,"height":568,"scale":2,"safeArea":{"top":20,"left":0,"bottom":0,"right":0}}"#,
        #"{"width":440,"height":956,"scale":3,"safeArea":{"top":62,"left":0,"bottom":34,"right":0}}"#,
    ]

    /// A mirror of the document, kept by applying every patch the engine sends.
    struct Mirror {
        var state: JSON = .null
        var rev = 0

        mutating func take(_ lines: [String]) throws {
            for line in lines {
                let message = try JSONParser.parse(line)
                guard let change = message["result"] ?? (message["method"] == "patch" ? message["params"] : nil) else { continue }
                if change["engine"] != nil { state = change["state"]!; continue }
                if let snapshot = change["state"] {
                    #expect(snapshot == state, "the patches up to rev \(rev) do not rebuild the snapshot")
                    continue
                }
                if let patch = change["patch"] {
                    state = try JSONPatch.apply(patch, to: state)
                    rev = Int(change["rev"]?.numberValue ?? 0)
                }
            }
        }
    }

    /// The books shown: key and content frame, in shelf order (by row, then column).
    static func books(_ state: JSON) -> [(key: Int, frame: [Double])] {
        guard case .object(let nodes)? = state["display"]?["nodes"] else { return [] }
        return nodes.compactMap { (id, node) -> (Int, [Double])? in
            let parts = id.split(separator: ".")
            guard parts.count == 2, parts[0] == "book", let key = Int(parts[1]),
                  case .array(let frame)? = node["frame"] else { return nil }
            return (key, frame.compactMap(\.numberValue))
        }.sorted { ($0.1[1], $0.1[0]) < ($1.1[1], $1.1[0]) }
    }

    @Test("books never overlap, keep their order, stay inside the width; patches rebuild every snapshot", arguments: [1, 2, 3])
    func randomGestures(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let engine = Engine(environment: .empty)
        var mirror = Mirror()
        var id = 0
        func send(_ method: String, _ params: String = "{}") throws {
            id += 1
            try mirror.take(engine.handle(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#))
        }
        try send("initialize", #"{"network":false}"#)
        try send("scene.open", #"{"scene":"shelf"}"#)
        var deletes = 0
        for step in 0..<400 {
            guard case .object(let nodes)? = mirror.state["display"]?["nodes"] else { Issue.record("no nodes"); return }
            let ids = Array(nodes.keys)
            let bookIDs = ids.filter { $0.hasPrefix("book.") }
            switch random.below(12) {
            case 0, 1: try send("tap", #"{"id":"\#(ids[random.below(ids.count)])"}"#)
            case 2: try send("tap", #"{"x":\#(random.below(400)),"y":\#(random.below(900)),"baseRev":\#(mirror.rev)}"#)
            case 3, 4: if !bookIDs.isEmpty { try send("longPress", #"{"id":"\#(bookIDs[random.below(bookIDs.count)])"}"#) }
            case 5, 6:
                // Delete: the jiggling book's Delete when there is one.
                if let delete = ids.first(where: { $0.hasSuffix(".delete") }) { try send("tap", #"{"id":"\#(delete)"}"#); deletes += 1 }
                else if let action = ids.first(where: { $0.hasPrefix("alert.action.") }) { try send("tap", #"{"id":"\#(action)"}"#) }
            case 7, 8: try send("scroll", #"{"deltaY":\#(random.below(1600) - 800)}"#)
            case 9: try send("viewport.set", Self.viewports[random.below(Self.viewports.count)])
            case 10: try send("clock.advance", #"{"ms":\#(random.below(1500))}"#)
            default: try send("snapshot")
            }
            let books = Self.books(mirror.state)
            let width = mirror.state["display"]?["content"]?["width"]?.numberValue ?? 0
            #expect(zip(books, books.dropFirst()).allSatisfy { $0.key < $1.key }, "step \(step): books out of order \(books.map(\.key))")
            for (i, a) in books.enumerated() {
                #expect(a.frame[0] >= 0 && a.frame[0] + a.frame[2] <= width + 0.001, "step \(step): book.\(a.key) outside the width \(width)")
                for b in books[(i + 1)...] {
                    let apart = a.frame[0] + a.frame[2] <= b.frame[0] + 0.001 || b.frame[0] + b.frame[2] <= a.frame[0] + 0.001
                        || a.frame[1] + a.frame[3] <= b.frame[1] + 0.001 || b.frame[1] + b.frame[3] <= a.frame[1] + 0.001
                    #expect(apart, "step \(step): book.\(a.key) overlaps book.\(b.key)")
                }
            }
        }
        try send("snapshot")
        #expect(deletes > 5, "the sequence should delete some books")
        #expect(mirror.state["model"]?["deleted"] == .number(Double(deletes)))
    }
}
