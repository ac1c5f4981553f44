import HummingbirdCore
import Logging
import NIOCore

/// The first handler of every connection, in front of the HTTP server (``FrontDoor`` says what
/// it lets in):
///
/// - it holds the bytes of the first request head until the head is complete, and closes the
///   connection (408) when that takes longer than `--request-timeout`, or at once when the
///   server is stopping: a half-sent request is not held for ever, nor does it hold up SIGTERM;
/// - it judges a WebSocket upgrade before the upgrader sees it: a `Host` or `Origin` the server
///   does not answer is refused with 403, and past the session cap or the memory budget with
///   503, each with the reason as the body;
/// - once a WebSocket is let through, it watches the client's frame headers (``FrameWatch``)
///   and closes the connection, with the close frame, on an unmasked frame (1002) or a message
///   of too many frames (1009).
///
/// Plain HTTP requests go on untouched (``HostCheck`` judges their `Host`; the server's idle
/// timeout bounds the rest of their life). The bytes a WebSocket writes are counted for
/// `/metrics` (after compression: the guard is nearest the socket).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// A request head longer than this is refused (431).
    static let maxHeadBytes = 64 << 10

    private enum Phase { case head, http, webSocket, closing }
    private let door: FrontDoor
    private var phase = Phase.head
    private var received: [UInt8] = []
    private var frames: FrameWatch
    private var deadline: Scheduled<Void>?
    private var holdsSlot = false

    init(door: FrontDoor) {
        self.door = door
        frames = FrameWatch(maxFragments: door.maxFragments)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startClock(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { stopClock() }

    func channelActive(context: ChannelHandlerContext) {
        startClock(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        if holdsSlot {
            holdsSlot = false
            door.counter.release()
        }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .http:
            context.fireChannelRead(data)
        case .closing:
            break
        case .webSocket:
            forwardFrames(context, unwrapInboundIn(data))
        case .head:
            let buffer = unwrapInboundIn(data)
            let before = received.count
            received.append(contentsOf: buffer.readableBytesView)
            if let end = RequestHead.end(in: received, from: max(0, before - 3)), end <= Self.maxHeadBytes {
                decide(context, headEnd: end)
            } else if received.count > Self.maxHeadBytes {
                refuse(context, "431 Request Header Fields Too Large", "the request head is over \(Self.maxHeadBytes) bytes")
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if phase == .webSocket { door.counter.metrics.wireBytesSent.increment(by: Int64(unwrapOutboundIn(data).readableBytes)) }
        context.write(data, promise: promise)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if phase == .head { context.read() }  // the head is not complete: read on
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is stopping: a connection still sending its first request has nothing to
        // finish, and would otherwise hold the shutdown up until its client gives up.
        if event is ChannelShouldQuiesceEvent, phase == .head {
            phase = .closing
            stopClock()
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func startClock(_ context: ChannelHandlerContext) {
        guard deadline == nil, phase == .head else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: door.requestTimeout) {
            guard self.phase == .head else { return }
            self.refuse(context, "408 Request Timeout", "the request was not complete within \(self.door.requestTimeout.nanoseconds / 1_000_000) ms")
        }
    }

    private func stopClock() {
        deadline?.cancel()
        deadline = nil
    }

    /// The first request head is complete: judge it, and pass on what came with it.
    private func decide(_ context: ChannelHandlerContext, headEnd end: Int) {
        stopClock()
        guard let head = RequestHead(received[..<end]) else {
            refuse(context, "400 Bad Request", "the request head could not be read")
            return
        }
        guard head.isWebSocketUpgrade else {
            phase = .http
            pass(context, received[...])
            received = []
            return
        }
        if let (status, reason) = door.admit(head) {
            refuse(context, status, reason)
            return
        }
        holdsSlot = true
        phase = .webSocket
        let bytes = received
        received = []
        let violation = bytes[end...].withUnsafeBytes { frames.feed($0) }
        pass(context, bytes[..<(end + (violation?.offset ?? bytes.count - end))])
        if let violation { close(context, violation) }
    }

    private func forwardFrames(_ context: ChannelHandlerContext, _ buffer: ByteBuffer) {
        guard let violation = buffer.withUnsafeReadableBytes({ frames.feed($0) }) else {
            context.fireChannelRead(wrapInboundOut(buffer))
            return
        }
        if violation.offset > 0, let before = buffer.getSlice(at: buffer.readerIndex, length: violation.offset) {
            context.fireChannelRead(wrapInboundOut(before))
        }
        close(context, violation)
    }

    private func pass(_ context: ChannelHandlerContext, _ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: bytes)))
    }

    /// Answers `status` with `reason` as a plain-text body, and closes the connection.
    private func refuse(_ context: ChannelHandlerContext, _ status: String, _ reason: String) {
        phase = .closing
        stopClock()
        received = []
        let body = reason + "\n"
        let text = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        send(context, Array(text.utf8))
    }

    /// Ends a WebSocket with the close frame of `violation` (a server's frame: unmasked).
    private func close(_ context: ChannelHandlerContext, _ violation: FrameWatch.Violation) {
        phase = .closing
        let reason = Array(violation.reason.utf8.prefix(120))
        send(context, [0x88, UInt8(2 + reason.count), UInt8(violation.code >> 8), UInt8(violation.code & 0xFF)] + reason)
    }

    private func send(_ context: ChannelHandlerContext, _ bytes: [UInt8]) {
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: bytes))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// A server child channel (`inner`: HTTP/1 with the WebSocket upgrade) with a
/// ``ConnectionGuard`` in front of each connection.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let door: FrontDoor

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let door = self.door, inner = self.inner
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(door: door), position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
