import Foundation
import SceneryCore

/// Writes an engine session as a transcript (``Transcript``'s format), as it happens: `> ` and
/// each request line exactly as received (`>% ` and a byte expression for a line a text file
/// cannot hold), then `< ` and each line the engine sent, answers and notifications, in the
/// order the engine wrote them. The conformance kit's gesture scripts judge these files
/// (`Protocol/conformance/gestures.py`): what reached the engine, and the rev it had last sent
/// when each request arrived, not what a front end believes it sent. A session on the virtual
/// clock replays from its recording byte for byte (`scenery replay FILE`).
///
/// `scenery record -o FILE` writes one file; `scenery serve --record FOLDER` writes
/// `FOLDER/session-N.transcript` for the N-th session the server opened (1, 2, … in the order the
/// WebSockets were upgraded). A request's line is written (and reaches the file) before it is
/// answered, so a reader that has the answer finds the line.
public final class SessionRecorder: @unchecked Sendable {
    private let lock = Lock()
    private let handle: FileHandle
    /// Where the transcript goes.
    public let path: String

    /// Creates (or empties) `path`; nil when it cannot be written.
    public init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.path = path
        self.handle = handle
    }

    /// The file for the `number`-th session of a server recording into `folder` (created when missing).
    public static func session(_ number: Int, inFolder folder: String) -> SessionRecorder? {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return SessionRecorder(path: folder + "/session-\(number).transcript")
    }

    /// Records a request as received.
    public func received(_ event: LineEvent) {
        let line: String
        switch event {
        case .line(let bytes): line = Transcript.requestLine(bytes)
        case .overlong(let count): line = ">% \"x\" *\(count)"
        }
        write(line + "\n")
    }

    /// Records what the engine sent: newline-separated protocol lines.
    public func sent<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard !bytes.isEmpty else { return }
        var text = ""
        for line in bytes.split(separator: 0x0A) { text += "< " + String(decoding: line, as: UTF8.self) + "\n" }
        write(text)
    }

    private func write(_ text: String) {
        lock.withLock { handle.write(Data(text.utf8)) }
    }

    deinit { try? handle.close() }
}
