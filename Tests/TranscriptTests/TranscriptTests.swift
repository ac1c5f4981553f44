import Foundation
import Testing
import SceneryCore
import SceneryTransport
import SceneryTestSupport

@Suite("Golden transcripts")
struct GoldenTranscriptTests {
    @Test("there are transcripts to replay")
    func present() {
        #expect(Paths.transcripts.count >= 5)
    }

    static let briefsData = ConditionTrait.enabled(
        if: Paths.missingShared.isEmpty,
        Comment(rawValue: "skipped: needs \(Set(Paths.missingShared).sorted().joined(separator: ", ")) (the briefs' data), which is not beside this checkout"))

    @Test("the built binary reproduces each transcript byte for byte", arguments: Paths.selfContained)
    func replay(path: String) throws { try Self.replay(path) }

    @Test("the built binary reproduces each transcript on the briefs' data byte for byte", briefsData, arguments: Paths.needingShared)
    func replayOnBriefsData(path: String) throws { try Self.replay(path) }

    @Test("the examples' readable goldens replay with the built binary, and a changed one fails by node and field")
    func readableGoldens() throws {
        let run = try runProcess(Paths.binary, ["replay", "Examples/goldens"])
        let out = String(decoding: run.stdout, as: UTF8.self)
        #expect(run.status == 0, "scenery replay Examples/goldens:\n\(out)\(run.stderr)")
        #expect(out.components(separatedBy: "\nok ").count + (out.hasPrefix("ok ") ? 1 : 0) >= 6, "\(out)")
        // The same golden with the title it expects changed fails, naming the node and field.
        let golden = try String(contentsOf: Paths.repo.appendingPathComponent("Examples/goldens/directory.golden"), encoding: .utf8)
        let broken = golden.replacingOccurrences(of: "text \"Contacts\"  #title", with: "text \"People\"  #title")
        #expect(broken != golden)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(getpid()).golden")
        try broken.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let failed = try runProcess(Paths.binary, ["replay", path.path])
        let report = String(decoding: failed.stdout, as: UTF8.self)
        #expect(failed.status == 1 && report.contains("screen title text: expected \"People\", actual \"Contacts\""), "\(report)")
    }

    @Test("review shows each golden that differs and accepts or rejects it as answered; --update lists what it changed")
    func review() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try String(contentsOf: Paths.repo.appendingPathComponent("Examples/goldens/testcard.golden"), encoding: .utf8)
        let broken = golden.replacingOccurrences(of: "result {\"protocolVersion\":\"1.0\"}", with: "result {\"protocolVersion\":\"0.9\"}")
        #expect(broken != golden)
        for name in ["a.golden", "b.golden", "c.golden"] {
            try broken.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let run = try runProcess(Paths.binary, ["review", folder.path], stdin: Array("a\nx\nr\n".utf8))
        let out = String(decoding: run.stdout, as: UTF8.self)
        #expect(run.status == 1, "a rejected or unreviewed golden fails the review")
        #expect(out.contains("answer: expected result {\"protocolVersion\":\"0.9\"}, actual result {\"protocolVersion\":\"1.0\"}"), "\(out)")
        #expect(out.contains("review: 1 accepted, 1 rejected, 1 not reviewed"), "\(out)")
        let after = try ["a", "b", "c"].map { try String(contentsOf: folder.appendingPathComponent("\($0).golden"), encoding: .utf8) }
        #expect(after == [golden, broken, broken], "accepted: rewritten; rejected and unreviewed: kept")
        let update = try runProcess(Paths.binary, ["replay", "--update", folder.appendingPathComponent("b.golden").path])
        let listed = String(decoding: update.stdout, as: UTF8.self)
        #expect(update.status == 0 && listed.contains("b.golden:\n  line ") && listed.contains("(initialize): the answer"), "\(listed)")
    }

    @Test("applying every patch in order to the initialize state gives each snapshot's state", arguments: Paths.transcripts)
    func patchesReproduceSnapshots(path: String) throws { try Self.checkPatches(path) }

    /// Runs the transcript through the binary in the transcript's folder (its paths are relative
    /// to it) and compares the output byte for byte.
    static func replay(_ path: String) throws {
        let transcript = try Transcript.load(path)
        // The real clock stopped at 0 ms, as in `scenery replay`: real-clock transcripts report nowMs 0.
        let run = try runProcess(Paths.binary, ["--stopped-clock"], stdin: transcript.input, in: Paths.folder(of: path))
        #expect(run.status == 0, "exit status \(run.status): \(run.stderr)")
        let actual = run.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        let expected = transcript.steps.flatMap(\.expected)
        if actual != expected {
            // Re-run in process to attribute the difference to a request, for a readable message.
            let grouped = Replay.run(transcript, environment: Replay.environment(relativeTo: Paths.folder(of: path).path))
            Issue.record(Comment(rawValue: TranscriptDiff.report(transcript, grouped, file: path)
                ?? "the binary's output differs from the in-process replay (\(actual.count) lines vs \(expected.count) expected)"))
        }
    }

    /// Transcripts rot when a changed engine's output is accepted without reading it: a stale
    /// `baseRev` test once answered "-32602 ahead of the current rev" under a comment promising
    /// -32004. So every error answer must be announced by the comment above its request: the
    /// error's code, or the words error, refused, invalid or unknown.
    @Test("every error in a transcript is announced by the comment above its request", arguments: Paths.transcripts)
    func errorsAreAnnounced(path: String) throws {
        let text = try String(contentsOf: Paths.repo.appendingPathComponent(path), encoding: .utf8)
        var comment = "", inComment = false, lineNumber = 0, request = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.hasPrefix("#") {
                if !inComment { comment = "" }
                comment += " " + line.lowercased()
                inComment = true
                continue
            }
            inComment = false
            if line.hasPrefix(">") { request = lineNumber; continue }
            guard line.hasPrefix("< "), let message = try? JSONParser.parse(String(line.dropFirst(2))),
                  let code = message["error"]?["code"]?.numberValue else { continue }
            let announced = comment.contains(String(Int(code))) || ["error", "refus", "invalid", "unknown"].contains { comment.contains($0) }
            #expect(announced, "\(path):\(request): the request answers error \(Int(code)), which its comment does not mention:\(comment)")
        }
    }

    static func checkPatches(_ path: String) throws {
        let transcript = try Transcript.load(path)
        var state: JSON?
        var rev = 0
        var snapshots = 0
        for line in transcript.steps.flatMap(\.expected) {
            let message = try JSONParser.parse(line)
            let change = message["result"] ?? (message["method"] == "patch" ? message["params"] : nil)
            guard let change else { continue }
            if let initial = change["state"], change["engine"] != nil {
                state = initial
                rev = Int(change["rev"]?.numberValue ?? 0)
            } else if let snapshotState = change["state"] {
                snapshots += 1
                #expect(snapshotState == state, "\(path): snapshot differs from the patched state at rev \(rev)")
                #expect(change["rev"] == .number(Double(rev)))
            } else if let patch = change["patch"], let current = state {
                state = try JSONPatch.apply(patch, to: current)
                let newRev = Int(change["rev"]?.numberValue ?? -1)
                #expect(newRev == (patch == [] ? rev : rev + 1), "\(path): rev must move by one per non-empty patch")
                rev = newRev
            }
        }
        #expect(snapshots > 0, "\(path) should end with a snapshot to check against")
    }
}

@Suite("Protocol schema")
struct SchemaFileTests {
    @Test("Protocol/scenery.schema.json is what `scenery --schema` prints")
    func committedSchemaIsCurrent() throws {
        let run = try runProcess(Paths.binary, ["--schema"])
        let committed = try String(contentsOf: Paths.repo.appendingPathComponent("Protocol/scenery.schema.json"), encoding: .utf8)
        #expect(String(decoding: run.stdout, as: UTF8.self) == committed, "run: .build/debug/scenery --schema > Protocol/scenery.schema.json")
    }
}

@Suite("Python checks")
struct PythonTests {
    static let python = URL(fileURLWithPath: "/usr/bin/env")

    @Test("every transcript line validates against the JSON Schema (python jsonschema)")
    func schemaValidation() throws {
        let run = try runProcess(Self.python, ["python3", "Tests/Python/validate_transcripts.py"])
        #expect(run.status == 0, "\(String(decoding: run.stdout, as: UTF8.self))\(run.stderr)")
    }

    @Test("the Python demos pass their tests (they use the package in Clients/python)")
    func demos() throws {
        let run = try runProcess(Self.python, ["env", "SCENERY_BIN=\(Paths.binary.path)", "PYTHONPATH=Clients/python", "python3", "-m", "unittest", "discover", "-v", "-s", "Examples/python", "-p", "test_*.py"])
        #expect(run.status == 0, "\(run.stderr)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") }
        #expect(skips.isEmpty, "nothing may skip: \(skips)")
    }
}


@Suite("Example sessions")
struct ExampleSessionTests {
    /// Every `Examples/sessions/*.ndjson`, relative to the repo, sorted.
    static let sessions: [String] = {
        let folder = Paths.repo.appendingPathComponent("Examples/sessions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ndjson") }.sorted().map { "Examples/sessions/" + $0 }
    }()

    @Test("there are example sessions, one per scene at least")
    func present() {
        #expect(Self.sessions.count >= 3)
    }

    /// The README and Docs/sessions.md show these off: each must run to `shutdown` answering every request without
    /// an error (a session whose tap carried a wrong `baseRev` once answered -32602 instead).
    @Test("each example session answers every request without an error, and its patches rebuild its snapshot", arguments: sessions)
    func runsWithoutErrors(path: String) throws {
        let input = try [UInt8](Data(contentsOf: Paths.repo.appendingPathComponent(path)))
        let run = try runProcess(Paths.binary, ["--stopped-clock"], stdin: input, in: Paths.repo.appendingPathComponent("Examples/sessions"))
        #expect(run.status == 0, "exit status \(run.status): \(run.stderr)")
        let requests = input.split(separator: 0x0A).count
        var responses = 0, state: JSON?, snapshots = 0
        for line in run.stdout.split(separator: 0x0A) {
            let message = try JSONParser.parse(Array(line))
            if message["id"] != nil { responses += 1 }
            #expect(message["error"] == nil, "\(path): \(String(decoding: line, as: UTF8.self))")
            guard let change = message["result"] ?? (message["method"] == "patch" ? message["params"] : nil) else { continue }
            if change["engine"] != nil {
                state = change["state"]
            } else if let snapshot = change["state"] {
                snapshots += 1
                #expect(snapshot == state, "\(path): the patches do not rebuild the snapshot")
            } else if let patch = change["patch"], let current = state {
                state = try JSONPatch.apply(patch, to: current)
            }
        }
        #expect(responses == requests, "\(path): \(responses) responses to \(requests) requests")
        #expect(snapshots > 0, "\(path) should take a snapshot")
    }
}

@Suite("Command line")
struct CommandLineTests {
    @Test("scenery --help names --schema, the default run and every subcommand")
    func help() throws {
        let run = try runProcess(Paths.binary, ["--help"])
        let text = String(decoding: run.stdout, as: UTF8.self)
        #expect(run.status == 0)
        for word in ["--schema", "run (default)", "replay", "record"] {
            #expect(text.contains(word), "scenery --help does not mention \(word):\n\(text)")
        }
    }
}
