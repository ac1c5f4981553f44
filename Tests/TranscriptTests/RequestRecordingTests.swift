import Foundation
import Testing

/// `scenery run --record-requests FILE`: the engine writes every request line it received,
/// byte for byte, before it answers; what the gesture scripts of the conformance kit judge.
/// (`scenery serve --record-requests FOLDER` is exercised by the page's gesture scripts,
/// `Tests/Web/gestures_test.mjs`.)
@Suite("Request recording")
struct RequestRecordingTests {
    @Test("run --record-requests writes each received line exactly as received: spacing, key order, a bad line, a blank line skipped")
    func runRecordsLinesAsReceived() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-requests-\(UUID().uuidString).ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"virtual"}}"#,
            #"{ "method" : "scene.open", "jsonrpc":"2.0", "id":2, "params":{"scene":"photos"} }"#,
            #"not json"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tap","params":{"x":20.5,"y":130,"baseRev":1}}"#,
        ]
        let input = (lines[0] + "\n" + lines[1] + "\n   \n" + lines[2] + "\n" + lines[3] + "\n").utf8
        let run = try runProcess(Paths.binary, ["--record-requests", file.path], stdin: Array(input))
        #expect(run.status == 0, "\(run.stderr)")
        let answers = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        #expect(answers.count == 4, "one answer per request")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded == lines.joined(separator: "\n") + "\n")
    }

    @Test("run --record-requests into a folder that does not exist fails at start, naming the option")
    func unwritableFile() throws {
        let run = try runProcess(Paths.binary, ["--record-requests", "/nonexistent-folder/requests.ndjson"], stdin: [])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--record-requests: cannot write /nonexistent-folder/requests.ndjson"), "\(run.stderr)")
    }
}
