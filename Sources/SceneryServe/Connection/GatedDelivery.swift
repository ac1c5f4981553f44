import SceneryCore
import SceneryEngine

/// How one text frame reaches its session: a light request at once; one that may be heavy
/// (``HeavyRequestGate/mayBeHeavy(_:)``) waits its turn at the gate, and a `scene.open` or
/// `sets.load` past the memory budget is answered -32010 instead of run.
enum GatedDelivery {
    /// Hands `text` to `session`. `readAt`: when the frame was read (its wait in the ``Inbox``
    /// counts in the command's time).
    static func deliver(_ text: String, readAt start: ContinuousClock.Instant, to session: WebSocketSession, outbox: Outbox,
                        context: SessionContext) async {
        let metrics = context.metrics
        metrics.commands.increment()
        defer { metrics.commandSeconds.record(ContinuousClock.now - start) }
        guard HeavyRequestGate.mayBeHeavy(text) else {
            await session.handle(text)
            return
        }
        await context.gate.run {
            guard let refusal = context.door.memoryRefusal() else {
                await session.handle(text)
                return
            }
            for line in text.split(separator: "\n") {
                if let answer = refused(String(line), because: refusal, counter: context.counter) {
                    outbox.send(Array((CanonicalJSON.encode(answer) + "\n").utf8))
                } else {
                    await session.handle(String(line))
                }
            }
        }
    }

    /// The -32010 answer to `line` when it is a `scene.open` or `sets.load`; nil for any other line.
    private static func refused(_ line: String, because refusal: String, counter: SessionCounter) -> JSON? {
        guard let request = try? JSONParser.parse(line), let method = request["method"]?.stringValue,
              method == "scene.open" || method == "sets.load" else { return nil }
        counter.refusedOne()
        return ["jsonrpc": "2.0", "id": request["id"] ?? .null,
                "error": RPCError(code: ServeErrorCode.overBudget, message: "\(method): " + refusal).json]
    }
}
