import Foundation
import Testing
import SceneryTestSupport

/// What the user names opens first (issue 29), in both front ends driven as a person would:
/// `--data-root` opens on the briefs' data, listed first; `Examples/photos/serve_demo.py` prints
/// the commands that open the photos scene on its endpoint, and each, run as printed, does.
@Suite("Named data opens first")
struct NamedDataTests {
    @Test("the page: with --data-root it opens on the briefs' data, listed first; serve_demo.py's printed scenery serve --photos-endpoint opens photos on the demo",
          .enabled(if: WebTests.hasNode, WebTests.noNode),
          .enabled(if: WebTests.hasChromium, WebTests.noChromium),
          .programGuard)
    func page() async throws {
        let run = try await WebTests.runPageScript("named_data_test.mjs")
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the Qt window: with --data-root it opens on the briefs' data, listed first; serve_demo.py's printed scenery_qt.py --photos-endpoint opens photos on the demo",
          .enabled(if: QtFrontEndTests.hasPySide6, QtFrontEndTests.noPySide6), .enabled(if: !WebTests.sanitized, QtFrontEndTests.notSanitized), .programGuard)
    func qtWindow() async throws {
        let run = try await WebTests.run([QtFrontEndTests.offscreen, "SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Examples/qt/test_named_data.py"])
        #expect(run.status == 0, "\(run.report)")
    }
}
