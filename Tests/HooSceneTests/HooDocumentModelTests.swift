import Testing
@testable import HooScene
import SceneryCore
import SceneryTestSupport

/// The Hoo model is a struct the engine compares before it diffs its members: that comparison
/// must agree with the JSON's, or a change would go unsent, and the members' diff must be the
/// JSON diff.
@Suite struct HooDocumentModelTests {
    /// Models drawn from small domains, so that pairs often share a member and often differ
    /// in it, including null against a value.
    static func randomModel(_ random: inout SeededRandom) -> HooModel {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let errors: [JSON] = [.array([]), .array([["reason": "not a zip", "source": "a.zip"]])]
        let selection: HooModel.Selection? = pick([true, false, false]) ? nil
            : HooModel.Selection(color: pick(["Red", "Blue"]), hoo: pick([1, 2]), index: pick([0, 1, 5]), set: pick([1, 2]),
                                 title: pick(["Meadow", "Morning", "Say \"hi\""]), poemLine: pick(["a", "b/c~d"]))
        return HooModel(columns: pick([4, 9]), hoos: pick([9, 100]), sets: pick([1, 9]), decelerating: pick([true, false]),
                        headerSet: pick([nil, 1, 2]), loadErrors: pick(errors), loading: pick([nil, "sets", "other"]),
                        maxOffsetY: pick([0, 120.5]), offsetY: pick([0, 3.25, 120.5]),
                        originals: pick([.array([]), .array(["hoo.logo"])]), pan: pick([nil, "scrub", "scroll"]),
                        sample: pick([true, false]), selection: selection)
    }

    @Test func equalModelsHaveEqualJSON() {
        var random = SeededRandom(seed: 7)
        var pairs = 0, changedPairs = 0
        for _ in 0..<3000 {
            let a = Self.randomModel(&random), b = Self.randomModel(&random)
            var reference: [JSON] = []
            JSONPatch.diff(a.json, b.json, path: "/model", into: &reference)
            #expect((a == b) == reference.isEmpty, "\(a.json) -> \(b.json)")
            pairs += 1
            if !reference.isEmpty { changedPairs += 1 }
        }
        #expect(changedPairs > pairs / 2)
    }

    @Test func theMembersDiffIsTheJSONDiff() {
        var random = SeededRandom(seed: 8)
        for _ in 0..<3000 {
            let a = Self.randomModel(&random), b = Self.randomModel(&random)
            let (members, reference) = ModelCheck.diffs(a, b)
            #expect(members == reference, "\(a.json) -> \(b.json)")
        }
    }

    @Test func aTapChangesOnlyTheSelectionsMembers() throws {
        var state = HooFixture.state(HooFixture.originalSets)
        try HooFixture.reduce(&state, .tap(id: "cell.1.1", point: nil))
        let before = HooScene.render(state).model
        try HooFixture.reduce(&state, .tap(id: "cell.1.2", point: nil))
        let after = HooScene.render(state).model
        var patch = PatchWriter()
        JSONPatch.diff(before.json, after.json, path: PatchPath("/model"), into: &patch)
        #expect(patch.operations.map { $0["path"] } == ["/model/selection/hoo", "/model/selection/index",
                                                          "/model/selection/poemLine", "/model/selection/title"])
        #expect(patch.operations.last?["value"] == "Title 1.2")
    }
}
