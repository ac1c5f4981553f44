import SceneryCore

/// `reveal`: scrolls a node into view if it is not wholly in view (Playwright's
/// `scrollIntoViewIfNeeded`), a rendered node or a row a long list has not made a node yet (any
/// id `find` reports). The node's centre goes to the content frame's centre, as Chromium's
/// `scrollIntoViewIfNeeded` does, clamped as `scroll` clamps: centred, a row is clear of a
/// sticky header at the top. A node already inside, or on the screen layer, changes nothing.
enum Reveal: EngineMethod {
    static let description = MethodDescription(
        name: "reveal",
        summary: "Scroll a node (rendered, or a row not rendered yet) into view if it is not wholly in view.",
        params: SchemaBuilder.object([
            ("id", SchemaBuilder.string("The node's id: one in display.nodes, or one find reports as not rendered yet.")),
        ], required: ["id"]),
        result: SchemaBuilder.change())

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        try params.allowOnly(["id"])
        let id = try params.string("id")
        try engine.requireScene("reveal")
        guard let node = engine.wholeContentNode(id) else {
            throw .unknownID("params.id: no node \(JSON.string(id)) on the screen or in its scroll content")
        }
        if node.layer == .content, let content = engine.display.content {
            let frame = node.frame, visible = content.frame.height
            let inView = frame.y >= content.offsetY && frame.maxY <= content.offsetY + visible
            if !inView {
                try engine.reduceScene(.scroll(.to(offsetY: frame.centerY - visible / 2)))
            }
        }
        return engine.changeResult()
    }
}
