import Testing
@testable import SceneryCore

@Suite("Node animation")
struct AnimationTests {
    let turn = Animation(property: "rotation", keyframes: [0, 360], durationMs: 40_000, startMs: 2_000, repeats: true)

    @Test("a repeating turn is at the first keyframe before it starts, in between while it runs, and starts over each pass")
    func repeating() {
        #expect(turn.value(atMs: 0) == 0)
        #expect(turn.value(atMs: 12_000) == 90)
        #expect(turn.value(atMs: 42_000) == 0)
        #expect(turn.value(atMs: 52_000) == 90)
    }

    @Test("keyframes are evenly spaced and interpolated; without repeat the last one holds")
    func keyframes() {
        let jiggle = Animation(property: "rotation", keyframes: [0, 3, -3, 3, 0], durationMs: 1_000, startMs: 0, repeats: false)
        #expect(jiggle.value(atMs: 125) == 1.5)
        #expect(jiggle.value(atMs: 250) == 3)
        #expect(jiggle.value(atMs: 375) == 0)
        #expect(jiggle.value(atMs: 500) == -3)
        #expect(jiggle.value(atMs: 5_000) == 0)
    }

    @Test("a node's JSON has an animation member only when it has an animation")
    func json() {
        let plain = Node(.image, frame: .zero, image: "ring")
        var turning = plain
        turning.animation = turn
        #expect(plain.json["animation"] == nil)
        #expect(turning.json["animation"] == ["durationMs": 40_000, "keyframes": [0, 360], "property": "rotation", "repeat": true, "startMs": 2_000])
        #expect(plain != turning)
    }
}
