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

    @Test("record -o FILE.golden answers as a plain run does and writes a readable golden that replays")
    func recordsAReadableGolden() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-session-\(UUID().uuidString).golden")
        defer { try? FileManager.default.removeItem(at: file) }
        let input = Array([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"seed":1}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"directory"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tap","params":{"id":"tab.contacts"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tap","params":{"x":-5,"y":10}}"#,
        ].joined(separator: "\n").utf8) + [0x0A]
        let run = try runProcess(Paths.binary, ["record", "-o", file.path], stdin: input)
        let plain = try runProcess(Paths.binary, [], stdin: input)
        #expect(run.status == 0 && run.stdout == plain.stdout, "the answers are a plain run's: \(run.stderr)")
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(golden.contains("> tap {\"id\":\"tab.contacts\"}\n  result {\"target\":\"tab.contacts\"}\n  screen\n"), "\(golden)")
        #expect(golden.contains("> tap {\"x\":-5,\"y\":10}\n  error -32602: "), "\(golden)")
        let replay = try runProcess(Paths.binary, ["replay", file.path])
        #expect(replay.status == 0, "\(String(decoding: replay.stdout, as: UTF8.self))")
    }

    @Test("record -o to a folder that does not exist fails at start, naming the file")
    func unwritableFile() throws {
        let run = try runProcess(Paths.binary, ["record", "-o", "/nonexistent-folder/session.transcript"], stdin: [])
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot write /nonexistent-folder/session.transcript"), "\(run.stderr)")
    }
}
