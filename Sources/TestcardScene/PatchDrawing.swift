import SceneryCore

/// A labelled patch being drawn: its label across the top of its cell, its sample below, and
/// the nodes so far. Sample nodes are placed in the sample area's own coordinates (`x`, `y` from
/// its top-left corner) and named `<patch>.<name>`.
struct PatchDrawing {
    let patch: TestcardPatch
    /// The sample's frame on screen: the cell below the label.
    let area: Rect
    private(set) var nodes: [(id: String, node: Node)]

    init(patch: TestcardPatch, cell: Rect) {
        self.patch = patch
        area = Rect(x: cell.x, y: cell.y + TestcardRender.labelHeight, width: cell.width,
                    height: max(0, cell.height - TestcardRender.labelHeight))
        let label = Rect(x: cell.x, y: cell.y, width: cell.width, height: TestcardRender.labelHeight - 2)
        nodes = [("\(patch.rawValue).label", Node(.text, frame: label, z: 1, style: ["lines": 1, "verticalAlign": "top"],
                                                  text: [TextRun(patch.label, font: "SF Pro Text", size: 11, color: "#3C3C43")]))]
    }

    var width: Double { area.width }
    var height: Double { area.height }

    /// A frame in the sample's coordinates, on screen; a size below 0 (a tiny viewport) is 0.
    func at(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: area.x + x, y: area.y + y, width: max(0, width), height: max(0, height))
    }

    /// A point in the sample's coordinates, on screen, as `from`, `to` and `anchor` take it.
    func point(_ x: Double, _ y: Double) -> Point { Point(x: area.x + x, y: area.y + y) }

    mutating func add(_ name: String, _ node: Node) {
        nodes.append(("\(patch.rawValue).\(name)", node))
    }

    mutating func rect(_ name: String, _ frame: Rect, _ style: JSONObject, z: Int = 1) {
        add(name, Node(.rect, frame: frame, z: z, style: style))
    }

    mutating func text(_ name: String, _ frame: Rect, _ runs: [TextRun], _ style: JSONObject = [:], z: Int = 2) {
        add(name, Node(.text, frame: frame, z: z, style: style, text: runs))
    }

    /// A line from `from` to `to` (sample coordinates); its frame is their bounding box.
    mutating func line(_ name: String, from: (Double, Double), to: (Double, Double), _ style: JSONObject) {
        let a = point(from.0, from.1), b = point(to.0, to.1)
        var style = style
        style["from"] = [.number(roundPoint(a.x)), .number(roundPoint(a.y))]
        style["to"] = [.number(roundPoint(b.x)), .number(roundPoint(b.y))]
        let frame = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        add(name, Node(.line, frame: frame, z: 1, style: style))
    }

    /// One run in the scene's text face.
    static func run(_ text: String, size: Double = 13, weight: String = "regular", color: String = "#000000",
                    font: String = "SF Pro Text") -> TextRun {
        TextRun(text, font: font, size: size, weight: weight, color: color)
    }
}
