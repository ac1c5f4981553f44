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
    /// The pan's mode (`undecided`, `scrub`, `scroll`) while a pan is in progress.
    public var pan: String?
    public var sample: Bool
    public var selection: Selection?

    static let keys = ["columns", "counts", "decelerating", "headerSet", "loadErrors", "loading", "maxOffsetY", "offsetY",
                       "pan", "sample", "selection"]
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
            .optional(pan),
            .bool(sample),
            selection?.json ?? .null,
        ]))
    }

    public static func diff(_ old: HooModel, _ new: HooModel, path: PatchPath, into patch: inout PatchWriter) {
        func number(_ key: String, _ a: Int, _ b: Int, at path: PatchPath = path) {
            if a != b { patch.append("replace", path.child(key), .number(Double(b))) }
        }
        /// A member that is a value or null: replaced whole when it changed (a JSON diff
        /// descends only into two objects).
        func value(_ key: String, _ changed: Bool, _ json: @autoclosure () -> JSON) {
            if changed { patch.append("replace", path.child(key), json()) }
        }
        number("columns", old.columns, new.columns)
        let counts = path.child("counts")
        number("hoos", old.hoos, new.hoos, at: counts)
        number("sets", old.sets, new.sets, at: counts)
        value("decelerating", old.decelerating != new.decelerating, .bool(new.decelerating))
        value("headerSet", old.headerSet != new.headerSet, new.headerSet.map { .number(Double($0)) } ?? .null)
        if old.loadErrors != new.loadErrors { JSONPatch.diff(old.loadErrors, new.loadErrors, path: path.child("loadErrors"), into: &patch) }
        switch (old.loading, new.loading) {
        case (let a?, let b?): if a != b { patch.append("replace", path.child("loading").child("path"), .string(b)) }
        case (let a, let b): value("loading", a != b, b.map { ["path": .string($0)] } ?? .null)
        }
        value("maxOffsetY", old.maxOffsetY != new.maxOffsetY, .number(new.maxOffsetY))
        value("offsetY", old.offsetY != new.offsetY, .number(new.offsetY))
        value("pan", old.pan != new.pan, .optional(new.pan))
        value("sample", old.sample != new.sample, .bool(new.sample))
        switch (old.selection, new.selection) {
        case (let a?, let b?):
            let selection = path.child("selection")
            if a.color != b.color { patch.append("replace", selection.child("color"), .string(b.color)) }
            number("hoo", a.hoo, b.hoo, at: selection)
            number("index", a.index, b.index, at: selection)
            if a.poemLine != b.poemLine { patch.append("replace", selection.child("poemLine"), .string(b.poemLine)) }
            number("set", a.set, b.set, at: selection)
            if a.title != b.title { patch.append("replace", selection.child("title"), .string(b.title)) }
        case (let a, let b):
            value("selection", a != b, b?.json ?? .null)
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
