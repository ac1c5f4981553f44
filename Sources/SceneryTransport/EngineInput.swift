import SceneryEngine

extension Engine {
    /// Handles one framed line of input, as every transport reads them (the pipe, replay, a
    /// WebSocket): a line is a request; an overlong one is refused without being read.
    public func handle(_ event: LineEvent, output: inout [UInt8]) {
        switch event {
        case .line(let line): handle(line: line, output: &output)
        case .overlong(let count): rejectOverlongLine(byteCount: count, output: &output)
        }
    }
}
