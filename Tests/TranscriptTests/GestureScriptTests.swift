import Foundation
import Testing

/// The conformance kit's gesture scripts (`Protocol/conformance/gestures.json`, judged by
/// `gestures.py` from the sessions the engine recorded as transcripts, `serve --record` and `record -o`), played on both
/// front ends with real input: the page in headless Chromium (CDP mouse, wheel and key events)
/// against `scenery serve`, the Qt window offscreen (QTest and QWheelEvent on its widgets)
/// against `scenery run`. Each runs as its own program; the message holds the command.
@Suite("Gesture scripts")
struct GestureScriptTests {
    @Test("the page sends what the gesture scripts say, judged from what reached scenery serve",
          .enabled(if: WebTests.hasNode, WebTests.noNode),
          .enabled(if: WebTests.hasChromium, WebTests.noChromium),
          .enabled(if: !WebTests.sanitized,
                   "skipped under AddressSanitizer: what the page sends does not depend on the engine's sanitizer, and the plain pass runs this"),
          .programGuard)
    func page() async throws {
        let run = try await WebTests.runPageScript("gestures_test.mjs")
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the Qt window sends what the gesture scripts say, judged from what reached scenery run",
          .enabled(if: QtFrontEndTests.hasPySide6, QtFrontEndTests.noPySide6),
          .enabled(if: !WebTests.sanitized, QtFrontEndTests.notSanitized), .programGuard)
    func qt() async throws {
        let run = try await WebTests.run([QtFrontEndTests.offscreen, "SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Examples/qt/test_gesture_scripts.py"])
        #expect(run.status == 0, "\(run.report)")
        #expect(!run.stderr.contains("... skipped"), "nothing in test_gesture_scripts.py may skip here")
    }
}
