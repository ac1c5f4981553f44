import Testing
@testable import SceneryServe

/// A frame that broke a rule, as the WebSocket library throws it.
struct FrameTooBig: Error {}

/// The close each way a session can end, decided with no socket.
@Suite("A WebSocket session's lifecycle")
struct SessionLifecycleTests {
    /// The parts of a close that tests compare: its kind, and whether an error is thrown.
    func summary(_ close: SessionLifecycle.Close) -> String {
        switch close {
        case .dropStalled(let reason): "1008 \(reason)"
        case .closeDrained: "1012"
        case .finish(let abandon, let error): "finish\(abandon ? " abandoning the writer" : "")\(error == nil ? "" : " throwing")"
        }
    }

    @Test("the tab closes: what it sent and is not answered goes, and nothing more is written")
    func tabCloses() {
        var life = SessionLifecycle()
        #expect(life.framesEnded(brokenBy: nil) == .dropWaitingFrames)
        #expect(summary(life.outboxEnded(overflow: nil, draining: false, serverStopping: false)) == "finish abandoning the writer")
    }

    @Test("a frame over the limit: the frames before it are answered, then the library closes with its code")
    func brokenFrame() {
        var life = SessionLifecycle()
        #expect(life.framesEnded(brokenBy: FrameTooBig()) == .answerFramesBeforeTheBrokenOne)
        #expect(summary(life.outboxEnded(overflow: nil, draining: false, serverStopping: false))
                == "finish abandoning the writer throwing")
    }

    @Test("after shutdown the last answers go out, and the end of the frames is not the client leaving")
    func shutdown() {
        var life = SessionLifecycle()
        life.shutdownAnswered()
        #expect(life.framesEnded(brokenBy: nil) == .dropWaitingFrames)
        #expect(summary(life.outboxEnded(overflow: nil, draining: true, serverStopping: false)) == "1012")
        var broken = SessionLifecycle()
        broken.shutdownAnswered()
        _ = broken.framesEnded(brokenBy: FrameTooBig())
        #expect(summary(broken.outboxEnded(overflow: nil, draining: false, serverStopping: false)) == "finish throwing")
    }

    @Test("the drain closes a reading session with 1012, not one whose client left")
    func drain() {
        var reading = SessionLifecycle()
        #expect(summary(reading.outboxEnded(overflow: nil, draining: true, serverStopping: false)) == "1012")
        var left = SessionLifecycle()
        _ = left.framesEnded(brokenBy: nil)
        #expect(summary(left.outboxEnded(overflow: nil, draining: true, serverStopping: false)) == "finish abandoning the writer")
    }

    @Test("a client that stopped reading is dropped with 1008 and the reason, whatever else holds")
    func stalled() {
        var life = SessionLifecycle()
        _ = life.framesEnded(brokenBy: FrameTooBig())
        #expect(summary(life.outboxEnded(overflow: "client stopped reading", draining: true, serverStopping: true))
                == "1008 client stopped reading")
    }

    @Test("on the server's shutdown nothing waits for the client, and no error is thrown")
    func serverStops() {
        var life = SessionLifecycle()
        #expect(summary(life.outboxEnded(overflow: nil, draining: false, serverStopping: true)) == "finish abandoning the writer")
        var broken = SessionLifecycle()
        _ = broken.framesEnded(brokenBy: FrameTooBig())
        #expect(summary(broken.outboxEnded(overflow: nil, draining: false, serverStopping: true)) == "finish abandoning the writer")
    }

    @Test("once closed, the reader's cancelled end changes nothing")
    func closedStaysClosed() {
        var life = SessionLifecycle()
        _ = life.outboxEnded(overflow: nil, draining: true, serverStopping: false)
        _ = life.framesEnded(brokenBy: nil)
        life.shutdownAnswered()
        guard case .closed = life.state else {
            Issue.record("state \(life.state), expected closed")
            return
        }
    }
}
