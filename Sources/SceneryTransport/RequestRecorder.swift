import Foundation
import SceneryCore

/// Writes every request line an engine receives to a file, exactly as received, one per line
/// (NDJSON): what reached the engine, which the conformance kit's gesture scripts judge
/// (`Protocol/conformance/gestures.py`), not what a front end believes it sent.
///
/// `scenery run --record-requests FILE` writes one file; `scenery serve --record-requests DIR`
/// writes `DIR/session-N.ndjson` for the N-th session the server opened (1, 2, … in the order the
/// WebSockets were upgraded). Each line is written (and reaches the file) before the request is
/// answered, so a reader that has the answer finds the line. A line longer than the engine's limit
/// is not kept by the engine, so it is recorded as nothing.
public final class RequestRecorder: @unchecked Sendable {
    private let lock = Lock()
    private let handle: FileHandle
    public let path: String

    /// Creates (or empties) `path`; nil when it cannot be written.
    public init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.path = path
        self.handle = handle
    }

    /// The file for the `number`-th session of a server recording into `folder` (created when missing).
    public static func session(_ number: Int, inFolder folder: String) -> RequestRecorder? {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return RequestRecorder(path: folder + "/session-\(number).ndjson")
    }

    /// Appends one received line (without its newline).
    public func record(_ line: [UInt8]) {
        lock.withLock { handle.write(Data(line + [0x0A])) }
    }

    /// Records `event` when it is a whole line.
    public func record(_ event: LineEvent) {
        if case .line(let bytes) = event { record(bytes) }
    }

    deinit { try? handle.close() }
}
