import Foundation
import Testing

/// `scenery record -o FILE`: the engine writes its session as a transcript as it happens, each
/// request line exactly as received (`> `), then each line it sent (`< `); what the gesture
/// scripts of the conformance kit judge. (`scenery serve --record FOLDER` is exercised by the
/// page's gesture scripts, `Tests/Web/gestures_test.mjs`.)
@Suite("Session recording")
struct SessionRecordingTests {
    static func scratchFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("scenery-session-\(UUID().uuidString).transcript")
    }

    @Test("record -o writes each received line exactly as received (spacing, key order, a bad line; a blank line skipped), each followed by the lines it sent, and the file replays")
    func recordsTheSessionAsATranscript() throws {
        let file = Self.scratchFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"virtual"}}"#,
            #"{ "method" : "scene.open", "jsonrpc":"2.0", "id":2, "params":{"scene":"photos"} }"#,
            #"not json"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tap","params":{"x":20.5,"y":130,"baseRev":1}}"#,
        ]
        let input = (lines[0] + "\n" + lines[1] + "\n   \n" + lines[2] + "\n" + lines[3] + "\n").utf8
        let run = try runProcess(Paths.binary, ["record", "-o", file.path], stdin: Array(input))
        #expect(run.status == 0, "\(run.stderr)")
        let answers = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(answers.count == 4, "one answer per request")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        let expected = zip(lines, answers).map { "> \($0)\n< \($1)\n" }.joined()
        #expect(recorded == expected)

        let replay = try runProcess(Paths.binary, ["replay", file.path], stdin: [])
        #expect(replay.status == 0, "the recording replays byte for byte: \(replay.stdout) \(replay.stderr)")
    }

    @Test("record -o to a folder that does not exist fails at start, naming the file")
    func unwritableFile() throws {
        let run = try runProcess(Paths.binary, ["record", "-o", "/nonexistent-folder/session.transcript"], stdin: [])
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot write /nonexistent-folder/session.transcript"), "\(run.stderr)")
    }
}
