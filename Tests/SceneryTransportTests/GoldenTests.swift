import Foundation
import Testing
import SceneryCore
import SceneryEngine
@testable import SceneryTransport

/// The four requests the issue measured: initialize, the directory, a tap on a row, the Contacts tab.
let fourRequests = """
    > initialize {"protocolVersion":"1.0","seed":1}
    > scene.open {"scene":"directory"}
    > tap {"id":"recents.event.2"}
    > tap {"id":"tab.contacts"}

    """

/// A golden with its expected lines filled in by the engine, as `scenery replay --update` does.
func recorded(_ requests: String) throws -> String {
    let golden = try Golden(parsing: Array(requests.utf8))
    return golden.updated(with: GoldenRun.run(golden, environment: Replay.environment))
}

/// The report of replaying `text`, or nil when it matches.
func report(_ text: String) throws -> String? {
    let golden = try Golden(parsing: Array(text.utf8))
    return GoldenDiff.report(golden, GoldenRun.run(golden, environment: Replay.environment), file: "t.golden")
}

@Suite("The screen as text")
struct ScreenTextTests {
    func engine(_ requests: [String]) -> Engine {
        let engine = Engine(environment: Replay.environment)
        var out: [UInt8] = []
        for (index, request) in requests.enumerated() {
            let line = try! Golden.request("> " + request, id: index + 1).bytes
            engine.handle(line: line, output: &out)
        }
        return engine
    }

    @Test("every scene's screen reads back from its text line by line, and nothing of style shows")
    func roundTrip() throws {
        for scene in Engine.sceneNames {
            let engine = engine(["initialize {\"seed\":1}", "scene.open {\"scene\":\"\(scene)\"}"])
            let text = engine.screenText()
            #expect(!text.lines.isEmpty, "\(scene) has an empty screen")
            let lines = text.rendered.split(separator: "\n").map(String.init)
            let parsed = ScreenText.parse(lines)
            for (line, back) in zip(text.lines, parsed) {
                var expected = line
                expected.owner = line.depth > 0 ? expected.owner : nil
                #expect(back?.id == line.id && back?.what == line.what && back?.text == line.text && back?.asset == line.asset
                        && back?.states == line.states && back?.depth == line.depth, "\(scene): \(line.rendered)")
            }
            for line in lines {
                #expect(!line.contains("#FF") && !line.contains("SF Pro"), "\(scene): style in \(line)")
                #expect(line.count <= 116, "\(scene): a line of \(line.count) characters: \(line)")
            }
        }
    }

    @Test("the directory reads as a person reads it: title, rows with names and pictures, the index, then the tab bar")
    func directory() throws {
        let engine = engine(["initialize {\"seed\":1}", "scene.open {\"scene\":\"directory\"}", "tap {\"id\":\"tab.contacts\"}",
                             "tap {\"id\":\"contacts.person.23\"}"])
        let lines = engine.screenText().rendered.split(separator: "\n").map(String.init)
        #expect(lines.first == "text \"Contacts\"  #title")
        #expect(lines.contains("row \"Zoë Ångström Age: 60\" [selected]  #contacts.person.23"))
        #expect(lines.contains("  image directory.portrait.6  #.image"))
        #expect(lines.contains("button \"A\"  #index.A"), "a text node with a role is named by its own text")
        #expect(!lines.contains { $0.hasPrefix("text \"Age") }, "a row's texts are its name, not lines of their own")
        let index = try #require(lines.firstIndex(of: "button \"A\"  #index.A"))
        let lastRow = try #require(lines.lastIndex { $0.hasPrefix("row ") })
        let tabs = try #require(lines.firstIndex(of: "button \"Recents\"  #tab.recents"))
        #expect(lastRow < index && index < tabs, "the content, then the index beside it, then the tab bar")
        #expect(lines.last == "  image directory.icon.contacts  #.icon")
        let region = engine.screenText(ids: ["tab"]).rendered
        #expect(region.hasPrefix("button \"Recents\"  #tab.recents\n") && !region.contains("row "))
    }

    @Test("a change of style alone leaves the text as it was; a change of what a person reads does not")
    func styleDoesNotShow() {
        var display = DisplayList()
        func label(_ color: String, _ size: Double, _ text: String) -> Node {
            Node(.text, frame: Rect(x: 10, y: 10, width: 100, height: size + 4), z: 1, layer: .screen,
                 style: ["role": "button"], text: [TextRun(text, font: "SF Pro Text", size: size, weight: "regular", color: color)])
        }
        display.add("ok", label("#007AFF", 17, "OK"))
        let before = ScreenText(display: display, width: 375, height: 812).rendered
        var restyled = DisplayList()
        restyled.add("ok", label("#FF0000", 15, "OK"))
        #expect(ScreenText(display: restyled, width: 375, height: 812).rendered == before)
        var renamed = DisplayList()
        renamed.add("ok", label("#007AFF", 17, "Okay"))
        #expect(ScreenText(display: renamed, width: 375, height: 812).rendered != before)
        var hidden = DisplayList()
        hidden.add("ok", label("#007AFF", 17, "OK"))
        hidden.nodes[0].node.frame.x = 400
        #expect(ScreenText(display: hidden, width: 375, height: 812).rendered == "", "off screen, nothing to read")
    }
}

@Suite("Model changes as key paths")
struct KeyPathChangesTests {
    @Test("changes, removals, wide values member by member, long lists in runs, redactions")
    func changes() throws {
        let old = try JSONParser.parse(#"{"tab":"recents","counts":{"people":50,"events":50},"selection":"a","gone":1}"#)
        let new = try JSONParser.parse(#"{"tab":"contacts","counts":{"people":51,"events":50},"selection":null,"at":3}"#)
        #expect(KeyPathChanges(from: old, to: new).rendered == "at = 3\ncounts.people = 51\ngone removed\nselection = null\ntab = \"contacts\"\n")
        let letters = JSON.array((0..<40).map { .string(String(UnicodeScalar(65 + $0 % 26)!)) })
        let wide = KeyPathChanges(from: .object(JSONObject()), to: ["index": letters, "odd key": 1]).changes
        #expect(wide.first?.path.hasPrefix("index[0...") == true && wide.count == 3, "\(wide)")
        #expect(wide.allSatisfy { $0.rendered.count <= KeyPathChanges.wide })
        #expect(wide.last?.rendered == "[\"odd key\"] = 1")
        let masked = KeyPathChanges(from: ["t": 1], to: ["t": 2, "u": ["now": 5, "k": 1]], redacted: ["t", "u.now"])
        #expect(masked.rendered == "u = {}\nu.k = 1\nu.now = \"[redacted]\"\n", "a redacted value that changes is no change")
        for change in KeyPathChanges(from: old, to: new).changes {
            #expect(KeyPathChanges.parseLine(change.rendered) == change)
        }
    }
}

@Suite("Readable goldens")
struct GoldenTests {
    @Test("the four requests make a golden under 6 KB, no line over 120 characters, no engine version; it replays")
    func figures() throws {
        let text = try recorded(fourRequests)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text.utf8.count < 6000, "\(text.utf8.count) bytes")
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(!text.contains("version\""), "the engine's version is not a user's concern")
        #expect(!text.contains("\"methods\""))
        #expect(try report(text) == nil)
        print("golden of the four requests: \(text.utf8.count) bytes, \(lines.count) lines, longest \(lines.map(\.count).max()!)")
    }

    @Test("a changed row fails by node id and field, with both values and the screens side by side, in one screen")
    func changedRow() throws {
        let text = try recorded(fourRequests)
        let broken = text.replacingOccurrences(of: "row \"Turf 18 Mar, 2018\"  #recents.event.2", with: "row \"Turf 19 Mar, 2018\"  #recents.event.2")
        #expect(broken != text)
        let found = try #require(try report(broken))
        #expect(found.contains(": after > scene.open {\"scene\":\"directory\"}"), "\(found)")
        #expect(found.contains("screen recents.event.2 text: expected \"Turf 19 Mar, 2018\", actual \"Turf 18 Mar, 2018\""), "\(found)")
        #expect(found.contains("~ row \"Turf 19 Mar, 2018\"  #recents.event.2"), "\(found)")
        #expect(found.split(separator: "\n").count <= 20, "\(found)")
        #expect(found.split(separator: "\n").allSatisfy { $0.count <= 120 })
        print("report for one changed row: \(found.split(separator: "\n").count) lines")
    }

    @Test("model changes and answers are named by key; a step's every difference is listed up to the bound")
    func modelAndAnswers() throws {
        let text = try recorded(fourRequests)
        var broken = text.replacingOccurrences(of: "selection = \"recents.event.2\"", with: "selection = \"recents.event.3\"")
        broken = broken.replacingOccurrences(of: "result {\"target\":\"tab.contacts\"}", with: "result {\"target\":\"tab.recents\"}")
        let found = try #require(try report(broken))
        #expect(found.contains("model selection: expected \"recents.event.3\", actual \"recents.event.2\""), "\(found)")
        #expect(found.contains("answer: expected result {\"target\":\"tab.recents\"}, actual result {\"target\":\"tab.contacts\"}"), "\(found)")
        #expect(found.hasPrefix("FAIL t.golden: 2 of 4 steps differ"))
        let golden = try Golden(parsing: Array(broken.utf8))
        let changes = GoldenDiff.changes(golden, GoldenRun.run(golden, environment: Replay.environment))
        #expect(changes.count == 2 && changes[0].hasSuffix("(tap): model 1 key") && changes[1].hasSuffix("(tap): the answer"), "\(changes)")
    }

    @Test("keep and redact: a region and some keys only; a volatile value masked and never compared")
    func keepAndRedact() throws {
        let requests = """
            # keep: screen tab
            # keep: model tab, timeZone
            # redact: model timeZone
            > initialize
            > scene.open {"scene":"directory","timeZone":"Europe/Paris"}
            > tap {"id":"tab.featured"}

            """
        let text = try recorded(requests)
        #expect(text.contains("    timeZone = \"[redacted]\"") && text.components(separatedBy: "Europe/Paris").count == 2, "only in the request")
        #expect(!text.contains("row ") && !text.contains("maxOffsetY") && text.contains("button \"Featured\" [selected]  #tab.featured"))
        let otherZone = text.replacingOccurrences(of: "Europe/Paris", with: "America/Denver")
        #expect(try report(otherZone) == nil, "a redacted value may differ")
        #expect(try report(text.replacingOccurrences(of: "tab = \"featured\"", with: "tab = \"contacts\"")) != nil)
    }

    @Test("requests: METHOD {PARAMS}, a whole line, bytes; bad lines are refused with their line number")
    func requests() throws {
        let golden = try Golden(parsing: Array("> tap {\"id\":\"x\"}\n> {\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"snapshot\"}\n>% \"{\" 0xFF\n> shutdown\n".utf8))
        #expect(golden.steps.map { String(decoding: $0.request, as: UTF8.self) } == [
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tap\",\"params\":{\"id\":\"x\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"snapshot\"}", "{\u{FFFD}", "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"shutdown\"}"])
        #expect(golden.steps.map(\.method) == ["tap", "snapshot", "?", "shutdown"])
        #expect(Golden.requestLine(Array("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tap\",\"params\":{\"x\":1}}".utf8)) == "> tap {\"x\":1}")
        #expect(Golden.requestLine(Array("{\"jsonrpc\":\"2.0\",\"method\":\"tap\"}".utf8)) == "> {\"jsonrpc\":\"2.0\",\"method\":\"tap\"}", "a notification stays whole")
        for (bad, line) in [("> tap {\"id\":\n", 1), ("# x\n  screen\n", 2), ("> tap\nscreen\n", 2), ("# keep: everything\n", 1)] {
            #expect(throws: Transcript.ParseError.self) { try Golden(parsing: Array(bad.utf8)) }
            do { _ = try Golden(parsing: Array(bad.utf8)) } catch { #expect(error.line == line, "\(bad)") }
        }
    }

    @Test("--update keeps comments and blank lines in place")
    func update() throws {
        let text = "# about\n> initialize\n  old\n\n# then\n> snapshot\n"
        let golden = try Golden(parsing: Array(text.utf8))
        #expect(golden.updated(with: [["a"], ["b", "  c"]]) == "# about\n> initialize\n  a\n\n# then\n> snapshot\n  b\n    c\n")
    }

    @Test("record writes a readable golden that replays as recorded")
    func record() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(getpid()).golden").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try #require(SessionRecorder(path: path))
        for (index, line) in fourRequests.split(separator: "\n").enumerated() {
            let request = try Golden.request(String(line), id: index + 1).bytes
            recorder.received(.line(request))
            recorder.sent(Array("{\"id\":1}\n".utf8))
        }
        recorder.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(Golden.header) && text.contains("> tap {\"id\":\"tab.contacts\"}\n  result"))
        guard case .matches(requests: 4) = try GoldenFile.check(path) else { Issue.record("\(text)"); return }
    }
}

@Suite("Protocol transcript reports")
struct TranscriptDiffTests {
    @Test("every differing line is reported by JSON path with both values")
    func paths() throws {
        let text = "> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"seed\":1}}\n> {\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"scene.open\",\"params\":{\"scene\":\"testcard\"}}\n"
        let transcript = try Transcript(parsing: Array(text.utf8))
        let actual = Replay.run(transcript, environment: Replay.environment)
        var expected = actual
        expected[0][0] = expected[0][0].replacingOccurrences(of: "\"version\":\"0.1.0\"", with: "\"version\":\"0.1.1\"")
        expected[1][0] = expected[1][0].replacingOccurrences(of: "\"testcard\"", with: "\"directory\"")
        var edited = transcript
        for index in edited.steps.indices { edited.steps[index].expected = expected[index] }
        let found = try #require(TranscriptDiff.report(edited, actual, file: "t.transcript"))
        #expect(found.contains("t.transcript:1: after") && found.contains("line 1 of the output /result/version: expected \"0.1.1\", actual \"0.1.0\""), "\(found)")
        #expect(found.contains("t.transcript:2: after") && found.contains(": expected \"directory\", actual \"testcard\""), "\(found)")
        #expect(TranscriptDiff.report(transcript.filled(actual), actual, file: "t") == nil)
    }
}

extension Transcript {
    /// The transcript expecting `actual`.
    func filled(_ actual: [[String]]) -> Transcript {
        var copy = self
        for index in copy.steps.indices { copy.steps[index].expected = actual[index] }
        return copy
    }
}
