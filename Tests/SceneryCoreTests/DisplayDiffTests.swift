import Testing
@testable import SceneryCore

/// The display diff takes shortcuts (groups compared by identity, only changed groups' nodes
/// looked at); it must still give exactly what a diff of the two JSON documents gives.
@Suite("Display diff")
struct DisplayDiffTests {
    /// The groups of the last render by key, with the values each was built from: a render
    /// keeps a row's group while its values are the same, as the engine keeps an equal part's.
    struct Memo {
        var last: [Int: (values: [Int], group: NodeGroup)] = [:]
        var current: [Int: (values: [Int], group: NodeGroup)] = [:]

        mutating func group(_ key: Int, inputs values: [Int], build: () -> [(id: String, node: Node)]) -> NodeGroup {
            let group = last[key].flatMap { $0.values == values ? $0.group : nil } ?? NodeGroup(build())
            current[key] = (values, group)
            return group
        }

        mutating func endRender() {
            last = current
            current = [:]
        }
    }

    /// A display of `rows` groups through `memo`; each row's inputs are its values in `rows`.
    static func render(_ rows: [Int: [Int]], loose: [Int], content: Double, memo: inout Memo) -> DisplayList {
        var display = DisplayList(content: ScrollContent(frame: Rect(x: 0, y: 0, width: 100, height: 100), width: 100, height: 1000, offsetY: content))
        for (i, value) in loose.enumerated() {
            display.add("loose.\(i)", Node(.rect, frame: Rect(x: 0, y: Double(value), width: 10, height: 10)))
        }
        for key in rows.keys.sorted() {
            let values = rows[key]!
            display.add(memo.group(key, inputs: values) {
                var nodes = values.enumerated().map { (j, v) in
                    (id: "row.\(key).\(j)", node: Node(.text, frame: Rect(x: 0, y: Double(key * 10), width: 50, height: 10), z: v % 3,
                                                       layer: .content, style: ["color": .string("#\(v)")],
                                                       text: [TextRun("v\(v)", font: "system", size: 12)]))
                }
                // Some groups reach past the others' ids, so groups that changed can interleave.
                if key % 7 == 0 { nodes.append((id: "shared.\(key)", node: Node(.rect, frame: Rect(x: 0, y: Double(values[0]), width: 1, height: 1)))) }
                return nodes
            })
        }
        memo.endRender()
        return display
    }

    @Test("matches the JSON diff and applies to the new display, over random renders")
    func matchesJSONDiff() throws {
        var random = SeededRandom(seed: 7)
        var memo = Memo()
        var rows: [Int: [Int]] = [:]
        var loose: [Int] = []
        var old = Self.render(rows, loose: loose, content: 0, memo: &memo)
        var reused = 0
        for _ in 0..<300 {
            // Change a few rows, drop some, add some, sometimes move loose nodes or the content.
            for _ in 0..<random.below(4) {
                let key = random.below(30)
                switch random.below(3) {
                case 0: rows[key] = nil
                case 1: rows[key] = (0..<(1 + random.below(3))).map { _ in random.below(9) }
                default: if rows[key] != nil { rows[key]![0] = random.below(9) }
                }
            }
            if random.below(4) == 0 { loose = (0..<random.below(3)).map { _ in random.below(50) } }
            let offset = Double(random.below(3) * 10)
            let new = Self.render(rows, loose: loose, content: offset, memo: &memo)
            reused += new.groups.filter { g in old.groups.contains { $0 === g } }.count
            let patch = new.patch(from: old, at: "")
            #expect(patch == JSONPatch.diff(from: old.json, to: new.json))
            #expect(try JSONPatch.apply(.array(patch), to: old.json) == new.json)
            old = new
        }
        #expect(reused > 1000, "most groups should come back from the memo unchanged")
    }

    /// A node with each field drawn from a few values, optional ones sometimes absent.
    static func randomNode(_ random: inout SeededRandom) -> Node {
        let kinds: [Node.Kind] = [.rect, .text, .image]
        let styles: [JSONObject] = [[:], ["color": "#000000"], ["color": "#FFFFFF", "role": "row"], ["role": "row"]]
        let animation = Animation(property: "rotation", keyframes: [0, Double(90 * random.below(3))], durationMs: 1000 * (1 + random.below(2)), startMs: 0, repeats: true)
        return Node(kinds[random.below(3)], frame: Rect(x: Double(random.below(2)), y: 0.001 * Double(random.below(2)), width: 10, height: Double(random.below(2))),
                    z: random.below(2), layer: random.below(2) == 0 ? .screen : .content, style: styles[random.below(styles.count)],
                    text: (0..<random.below(3)).map { TextRun("t\($0)", font: "f", size: Double(12 + random.below(2))) },
                    image: random.below(3) == 0 ? nil : "asset.\(random.below(2))", animation: random.below(3) == 0 ? animation : nil)
    }

    @Test("changed groups are the groups only one list has, whatever was added, removed, rebuilt or moved")
    func changedGroupsAreTheDifference() {
        var random = SeededRandom(seed: 21)
        func group(_ n: Int) -> NodeGroup { NodeGroup([(id: "g.\(n)", node: Node(.rect, frame: Rect(x: 0, y: 0, width: 1, height: 1)))]) }
        var made = 0
        for _ in 0..<2000 {
            let old = (0..<random.below(40)).map { _ in made += 1; return group(made) }
            var new = old
            for _ in 0..<random.below(8) {
                switch random.below(4) {
                case 0: if !new.isEmpty { new.remove(at: random.below(new.count)) }
                case 1: made += 1; new.insert(group(made), at: random.below(new.count + 1))
                case 2: if !new.isEmpty { made += 1; new[random.below(new.count)] = group(made) }
                default: if new.count > 1 { let g = new.remove(at: random.below(new.count)); new.insert(g, at: random.below(new.count + 1)) }
                }
            }
            let (gone, added) = DisplayList.changedGroups(old, new)
            #expect(gone.map(ObjectIdentifier.init) == old.filter { g in !new.contains { $0 === g } }.map(ObjectIdentifier.init))
            #expect(added.map(ObjectIdentifier.init) == new.filter { g in !old.contains { $0 === g } }.map(ObjectIdentifier.init))
        }
    }

    @Test("a node's field diff gives the operations of the diff of its JSON")
    func nodeDiffMatchesJSONDiff() {
        var random = SeededRandom(seed: 11)
        var changed = 0
        let styles: [JSONObject] = [["color": "#000000", "role": "row"], ["color": "#FFFFFF", "role": "row"],
                                    ["color": "#FFFFFF", "role": ["pressed": true]], ["color": "#FFFFFF", "role": ["pressed": false]]]
        for step in 0..<5000 {
            let a = Self.randomNode(&random)
            var b = Self.randomNode(&random)
            if step % 2 == 1 {
                // The usual change: only style values, the keys the same.
                b = a
                b.style = styles[random.below(styles.count)]
            } else if step % 4 == 2 {
                // Only the frame, moved by less than the thousandth the JSON keeps, or by more.
                b = a
                b.frame.x += random.below(2) == 0 ? 0.0001 : 0.25
            }
            // A node written straight to bytes is its JSON's encoding.
            var written: [UInt8] = [], encoded: [UInt8] = []
            CanonicalJSON.withWriter(into: &written) { b.write(to: &$0) }
            CanonicalJSON.write(b.json, to: &encoded)
            #expect(written == encoded)
            var fieldDiff: [JSON] = []
            Node.diff(a, b, path: "/n", into: &fieldDiff)
            var jsonDiff: [JSON] = []
            JSONPatch.diff(a.json, b.json, path: "/n", into: &jsonDiff)
            #expect(fieldDiff == jsonDiff)
            // Addressed as a member of its parent, with an id that needs escaping.
            var memberPatch = PatchWriter()
            Node.diff(a, b, path: PatchPath("/d").child("x/~y"), into: &memberPatch)
            let memberDiff = memberPatch.operations
            var memberJSONDiff: [JSON] = []
            JSONPatch.diff(a.json, b.json, path: "/d/x~1~0y", into: &memberJSONDiff)
            #expect(memberDiff == memberJSONDiff)
            if !fieldDiff.isEmpty { changed += 1 }
            var same: [JSON] = []
            Node.diff(a, a, path: "/n", into: &same)
            #expect(same.isEmpty)
        }
        #expect(changed > 3500)
    }

    @Test("the merge of runs orders positions as a stable sort does, for any list (runs, repeats, reversed)")
    func mergeSortedOrder() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<2000 {
            let count = random.below(60)
            // Few distinct values, so that ties are common; sometimes a few sorted runs end to end.
            var values = (0..<count).map { _ in random.below(12) }
            if random.below(2) == 0 {
                let cut = random.below(count + 1)
                values = values[..<cut].sorted() + values[cut...].sorted()
            }
            let order = DisplayList.mergeSortedOrder(count) { values[$0] < values[$1] }
            let expected = Array(0..<count).sorted { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
            #expect(order == expected, "\(values)")
        }
    }

    @Test("a group holds its nodes sorted by id, stable, and knows whether an id repeats")
    func groupOrder() {
        func node(_ y: Double) -> Node { Node(.rect, frame: Rect(x: 0, y: y, width: 1, height: 1)) }
        let given: [(id: String, node: Node)] = [("b", node(1)), ("a.2", node(2)), ("a", node(3)), ("a.10", node(4))]
        let group = NodeGroup(given)
        #expect(group.nodes.map(\.id) == ["a", "a.10", "a.2", "b"] && group.hasUniqueIDs)
        #expect(group.node("a.2")?.frame.y == 2 && group.node("c") == nil)
        let repeated = NodeGroup([("b", node(1)), ("a", node(2)), ("b", node(3))])
        #expect(repeated.nodes.map(\.id) == ["a", "b", "b"] && repeated.nodes.map(\.node.frame.y) == [2, 1, 3] && !repeated.hasUniqueIDs)
        let inOrder = NodeGroup([("a", node(1)), ("a", node(2))])
        #expect(!inOrder.hasUniqueIDs && inOrder.node("a")?.frame.y == 1)
        #expect(NodeGroup([("a", node(1)), ("b", node(2))]).hasUniqueIDs && NodeGroup([]).hasUniqueIDs)
    }

    @Test("changed groups whose ids interleave are walked in id order as the merged lists would be, repeats included")
    func interleavedGroupsWalkLikeTheMerge() {
        var random = SeededRandom(seed: 11)
        func node(_ y: Int) -> Node { Node(.rect, frame: Rect(x: 0, y: Double(y), width: 1, height: 1)) }
        /// A few groups of ids drawn from a small pool, so that their ranges interleave and some
        /// ids repeat across groups.
        func groups() -> [NodeGroup] {
            (0..<(1 + random.below(3))).map { _ in
                NodeGroup((0..<(1 + random.below(4))).map { _ in
                    let id = "n\(random.below(9))"
                    return (id, node(random.below(3)))
                })
            }
        }
        var interleaved = 0
        for _ in 0..<2000 {
            let gone = groups(), new = groups()
            var walked = PatchWriter()
            DisplayList.diffNodes(walking: gone.map(\.nodes), new.map(\.nodes), path: "/nodes", into: &walked)
            var merged = PatchWriter()
            DisplayList.diffNodes(DisplayList.merged(gone.map(\.nodes)), DisplayList.merged(new.map(\.nodes)), path: "/nodes", into: &merged)
            #expect(walked.operations == merged.operations)
            if DisplayList.separateSlots(gone, new) == nil { interleaved += 1 }
        }
        #expect(interleaved > 300)
    }

    @Test("the scroll content's operations are those of a JSON diff of the two contents, nil included")
    func scrollContentDiffIsTheJSONDiff() {
        var random = SeededRandom(seed: 11)
        // Values that often repeat, differ below a thousandth (written the same), or differ.
        func value() -> Double { [0, 1, 1.0001, 2.5, 100, 320.2][random.below(6)] }
        func content() -> ScrollContent? {
            random.below(5) == 0 ? nil
                : ScrollContent(frame: Rect(x: value(), y: value(), width: value(), height: value()), width: value(), height: value(),
                                offsetY: value())
        }
        var changed = 0
        for _ in 0..<2000 {
            let a = content(), b = content()
            var patch = PatchWriter()
            ScrollContent.diff(a, b, path: PatchPath("/display/content"), into: &patch)
            let expected = JSONPatch.diff(from: ["content": a?.json ?? .null], to: ["content": b?.json ?? .null])
                .map { op -> JSON in
                    guard case .object(var fields) = op, case .string(let path)? = fields["path"] else { return op }
                    fields["path"] = .string("/display" + path)
                    return .object(fields)
                }
            #expect(patch.operations == expected, "\(String(describing: a)) -> \(String(describing: b))")
            if !expected.isEmpty { changed += 1 }
        }
        #expect(changed > 1000)
    }
}
