import Foundation
import HummingbirdWebSocket
import SceneryCore
import SceneryEngine
import SceneryTransport
import ServiceLifecycle

/// What every session of one server shares: the confined environment, the engine's limits, the
/// front door (cap, budget, counters), the heavy requests' gate, the drain and `--record`.
struct SessionContext: Sendable {
    let environment: EngineEnvironment
    let limits: EngineLimits
    let door: FrontDoor
    let gate: HeavyRequestGate
    let memory: ProcessMemory
    /// `--record DIR`, and whether as readable goldens.
    let record: String?
    let recordReadable: Bool

    var counter: SessionCounter { door.counter }
    var drain: Drain { door.drain }
    var metrics: ServeMetrics { door.counter.metrics }
}

/// One upgraded WebSocket carried through its ``SessionLifecycle``: three tasks (the reader puts
/// the client's frames in the ``Inbox``, the handler hands them to the ``WebSocketSession`` one at
/// a time, the writer sends the ``Outbox``'s lines, one per text frame), and the close that the
/// lifecycle decides.
final class SessionConnection: @unchecked Sendable {
    private let context: SessionContext
    private let number: Int
    private let session: WebSocketSession
    private let outbox = Outbox(limit: WebSocketSession.outboxLimit)
    private let inbox: Inbox
    private let lock = Lock()
    private var lifecycle = SessionLifecycle()

    init(context: SessionContext) {
        self.context = context
        let number = context.counter.next(), limits = context.limits
        self.number = number
        session = WebSocketSession(environment: context.environment, limits: limits, outbox: outbox,
                                   label: "scenery.session.\(number)",
                                   recorder: context.record.flatMap {
                                       SessionRecorder.session(number, inFolder: $0, readable: context.recordReadable, limits: limits)
                                   })
        inbox = Inbox(limit: limits.maxLineBytes + 1024)
    }

    /// Runs the session until it closes; throws the error that broke the client's frames, for
    /// the library to close with its code.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let writer = write(to: outbound)
        let handler = handleFrames()
        let reader = read(inbound, handler: handler)
        // The session ends when the tab goes, when the server drains (SIGTERM or SIGINT: every
        // session at once, even one whose client is not reading: ``Drain``), or when its client
        // stops reading and its answers pile up.
        if !context.drain.opened(number, end: { [outbox] in outbox.finish() }) { outbox.finish() }
        let overflow = await withGracefulShutdownHandler {
            await outbox.end()
        } onGracefulShutdown: { [outbox] in
            outbox.finish()
        }
        // Decided before the reader is cancelled, which ends its frames as if the client had left.
        let close = lock.withLock {
            lifecycle.outboxEnded(overflow: overflow, draining: context.drain.isDraining,
                                  serverStopping: Task.isShuttingDownGracefully)
        }
        inbox.finish(dropping: true)
        handler.cancel()
        reader.cancel()
        session.close()
        context.drain.closed(number)
        defer {
            context.counter.closed()
            context.memory.sessionEnded()
        }
        try await carryOut(close, writer: writer, outbound: outbound)
    }

    private func carryOut(_ close: SessionLifecycle.Close, writer: Task<Void, Never>, outbound: WebSocketOutboundWriter) async throws {
        switch close {
        case .dropStalled(let reason):
            context.counter.droppedOne()
            FileHandle.standardError.write(Data("scenery serve: session \(number) dropped with 1008: \(reason)\n".utf8))
            writer.cancel()
            // The close frame is for a client that reads again; the connection goes after 2 s.
            let closing = Task { try? await outbound.close(.policyViolation, reason: reason) }
            try? await Task.sleep(for: .seconds(2))
            closing.cancel()
        case .closeDrained:
            writer.cancel()
            await SessionConnection.within(.seconds(2)) {
                try? await outbound.close(.unknown(Drain.closeCode), reason: Drain.closeReason)
            }
        case .finish(let abandonWriting, let error):
            if abandonWriting { writer.cancel() }
            _ = await writer.result
            if let error { throw error }
        }
    }

    /// The writer: the outbox's lines, one per text frame, counted as they go.
    private func write(to outbound: WebSocketOutboundWriter) -> Task<Void, Never> {
        Task { [outbox, context] in
            for await line in outbox.lines {
                guard (try? await outbound.write(.text(line))) != nil else { break }
                outbox.sent(line.utf8.count)
                context.metrics.lineBytesSent.increment(by: Int64(line.utf8.count))
            }
        }
    }

    /// The handler: the inbox's frames, one at a time, in the order they came, until the engine
    /// answers `shutdown` or the frames end; then the outbox ends once its last answers are in.
    private func handleFrames() -> Task<Void, Never> {
        Task {
            while let entry = await inbox.next() {
                guard case .text(let text) = entry.frame else {
                    await session.handle("{}")  // a binary frame is not a request: -32600
                    continue
                }
                await GatedDelivery.deliver(text, readAt: entry.read, to: session, outbox: outbox, context: context)
                if session.engine.isShutDown {
                    lock.withLock { lifecycle.shutdownAnswered() }
                    break
                }
            }
            outbox.finish()
        }
    }

    /// The reader: the socket is read all along, also while a request waits at the gate or runs,
    /// so that the library answers pings and sees the client's pongs and close.
    private func read(_ inbound: WebSocketInboundStream, handler: Task<Void, Never>) -> Task<Void, Never> {
        Task {
            var broken: (any Error)?
            do {
                for try await message in inbound.messages(maxSize: context.limits.maxLineBytes + 1024) {
                    let frame: Inbox.Frame = if case .text(let text) = message { .text(text) } else { .binary }
                    guard await inbox.put(frame) else { break }
                }
            } catch is CancellationError {
            } catch {
                broken = error
            }
            switch lock.withLock({ lifecycle.framesEnded(brokenBy: broken) }) {
            case .answerFramesBeforeTheBrokenOne:
                inbox.finish(dropping: false)
            case .dropWaitingFrames:
                inbox.finish(dropping: true)
                handler.cancel()
                outbox.finish()
            }
        }
    }

    /// Runs `body` for at most `limit`: then it is cancelled and left.
    static func within(_ limit: Duration, _ body: @escaping @Sendable () async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await body() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}
