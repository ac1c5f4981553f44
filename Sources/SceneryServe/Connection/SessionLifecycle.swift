/// The life of one WebSocket session, from the upgrade to the close, as swift-nio writes its state
/// machines: events in, actions out, no I/O. ``SessionConnection`` feeds it what happened (the
/// client's frames ended, the engine answered `shutdown`, the answers' outbox ended) and carries
/// out what it returns (drop the frames still waiting, close with 1008 or 1012, flush the last
/// answers, hand the library the error that broke the frames).
///
/// ```
///            upgrade
///               |
///               v
///   +------- reading ------+------------------------+
///   |  shutdown answered   |  frames ended          |  outbox ended
///   v                      v                        |  (overflow, drain, tab gone)
/// shutDown ---------> clientLeft (brokenBy?)        |
///   |  frames ended        |                        |
///   +----------------------+------> closed <--------+
/// ```
///
/// While a request waits its turn at the ``HeavyRequestGate`` or runs, the session stays
/// `reading`: the socket is read all along (``Inbox``), so pings, pongs and the client's close
/// are seen at once.
struct SessionLifecycle {
    enum State {
        /// Frames are read and handled, one at a time, in order.
        case reading
        /// The engine answered `shutdown`: its last answers go out, and the end of the client's
        /// frames that follows is not the client leaving. `brokenBy`: a frame after it broke a rule.
        case shutDown(brokenBy: (any Error)?)
        /// The client's frames ended: its close frame, the connection gone, or (`brokenBy`) a
        /// frame that broke a rule (a message over the limit, invalid UTF-8).
        case clientLeft(brokenBy: (any Error)?)
        /// The session's answers ended and how it closes was decided; what happens after
        /// (the reader cancelled) changes nothing.
        case closed
    }

    /// What to do once the client's frames ended.
    enum FramesEnded: Equatable {
        /// The client left: the frames it sent that are not answered yet go, a request waiting
        /// at the gate included, and the session ends.
        case dropWaitingFrames
        /// A frame broke a rule: the frames before it are still answered, then the session ends.
        case answerFramesBeforeTheBrokenOne
    }

    /// How the session closes, once its answers' outbox ended.
    enum Close {
        /// The client stopped reading and its answers piled up: close with 1008 and `reason`,
        /// given up after 2 s (then the connection goes).
        case dropStalled(reason: String)
        /// The server drains: close with 1012 at once, nothing else written, given up after 2 s.
        case closeDrained
        /// The last answers go out unless `abandonWriting` (the client left, or the server stops
        /// and waits for no client), then the library closes: with `error`'s code (1009, 1007)
        /// when a frame broke a rule, else 1000.
        case finish(abandonWriting: Bool, error: (any Error)?)
    }

    private(set) var state = State.reading

    /// The engine answered `shutdown`: the handler stops taking frames and the outbox ends once
    /// its last answers are in.
    mutating func shutdownAnswered() {
        if case .reading = state { state = .shutDown(brokenBy: nil) }
    }

    /// The client's frames ended, broken by `error` (nil: the client closed, or the connection went).
    mutating func framesEnded(brokenBy error: (any Error)?) -> FramesEnded {
        switch state {
        case .reading: state = .clientLeft(brokenBy: error)
        case .shutDown(nil): state = .shutDown(brokenBy: error)
        case .shutDown, .clientLeft, .closed: break
        }
        return error == nil ? .dropWaitingFrames : .answerFramesBeforeTheBrokenOne
    }

    /// The answers' outbox ended: `overflow` says why when its client stopped reading;
    /// `draining`: the server drains (SIGTERM); `serverStopping`: the server shuts down.
    mutating func outboxEnded(overflow: String?, draining: Bool, serverStopping: Bool) -> Close {
        let (clientLeft, error): (Bool, (any Error)?) = switch state {
        case .reading, .closed: (false, nil)
        case .shutDown(let error): (false, error)
        case .clientLeft(let error): (true, error)
        }
        state = .closed
        if let overflow { return .dropStalled(reason: overflow) }
        // A client that left gets no close frame of the drain: it is gone already.
        if draining && !clientLeft { return .closeDrained }
        // A client that sent its close frame gets nothing more (a data frame after the client's
        // close is a protocol error the browser reports), and on the server's shutdown nothing
        // waits for a client that is not reading.
        return .finish(abandonWriting: serverStopping || clientLeft, error: serverStopping ? nil : error)
    }
}
