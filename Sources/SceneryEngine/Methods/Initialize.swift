import SceneryCore

/// `initialize`: starts the session. Chooses the RNG seed, the clock, the viewport and whether
/// images may come from the network; answers with what the engine supports and the first state.
enum Initialize: EngineMethod {
    static let protocolVersion = "1.0"
    static let engineVersion = "0.1.0"

    static let description = MethodDescription(
        name: "initialize",
        summary: "Start the session: seed, clock, viewport, network. Must come first, once.",
        params: SchemaBuilder.object([
            ("protocolVersion", SchemaBuilder.string("Protocol version the client speaks; major version must be 1.")),
            ("seed", SchemaBuilder.integer("Seed of the session's random generator (default 1).", minimum: 0, maximum: 9_007_199_254_740_991)),
            ("clock", SchemaBuilder.choice(["virtual", "real"], "virtual (default): time moves only with clock.advance; real: timers fire on their own.")),
            ("viewport", SchemaBuilder.ref("viewportParams")),
            ("network", SchemaBuilder.boolean("Whether images may be loaded over http(s) (default true).")),
        ]),
        result: SchemaBuilder.object([
            ("engine", SchemaBuilder.string("Always \"scenery\".")),
            ("version", SchemaBuilder.string("Engine version.")),
            ("protocolVersion", SchemaBuilder.string("Protocol version spoken.")),
            ("scenes", ["type": "array", "items": ["type": "string"]]),
            ("methods", ["type": "array", "items": ["type": "string"]]),
            ("limits", SchemaBuilder.object([
                ("maxLineBytes", SchemaBuilder.integer("Longest accepted request line.")),
                ("maxDepth", SchemaBuilder.integer("Deepest accepted JSON nesting.")),
            ], required: ["maxLineBytes", "maxDepth"])),
            ("rev", SchemaBuilder.ref("rev")),
            ("state", SchemaBuilder.ref("state")),
        ], required: ["engine", "version", "protocolVersion", "scenes", "methods", "limits", "rev", "state"]))

    static func run(_ params: Params, in engine: Engine) throws(RPCError) -> JSONObject {
        if engine.initialized {
            throw RPCError(code: ErrorCode.alreadyInitialized, message: "initialize: the session is already initialized")
        }
        try params.allowOnly(["protocolVersion", "seed", "clock", "viewport", "network"])
        if let version = try params.optionalString("protocolVersion"), version.split(separator: ".").first != "1" {
            throw .invalidParams("params.protocolVersion: expected a 1.x version, got \(JSON.string(version))")
        }
        let seed = try params.optionalInt("seed", range: 0...9_007_199_254_740_991) ?? 1
        let clock = try params.optionalChoice("clock", ["virtual", "real"]).flatMap(ClockMode.init(rawValue:)) ?? .virtual
        let viewport = try params.optionalObject("viewport").map { (p) throws(RPCError) in try Viewport.parse(p, base: .phone) } ?? .phone
        let network = try params.optionalBool("network") ?? true

        engine.initialized = true
        engine.random.generator = SeededRandom(seed: UInt64(seed))
        engine.effects = clock == .real ? RealClockDriver() : VirtualClockDriver()
        engine.clock.now = 0
        engine.effects.syncClock(engine)
        engine.viewport = viewport
        engine.network = network
        engine.resetRender()

        var limits = JSONObject()
        limits["maxDepth"] = .number(Double(engine.limits.maxDepth))
        limits["maxLineBytes"] = .number(Double(engine.limits.maxLineBytes))
        var result = JSONObject()
        result["engine"] = "scenery"
        result["version"] = .string(engineVersion)
        result["protocolVersion"] = .string(protocolVersion)
        result["scenes"] = .array(Engine.sceneTypes.map { .string($0.name) })
        result["methods"] = .array(MethodRegistry.allNames.map(JSON.string))
        result["limits"] = .object(limits)
        result["rev"] = .number(Double(engine.rev))
        result["state"] = engine.document
        return result
    }
}
