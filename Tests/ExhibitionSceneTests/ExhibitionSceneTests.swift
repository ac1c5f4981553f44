import Testing
@testable import ExhibitionScene
@testable import SceneryCore

@Suite("Exhibition screen")
struct ExhibitionScreenTests {
    @Test("opening shows the movie, the shield at 10%, three frames, two mode buttons and five circles on the field")
    func opening() throws {
        let (state, _) = try Fixture.open(seed: 1)
        let nodes = Fixture.nodes(state)
        #expect(nodes["background"]?.kind == .movie)
        #expect(nodes["background"]?.style["movie"] == "exhibition.movie.ornaments")
        #expect(ExhibitionScene.builtinImage("exhibition.movie.ornaments")?.width == ExhibitionMovie.width)
        #expect(nodes["shield"]?.style["opacity"] == 0.1)
        #expect(nodes["mode.nearme"]?.style["selected"] == true)
        #expect(nodes["mode.list"]?.style["selected"] == false && nodes["mode.list"]?.style["enabled"] == false)
        #expect(nodes["circle.0"]?.image == "exhibition.circle.\(state.layout.size.rawValue)")
        for i in 1...4 {
            let dot = try #require(nodes["circle.\(i)"])
            #expect(dot.kind == .circle && dot.frame.width == 8 && dot.frame.height == 8)
            #expect(dot.style == ["background": "#AAAAAA", "opacity": 0.2])
        }
        #expect(state.layoutValid)
        #expect(Placement.problems(state.layout, grid: state.grid).isEmpty)
    }

    @Test("on the mock's viewport the frames, buttons and shield are where the mock has them")
    func chromeMatchesMock() throws {
        let nodes = Fixture.nodes(try Fixture.open(seed: 1).0)
        // Measured on objective.png (pixels / 2): see ExhibitionMetrics.
        #expect(nodes["frame.top"]?.frame == Rect(x: 8, y: 8, width: 359, height: 77.5))
        #expect(nodes["frame.bottom"]?.frame == Rect(x: 8, y: 603, width: 359, height: 56))
        #expect(nodes["frame.left"]?.frame == Rect(x: 8, y: 268.5, width: 11.5, height: 359))
        #expect(nodes["mode.nearme"]?.frame == Rect(x: 104, y: 8, width: 83.5, height: 45))
        #expect(nodes["mode.list"]?.frame == Rect(x: 187.5, y: 8, width: 83.5, height: 45))
        #expect(nodes["shield"]?.frame == Rect(x: 37.5, y: 183.5, width: 300, height: 300))
        #expect(nodes["field"]?.frame == Rect(x: 50, y: 100, width: 275, height: 467))
    }

    @Test("on a phone with a notch everything but the movie keeps to the safe area")
    func safeArea() throws {
        let nodes = Fixture.nodes(try Fixture.open(seed: 1, viewport: Fixture.largestPhone).0)
        #expect(nodes["background"]?.frame == Rect(x: 0, y: 0, width: 440, height: 956))
        let top: Double = 62 + 8, bottom: Double = 956 - 34 - 8
        #expect(nodes["frame.top"]?.frame.y == top)
        #expect(nodes["frame.bottom"]?.frame.maxY == bottom)
        #expect(nodes["field"]?.frame == Rect(x: 50, y: 162, width: 340, height: 660))
    }

    @Test("the available circle is its image's size, the photo inside it, the ring 8 pt outside it and turning every 40 s")
    func availableCircle() throws {
        for seed: UInt64 in 0..<30 {
            let (state, _) = try Fixture.open(seed: seed)
            let nodes = Fixture.nodes(state)
            let circle = try #require(nodes["circle.0"]), ring = try #require(nodes["circle.0.ring"]), thumb = try #require(nodes["circle.0.thumb"])
            #expect(circle.frame.width == state.layout.size.diameter && circle.frame.height == state.layout.size.diameter)
            #expect(ring.frame.width == circle.frame.width + 16 && ring.frame.x == circle.frame.x - 8 && ring.frame.y == circle.frame.y - 8)
            #expect(thumb.frame.x > circle.frame.x && thumb.frame.maxX < circle.frame.maxX && thumb.image == "exhibition.thumb.ca")
            #expect(thumb.style["cornerRadius"] == .number(thumb.frame.width / 2))
            #expect(ring.animation == Animation(property: "rotation", keyframes: [0, 360], durationMs: 40_000, startMs: 0, repeats: true))
            // Lines under the circles.
            for edge in state.layout.edges { #expect(nodes[edge.id]!.z < ring.z && nodes[edge.id]!.z < nodes["circle.1"]!.z) }
        }
    }

    @Test("a line runs from circle edge to circle edge, in the dots' grey")
    func lines() throws {
        let (state, _) = try Fixture.open(seed: 2)
        let nodes = Fixture.nodes(state)
        let grid = state.grid
        for edge in state.layout.edges {
            let line = try #require(nodes[edge.id])
            #expect(line.kind == .line && line.style["color"] == "#AAAAAA" && line.style["opacity"] == 0.2)
            let from = line.style["from"]?.arrayValue?.compactMap(\.numberValue) ?? []
            let to = line.style["to"]?.arrayValue?.compactMap(\.numberValue) ?? []
            try #require(from.count == 2 && to.count == 2)
            let a = grid.center(state.layout.points[edge.a]), b = grid.center(state.layout.points[edge.b])
            func distance(_ p: [Double], _ q: Point) -> Double { ((p[0] - q.x) * (p[0] - q.x) + (p[1] - q.y) * (p[1] - q.y)).squareRoot() }
            #expect(abs(distance(from, a) - state.layout.radius(of: edge.a)) < 0.01)
            #expect(abs(distance(to, b) - state.layout.radius(of: edge.b)) < 0.01)
        }
    }
}

@Suite("Exhibition gestures")
struct ExhibitionGestureTests {
    @Test("a tap on the first mode button reshuffles: the same circle ids, in other places, the same size")
    func reshuffleByTap() throws {
        var (state, world) = try Fixture.open(seed: 3)
        for _ in 0..<50 {
            let before = state
            let idsBefore = Set(Fixture.nodes(before).keys.filter { $0.hasPrefix("circle.") })
            try Fixture.tap(&state, "mode.nearme", world)
            #expect(!state.layout.standsLike(before.layout))
            #expect(state.layout.size == before.layout.size)
            #expect(state.cause == .reshuffle && state.layoutValid)
            #expect(Set(Fixture.nodes(state).keys.filter { $0.hasPrefix("circle.") }) == idsBefore)
            #expect(Placement.problems(state.layout, grid: state.grid).isEmpty)
        }
    }

    @Test("the reshuffle method does what the tap does")
    func reshuffleMethod() throws {
        var (byTap, tapWorld) = try Fixture.open(seed: 11)
        var (byMethod, methodWorld) = try Fixture.open(seed: 11)
        try Fixture.tap(&byTap, "mode.nearme", tapWorld)
        try Fixture.reduce(&byMethod, .command(try ExhibitionCommand(method: "reshuffle", params: Params(JSONObject()))), methodWorld)
        #expect(Fixture.document(byTap) == Fixture.document(byMethod))
        #expect(byMethod.cause == .reshuffle)
    }

    @Test("a tap on the available circle, its ring or its photo switches it to another size; the ring, photo and its lines follow")
    func resize() throws {
        var (state, world) = try Fixture.open(seed: 5)
        var sizes = Set<CircleSize>()
        for id in Array(repeating: ["circle.0", "circle.0.ring", "circle.0.thumb"], count: 20).joined() {
            let before = state
            try Fixture.tap(&state, id, world)
            sizes.insert(state.layout.size)
            #expect(state.layout.size != before.layout.size)
            #expect(Placement.problems(state.layout, grid: state.grid).isEmpty && state.layoutValid)
            switch state.cause {
            case .resize: #expect(state.layout.points == before.layout.points)
            case .resizeMoved: #expect(Array(state.layout.points.dropFirst()) == Array(before.layout.points.dropFirst()))
            case .resizeReshuffled: break
            default: Issue.record("cause \(state.cause.rawValue) after a tap on \(id)")
            }
            let nodes = Fixture.nodes(state)
            let d = state.layout.size.diameter
            #expect(nodes["circle.0"]?.frame.width == d && nodes["circle.0.ring"]?.frame.width == d + 16)
            #expect(nodes["circle.0.thumb"]?.frame.width == d - 8)
            for edge in state.layout.edges where edge.touches(0) {
                let from = nodes[edge.id]!.style["from"]!.arrayValue!.map { $0.numberValue! }
                let center = Fixture.centre(nodes["circle.0"]!.frame)
                let distance = ((from[0] - center.x) * (from[0] - center.x) + (from[1] - center.y) * (from[1] - center.y)).squareRoot()
                #expect(abs(distance - (d / 2 + 8)) < 0.01)
            }
        }
        #expect(sizes == Set(CircleSize.allCases))
    }

    @Test("when the new size would break the rules, the circle moves and the cause says so")
    func resizeThatMustMove() throws {
        // Find a seed whose small circle has a dot too close for a medium or large one.
        let grid = FieldGrid(viewport: Fixture.mock)
        var found = false
        for seed: UInt64 in 0..<500 {
            var (state, world) = try Fixture.open(seed: seed)
            let bigger = CircleSize.allCases.filter { $0 != state.layout.size }
            guard bigger.allSatisfy({ !Placement.problems(FieldLayout(size: $0, points: state.layout.points, grid: grid), grid: grid).isEmpty }) else { continue }
            let before = state.layout
            try Fixture.tap(&state, "circle.0", world)
            #expect(state.cause == .resizeMoved || state.cause == .resizeReshuffled)
            #expect(state.layout.points != before.points)
            #expect(Placement.problems(state.layout, grid: grid).isEmpty)
            found = true
            break
        }
        #expect(found)
    }

    @Test("taps on the shield, frames, second button, a dot, a line, the empty field, the movie or nothing change nothing")
    func inertTaps() throws {
        var (state, world) = try Fixture.open(seed: 8)
        let before = Fixture.document(state)
        let ids = ["shield", "frame.top", "frame.bottom", "frame.left", "mode.list", "circle.1", "circle.4", "field", "background",
                   state.layout.edges[0].id]
        for id in ids { try Fixture.tap(&state, id, world) }
        try Fixture.reduce(&state, .tap(id: nil, point: Point(x: 1, y: 1)), world)
        #expect(Fixture.document(state) == before)
    }

    @Test("the model's ring angle follows the scene clock: 90° after 10 s, a full turn after 40 s; the node's animation stays as declared")
    func ringAngle() throws {
        var (state, _) = try Fixture.open(seed: 1)
        let ring = Fixture.nodes(state)["circle.0.ring"]
        func angle() -> JSON? { ExhibitionScene.render(state).model["ring"]?["angle"] }
        #expect(angle() == 0)
        let expected: [(Int, Double)] = [(10_000, 90), (25_000, 225), (40_000, 0), (50_000, 90), (1_234_567, 311.103)]
        for (ms, degrees) in expected {
            ExhibitionScene.clockAdvanced(&state, nowMs: ms)
            #expect(angle() == .number(degrees), "at \(ms) ms")
        }
        #expect(Fixture.nodes(state)["circle.0.ring"] == ring)
    }

    @Test("a scene opened later starts its ring then")
    func ringStartsAtOpen() throws {
        let world = Fixture.World(seed: 1)
        world.now = 5_000
        var (state, _) = try ExhibitionScene.open(Params(JSONObject()), viewport: Fixture.mock, environment: world.environment)
        #expect(Fixture.nodes(state)["circle.0.ring"]?.animation?.startMs == 5_000)
        ExhibitionScene.clockAdvanced(&state, nowMs: 15_000)
        #expect(ExhibitionScene.render(state).model["ring"]?["angle"] == 90)
    }

    @Test("a viewport change keeps the circles on their grid points when the rules still hold")
    func viewportChange() throws {
        var (state, world) = try Fixture.open(seed: 12)
        for viewport in [Fixture.largestPhone, Fixture.smallestPhone, Fixture.mock] {
            let before = state.layout
            try Fixture.reduce(&state, .viewport(viewport), world)
            #expect(state.viewport == viewport)
            #expect(Placement.problems(state.layout, grid: state.grid).isEmpty)
            if state.cause == .viewport { #expect(state.layout.points == before.points) }
        }
        let unchanged = Fixture.document(state)
        try Fixture.reduce(&state, .viewport(Fixture.mock), world)
        #expect(Fixture.document(state) == unchanged)
    }

    @Test("a screen too small for the field still opens, with the fallback layout flagged")
    func tinyScreen() throws {
        var (state, world) = try Fixture.open(seed: 1, viewport: Viewport(width: 150, height: 200, scale: 1, safeArea: EdgeInsets()))
        #expect(!state.layoutValid)
        #expect(ExhibitionScene.render(state).model["layoutValid"] == false)
        try Fixture.tap(&state, "mode.nearme", world)
        try Fixture.tap(&state, "circle.0", world)
        #expect(!state.layoutValid)
    }
}

@Suite("Exhibition errors")
struct ExhibitionErrorTests {
    @Test("reshuffle with a param is refused naming it, and nothing changes")
    func reshuffleParams() throws {
        var (state, world) = try Fixture.open(seed: 1)
        let before = Fixture.document(state)
        #expect(throws: RPCError.invalidParams("params.count: unknown parameter; this method takes no parameters")) {
            try Fixture.reduce(&state, .command(try ExhibitionCommand(method: "reshuffle", params: Params(["count": 2]))), world)
        }
        #expect(Fixture.document(state) == before)
    }

    @Test("scroll, section and unknown methods are not supported; open takes only resources")
    func unsupported() throws {
        var (state, world) = try Fixture.open(seed: 1)
        #expect(throws: RPCError.self) { try Fixture.reduce(&state, .scroll(.by(deltaY: 10)), world) }
        #expect(throws: RPCError.self) { try Fixture.reduce(&state, .section(.index(0)), world) }
        #expect(throws: RPCError.notSupported("the exhibition scene takes no pan or page")) {
            try Fixture.reduce(&state, .pan(PanEvent(phase: .cancelled, point: nil, time: 0)), world)
        }
        #expect(throws: RPCError.invalidParams("params.size: unknown parameter; the exhibition scene takes only resources besides scene")) {
            try ExhibitionScene.open(Params(["size": "large"]), viewport: Fixture.mock, environment: world.environment)
        }
    }
}
