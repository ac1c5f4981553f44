import SceneryCore

/// The Hoo scene's `model` (PROTOCOL.md lists its members), as a struct: a command that
/// changes nothing (a scroll to where the grid is, a pan step that does not move it) then
/// costs the engine one comparison of a dozen fields, and a tap sends the selection's members
/// without a JSON tree being built or freed.
public struct HooModel: SceneModel {
    /// The selected Hoo, as the model shows it.
    public struct Selection: Equatable, Sendable {
        /// The set's colour name as `hoo_set.json` gives it.
        public var color: String
        /// The Hoo's folder number in its set, its position in the flow, and its set's number.
        public var hoo: Int, index: Int, set: Int
        public var title: String, poemLine: String

        public init(color: String, hoo: Int, index: Int, set: Int, title: String, poemLine: String) {
            self.color = color; self.hoo = hoo; self.index = index; self.set = set; self.title = title; self.poemLine = poemLine
        }
    }

    public var columns: Int
    /// How many Hoos and sets are loaded.
    public var hoos: Int, sets: Int
    public var decelerating: Bool
    /// The number of the set whose header shows.
    public var headerSet: Int?
    /// `[{source, reason}]` of the sets that failed to load.
    public var loadErrors: JSON
    /// The path being loaded, while a load runs.
    public var loading: String?
    /// Rounded to thousandths, as the document has them.
    public var maxOffsetY: Double, offsetY: Double
    /// The drawn images a `resources` folder replaced (their ids, sorted), as Shelf's model has them.
    public var originals: JSON
    /// The pan's mode (`undecided`, `scrub`, `scroll`) while a pan is in progress.
    public var pan: String?
    public var sample: Bool
    public var selection: Selection?

    /// The members in key order, as PROTOCOL.md lists them.
    public func members(into model: inout ModelMembers) {
        model.add("columns", .number(columns))
        model.add("counts/hoos", .number(hoos))
        model.add("counts/sets", .number(sets))
        model.add("decelerating", .bool(decelerating))
        model.add("headerSet", headerSet.map { .number($0) } ?? .null)
        model.add("loadErrors", loadErrors)
        if let loading { model.add("loading/path", .string(loading)) } else { model.add("loading", .null) }
        model.add("maxOffsetY", .number(maxOffsetY))
        model.add("offsetY", .number(offsetY))
        model.add("originals", originals)
        model.add("pan", .optional(pan))
        model.add("sample", .bool(sample))
        if let selection {
            model.add("selection/color", .string(selection.color))
            model.add("selection/hoo", .number(selection.hoo))
            model.add("selection/index", .number(selection.index))
            model.add("selection/poemLine", .string(selection.poemLine))
            model.add("selection/set", .number(selection.set))
            model.add("selection/title", .string(selection.title))
        } else {
            model.add("selection", .null)
        }
    }
}
