import Testing
@testable import HooScene
@testable import SceneryCore

@Suite("Hoo scene: pan, scrub versus scroll")
struct PanTests {
    /// The original-shaped sets on the mock screen: Red 1-14, Yellow 1-13, ...
    static func state() -> HooState { F.state(F.originalSets) }

    @Test("a pan whose first motion is mostly horizontal scrubs: the Hoo under the finger is selected, across sets")
    func scrub() throws {
        var state = Self.state()
        try F.reduce(&state, .scroll(.to(offsetY: 79)))
        let start = F.center(state, 12)  // Red 13, row 3 column 0, scrolled up one row
        try F.pan(&state, "began", start.x, start.y, t: 0)
        #expect(state.selection == nil && state.pan?.mode == .pending)
        try F.pan(&state, "changed", start.x + 12, start.y + 3, t: 16)
        #expect(state.pan?.mode == .scrub)
        #expect(state.selection == HooRef(set: 1, hoo: 13))
        try F.pan(&state, "changed", start.x + 79, start.y, t: 32)
        #expect(state.selection == HooRef(set: 1, hoo: 14))
        try F.pan(&state, "changed", start.x + 158, start.y, t: 48)
        #expect(state.selection == HooRef(set: 2, hoo: 1))  // over the set boundary
        #expect(F.nodes(state)["header"]?.image == "hoo.load.1.set.2.header.2")
        // Once scrubbing, vertical motion keeps scrubbing: one row down.
        try F.pan(&state, "changed", start.x + 158, start.y + 79, t: 64)
        #expect(state.selection == HooRef(set: 2, hoo: 5))
        #expect(state.offset == 79)
        try F.pan(&state, "ended", start.x + 158, start.y + 79, t: 80)
        #expect(state.pan == nil && state.deceleration == nil)
        #expect(state.selection == HooRef(set: 2, hoo: 5))
    }

    /// A scrub begun on the first cell and moved 12 pt right, at t 16; returns where it began.
    static func startScrub(_ state: inout HooState) throws -> Point {
        let start = F.center(state, 0)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x + 12, start.y, t: 16)
        return start
    }

    @Test("a scrub resting near the bottom or top edge scrolls the grid toward it and selects what comes under the finger")
    func autoScroll() throws {
        var state = Self.state()
        let frame = state.layout.gridFrame
        let start = try Self.startScrub(&state)
        #expect(state.pan?.mode == .scrub)
        // 11 pt above the bottom edge: three quarters into the 44 pt zone, 0.45 pt/ms.
        #expect(try F.pan(&state, "changed", start.x + 12, frame.maxY - 11, t: 32) == [.startTimer(name: "autoscroll", ms: 16)])
        #expect(state.offset == 0)
        let firstSelection = state.selection
        var steps = 0
        while state.offset < 100 {
            #expect(try F.reduce(&state, .timerFired(name: "autoscroll")) == [.startTimer(name: "autoscroll", ms: 16)])
            steps += 1
        }
        #expect(abs(state.offset - 7.2 * Double(steps)) < 1e-9)
        #expect(state.selection != firstSelection, "the Hoo under the finger changed as the grid moved")
        #expect(state.selection == state.catalog.ref(ofIndex: state.hooIndex(atScreen: Point(x: start.x + 12, y: frame.maxY - 11))!))
        // Away from the edges it stops; past the top edge it scrolls up at full speed.
        #expect(try F.pan(&state, "changed", start.x + 12, frame.y + frame.height / 2, t: 48) == [.cancelTimer(name: "autoscroll")])
        #expect(try F.pan(&state, "changed", start.x + 12, frame.y - 30, t: 64) == [.startTimer(name: "autoscroll", ms: 16)])
        let before = state.offset
        try F.reduce(&state, .timerFired(name: "autoscroll"))
        #expect(abs(state.offset - (before - 9.6)) < 1e-9)
        // Held inside the grid, the finger above it selects in the top row.
        #expect(state.selection == state.catalog.ref(ofIndex: state.hooIndex(atScreen: Point(x: start.x + 12, y: frame.y))!))
        // At the top the timer is not re-armed; lifting the finger cancels a running one.
        while state.offset > 0 { try F.reduce(&state, .timerFired(name: "autoscroll")) }
        #expect(state.pan?.autoScrollSpeed == 0)
        #expect(try F.reduce(&state, .timerFired(name: "autoscroll")).isEmpty)
        try F.pan(&state, "changed", start.x + 12, frame.maxY - 11, t: 80)
        #expect(try F.pan(&state, "ended", start.x + 12, frame.maxY - 11, t: 96) == [.cancelTimer(name: "autoscroll")])
        let offset = state.offset
        #expect(try F.reduce(&state, .timerFired(name: "autoscroll")).isEmpty && state.offset == offset)
    }

    @Test("a cancelled scrub puts back what auto-scrolling moved; a scroll pan near the edges does not auto-scroll")
    func autoScrollCancelled() throws {
        var state = Self.state()
        let frame = state.layout.gridFrame
        let start = try Self.startScrub(&state)
        try F.pan(&state, "changed", start.x + 12, frame.maxY - 1, t: 32)
        for _ in 0..<10 { try F.reduce(&state, .timerFired(name: "autoscroll")) }
        #expect(state.offset > 0)
        #expect(try F.pan(&state, "cancelled", start.x + 12, frame.maxY - 1, t: 48) == [.cancelTimer(name: "autoscroll")])
        #expect(state.offset == 0 && state.selection == nil)

        try F.pan(&state, "began", start.x, frame.maxY - 20, t: 64)
        #expect(try F.pan(&state, "changed", start.x + 2, frame.maxY - 5, t: 80).isEmpty)
        #expect(state.pan?.mode == .scroll && state.pan?.autoScrollSpeed == 0)
    }

    @Test("a pan whose first motion is mostly vertical scrolls: the grid follows the finger, clamped")
    func scroll() throws {
        var state = Self.state()
        let start = F.center(state, 5)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x + 6, start.y - 9, t: 10)  // 10.8 pt, more vertical
        #expect(state.pan?.mode == .scroll)
        #expect(state.offset == 9)
        try F.pan(&state, "changed", start.x + 60, start.y - 120, t: 20)  // sideways later does not scrub
        #expect(state.offset == 120)
        #expect(state.selection == nil)
        try F.pan(&state, "changed", start.x, start.y + 500, t: 30)
        #expect(state.offset == 0)
        try F.pan(&state, "changed", start.x, start.y - 5000, t: 40)
        #expect(state.offset == state.maxOffset)
        #expect(F.model(state)["pan"] == "scroll")
    }

    @Test("an exact diagonal counts as vertical: only a larger horizontal component scrubs")
    func diagonal() throws {
        var state = Self.state()
        let start = F.center(state, 5)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x - 8, start.y - 8, t: 10)
        #expect(state.pan?.mode == .scroll)
    }

    @Test("within the first 10 pt nothing moves and nothing is selected")
    func slop() throws {
        var state = Self.state()
        let start = F.center(state, 5)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x + 7, start.y + 7, t: 10)  // 9.9 pt
        #expect(state.pan?.mode == .pending && state.offset == 0 && state.selection == nil)
        try F.pan(&state, "ended", start.x + 7, start.y + 7, t: 20)
        #expect(state.pan == nil && state.selection == nil && state.deceleration == nil)
    }

    @Test("a pan that begins over the header, the bottom area or off screen does nothing, wherever it goes")
    func beganOutsideGrid() throws {
        for (x, y) in [(100.0, 40.0), (100.0, 430.0), (-20.0, 200.0), (100.0, 67.5)] {
            var state = Self.state()
            try F.pan(&state, "began", x, y, t: 0)
            #expect(state.pan?.mode == .ignored)
            try F.pan(&state, "changed", x + 100, y + 150, t: 16)
            try F.pan(&state, "changed", x + 100, y - 150, t: 32)
            try F.pan(&state, "ended", x + 100, y - 150, t: 48)
            #expect(state.offset == 0 && state.selection == nil && state.deceleration == nil, "pan from \(x), \(y)")
        }
    }

    @Test("scrubbing off the grid (over the header, off screen) keeps the last Hoo selected")
    func scrubOffGrid() throws {
        var state = Self.state()
        let start = F.center(state, 0)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x + 20, start.y, t: 10)
        #expect(state.selection == HooRef(set: 1, hoo: 1))
        try F.pan(&state, "changed", start.x + 20, 30, t: 20)  // over the header
        try F.pan(&state, "changed", -40, -40, t: 30)          // off screen
        try F.pan(&state, "changed", 400, 900, t: 40)
        #expect(state.selection == HooRef(set: 1, hoo: 1))
        try F.pan(&state, "ended", 400, 900, t: 50)
        #expect(state.selection == HooRef(set: 1, hoo: 1) && state.offset == 0)
    }

    @Test("a cancelled pan puts the selection and the offset back as they were when it began")
    func cancelled() throws {
        var state = Self.state()
        F.tap(&state, id: "cell.1.2")
        try F.reduce(&state, .scroll(.to(offsetY: 30)))
        let start = F.center(state, 8)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x + 100, start.y + 4, t: 10)
        #expect(state.selection == HooRef(set: 1, hoo: 10))
        try F.reduce(&state, .pan(PanEvent(Params(["phase": "cancelled"]), now: 0)))
        #expect(state.selection == HooRef(set: 1, hoo: 2) && state.offset == 30 && state.pan == nil)

        try F.pan(&state, "began", start.x, start.y, t: 100)
        try F.pan(&state, "changed", start.x, start.y - 200, t: 110)
        #expect(state.offset == 230)
        try F.pan(&state, "cancelled", start.x, start.y - 200, t: 120)
        #expect(state.offset == 30 && state.deceleration == nil)
    }

    @Test("a released scroll coasts on the scene clock: v × 0.998^ms, resting at offset + v / ln(1/0.998)")
    func deceleration() throws {
        var state = Self.state()
        let clock = F.Clock()
        clock.now = 1000
        let start = F.center(state, 4)
        try F.pan(&state, "began", start.x, start.y, t: 0, clock: clock)
        try F.pan(&state, "changed", start.x, start.y - 20, t: 20, clock: clock)
        try F.pan(&state, "changed", start.x, start.y - 60, t: 40, clock: clock)
        let effects = try F.pan(&state, "ended", start.x, start.y - 60, t: 40, clock: clock)
        // Finger velocity over the last 100 ms: -60 pt / 40 ms; the offset moves the other way.
        #expect(effects == [.startTimer(name: "decelerate", ms: 16)])
        #expect(state.deceleration == Deceleration(startOffset: 60, velocity: 1.5, startMs: 1000, durationMs: 3653))
        #expect(F.model(state)["decelerating"] == true)
        clock.now = 1016
        #expect(try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock) == [.startTimer(name: "decelerate", ms: 16)])
        let expected16 = 60 + 1.5 * (1 - PanRule.decay(16)) * PanRule.decayScale
        #expect(abs(state.offset - expected16) < 1e-9)
        #expect(state.offset > 60 + 16 * 1.4 && state.offset < 60 + 16 * 1.5)
        // Much later (ticks missed or not): the closed form, then rest.
        clock.now = 1500
        try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock)
        #expect(abs(state.offset - (60 + 1.5 * (1 - PanRule.decay(500)) * 499.4998331664548)) < 1e-9)
        clock.now = 100_000
        #expect(try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock) == [])
        #expect(abs(state.offset - (60 + 1.5 * 499.4998331664548)) < 1e-9)
        #expect(state.deceleration == nil)
        // It rests at the first millisecond with less than half a point of coasting left.
        let d = Deceleration(startOffset: 60, velocity: 1.5, startMs: 0, durationMs: 0)
        let duration = try #require(Self.durationAfterRelease(velocity: 1.5))
        #expect(d.restOffset - d.offset(afterMs: duration) <= 0.5)
        #expect(d.restOffset - d.offset(afterMs: duration - 1) > 0.5)
        #expect(duration == 3653)
    }

    static func durationAfterRelease(velocity: Double) -> Int? {
        var state = F.state([F.set(1, count: 100)])
        _ = PanRule.startDeceleration(&state, velocity: velocity, now: 0)
        return state.deceleration?.durationMs
    }

    @Test("the first step is one frame of coasting even when the clock did not move between commands")
    func staleClockAnchor() throws {
        var state = Self.state()
        let clock = F.Clock()
        clock.now = 5000  // released at a stale 5000; the first step comes at 9000
        let start = F.center(state, 4)
        try F.pan(&state, "began", start.x, start.y, t: 0, clock: clock)
        try F.pan(&state, "changed", start.x, start.y - 40, t: 20, clock: clock)
        try F.pan(&state, "ended", start.x, start.y - 40, t: 20, clock: clock)
        clock.now = 9000
        try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock)
        #expect(abs(state.offset - (40 + 2 * (1 - PanRule.decay(16)) * PanRule.decayScale)) < 1e-9)
        #expect(state.deceleration?.startMs == 8984)
        clock.now = 9016
        try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock)
        #expect(abs(state.offset - (40 + 2 * (1 - PanRule.decay(32)) * PanRule.decayScale)) < 1e-9)
    }

    @Test("coasting stops at the end of the content")
    func decelerationHitsEnd() throws {
        var state = F.state([F.set(1, count: 30)])  // 8 rows: max offset 7 + 632 + 6 - 328 = 317
        let clock = F.Clock()
        let start = F.center(state, 12)
        try F.pan(&state, "began", start.x, start.y, t: 0, clock: clock)
        try F.pan(&state, "changed", start.x, start.y - 100, t: 20, clock: clock)
        try F.pan(&state, "ended", start.x, start.y - 100, t: 20, clock: clock)
        #expect(state.deceleration != nil)
        clock.now = 16
        try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock)
        clock.now = 400
        #expect(try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock) == [])
        #expect(state.offset == 317 && state.deceleration == nil)
    }

    @Test("a finger that stopped before lifting, or a flick against the end, does not coast")
    func noCoasting() throws {
        var state = Self.state()
        let start = F.center(state, 4)
        try F.pan(&state, "began", start.x, start.y, t: 0)
        try F.pan(&state, "changed", start.x, start.y - 80, t: 30)
        #expect(try F.pan(&state, "ended", start.x, start.y - 80, t: 200) == [])
        #expect(state.deceleration == nil && state.offset == 80)

        var top = Self.state()
        try F.pan(&top, "began", start.x, start.y, t: 0)
        try F.pan(&top, "changed", start.x, start.y + 50, t: 20)
        #expect(try F.pan(&top, "ended", start.x, start.y + 50, t: 20) == [])
        #expect(top.offset == 0)
    }

    @Test("a touch stops the coasting: a tap only stops it, a new pan takes over from where it is")
    func touchStopsCoasting() throws {
        var state = Self.state()
        let clock = F.Clock()
        let start = F.center(state, 4)
        try F.pan(&state, "began", start.x, start.y, t: 0, clock: clock)
        try F.pan(&state, "changed", start.x, start.y - 40, t: 20, clock: clock)
        try F.pan(&state, "ended", start.x, start.y - 40, t: 20, clock: clock)
        clock.now = 48
        try F.reduce(&state, .timerFired(name: "decelerate"), clock: clock)
        let moving = state.offset
        let center = Point(x: 120, y: 250)  // a cell in the middle of the grid
        #expect(try F.reduce(&state, .tap(id: "overlay", point: center)) == [.cancelTimer(name: "decelerate")])
        #expect(state.deceleration == nil && state.selection == nil && state.offset == moving)
        F.tap(&state, x: center.x, y: center.y)
        #expect(state.selection != nil)

        try F.pan(&state, "began", start.x, start.y, t: 100, clock: clock)
        try F.pan(&state, "changed", start.x, start.y - 40, t: 120, clock: clock)
        try F.pan(&state, "ended", start.x, start.y - 40, t: 120, clock: clock)
        #expect(try F.pan(&state, "began", start.x, start.y, t: 130, clock: clock) == [.cancelTimer(name: "decelerate")])
        #expect(try F.reduce(&state, .scroll(.by(deltaY: 1))) == [])
    }

    @Test("refused events name the problem and change nothing")
    func errors() throws {
        var state = Self.state()
        #expect(throws: RPCError(code: -32602, message: "params.phase: \"changed\" needs a pan in progress; a pan starts with \"began\"")) {
            try F.pan(&state, "changed", 10, 100, t: 0)
        }
        #expect(throws: RPCError(code: -32602, message: "params.phase: expected one of \"began\", \"changed\", \"ended\", \"cancelled\", got \"moved\"")) {
            try F.pan(&state, "moved", 10, 100, t: 0)
        }
        #expect(throws: RPCError(code: -32602, message: "params.phase: required; expected one of \"began\", \"changed\", \"ended\", \"cancelled\"")) {
            try F.reduce(&state, .pan(PanEvent(Params(["x": 1, "y": 2]), now: 0)))
        }
        #expect(throws: RPCError(code: -32602, message: "params.y: required number is missing (screen points of the finger)")) {
            try F.reduce(&state, .pan(PanEvent(Params(["phase": "began", "x": 1]), now: 0)))
        }
        #expect(throws: RPCError(code: -32602, message: "params.x: expected a number, got \"1\"")) {
            try F.reduce(&state, .pan(PanEvent(Params(["phase": "began", "x": "1", "y": 2]), now: 0)))
        }
        #expect(throws: RPCError(code: -32602, message: "params.t: expected milliseconds from 0 to 2^53 - 1, got -1")) {
            try F.pan(&state, "began", 10, 100, t: -1)
        }
        #expect(throws: RPCError.self) {
            try F.reduce(&state, .pan(PanEvent(Params(["phase": "began", "x": 1, "y": 2, "speed": 3]), now: 0)))
        }
        try F.pan(&state, "began", 100, 150, t: 50)
        try F.pan(&state, "changed", 100, 120, t: 60)
        #expect(throws: RPCError(code: -32602, message: "params.t: 55 is earlier than the pan's previous event (60)")) {
            try F.pan(&state, "changed", 100, 20, t: 55)
        }
        #expect(state.offset == 30 && state.pan?.samples.count == 2)
    }

    @Test("without t the scene clock times the events")
    func sceneClockTimes() throws {
        var state = Self.state()
        let clock = F.Clock()
        let start = F.center(state, 4)
        func pan(_ phase: String, _ dy: Double, at ms: Int) throws {
            clock.now = ms
            try F.reduce(&state, .pan(PanEvent(Params(["phase": .string(phase), "x": .number(start.x), "y": .number(start.y + dy)]), now: clock.now)), clock: clock)
        }
        try pan("began", 0, at: 0)
        try pan("changed", -30, at: 10)
        try pan("ended", -50, at: 20)
        #expect(state.deceleration?.velocity == 2.5)
        #expect(state.deceleration?.startMs == 20)
    }
}
