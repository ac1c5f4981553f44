import SceneryCore

/// The JSON Schema of the whole protocol (requests, responses, notifications, the state
/// document), built from the method registry: `scenery --schema` prints it and
/// `Protocol/scenery.schema.json` is its committed copy, which a test keeps equal.
public enum ProtocolSchema {
    /// Each scene's model members, sorted, read from the scene opened on its built-in sample in
    /// an engine without files (what a front end sees after `scene.open`).
    public static func modelKeys() -> [(scene: String, keys: [String])] {
        Engine.sceneTypes.map { type in
            let engine = Engine(environment: .empty)
            var output: [UInt8] = []
            for line in [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
                         #"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"\#(type.name)"}}"#] {
                engine.handle(line: Array(line.utf8), output: &output)
            }
            return (type.name, (engine.scene?.modelJSON?.objectValue?.keys).map { Array($0).sorted() } ?? [])
        }
    }

    /// The whole schema: the state document's parts, each scene's model, and the messages.
    public static func document() -> JSON {
        var defs = JSONObject()
        addDrawing(to: &defs)
        addAccessibility(to: &defs)
        addState(to: &defs)
        addMessages(to: &defs)
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": .string("Scenery protocol \(Initialize.protocolVersion)"),
            "description": "One JSON object per line. Requests go to the engine; responses and notifications come back. Each method's params and result are under $defs as params.<method> and result.<method>.",
            "$defs": .object(defs),
            "oneOf": [S.ref("request"), S.ref("response"), S.ref("notification")],
        ]
    }

    private typealias S = SchemaBuilder

    /// What the display is drawn from: revs and patches, frames, nodes, their style and
    /// animation, the content and the viewport.
    private static func addDrawing(to defs: inout JSONObject) {
        defs["rev"] = S.integer("State revision: +1 per change.", minimum: 0)
        defs["patchOperation"] = [
            "type": "object",
            "required": ["op", "path"],
            "properties": [
                "op": ["enum": ["add", "remove", "replace"]],
                "path": ["type": "string", "description": "RFC 6901 JSON Pointer into the state document."],
                "value": [:],
            ],
            "additionalProperties": false,
        ]
        defs["patch"] = ["type": "array", "items": S.ref("patchOperation"), "description": "RFC 6902 JSON Patch from rev - 1 to rev."]
        defs["frame"] = ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4, "description": "[x, y, width, height] in points."]
        defs["textRun"] = S.object([
            ("text", S.string("The characters.")),
            ("font", S.string("Font family; a front end without it uses its system font.")),
            ("size", S.number("Point size.")),
            ("weight", S.choice(["regular", "medium", "semibold", "bold", "light"], "Font weight.")),
            ("color", S.string("#RRGGBB.")),
        ], required: ["text", "font", "size", "weight", "color"])
        defs["node"] = S.object([
            ("kind", S.choice(["rect", "text", "image", "line", "circle", "movie", "group"], "What to draw.")),
            ("frame", S.ref("frame")),
            ("z", S.integer("Draw order: higher above lower; ties by id.")),
            ("layer", S.choice(["screen", "content"], "Coordinate space of frame.")),
            ("style", S.ref("style")),
            ("text", ["type": "array", "items": S.ref("textRun")]),
            ("image", S.string("Asset id for asset.read.")),
            ("animation", S.ref("animation")),
        ], required: ["kind", "frame", "z", "layer", "style"])
        addStyle(to: &defs)
        defs["content"] = [
            "oneOf": [
                ["type": "null"],
                S.object([("frame", S.ref("frame")), ("width", S.number("Content width.")), ("height", S.number("Content height.")),
                          ("offsetY", S.number("How far the content is scrolled."))], required: ["frame", "width", "height", "offsetY"]),
            ],
        ]
        defs["viewport"] = S.object([
            ("width", S.number("Points.")), ("height", S.number("Points.")), ("scale", S.number("Pixels per point.")),
            ("safeArea", S.object([("top", S.number("")), ("left", S.number("")), ("bottom", S.number("")), ("right", S.number(""))],
                                  required: ["top", "left", "bottom", "right"])),
        ], required: ["width", "height", "scale", "safeArea"])
        defs["viewportParams"] = S.object([
            ("width", ["type": "number", "minimum": 100, "maximum": 10000]),
            ("height", ["type": "number", "minimum": 100, "maximum": 10000]),
            ("scale", ["type": "number", "minimum": 1, "maximum": 4]),
            ("safeArea", S.object([("top", ["type": "number", "minimum": 0]), ("left", ["type": "number", "minimum": 0]),
                                   ("bottom", ["type": "number", "minimum": 0]), ("right", ["type": "number", "minimum": 0])])),
        ])
    }

    /// A node's style and animation.
    /// What `snapshot {"as":"accessibility"}` lists (PROTOCOL.md section 3, "What assistive
    /// technology is told").
    private static func addAccessibility(to defs: inout JSONObject) {
        defs["accessibleNode"] = S.object([
            ("id", S.string("The node's id.")),
            ("kind", S.choice(["rect", "text", "image", "line", "circle", "movie", "group"], "The node's kind.")),
            ("role", S.choice(["button", "row"], "The node's role, when it has one.")),
            ("name", S.string("A role node's accessible name, or a text node's text.")),
            ("asset", S.string("An image's or movie's asset id.")),
            ("states", ["type": "array", "items": S.choice(["selected", "disabled", "loading", "failed"], "A state a person is told."),
                        "description": "selected, disabled, loading, failed: those that hold, in this order."]),
            ("depth", S.integer("0, or one more than the depth of the role node it is read under.", minimum: 0)),
            ("parent", S.string("The role node it is read under (its id extends that id).")),
            ("layer", S.choice(["screen", "content"], "The node's layer.")),
            ("frame", S.ref("frame")),
        ], required: ["id", "kind", "states", "depth", "layer", "frame"])
    }

    private static func addStyle(to defs: inout JSONObject) {
        // Every member a scene may put in a node's style, typed: a member the schema does not
        // name fails the transcripts' schema check, so the list cannot fall behind the scenes.
        let colour: JSON = ["type": "string", "pattern": "^#[0-9A-Fa-f]{6}$", "description": "#RRGGBB."]
        let point: JSON = ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2]
        defs["style"] = S.object([
            ("background", S.with(colour, "description", "Fill of a rect or circle; a movie's fill of its frame under the movie (before it loads, without one, through its transparent pixels).")),
            ("color", S.with(colour, "description", "Stroke of a line.")),
            ("from", S.with(point, "description", "A line's start, [x, y] in the same coordinates as its frame (not relative to the frame's origin).")),
            ("to", S.with(point, "description", "A line's end, [x, y] in the same coordinates as its frame (not relative to the frame's origin).")),
            ("lineWidth", ["type": "number", "minimum": 0, "description": "A line's stroke width in points (default 1); the stroke ends flat at from and to (butt caps)."]),
            ("align", S.choice(["left", "center", "right"], "Text: horizontal alignment (default left); an aspectFit image: where it sits horizontally (default center).")),
            ("verticalAlign", S.choice(["top", "center", "bottom"], "Text: where the lines sit in the frame (default center).")),
            ("lines", S.integer("Text: at most this many lines, wrapped at word boundaries, the last truncated with an ellipsis at the tail; absent or 0: no limit, still wrapped.", minimum: 0)),
            ("rotation", S.number("Text only: degrees clockwise; laid out in a box of the frame's height by its width at an odd multiple of 90, else of its size, then turned about the frame's centre (an animation turns the result further).")),
            ("fontFallback", S.string("Text: the family to use when a run's font is missing, before the system UI font.")),
            ("contentMode", S.choice(["aspectFit", "aspectFill", "scaleToFill"], "Image: how it fills the frame (default aspectFit).")),
            ("tint", S.with(colour, "description", "Image: draw its alpha in this colour (template images).")),
            ("imageState", S.choice(["none", "loading", "loaded", "failed"], "Image: where its load is. Meaning only: front ends draw nothing for it.")),
            ("movie", S.string("Movie: the asset id of the movie to play.")),
            ("loop", S.boolean("Movie: play it over and over.")),
            ("role", S.choice(["button", "row"], "What the node is to the user (for hit feedback and accessibility). Meaning only: front ends draw nothing for it.")),
            ("selected", S.boolean("Shown selected. Meaning only: front ends draw nothing for it (the scene's colours and nodes show it).")),
            ("enabled", S.boolean("false: shown but not responding. Meaning only: front ends draw nothing for it (the scene's colours and nodes show it).")),
            ("opacity", ["type": "number", "minimum": 0, "maximum": 1, "description": "Of the whole node (default 1)."]),
            ("cornerRadius", ["type": "number", "minimum": 0, "description": "Clip to a rounded rectangle; more than half the shorter side counts as half of it (a square: a circle)."]),
        ])
        defs["animation"] = S.object([
            ("property", S.string("What moves; rotation: degrees clockwise about the anchor, else the centre of the frame.")),
            ("keyframes", ["type": "array", "items": ["type": "number"], "minItems": 1,
                           "description": "Values evenly spaced over durationMs, linearly interpolated."]),
            ("durationMs", S.integer("One pass through the keyframes.", minimum: 1)),
            ("startMs", S.integer("When the first pass starts, on the scene clock.")),
            ("repeat", S.boolean("true: the passes repeat forever; false: the last keyframe holds.")),
            ("anchor", ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2,
                        "description": "[x, y] a rotation turns about, in the node's coordinate space; absent: the centre of the frame."]),
        ], required: ["property", "keyframes", "durationMs", "startMs", "repeat"])
    }

    /// Each scene's model, and the state document that holds it.
    private static func addState(to defs: inout JSONObject) {
        // Each scene's model: its members, as the scene opened on its sample has them (every
        // member is always there, null when it has nothing to say).
        var modelRules: [JSON] = []
        for (scene, keys) in modelKeys() {
            defs["model.\(scene)"] = [
                "type": "object",
                "description": .string("The \(scene) scene's model; PROTOCOL.md section 5 describes each member."),
                "required": .array(keys.map(JSON.string)),
                "properties": .object(JSONObject(sortedKeys: keys, values: keys.map { _ in [:] })),
                "additionalProperties": false,
            ]
            modelRules.append([
                "if": ["properties": ["scene": ["const": .string(scene)]], "required": ["scene"]],
                "then": ["properties": ["model": S.ref("model.\(scene)")]],
            ])
        }
        defs["state"] = S.with(S.object([
            ("scene", ["type": ["string", "null"], "description": "The open scene, null before scene.open."]),
            ("viewport", S.ref("viewport")),
            ("model", ["type": "object", "description": "Scene-specific meaning: $defs/model.<scene>, described in PROTOCOL.md section 5."]),
            ("display", S.object([
                ("nodes", ["type": "object", "additionalProperties": S.ref("node")]),
                ("content", S.ref("content")),
            ], required: ["nodes", "content"])),
        ], required: ["scene", "viewport", "model", "display"]), "allOf", .array(modelRules))
    }

    /// The messages: requests (each method's params and result), responses, notifications.
    private static func addMessages(to defs: inout JSONObject) {
        defs["id"] = ["type": ["string", "integer"]]
        defs["error"] = S.object([("code", S.integer("JSON-RPC or Scenery error code.")), ("message", S.string("Names the field and what was expected."))],
                                 required: ["code", "message"])

        var methodNames: [JSON] = []
        var requestRules: [JSON] = []
        for method in MethodRegistry.allDescriptions {
            methodNames.append(.string(method.name))
            defs["params.\(method.name)"] = S.with(method.params, "description", .string(method.summary))
            defs["result.\(method.name)"] = method.result
            requestRules.append([
                "if": ["properties": ["method": ["const": .string(method.name)]]],
                "then": ["properties": ["params": S.ref("params.\(method.name)")]],
            ])
        }
        defs["request"] = S.with(S.object([
            ("jsonrpc", ["const": "2.0"]),
            ("id", S.ref("id")),
            ("method", ["enum": .array(methodNames)]),
            ("params", ["type": "object"]),
        ], required: ["jsonrpc", "id", "method"]), "allOf", .array(requestRules))
        defs["response"] = S.with(S.object([
            ("jsonrpc", ["const": "2.0"]),
            ("id", ["type": ["string", "integer", "null"]]),
            ("result", ["type": "object"]),
            ("error", S.ref("error")),
        ], required: ["jsonrpc", "id"]), "oneOf", S.oneOf([["result"], ["error"]]))
        defs["notification"] = ["oneOf": [S.ref("notification.patch"), S.ref("notification.progress")]]
        defs["notification.patch"] = S.object([
            ("jsonrpc", ["const": "2.0"]),
            ("method", ["const": "patch", "description": "A change no request caused."]),
            ("params", S.object([("rev", S.ref("rev")), ("patch", S.ref("patch")),
                                 ("cause", S.string("What caused it: image.loaded, timer.NAME, job.NAME."))],
                                required: ["rev", "patch", "cause"])),
        ], required: ["jsonrpc", "method", "params"])
        defs["notification.progress"] = S.object([
            ("jsonrpc", ["const": "2.0"]),
            ("method", ["const": "progress", "description": "How far a long job (loading sets) is; changes no state."]),
            ("params", S.object([("job", S.string("The job, e.g. sets.load.")),
                                 ("done", S.integer("Items finished so far.", minimum: 0)),
                                 ("total", S.integer("Items in all.", minimum: 0)),
                                 ("item", S.string("The item just finished (an archive's path)."))],
                                required: ["job", "done", "total", "item"])),
        ], required: ["jsonrpc", "method", "params"])

    }
}
