/// Reads the headers of the WebSocket frames a client sends (RFC 6455 section 5.2), byte by byte
/// as they arrive, to catch what the WebSocket library lets through:
///
/// - an unmasked frame: a client MUST mask every frame and the server MUST close the connection
///   on one that is not (section 5.1): close code 1002;
/// - a message of more than ``maxFragments`` frames: the library bounds a message's bytes, not
///   its frames, and two million empty continuation frames cost hundreds of MiB: close code 1009.
///
/// It only reads headers and skips payloads; the frames themselves go on to the library.
struct FrameWatch {
    /// Why the connection must close: the close code, its reason, and how many bytes of the
    /// chunk fed came before the offending frame.
    struct Violation: Equatable {
        var code: UInt16
        var reason: String
        var offset: Int
    }

    /// Frames one message may span (the first and its continuations).
    let maxFragments: Int
    private var header: [UInt8] = []
    private var payloadLeft: UInt64 = 0
    private var fragments = 0

    init(maxFragments: Int) { self.maxFragments = maxFragments }

    /// Reads `bytes`, the next ones the client sent; the first violation in them, if any (the
    /// watch must not be fed again after one).
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Violation? {
        var index = 0
        while index < bytes.count {
            if payloadLeft > 0 {
                let skip = Int(min(payloadLeft, UInt64(bytes.count - index)))
                payloadLeft -= UInt64(skip)
                index += skip
                continue
            }
            let headerStart = index - header.count
            header.append(bytes[index])
            index += 1
            guard let needed = headerLength, header.count == needed else { continue }
            // A complete header: judge it, then skip its payload.
            let opcode = header[0] & 0x0F, fin = header[0] & 0x80 != 0
            if header[1] & 0x80 == 0 {
                return Violation(code: 1002, reason: "client frames must be masked (RFC 6455 section 5.1)", offset: max(0, headerStart))
            }
            if opcode < 0x8 {  // a data frame: text, binary or a continuation
                fragments = opcode == 0 ? fragments + 1 : 1
                if fragments > maxFragments {
                    return Violation(code: 1009, reason: "a message of more than \(maxFragments) frames", offset: max(0, headerStart))
                }
                if fin { fragments = 0 }
            }
            payloadLeft = payloadLength
            header.removeAll(keepingCapacity: true)
        }
        return nil
    }

    /// The length of the header being read once its first two bytes are in, else nil.
    private var headerLength: Int? {
        guard header.count >= 2 else { return nil }
        let masked = header[1] & 0x80 != 0 ? 4 : 0
        switch header[1] & 0x7F {
        case 126: return 4 + masked
        case 127: return 10 + masked
        default: return 2 + masked
        }
    }

    private var payloadLength: UInt64 {
        switch header[1] & 0x7F {
        case 126: return UInt64(header[2]) << 8 | UInt64(header[3])
        case 127: return header[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
        case let length: return UInt64(length)
        }
    }
}
