import Foundation
import Testing
import SceneryCore
import SceneryTransport

@Suite("Golden transcripts")
struct GoldenTranscriptTests {
    @Test("there are transcripts to replay")
    func present() {
        #expect(Paths.transcripts.count >= 5)
    }

    @Test("the built binary reproduces each transcript byte for byte", arguments: Paths.transcripts)
    func replay(path: String) throws {
        let transcript = try Transcript.load(path)
        // The real clock stopped at 0 ms, as in `scenery replay`: real-clock transcripts report nowMs 0.
        let run = try runProcess(Paths.binary, ["--stopped-clock"], stdin: transcript.input)
        #expect(run.status == 0, "exit status \(run.status): \(run.stderr)")
        let actual = run.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        let expected = transcript.steps.flatMap(\.expected)
        if actual != expected {
            // Re-run in process to attribute the difference to a request, for a readable message.
            let grouped = Replay.run(transcript, environment: Replay.environment)
            Issue.record(Comment(rawValue: Replay.firstMismatch(transcript, grouped, file: path)
                ?? "the binary's output differs from the in-process replay (\(actual.count) lines vs \(expected.count) expected)"))
        }
    }

    @Test("applying every patch in order to the initialize state gives each snapshot's state", arguments: Paths.transcripts)
    func patchesReproduceSnapshots(path: String) throws {
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

    @Test("the Python reference client passes its tests, conformance suite and end-to-end walk included")
    func referenceClient() throws {
        let run = try runProcess(Self.python, ["env", "SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "discover", "-s", "Examples/python", "-p", "test_*.py"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("skipped"), "the end-to-end test must run, not skip: \(run.stderr)")
    }
}

