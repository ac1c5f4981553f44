import SceneryCore

/// The Hoo scene's `model` (PROTOCOL.md lists its members), as a struct that diffs itself
/// field by field: a tap or a scrub step changes four members of `selection`, and comparing
/// fields costs far less than building the JSON tree and walking two of them. The operations
/// are those of a JSON diff of ``json`` (members in key order); `HooModelTests` checks this on
/// random pairs.
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

    public static func diff(_ old: HooModel, _ new: HooModel, path: PatchPath, into patch: inout PatchWriter) {
        /// A member replaced when it changed: every member that is not an object on both sides
        /// (a JSON diff descends only into two objects). `key` may go down (`selection/title`).
        func replace(_ key: StaticString, _ changed: Bool, _ json: @autoclosure () -> JSON) {
            if changed { patch.append("replace", path, member: key, json()) }
        }
        func number(_ key: StaticString, _ a: Int, _ b: Int) { replace(key, a != b, .number(Double(b))) }
        number("columns", old.columns, new.columns)
        number("counts/hoos", old.hoos, new.hoos)
        number("counts/sets", old.sets, new.sets)
        replace("decelerating", old.decelerating != new.decelerating, .bool(new.decelerating))
        replace("headerSet", old.headerSet != new.headerSet, new.headerSet.map { .number(Double($0)) } ?? .null)
        if old.loadErrors != new.loadErrors { JSONPatch.diff(old.loadErrors, new.loadErrors, path: path.child("loadErrors"), into: &patch) }
        switch (old.loading, new.loading) {
        case (let a?, let b?): replace("loading/path", a != b, .string(b))
        case (let a, let b): replace("loading", a != b, b.map { ["path": .string($0)] } ?? .null)
        }
        replace("maxOffsetY", old.maxOffsetY != new.maxOffsetY, .number(new.maxOffsetY))
        replace("offsetY", old.offsetY != new.offsetY, .number(new.offsetY))
        if old.originals != new.originals { JSONPatch.diff(old.originals, new.originals, path: path.child("originals"), into: &patch) }
        replace("pan", old.pan != new.pan, .optional(new.pan))
        replace("sample", old.sample != new.sample, .bool(new.sample))
        switch (old.selection, new.selection) {
        case (let a?, let b?):
            replace("selection/color", a.color != b.color, .string(b.color))
            number("selection/hoo", a.hoo, b.hoo)
            number("selection/index", a.index, b.index)
            replace("selection/poemLine", a.poemLine != b.poemLine, .string(b.poemLine))
            number("selection/set", a.set, b.set)
            replace("selection/title", a.title != b.title, .string(b.title))
        case (let a, let b):
            replace("selection", a != b, b?.json ?? .null)
        }
    }
}

extension HooModel.Selection {
    var json: JSON {
        .object(JSONObject(sortedKeys: HooModel.selectionKeys, values: [
            .string(color), .number(Double(hoo)), .number(Double(index)), .string(poemLine), .number(Double(set)), .string(title),
        ]))
    }
}
