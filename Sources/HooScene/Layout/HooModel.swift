import SceneryCore

/// The Hoo scene's `model` (PROTOCOL.md lists its members), as a struct: a command that
/// changes nothing (a scroll to where the grid is, a pan step that does not move it) then
/// costs the engine one comparison of a dozen fields, and no JSON tree is built or freed.
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

    static let keys = ["columns", "counts", "decelerating", "headerSet", "loadErrors", "loading", "maxOffsetY", "offsetY",
                       "originals", "pan", "sample", "selection"]
    static let selectionKeys = ["color", "hoo", "index", "poemLine", "set", "title"]
    static let countsKeys = ["hoos", "sets"]

    public var json: JSON {
        .object(JSONObject(sortedKeys: HooModel.keys, values: [
            .number(Double(columns)),
            .object(JSONObject(sortedKeys: HooModel.countsKeys, values: [.number(Double(hoos)), .number(Double(sets))])),
            .bool(decelerating),
            headerSet.map { .number(Double($0)) } ?? .null,
            loadErrors,
            loading.map { ["path": .string($0)] } ?? .null,
            .number(maxOffsetY),
            .number(offsetY),
            originals,
            .optional(pan),
            .bool(sample),
            selection?.json ?? .null,
        ]))
    }
}

extension HooModel.Selection {
    var json: JSON {
        .object(JSONObject(sortedKeys: HooModel.selectionKeys, values: [
            .string(color), .number(Double(hoo)), .number(Double(index)), .string(poemLine), .number(Double(set)), .string(title),
        ]))
    }
}
