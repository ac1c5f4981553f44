import Testing
@testable import SceneryCore
@testable import PhotosScene

/// The gallery's swipe rule at its edges: a quarter of the width, 300 pt/s, more across than down.
@Suite("Photos pan")
struct PhotosPanTests {
    /// Opens the gallery on photo.4 and swipes from (300, 400) by `dx`, `dy`: began at t 0, one
    /// changed event half way at t `ms - step`, ended at t `ms`; the gallery index after it.
    static func swipe(dx: Double, dy: Double = 0, ms: Double, step: Double = 50) throws -> Int? {
        var state = try PhotosFixture.sample()
        try PhotosFixture.send(&state, .tap(id: "photo.4", point: nil))
        func pan(_ phase: String, _ x: Double, _ y: Double, _ t: Double) throws {
            try PhotosFixture.send(&state, .pan(PanEvent(phase: PanEvent.Phase(rawValue: phase)!, point: Point(x: x, y: y), time: t)))
        }
        try pan("began", 300, 400, 0)
        try pan("changed", 300 + dx / 2, 400 + dy / 2, ms - step)
        try pan("ended", 300 + dx, 400 + dy, ms)
        guard case .gallery(let index) = state.screen else { return nil }
        return index
    }

    @Test("slow swipes: a quarter of the width (93.75 of 375 pt) turns the page, a hair less does not; left is next, right previous")
    func distance() throws {
        #expect(try Self.swipe(dx: -93.75, ms: 5000, step: 2500) == 5)
        #expect(try Self.swipe(dx: 93.75, ms: 5000, step: 2500) == 3)
        #expect(try Self.swipe(dx: -93.7, ms: 5000, step: 2500) == 4)
    }

    @Test("short swipes: a release at 0.3 pt/ms (300 pt/s) over the last 100 ms turns the page, 0.29 does not")
    func speed() throws {
        // The half way event is 50 ms before the end: the speed is the second half's travel over 50 ms.
        #expect(try Self.swipe(dx: -30, ms: 1000) == 5)   // 15 pt in 50 ms: 0.3 pt/ms
        #expect(try Self.swipe(dx: 30, ms: 1000) == 3)
        #expect(try Self.swipe(dx: -29, ms: 1000) == 4)   // 14.5 pt in 50 ms: 0.29
    }

    @Test("a swipe more down than across, or under 10 pt across, does not turn the page, however fast")
    func notASwipe() throws {
        #expect(try Self.swipe(dx: -100, dy: 101, ms: 100) == 4)
        #expect(try Self.swipe(dx: -9.9, ms: 20, step: 10) == 4)
    }
}
