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

    public var kind: Kind
    public var frame: Rect
    public var z: Int
    public var layer: Layer
    /// Visual attributes: `background`, `color`, `align`, `cornerRadius`, `contentMode`, ... (PROTOCOL.md lists them).
    public var style: JSONObject
    /// Attributed text, for `text` nodes.
    public var text: [TextRun]
    /// Asset id, for `image` nodes; `asset.read` returns its bytes.
    public var image: String?
    /// Motion the front end runs by itself (a turning ring); in the JSON only when present.
    public var animation: Animation?

    public init(_ kind: Kind, frame: Rect, z: Int = 0, layer: Layer = .screen, style: JSONObject = JSONObject(),
                text: [TextRun] = [], image: String? = nil, animation: Animation? = nil) {
        self.kind = kind; self.frame = frame; self.z = z; self.layer = layer
        self.style = style; self.text = text; self.image = image; self.animation = animation
    }

    public var json: JSON {
        var object = JSONObject()
        if let animation { object["animation"] = animation.json }
        object["frame"] = frame.json
        if let image { object["image"] = .string(image) }
        object["kind"] = .string(kind.rawValue)
        object["layer"] = .string(layer.rawValue)
        object["style"] = .object(style)
        if kind == .text { object["text"] = .array(text.map(\.json)) }
        object["z"] = .number(Double(z))
        return .object(object)
    }
}

/// A run of attributed text: one font, size, weight and colour.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var font: String
    public var size: Double
    public var weight: String
    public var color: String

    public init(_ text: String, font: String, size: Double, weight: String = "regular", color: String = "#000000") {
        self.text = text; self.font = font; self.size = size; self.weight = weight; self.color = color
    }

    public var json: JSON {
        var object = JSONObject()
        object["color"] = .string(color)
        object["font"] = .string(font)
        object["size"] = .number(size)
        object["text"] = .string(text)
        object["weight"] = .string(weight)
        return .object(object)
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
}

/// The previous render's nodes and their JSON, in id order, for ``DisplayList/json(reusing:)``.
public struct RenderCache: Sendable {
    var ids: [String] = []
    var nodes: [Node] = []
    var values: [JSON] = []
    public init() {}
    init(ids: [String], nodes: [Node], values: [JSON]) { self.ids = ids; self.nodes = nodes; self.values = values }
}

/// What a scene shows: the nodes by id, and its scroll content if it has one.
public struct DisplayList: Sendable {
    public var nodes: [(id: String, node: Node)] = []
    public var content: ScrollContent?

    public init(content: ScrollContent? = nil) { self.content = content }

    public mutating func add(_ id: String, _ node: Node) { nodes.append((id, node)) }

    public var json: JSON {
        var cache = RenderCache()
        return json(reusing: &cache)
    }

    /// The `display` JSON, reusing the encoding of every node that is equal to the node of the
    /// same id in `cache` (the previous render). Unchanged nodes then share storage with the
    /// previous document, which also makes the engine's diff skip them at once.
    public func json(reusing cache: inout RenderCache) -> JSON {
        // Sort positions, not (id, node) pairs: moving nodes around costs more than the sort.
        let keys = nodes.map(\.id)
        let order = keys.indices.sorted { canonicalKeyPrecedes(keys[$0], keys[$1]) }
        var ids: [String] = [], values: [JSON] = [], kept: [Node] = []
        ids.reserveCapacity(order.count); values.reserveCapacity(order.count); kept.reserveCapacity(order.count)
        var previous = 0
        for index in order {
            let (id, node) = nodes[index]
            if let last = ids.last, last == id { continue }  // a duplicate id: the first one wins
            while previous < cache.ids.count && canonicalKeyPrecedes(cache.ids[previous], id) { previous += 1 }
            if previous < cache.ids.count && cache.ids[previous] == id && cache.nodes[previous] == node {
                values.append(cache.values[previous])
            } else {
                values.append(node.json)
            }
            ids.append(id)
            kept.append(node)
        }
        cache = RenderCache(ids: ids, nodes: kept, values: values)
        var display = JSONObject()
        display["content"] = content?.json ?? .null
        display["nodes"] = .object(JSONObject(sortedKeys: ids, values: values))
        return .object(display)
    }

    /// The id of the topmost node under `point` (screen coordinates): higher `z` above lower,
    /// and for equal `z` the later id in code point order, the order front ends draw in.
    /// Content nodes count only inside the content frame, where they are visible.
    public func hitTest(_ point: Point) -> String? {
        var best: (z: Int, id: String)?
        for (id, node) in nodes {
            var frame = node.frame
            if node.layer == .content {
                guard let content, content.frame.contains(point) else { continue }
                frame = frame.offsetBy(dx: content.frame.x, dy: content.frame.y - content.offsetY)
            }
            guard frame.contains(point) else { continue }
            if let current = best, node.z < current.z || (node.z == current.z && canonicalKeyPrecedes(id, current.id)) { continue }
            best = (node.z, id)
        }
        return best?.id
    }
}
