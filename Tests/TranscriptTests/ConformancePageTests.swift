import Foundation
import Testing
import SceneryTestSupport

/// The browser page against the front-end conformance kit (`Protocol/conformance`, PROTOCOL.md
/// "Prove your front end"): the kit collects states from the engine, the page draws each in
/// headless Chromium through its one renderer, and `check.py` judges the screenshots by probes
/// derived from the display list alone. Any failing probe is a defect of the page or a gap in
/// the spec, named with its state, node, rule and pixel in the test's message.
@Suite("Front-end conformance")
struct ConformancePageTests {
    @Test("the page draws every state of the conformance kit as the protocol says, probe for probe",
          .enabled(if: WebTests.hasNode, WebTests.noNode),
          .enabled(if: WebTests.hasChromium, WebTests.noChromium),
          .enabled(if: !WebTests.sanitized,
                   "skipped under AddressSanitizer: the page's pixels do not depend on the engine's sanitizer, and the plain pass runs this test"),
          .programGuard)
    func pagePassesTheKit() async throws {
        let run = try await WebTests.runPageScript("conformance_page.mjs")
        #expect(run.status == 0, "\(run.report)")
        #expect(run.report.contains("probes pass"), "check.py gave no summary: \(run.report)")
    }
}
