import Testing
@testable import SceneryCore
import SceneryTestSupport

/// A struct model lists its members; the engine diffs two lists member by member. Whatever the
/// lists, the operations must be those of a JSON diff of the two JSON forms, and the JSON form
/// must nest the members as their keys say.
@Suite("Model members")
struct ModelMembersTests {
    /// A model with every shape a list can take: a plain member, an object member listed by its
    /// own members (`counts/...`), an object member that is null or an object (`selection`), a
    /// JSON member that is itself an object (`extra`), and one that is an array.
    struct Model: SceneModel {
        var count: Int
        var counts: (a: Int, b: Int)
        var extra: JSON
        var list: JSON
        var selection: (id: String, title: String)?

        static func == (x: Model, y: Model) -> Bool {
            x.count == y.count && x.counts == y.counts && x.extra == y.extra && x.list == y.list
                && x.selection?.id == y.selection?.id && x.selection?.title == y.selection?.title
        }

        func members(into model: inout ModelMembers) {
            model.add("count", .number(count))
            model.add("counts/a", .number(counts.a))
            model.add("counts/b", .number(counts.b))
            model.add("extra", extra)
            model.add("list", list)
            if let selection {
                model.add("selection/id", .string(selection.id))
                model.add("selection/title", .string(selection.title))
            } else {
                model.add("selection", .null)
            }
        }
    }

    static func randomModel(_ random: inout SeededRandom) -> Model {
        func pick<T>(_ values: [T]) -> T { values[random.below(values.count)] }
        return Model(count: pick([0, 1]), counts: (pick([1, 2]), pick([3, 4])),
                     extra: pick([["x": 1, "y": "a/b"], ["x": 2, "y": "a/b"], ["x": 1], .null]),
                     list: pick([[1, 2], [1, 3], []]),
                     selection: pick([nil, ("row.1", "One"), ("row.2", "Two \"quoted\""), ("row.1", "~tilde")]))
    }

    @Test("the JSON form nests the members as their keys say, in canonical order")
    func jsonForm() {
        let model = Model(count: 3, counts: (1, 2), extra: ["k": true], list: [1], selection: ("row.1", "One"))
        #expect(model.json == ["count": 3, "counts": ["a": 1, "b": 2], "extra": ["k": true], "list": [1],
                               "selection": ["id": "row.1", "title": "One"]])
        let none = Model(count: 0, counts: (0, 0), extra: .null, list: [], selection: nil)
        #expect(none.json == ["count": 0, "counts": ["a": 0, "b": 0], "extra": .null, "list": [], "selection": .null])
    }

    @Test("a JSON model is its own one member")
    func jsonModel() {
        let json: JSON = ["a": [1, 2], "b": "c"]
        var list = ModelMembers()
        json.members(into: &list)
        #expect(list.json == json)
    }

    @Test("diffing two lists gives the operations of a JSON diff of their forms (3,000 random pairs)")
    func diffIsTheJSONDiff() {
        var random = SeededRandom(seed: 11)
        var changed = 0, fallback = 0
        for _ in 0..<3000 {
            let a = Self.randomModel(&random), b = Self.randomModel(&random)
            let (members, reference) = ModelCheck.diffs(a, b)
            #expect(members == reference, "\(a.json) -> \(b.json)")
            #expect((a == b) == reference.isEmpty)
            if !reference.isEmpty { changed += 1 }
            if (a.selection == nil) != (b.selection == nil) { fallback += 1 }
        }
        // Both paths are exercised: lists with the same keys, and lists whose keys differ.
        #expect(changed > 2000 && fallback > 500)
    }

    @Test("a changed member is one operation on its path; an object member is diffed inside")
    func fewOperations() {
        let a = Model(count: 1, counts: (1, 3), extra: ["x": 1, "y": "a/b"], list: [1, 2], selection: ("row.1", "One"))
        var b = a
        b.counts.b = 4
        b.extra = ["x": 2, "y": "a/b"]
        b.selection = ("row.1", "Uno")
        #expect(ModelCheck.diffs(a, b).members == [
            ["op": "replace", "path": "/model/counts/b", "value": 4],
            ["op": "replace", "path": "/model/extra/x", "value": 2],
            ["op": "replace", "path": "/model/selection/title", "value": "Uno"],
        ])
    }
}
