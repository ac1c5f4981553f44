/// What the framer found in the input.
public enum LineEvent: Equatable, Sendable {
    /// A complete line, without its `\n`.
    case line([UInt8])
    /// A line longer than the limit; its bytes were counted and dropped, never buffered.
    case overlong(byteCount: Int)
}

/// Splits a byte stream into lines, holding at most `limit` bytes of any line: a longer line is
/// reported as ``LineEvent/overlong(byteCount:)`` when its newline arrives, so a hostile
/// multi-gigabyte line costs no memory. Blank (whitespace-only) lines are skipped.
public struct LineFramer: Sendable {
    public let limit: Int
    private var current: [UInt8] = []
    private var discarding = false
    private var discardedCount = 0

    public init(limit: Int) { self.limit = limit }

    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ emit: (LineEvent) -> Void) {
        var start = 0
        let count = chunk.count
        while start < count {
            var end = start
            while end < count && chunk[end] != 0x0A { end += 1 }
            let piece = UnsafeBufferPointer(rebasing: chunk[start..<end])
            append(piece)
            if end < count {
                finishLine(emit)
                start = end + 1
            } else {
                start = end
            }
        }
    }

    public mutating func feed(_ bytes: [UInt8], _ emit: (LineEvent) -> Void) {
        bytes.withUnsafeBufferPointer { feed($0, emit) }
    }

    /// End of input: a last line without a newline still counts.
    public mutating func finish(_ emit: (LineEvent) -> Void) {
        if discarding || !current.isEmpty { finishLine(emit) }
    }

    private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        if discarding {
            discardedCount += piece.count
        } else if current.count + piece.count > limit {
            discarding = true
            discardedCount = current.count + piece.count
            current = []
        } else {
            current.append(contentsOf: piece)
        }
    }

    private mutating func finishLine(_ emit: (LineEvent) -> Void) {
        if discarding {
            emit(.overlong(byteCount: discardedCount))
            discarding = false
            discardedCount = 0
        } else if !current.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            emit(.line(current))
        }
        current.removeAll(keepingCapacity: true)
    }
}
