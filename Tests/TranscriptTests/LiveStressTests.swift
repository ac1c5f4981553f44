import Foundation
import Testing
import SceneryTestSupport

/// The real clock from outside, as Python programs in `Tests/Live/` (so a failure can be
/// reproduced with the command in the test's message, and its seed): every line that carries a
/// rev arrives in rev order on pipes and over `scenery serve`, under random load; and in
/// `scenery serve` a tab whose pictures hang does not hold up another tab's set loading.
/// Serialized: the timing test must not run beside the stress test.
@Suite("Real-clock stress, from outside", .serialized)
struct LiveStressTests {
    /// Runs a Python test file against the built binary, as ``WebTests`` runs its programs (told
    /// when the build has AddressSanitizer); nothing in it may skip but a measure of time there.
    static func unittest(_ file: String) async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", file])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") && !$0.contains("AddressSanitizer") }
        #expect(skips.isEmpty, "nothing in \(file) may skip: \(skips)")
    }

    @Test("every line with a rev arrives in rev order: 12 pipes and 12 serve sessions, every scene, loads finishing in random order, commands meanwhile; scene.open's response before rev 2",
          .programGuard)
    func revOrderUnderLoad() async throws {
        try await Self.unittest("Tests/Live/test_live_order.py")
    }

    @Test("in scenery serve, three tabs whose pictures hang slow another tab's set loading by less than 2x + 100 ms",
          .programGuard)
    func hangingTabsDoNotStallOthers() async throws {
        try await Self.unittest("Tests/Live/test_live_loads.py")
    }
}
