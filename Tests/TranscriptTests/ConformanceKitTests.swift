import Foundation
import Testing
import SceneryTestSupport

/// The conformance kit held to failing what is drawn wrong (issue 27, section 2): a reference
/// renderer written for the kit's tests (`scenery.render` in the Python package, `Clients/python/scenery/render.py`, Pillow) draws
/// the kit's states clean, which must pass every probe, and with one fault at a time, each of
/// which the kit must fail with the node whose pixels are wrong and the rule it broke.
/// `Tests/Conformance/test_mutations.py` prints the score ("N of M faults caught").
@Suite("Conformance kit")
struct ConformanceKitTests {
    static let hasPillow = (try? runProcess(WebTests.env, ["python3", "-c", "import PIL, pytest"]))?.status == 0
    static let noPillow: Comment = "skipped: needs Pillow and pytest (python3 -m pip install Pillow pytest; Scripts/test installs them)"
    static let hasFonts = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let noFonts: Comment = "skipped: needs the DejaVu fonts (apt-get install -y fonts-dejavu-core; Scripts/test installs them)"
    /// The renderer and the kit are Python, which AddressSanitizer does not instrument; the
    /// sanitized engine only collects the states more slowly.
    static let notSanitized: Comment = "skipped under AddressSanitizer: the kit and its reference renderer are Python, which the sanitizer does not instrument; the unsanitized pass runs this"

    @Test("the kit passes the clean reference renderer and fails each of its faults with the right node and rule",
          .enabled(if: hasPillow, noPillow), .enabled(if: hasFonts, noFonts), .enabled(if: !WebTests.sanitized, notSanitized),
          .programGuard)
    func mutationScore() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "pytest", "-q", "-rxX",
                                    "Tests/Conformance/test_mutations.py"])
        #expect(run.status == 0, "\(run.report)")
        #expect(run.report.contains("faults caught"), "test_mutations.py gave no score: \(run.report)")
    }
}
