import Foundation
import SceneryCore
import SceneryEngine

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
///
/// A path ending in `.golden` is written as a readable golden (``Golden``) instead: each request
/// as it arrives (`> METHOD {PARAMS}`; not a front end's `asset.read` and `snapshot`, which
/// change nothing), and when the session ends, what each one shows, worked
/// out by replaying the requests on the virtual clock (so that the file replays as written;
/// relative paths in its requests are then taken from the file's folder). A session killed
/// before it ends leaves the requests only: `scenery replay --update FILE` fills them in.
public final class SessionRecorder: @unchecked Sendable {
    private let lock = Lock()
    private let handle: FileHandle
    /// Where the transcript goes.
    public let path: String
    /// Whether it is a readable golden (the path ends in `.golden`).
    public let readable: Bool
    /// The limits a golden's requests are replayed with when the session ends.
    private let limits: EngineLimits

    /// Creates (or empties) `path`; nil when it cannot be written.
    public init?(path: String, limits: EngineLimits = EngineLimits()) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.path = path
        self.handle = handle
        self.limits = limits
        readable = GoldenFile.isReadable(path)
        if readable { handle.write(Data(Golden.header.utf8)) }
    }

    /// The file for the `number`-th session of a server recording into `folder` (created when
    /// missing): `session-N.transcript`, or `session-N.golden` when `readable`.
    public static func session(_ number: Int, inFolder folder: String, readable: Bool = false, limits: EngineLimits = EngineLimits()) -> SessionRecorder? {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return SessionRecorder(path: folder + "/session-\(number)" + (readable ? ".golden" : ".transcript"), limits: limits)
    }

    /// Records a request as received.
    public func received(_ event: LineEvent) {
        let line: String
        switch event {
        case .line(let bytes) where readable && Golden.isPlumbing(bytes): return
        case .line(let bytes): line = readable ? Golden.requestLine(bytes) : Transcript.requestLine(bytes)
        case .overlong(let count): line = ">% \"x\" *\(count)"
        }
        write(line + "\n")
    }

    /// Records what the engine sent: newline-separated protocol lines.
    public func sent<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard !bytes.isEmpty, !readable else { return }
        var text = ""
        for line in bytes.split(separator: 0x0A) { text += "< " + String(decoding: line, as: UTF8.self) + "\n" }
        write(text)
    }

    private func write(_ text: String) {
        lock.withLock { if !finished { handle.write(Data(text.utf8)) } }
    }

    /// Ends the recording: a golden gets what each request shows.
    public func finish() {
        lock.withLock {
            guard readable, !finished else { return }
            finished = true
            try? handle.close()
            guard let bytes = try? LiveEnvironment.readFile(path, limit: 1 << 30), let golden = try? Golden(parsing: bytes) else { return }
            let actual = GoldenRun.run(golden, environment: Replay.environment(relativeTo: Replay.folder(of: path)), limits: limits)
            try? golden.updated(with: actual).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    private var finished = false

    deinit {
        finish()
        if !readable { try? handle.close() }
    }
}
