import Foundation
import Testing
import SceneryTestSupport

/// The Emacs front end (`Clients/emacs`), tested from outside as its own programs: its ERT tests
/// (the patch applier against json-patch-tests, the SVG writer per node kind and style member,
/// text breaking, the gesture state machine), the package byte-compiled and checkdoc'd with
/// warnings as failures, and its SVG writer against the conformance kit (`Tests/Emacs/draw_states.sh`:
/// every probe of every collected state, rasterised by librsvg).
@Suite("Emacs front end")
struct EmacsTests {
    static let hasEmacs = WebTests.onPath("emacs")
    static let noEmacs: Comment = "skipped: needs emacs 28 (apt-get install -y emacs-gtk)"

    @Test("the Emacs package's ERT tests pass: json-patch-tests, the SVG writer, text breaking, gestures",
          .enabled(if: hasEmacs, noEmacs))
    func ert() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "emacs", "--batch", "-Q", "-L", "Clients/emacs",
                                          "-l", "Clients/emacs/test/scenery-tests.el", "-f", "ert-run-tests-batch-and-exit"])
        #expect(run.status == 0, "\(run.report)")
        // Only the RFC 6902 suite may skip, and only where ../shared is missing.
        let skips = run.report.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("skipped") || $0.hasPrefix("SKIPPED") }
        if SharedData.has("conformance/json-patch-tests") {
            #expect(skips.isEmpty, "nothing may skip with ../shared present: \(skips)")
        } else {
            #expect(skips.allSatisfy { $0.contains("json-patch") }, "only the json-patch-tests cases may skip: \(skips)")
        }
    }

    @Test("the Emacs package byte-compiles and passes checkdoc without a warning",
          .enabled(if: hasEmacs, noEmacs))
    func lint() async throws {
        let run = try await WebTests.run(["emacs", "--batch", "-Q", "-L", "Clients/emacs", "-l", "Clients/emacs/test/scenery-lint.el"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the Emacs SVG writer, rasterised by librsvg, passes the conformance kit on every collected state",
          .enabled(if: hasEmacs, noEmacs),
          .enabled(if: PackageTests.hasRsvg, "skipped: needs rsvg-convert (apt-get install -y librsvg2-bin; Scripts/test installs it)"),
          .enabled(if: !WebTests.sanitized, "skipped under AddressSanitizer: the first pass checks the same SVGs"),
          .programGuard)
    func drawsTheKitStates() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "sh", "Tests/Emacs/draw_states.sh"])
        #expect(run.status == 0, "\(run.report)")
        #expect(run.report.contains("probes pass over"), "draw_states.sh gave no score: \(run.report)")
    }

    // The stepper runs here, beside the other suites, not in the X proofs' serialized suite.
    @Test("the transcript stepper holds each step's state: every transcript's before its last snapshot, every example golden's as the engine gives it; C-c C-c, C-c C-u and C-c C-r",
          .enabled(if: EmacsTests.hasEmacs, EmacsTests.noEmacs), .enabled(if: !WebTests.sanitized, EmacsWindowTests.notSanitized), .programGuard)
    func stepper() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "emacs", "-Q", "--batch", "-L", "Clients/emacs",
                                          "-l", "Tests/Emacs/stepper_test.el", "-f", "ert-run-tests-batch-and-exit"])
        #expect(run.status == 0, "\(run.report)")
    }
}
