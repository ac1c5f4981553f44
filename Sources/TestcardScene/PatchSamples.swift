import SceneryCore

/// What each patch draws under its label. Colours are flat and saturated and samples leave
/// large uniform areas, so that a screenshot can be checked by probing a pixel in the middle
/// of each.
extension TestcardPatch {
    typealias D = PatchDrawing
    static let white = "#FFFFFF", black = "#000000", frameGrey = "#C7C7CC", blue = "#007AFF"
    static let pangram = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs, and how vexingly quick daft zebras jump."

    func draw(_ d: inout PatchDrawing, startMs: Int) {
        switch page {
        case .fills: drawFills(&d)
        case .text, .wrapping: drawText(&d)
        case .images, .states: drawImagesAndStates(&d)
        case .motion: drawMotion(&d, startMs: startMs)
        case .order, .scroll: drawOrderAndScroll(&d)
        }
    }

    /// `w` columns of the sample, each `gap` apart: column `i`'s x and width.
    static func column(_ i: Int, of count: Int, in d: PatchDrawing, gap: Double = 6) -> (x: Double, width: Double) {
        let width = (d.width - gap * Double(count - 1)) / Double(count)
        return (Double(i) * (width + gap), width)
    }

    private func drawFills(_ d: inout PatchDrawing) {
        switch self {
        case .fillsBackground:
            let colors = ["#FF0000", "#00FF00", "#0000FF", "#00FFFF", "#FF00FF", "#FFFF00"]
            for (i, color) in colors.enumerated() {
                d.rect("\(i)", d.at(Double(i % 3) * d.width / 3, Double(i / 3) * d.height / 2, d.width / 3, d.height / 2), ["background": .string(color)])
            }
        case .fillsOpacity:
            d.rect("under", d.at(0, 0, d.width, d.height), ["background": .string(Self.black)])
            for (i, opacity) in [1, 0.75, 0.5, 0.25].enumerated() {
                let c = Self.column(i, of: 4, in: d)
                d.rect("\(i)", d.at(c.x, 10, c.width, d.height - 20), ["background": .string(Self.white), "opacity": .number(opacity)], z: 2)
            }
        case .fillsCorners:
            for (i, radius) in [0, 8, 16, -1].enumerated() {
                let c = Self.column(i, of: 4, in: d), side = min(c.width, d.height)
                let r = radius < 0 ? roundPoint(side / 2) : Double(radius)
                d.rect("\(i)", d.at(c.x, 0, side, side), ["background": .string(Self.blue), "cornerRadius": .number(r)])
            }
        case .fillsCircle:
            let left = Self.column(0, of: 2, in: d), right = Self.column(1, of: 2, in: d)
            let side = min(left.width, d.height)
            d.add("square", Node(.circle, frame: d.at(0, 0, side, side), z: 1, style: ["background": "#34C759"]))
            d.add("wide", Node(.circle, frame: d.at(right.x, d.height / 4, right.width, d.height / 2), z: 1, style: ["background": "#34C759"]))
        case .fillsLines:
            for (i, width) in [nil, 2, 4, 8].enumerated() {
                let c = Self.column(i, of: 4, in: d, gap: 10)
                var style: JSONObject = ["color": .string(Self.black)]
                if let width { style["lineWidth"] = .number(Double(width)) }
                // Every other line is drawn from its top end, so both directions of from/to show.
                let bottomLeft = (c.x, d.height - 4), topRight = (c.x + c.width, 4.0)
                d.line("\(i)", from: i % 2 == 0 ? bottomLeft : topRight, to: i % 2 == 0 ? topRight : bottomLeft, style)
            }
        case .fillsHairlines:
            for (i, thickness) in [1.0 / 3, 0.5, 1, 2].enumerated() {
                let frame = d.at(0, Double(i) * d.height / 4 + d.height / 8, d.width, roundPoint(thickness))
                d.add("\(i)", Node(.line, frame: frame, z: 1, style: ["color": .string(Self.black)]))
            }
        default: break
        }
    }

    private func drawText(_ d: inout PatchDrawing) {
        switch self {
        case .textAlign:
            for (i, align) in ["left", "center", "right"].enumerated() {
                let frame = d.at(0, Double(i) * 30, d.width, 24)
                d.rect("\(i).frame", frame, ["background": .string(Self.white)])
                d.text("\(i)", frame, [D.run(align, size: 15)], ["align": .string(align), "lines": 1])
            }
        case .textVerticalAlign:
            for (i, align) in ["top", "center", "bottom"].enumerated() {
                let c = Self.column(i, of: 3, in: d), frame = d.at(c.x, 0, c.width, d.height)
                d.rect("\(i).frame", frame, ["background": .string(Self.white)])
                d.text("\(i)", frame, [D.run(align, size: 13)], ["align": "center", "lines": 1, "verticalAlign": .string(align)])
            }
        case .textWeights:
            for (i, weight) in ["light", "regular", "medium", "semibold", "bold"].enumerated() {
                d.text("\(i)", d.at(0, Double(i) * 20, d.width, 20), [D.run(weight, size: 15, weight: weight)], ["lines": 1])
            }
        case .textSizes:
            var y = 0.0
            for (i, size) in [9.0, 13, 17, 28].enumerated() {
                d.text("\(i)", d.at(0, y, d.width, size * 1.2), [D.run("\(Int(size)) pt", size: size)], ["lines": 1])
                y += size * 1.2 + 2
            }
        case .textColors:
            let colors = [("red ", "#FF0000"), ("green ", "#00A000"), ("blue ", "#0000FF"), ("grey", "#8E8E93")]
            d.text("runs", d.at(0, 0, d.width, 40), colors.map { D.run($0.0, size: 17, weight: "bold", color: $0.1) })
            d.rect("dark", d.at(0, 50, d.width, 40), ["background": .string(Self.black)])
            d.text("light", d.at(0, 50, d.width, 40), [D.run("white on black", size: 17, color: Self.white)], ["align": "center", "lines": 1])
        case .wrapFree, .wrapOneLine, .wrapTwoLines:
            let frame = d.at(0, 0, d.width, d.height)
            d.rect("frame", frame, ["background": .string(Self.white)])
            var style: JSONObject = ["verticalAlign": "top"]
            if self == .wrapOneLine { style["lines"] = 1 }
            if self == .wrapTwoLines { style["lines"] = 2 }
            d.text("text", frame, [D.run(Self.pangram)], style)
        case .wrapRuns:
            d.rect("frame", d.at(0, 0, d.width, d.height), ["background": .string(Self.white)])
            d.text("text", d.at(0, 0, d.width, d.height), [
                D.run("Runs ", size: 15), D.run("in bold, ", size: 15, weight: "bold"),
                D.run("bigger ", size: 22, font: "SF Pro Display"), D.run("and smaller ", size: 11),
                D.run("and red", size: 15, color: "#FF3B30"), D.run(" flow as one paragraph.", size: 15, weight: "light"),
            ], ["verticalAlign": "top"])
        case .wrapFallback:
            d.rect("frame", d.at(0, 0, d.width, d.height), ["background": .string(Self.white)])
            d.text("text", d.at(0, 0, d.width, d.height), [D.run("fontFallback 0O 1lI iii MMM", size: 15, font: "Scenery Missing Face")],
                   ["fontFallback": "DejaVu Sans Mono", "lines": 1])
        default: break
        }
    }

    private func drawImagesAndStates(_ d: inout PatchDrawing) {
        switch self {
        case .imagesFit, .imagesFill, .imagesStretch, .imagesDefault:
            let mode: JSON? = self == .imagesFit ? "aspectFit" : self == .imagesFill ? "aspectFill" : self == .imagesStretch ? "scaleToFill" : nil
            for (i, image) in [TestcardImages.wide, TestcardImages.tall].enumerated() {
                let c = Self.column(i, of: 2, in: d, gap: 12), side = min(c.width, d.height)
                let frame = d.at(c.x, 0, side, side)
                d.rect("\(i).frame", frame, ["background": .string(Self.frameGrey)])
                d.add("\(i)", Node(.image, frame: frame, z: 2, style: mode.map { ["contentMode": $0] } ?? [:], image: image))
            }
        case .imagesAlign:
            for (i, align) in ["left", "center", "right"].enumerated() {
                let c = Self.column(i, of: 3, in: d, gap: 12), frame = d.at(c.x, 0, c.width, d.height)
                d.rect("\(i).frame", frame, ["background": .string(Self.frameGrey)])
                d.add("\(i)", Node(.image, frame: frame, z: 2, style: ["align": .string(align), "contentMode": "aspectFit"], image: TestcardImages.tall))
            }
        case .imagesTint:
            for (i, tint) in [nil, "#FF3B30", Self.blue].enumerated() {
                let c = Self.column(i, of: 3, in: d), side = min(c.width, d.height), frame = d.at(c.x, 0, side, side)
                // The untinted template is white: it shows on black.
                if tint == nil { d.rect("\(i).frame", frame, ["background": .string(Self.black)]) }
                d.add("\(i)", Node(.image, frame: frame, z: 2, style: tint.map { ["tint": .string($0)] } ?? [:], image: TestcardImages.template))
            }
        case .statesRole:
            button(&d, "button", column: 0, of: 2, title: "button", style: ["role": "button"])
            button(&d, "row", column: 1, of: 2, title: "row", style: ["role": "row"], background: Self.white, color: Self.black)
        case .statesSelected:
            button(&d, "0", column: 0, of: 2, title: "selected", style: ["role": "row", "selected": true], background: "#D1D1D6", color: Self.black)
            button(&d, "1", column: 1, of: 2, title: "not selected", style: ["role": "row", "selected": false], background: Self.white, color: Self.black)
        case .statesEnabled:
            button(&d, "0", column: 0, of: 2, title: "enabled", style: ["enabled": true, "role": "button"])
            button(&d, "1", column: 1, of: 2, title: "disabled", style: ["enabled": false, "role": "button"], background: "#8E8E93")
        case .statesImage:
            for (i, state) in ["none", "loading", "loaded", "failed"].enumerated() {
                let c = Self.column(i, of: 4, in: d, gap: 12), side = min(c.width, d.height), frame = d.at(c.x, 0, side, side)
                d.rect("\(i).frame", frame, ["background": .string(Self.frameGrey)])
                d.add("\(i)", Node(.image, frame: frame, z: 2, style: ["imageState": .string(state)], image: state == "loaded" ? TestcardImages.tall : nil))
            }
        default: break
        }
    }

    /// A button-like rect with its title centred on it.
    private func button(_ d: inout PatchDrawing, _ name: String, column: Int, of count: Int, title: String, style: JSONObject,
                        background: String = blue, color: String = white) {
        let c = Self.column(column, of: count, in: d, gap: 10), frame = d.at(c.x, 0, c.width, 44)
        var style = style
        style["background"] = .string(background)
        d.rect(name, frame, style)
        d.text("\(name).title", frame, [D.run(title, size: 15, color: color)], ["align": "center", "lines": 1])
    }

    private func drawMotion(_ d: inout PatchDrawing, startMs: Int) {
        let spin = TestcardRender.spin(startMs: startMs)
        let cx = min(d.width, d.height) / 2, cy = d.height / 2
        switch self {
        case .motionRotation:
            for (i, rotation) in [-90, 90, 180].enumerated() {
                let c = Self.column(i, of: 3, in: d), narrow = rotation == 180 ? c.width : 28
                let frame = d.at(c.x, 0, narrow, d.height)
                d.rect("\(i).frame", frame, ["background": .string(Self.white)])
                d.text("\(i)", frame, [D.run(rotation == 180 ? "180" : "rotation \(rotation)", size: 13)], ["align": "center", "lines": 1, "rotation": .number(Double(rotation))])
            }
        case .motionCentre:
            d.add("bar", Node(.rect, frame: d.at(cx - 40, cy - 6, 80, 12), z: 1, style: ["background": .string(Self.blue)], animation: spin))
            d.add("centre", Node(.circle, frame: d.at(cx - 3, cy - 3, 6, 6), z: 2, style: ["background": .string(Self.white)]))
        case .motionAnchor:
            // The hand and its tip share the animation and the anchor, so they turn as one piece.
            var about = spin
            about.anchor = d.point(cx, cy)
            d.add("hand", Node(.rect, frame: d.at(cx, cy - 5, 40, 10), z: 1, style: ["background": "#FF9500"], animation: about))
            d.add("tip", Node(.circle, frame: d.at(cx + 36, cy - 8, 16, 16), z: 1, style: ["background": "#FF3B30"], animation: about))
            d.add("anchor", Node(.circle, frame: d.at(cx - 5, cy - 5, 10, 10), z: 2, style: ["background": .string(Self.black)]))
        case .motionMovie:
            let movies: [JSONObject] = [["loop": true, "movie": .string(TestcardImages.movie)], ["loop": false, "movie": .string(TestcardImages.movie)], [:]]
            for (i, movie) in movies.enumerated() {
                let c = Self.column(i, of: 3, in: d)
                var style = movie
                style["background"] = "#5856D6"
                d.add("\(i)", Node(.movie, frame: d.at(c.x, 0, c.width, d.height), z: 1, style: style))
            }
        default: break
        }
    }

    private func drawOrderAndScroll(_ d: inout PatchDrawing) {
        switch self {
        case .orderZ:
            // Ids in the reverse of their z: z alone puts a (red) on top.
            for (i, (id, color)) in [("a", "#FF0000"), ("b", "#00FF00"), ("c", "#0000FF")].enumerated() {
                let offset = Double(i) * 24
                d.rect(id, d.at(offset, offset, 50, 50), ["background": .string(color)], z: 3 - i)
            }
        case .orderID:
            // Equal z, each placed below and right of the one drawn before it: in code point
            // order "10" < "9" < "Z" < "a", so a front end sorting by number or ignoring case
            // stacks them differently.
            for (i, (id, color)) in [("10", "#0000FF"), ("9", "#00FF00"), ("Z", "#FF00FF"), ("a", "#FF0000")].enumerated() {
                let offset = Double(i) * 16
                d.rect(id, d.at(offset, offset, 50, 50), ["background": .string(color)])
            }
        case .orderGroup:
            let box = d.at(10, 10, d.width - 20, d.height - 20)
            d.add("node", Node(.group, frame: box, z: 1))
            for (name, frame) in [("top", Rect(x: box.x, y: box.y, width: box.width, height: 1)),
                                  ("bottom", Rect(x: box.x, y: box.maxY - 1, width: box.width, height: 1)),
                                  ("left", Rect(x: box.x, y: box.y, width: 1, height: box.height)),
                                  ("right", Rect(x: box.maxX - 1, y: box.y, width: 1, height: box.height))] {
                d.add("edge.\(name)", Node(.line, frame: frame, z: 1, style: ["color": "#8E8E93"]))
            }
        case .scrollContent:
            // Content coordinates: ten stripes down the content, and a bar wider than the
            // content frame on both sides, clipped to it.
            let stripes = Int(TestcardRender.contentHeight / 100)
            for i in 0..<stripes {
                let frame = Rect(x: 0, y: Double(i) * 100, width: d.width, height: 100)
                d.add("stripe.\(i)", Node(.rect, frame: frame, z: 1, layer: .content, style: ["background": i % 2 == 0 ? "#FFFFFF" : "#D1D1D6"]))
                d.add("stripe.\(i).label", Node(.text, frame: Rect(x: 8, y: frame.y, width: max(0, d.width - 16), height: 100), z: 2, layer: .content,
                                                style: ["lines": 1], text: [D.run("y \(i * 100)", size: 17)]))
            }
            d.add("bar", Node(.rect, frame: Rect(x: -20, y: 150, width: d.width + 40, height: 20), z: 3, layer: .content, style: ["background": "#FF3B30"]))
            // Screen layer, straddling the content frame's corner: neither clipped nor scrolled.
            d.rect("badge", d.at(d.width - 12, -12, 24, 24), ["background": "#FF9500"], z: 4)
        default: break
        }
    }
}
