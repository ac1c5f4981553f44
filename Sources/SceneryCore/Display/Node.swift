/// One thing a front end draws. The display list is generic: a front end that knows nothing of
/// the scene draws it from these fields alone.
public struct Node: Equatable, Sendable {
    /// What to draw.
    public enum Kind: String, Sendable {
        case rect, text, image, line, circle, movie, group
    }

    /// Which coordinate space `frame` is in. Draw order does not depend on it: all nodes are
    /// drawn by `z`, then id.
    public enum Layer: String, Sendable {
        /// Screen points.
        case screen
        /// Scroll content points: on screen at `y - content.offsetY + content.frame.y`, clipped to `content.frame`.
        case content
    }

    /// The fields, in one shared immutable box: copying a node (into a display list, a group,
    /// a diff) is one reference count, and two copies of one node compare equal at once.
    final class Fields: Sendable {
        let kind: Kind, frame: Rect, z: Int, layer: Layer, style: JSONObject
        let text: [TextRun], image: String?, animation: Animation?
        /// Whether `animation` is set: read by a diff without copying the animation out.
        let animated: Bool

        init(kind: Kind, frame: Rect, z: Int, layer: Layer, style: JSONObject, text: [TextRun], image: String?, animation: Animation?) {
            self.kind = kind; self.frame = frame; self.z = z; self.layer = layer
            self.style = style; self.text = text; self.image = image; self.animation = animation
            animated = animation != nil
        }

        func with(kind: Kind? = nil, frame: Rect? = nil, z: Int? = nil, layer: Layer? = nil, style: JSONObject? = nil,
                  text: [TextRun]? = nil, image: String?? = nil, animation: Animation?? = nil) -> Fields {
            Fields(kind: kind ?? self.kind, frame: frame ?? self.frame, z: z ?? self.z, layer: layer ?? self.layer,
                   style: style ?? self.style, text: text ?? self.text, image: image ?? self.image,
                   animation: animation ?? self.animation)
        }
    }

    private(set) var fields: Fields

    public var kind: Kind { get { fields.kind } set { fields = fields.with(kind: newValue) } }
    public var frame: Rect { get { fields.frame } set { fields = fields.with(frame: newValue) } }
    public var z: Int { get { fields.z } set { fields = fields.with(z: newValue) } }
    public var layer: Layer { get { fields.layer } set { fields = fields.with(layer: newValue) } }
    /// Visual attributes: `background`, `color`, `align`, `cornerRadius`, `contentMode`, ... (PROTOCOL.md lists them).
    public var style: JSONObject { get { fields.style } set { fields = fields.with(style: newValue) } }
    /// Attributed text, for `text` nodes.
    public var text: [TextRun] { get { fields.text } set { fields = fields.with(text: newValue) } }
    /// Asset id, for `image` nodes; `asset.read` returns its bytes.
    public var image: String? { get { fields.image } set { fields = fields.with(image: .some(newValue)) } }
    /// Motion the front end runs by itself (a turning ring); in the JSON only when present.
    public var animation: Animation? { get { fields.animation } set { fields = fields.with(animation: .some(newValue)) } }

    public init(_ kind: Kind, frame: Rect, z: Int = 0, layer: Layer = .screen, style: JSONObject = JSONObject(),
                text: [TextRun] = [], image: String? = nil, animation: Animation? = nil) {
        fields = Fields(kind: kind, frame: frame, z: z, layer: layer, style: style, text: text, image: image, animation: animation)
    }

    public static func == (lhs: Node, rhs: Node) -> Bool {
        if lhs.fields === rhs.fields { return true }
        let a = lhs.fields, b = rhs.fields
        return a.kind == b.kind && a.frame == b.frame && a.z == b.z && a.layer == b.layer && a.image == b.image
            && a.style == b.style && a.text == b.text && a.animation == b.animation
    }

    /// Writes ``json``'s canonical encoding without building it (a patch adding a node).
    func write(to writer: inout CanonicalJSON.ByteWriter) {
        let f = fields
        writer.byte(UInt8(ascii: "{"))
        if let animation = f.animation {
            writer.ascii("\"animation\":")
            writer.write(animation.json)
            writer.byte(UInt8(ascii: ","))
        }
        writer.ascii("\"frame\":")
        f.frame.write(to: &writer)
        if let image = f.image {
            writer.ascii(",\"image\":")
            writer.string(image)
        }
        writer.ascii(",\"kind\":")
        writer.string(f.kind.rawValue)
        writer.ascii(",\"layer\":")
        writer.string(f.layer.rawValue)
        writer.ascii(",\"style\":")
        writer.write(.object(f.style))
        if f.kind == .text {
            writer.ascii(",\"text\":")
            TextRun.write(f.text, to: &writer)
        }
        writer.ascii(",\"z\":")
        writer.number(Double(f.z))
        writer.byte(UInt8(ascii: "}"))
    }

    /// The node as the state document holds it. Built straight in key order (this runs for
    /// every node a patch adds or changes).
    public var json: JSON {
        let f = fields
        var keys: [String] = [], values: [JSON] = []
        keys.reserveCapacity(8); values.reserveCapacity(8)
        if let animation = f.animation { keys.append("animation"); values.append(animation.json) }
        keys.append("frame"); values.append(f.frame.json)
        if let image = f.image { keys.append("image"); values.append(.string(image)) }
        keys.append("kind"); values.append(.string(f.kind.rawValue))
        keys.append("layer"); values.append(.string(f.layer.rawValue))
        keys.append("style"); values.append(.object(f.style))
        if f.kind == .text { keys.append("text"); values.append(.array(f.text.map(\.json))) }
        keys.append("z"); values.append(.number(Double(f.z)))
        return .object(JSONObject(sortedKeys: keys, values: values))
    }
}

extension Node {
    /// Appends the operations that turn `old`'s JSON into `new`'s, for a node at `path`: the
    /// same operations as ``JSONPatch/diff(_:_:path:into:)`` on the two nodes' ``json``, but
    /// only the fields that differ are turned into JSON (a changed row colour costs one field).
    public static func diff(_ old: Node, _ new: Node, path: String, into operations: inout [JSON]) {
        var patch = PatchWriter()
        diff(old, new, path: PatchPath(path), into: &patch)
        operations += patch.operations
    }

    /// The same, written into `patch`.
    public static func diff(_ old: Node, _ new: Node, path: PatchPath, into patch: inout PatchWriter) {
        let a = old.fields, b = new.fields
        if a === b { return }
        // Members in key order, as the node's JSON object has them. Most nodes have no animation.
        if a.animated || b.animated { member(path, "animation", a.animation, b.animation, \.json, into: &patch) }
        // A frame is an array: replaced whole when its JSON (rounded to thousandths) changed.
        if a.frame != b.frame && !a.frame.writesSame(as: b.frame) {
            patch.append("replace", path, member: "frame") { b.frame.write(to: &$0) }
        }
        switch (a.image, b.image) {
        case (nil, nil): break
        case (nil, let image?): patch.append("add", path, member: "image") { $0.string(image) }
        case (_?, nil): patch.append("remove", path, member: "image", nil)
        case (let before?, let image?): if before != image { patch.append("replace", path, member: "image") { $0.string(image) } }
        }
        if a.kind != b.kind { patch.append("replace", path, member: "kind", .string(b.kind.rawValue)) }
        if a.layer != b.layer { patch.append("replace", path, member: "layer", .string(b.layer.rawValue)) }
        if a.style != b.style { JSONPatch.diffObjects(a.style, b.style, path: path.child("style"), into: &patch) }
        switch (a.kind == .text, b.kind == .text) {
        case (false, false): break
        case (false, true): patch.append("add", path, member: "text") { TextRun.write(b.text, to: &$0) }
        case (true, false): patch.append("remove", path, member: "text", nil)
        case (true, true):
            // An array: a diff replaces it whole when anything in it changed.
            if a.text != b.text { patch.append("replace", path, member: "text") { TextRun.write(b.text, to: &$0) } }
        }
        if a.z != b.z { patch.append("replace", path, member: "z", .number(Double(b.z))) }
    }

    /// An optional member: added, removed, or diffed when both have it and it changed.
    private static func member<T: Equatable>(_ path: PatchPath, _ key: String, _ a: T?, _ b: T?, _ json: (T) -> JSON,
                                             into patch: inout PatchWriter) {
        switch (a, b) {
        case (nil, nil): return
        case (nil, let b?): patch.append("add", path.child(key), json(b))
        case (_?, nil): patch.append("remove", path.child(key), nil)
        case (let a?, let b?): if a != b { JSONPatch.diff(json(a), json(b), path: path.child(key), into: &patch) }
        }
    }
}

/// A run of attributed text: one font, size, weight and colour.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var font: String
    public var size: Double
    public var weight: String
    public var color: String

    static let keys = ["color", "font", "size", "text", "weight"]

    public init(_ text: String, font: String, size: Double, weight: String = "regular", color: String = "#000000") {
        self.text = text; self.font = font; self.size = size; self.weight = weight; self.color = color
    }

    public var json: JSON {
        .object(JSONObject(sortedKeys: TextRun.keys, values: [.string(color), .string(font), .number(size), .string(text), .string(weight)]))
    }

    /// Writes the runs' JSON array without building it.
    static func write(_ runs: [TextRun], to writer: inout CanonicalJSON.ByteWriter) {
        writer.byte(UInt8(ascii: "["))
        for (i, run) in runs.enumerated() {
            writer.ascii(i == 0 ? "{\"color\":" : ",{\"color\":")
            writer.string(run.color)
            writer.ascii(",\"font\":")
            writer.string(run.font)
            writer.ascii(",\"size\":")
            writer.number(run.size)
            writer.ascii(",\"text\":")
            writer.string(run.text)
            writer.ascii(",\"weight\":")
            writer.string(run.weight)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.byte(UInt8(ascii: "]"))
    }
}

/// The scroll view of a scene: where it is on screen, how big its content is, how far it is scrolled.
public struct ScrollContent: Equatable, Sendable {
    public var frame: Rect
    public var width: Double
    public var height: Double
    public var offsetY: Double

    public init(frame: Rect, width: Double, height: Double, offsetY: Double) {
        self.frame = frame; self.width = width; self.height = height; self.offsetY = offsetY
    }

    /// The largest offset that still shows content: content height minus visible height, at least 0.
    public var maxOffsetY: Double { max(0, height - frame.height) }

    public var json: JSON {
        ["frame": frame.json, "width": .number(roundPoint(width)), "height": .number(roundPoint(height)),
         "offsetY": .number(roundPoint(offsetY))]
    }

    /// Writes the operations that turn `old`'s JSON into `new`'s at `path` (the content's),
    /// the same ones `JSONPatch.diff` of the two would, without building either: a scroll
    /// changes `offsetY` alone, one number.
    @usableFromInline
    static func diff(_ old: ScrollContent?, _ new: ScrollContent?, path: PatchPath, into patch: inout PatchWriter) {
        guard let old, let new else {
            if old != new { JSONPatch.diff(old?.json ?? .null, new?.json ?? .null, path: path, into: &patch) }
            return
        }
        // Members in canonical key order, as a JSON diff writes them.
        if !old.frame.writesSame(as: new.frame) { patch.append("replace", path, member: "frame", new.frame.json) }
        func number(_ key: StaticString, _ a: Double, _ b: Double) {
            if roundPoint(a) != roundPoint(b) { patch.append("replace", path, member: key, .number(roundPoint(b))) }
        }
        number("height", old.height, new.height)
        number("offsetY", old.offsetY, new.offsetY)
        number("width", old.width, new.width)
    }
}
