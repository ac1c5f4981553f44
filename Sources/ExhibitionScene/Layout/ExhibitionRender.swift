import SceneryCore

/// A part of the Exhibition screen: the chrome (movie, shield, frames, mode buttons), or the
/// field (lines, dots, the available circle with its ring).
public enum ExhibitionPart: ScreenPart {
    case chrome(Viewport, originals: OriginalImages)
    /// `ringStartMs`: when the ring's turning started (its animation's `startMs`).
    case field(Viewport, layout: FieldLayout, originals: OriginalImages, ringStartMs: Int)

    public var key: Int {
        switch self {
        case .chrome: return 0
        case .field: return 1
        }
    }

    public func nodes() -> [(id: String, node: Node)] {
        var display = DisplayList()
        switch self {
        case .chrome(let viewport, let originals):
            ExhibitionRender.addChrome(ScreenLayout(viewport: viewport), grid: FieldGrid(viewport: viewport), originals: originals, to: &display)
        case .field(let viewport, let layout, let originals, let ringStartMs):
            ExhibitionRender.addField(layout, grid: FieldGrid(viewport: viewport), originals: originals, ringStartMs: ringStartMs, to: &display)
        }
        return display.nodes
    }
}

/// Turns an ``ExhibitionState`` into the `model` and `display` parts of the state document.
enum ExhibitionRender {
    typealias M = ExhibitionMetrics

    /// Node ids. A tap maps to behaviour by id alone (see ``ExhibitionScene/tap(_:_:environment:)``).
    enum NodeID {
        static let background = "background"
        static let shield = "shield"
        static let field = "field"
        static let frameTop = "frame.top"
        static let frameBottom = "frame.bottom"
        static let frameLeft = "frame.left"
        /// The first mode button: "near me", the field of circles, the active mode.
        static let firstModeButton = "mode.nearme"
        /// The second mode button: the list mode, which cannot be switched to.
        static let secondModeButton = "mode.list"
        static let availableCircle = circle(FieldLayout.available)
        static let ring = availableCircle + ".ring"
        static let thumb = availableCircle + ".thumb"
        static func circle(_ index: Int) -> String { "circle.\(index)" }
    }

    /// Draw order. The dots are above the available circle's nodes although they never overlap
    /// it, so that a point on a dot inside the corner of the ring's square frame hits the dot.
    enum Z {
        static let background = 0, shield = 1, field = 2, frames = 3, modeButtons = 4
        static let lines = 5, ring = 6, thumb = 7, availableCircle = 8, dots = 9
    }

    /// The movie behind everything: an animated PNG the engine draws (``ExhibitionMovie``),
    /// which `asset.read` serves; a front end shows the node's background colour until it has it.
    static let movie = ExhibitionMovie.id
    /// The only topic of the challenge, whose shield and photo the screen shows.
    static let topic = "captainAmerica"

    static let dotStyle: JSONObject = ["background": .string(M.grey), "opacity": .number(M.dotOpacity)]
    static let circleStyle: JSONObject = ["contentMode": "aspectFit", "role": "button"]

    /// The screen of `state`: its chrome and its field.
    static func render(_ state: ExhibitionState, into screen: inout Screen<ExhibitionPart>) -> JSON {
        screen.add(.chrome(state.viewport, originals: state.originals))
        screen.add(.field(state.viewport, layout: state.layout, originals: state.originals, ringStartMs: state.ringStartMs))
        return model(state, grid: state.grid)
    }

    /// The ring's rotation: 0° to 360° over 40 s from `startMs` (the scene's opening), forever.
    static func ringAnimation(startMs: Int) -> Animation {
        Animation(property: "rotation", keyframes: [0, 360], durationMs: M.ringTurnMs, startMs: startMs, repeats: true)
    }

    // MARK: Model

    static func model(_ state: ExhibitionState, grid: FieldGrid) -> JSON {
        let layout = state.layout
        var circles = JSONObject()
        for (i, point) in layout.points.enumerated() {
            let center = grid.center(point)
            var circle = JSONObject()
            circle["available"] = .bool(i == FieldLayout.available)
            circle["center"] = [.number(roundPoint(center.x)), .number(roundPoint(center.y))]
            circle["column"] = .number(point.column)
            circle["diameter"] = .number(i == FieldLayout.available ? layout.size.diameter : M.dotDiameter)
            circle["row"] = .number(point.row)
            if i == FieldLayout.available { circle["size"] = .string(layout.size.rawValue) }
            circles[NodeID.circle(i)] = .object(circle)
        }
        var edges = JSONObject()
        for edge in layout.edges {
            edges[edge.id] = [.string(NodeID.circle(edge.a)), .string(NodeID.circle(edge.b))]
        }
        let ring = ringAnimation(startMs: state.ringStartMs)
        var model = JSONObject()
        model["cause"] = .string(state.cause.rawValue)
        model["circles"] = .object(circles)
        model["edges"] = .object(edges)
        model["field"] = ["frame": grid.frame.json, "columns": .number(M.gridColumns), "rows": .number(M.gridRows)]
        model["layoutValid"] = .bool(state.layoutValid)
        model["mode"] = "nearme"
        model["originals"] = .array(state.originals.replaced.map(JSON.string))
        model["ring"] = [
            "angle": .number(roundPoint(ring.value(atMs: state.clockMs))),
            "atMs": .number(state.clockMs),
            "startMs": .number(ring.startMs),
            "durationMs": .number(ring.durationMs),
        ]
        model["topic"] = .string(topic)
        return .object(model)
    }

    // MARK: Display

    static func addChrome(_ screen: ScreenLayout, grid: FieldGrid, originals: OriginalImages, to display: inout DisplayList) {
        display.add(NodeID.background, Node(.movie, frame: screen.screen, z: Z.background,
                                            style: ["background": .string(M.background), "loop": true, "movie": .string(movie)]))
        display.add(NodeID.shield, Node(.image, frame: screen.shield, z: Z.shield,
                                        style: ["contentMode": "aspectFit", "opacity": .number(M.shieldOpacity)], image: originals.id(ExhibitionImages.shield)))
        display.add(NodeID.field, Node(.rect, frame: grid.frame, z: Z.field))
        let stretched: JSONObject = ["contentMode": "scaleToFill"]
        display.add(NodeID.frameTop, Node(.image, frame: screen.frameTop, z: Z.frames, style: stretched, image: originals.id(ExhibitionImages.frameTop)))
        display.add(NodeID.frameBottom, Node(.image, frame: screen.frameBottom, z: Z.frames, style: stretched, image: originals.id(ExhibitionImages.frameBottom)))
        display.add(NodeID.frameLeft, Node(.image, frame: screen.frameLeft, z: Z.frames, style: stretched, image: originals.id(ExhibitionImages.frameLeft)))
        display.add(NodeID.firstModeButton, Node(.image, frame: screen.firstModeButton, z: Z.modeButtons,
                                                 style: ["role": "button", "selected": true], image: originals.id(ExhibitionImages.toggle(.nearMe, on: true))))
        display.add(NodeID.secondModeButton, Node(.image, frame: screen.secondModeButton, z: Z.modeButtons,
                                                  style: ["enabled": false, "role": "button", "selected": false], image: originals.id(ExhibitionImages.toggle(.list, on: false))))
    }

    static func addField(_ layout: FieldLayout, grid: FieldGrid, originals: OriginalImages, ringStartMs: Int, to display: inout DisplayList) {
        let centers = layout.points.map(grid.center)

        for edge in layout.edges {
            // From footprint edge to footprint edge: the line stops at the ring and at the dots.
            let a = centers[edge.a], b = centers[edge.b]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            // On a field too small for any layout (height 0 on the spec's 150x200) two fallback
            // points can coincide: the line is then a point, not 0/0.
            let ra = length > 0 ? layout.radius(of: edge.a) / length : 0, rb = length > 0 ? layout.radius(of: edge.b) / length : 0
            let from = Point(x: a.x + dx * ra, y: a.y + dy * ra), to = Point(x: b.x - dx * rb, y: b.y - dy * rb)
            let frame = Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
            display.add(edge.id, Node(.line, frame: frame, z: Z.lines, style: [
                "color": .string(M.grey), "from": point(from), "lineWidth": .number(M.lineWidth),
                "opacity": .number(M.dotOpacity), "to": point(to),
            ]))
        }

        for i in centers.indices where i != FieldLayout.available {
            display.add(NodeID.circle(i), Node(.circle, frame: square(centers[i], M.dotDiameter), z: Z.dots, style: dotStyle))
        }

        let center = centers[FieldLayout.available]
        let circle = square(center, layout.size.diameter)
        let thumb = circle.inset(dx: M.thumbInset, dy: M.thumbInset)
        display.add(NodeID.ring, Node(.image, frame: circle.outset(M.ringDistance), z: Z.ring, style: ["contentMode": "aspectFit"],
                                      image: originals.id(ExhibitionImages.ring), animation: ringAnimation(startMs: ringStartMs)))
        display.add(NodeID.thumb, Node(.image, frame: thumb, z: Z.thumb,
                                       style: ["contentMode": "aspectFill", "cornerRadius": .number(roundPoint(thumb.width / 2))],
                                       image: originals.id(ExhibitionImages.thumb)))
        display.add(NodeID.availableCircle, Node(.image, frame: circle, z: Z.availableCircle, style: circleStyle,
                                                 image: originals.id(ExhibitionImages.circle(layout.size))))
    }

    static func square(_ center: Point, _ side: Double) -> Rect {
        Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }

    static func point(_ p: Point) -> JSON { [.number(roundPoint(p.x)), .number(roundPoint(p.y))] }
}
