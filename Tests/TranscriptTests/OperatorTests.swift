import Foundation
import Testing
import SceneryTestSupport

/// `scenery serve` as an operator runs it, from outside over real sockets: /healthz, /metrics,
/// the drain on SIGTERM and permessage-deflate (`Tests/Web/test_operate.py`), and several
/// processes behind a real nginx (`Deploy/nginx/run.sh`, `Tests/Web/test_nginx.py`).
@Suite("scenery serve for operators")
struct OperatorTests {
    @Test("health, Prometheus metrics, a drain with 1012 on SIGTERM, permessage-deflate, threads and memory given back", .programGuard)
    func healthMetricsDrainCompression() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Tests/Web/test_operate.py"])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") && !$0.contains("AddressSanitizer") }
        #expect(skips.isEmpty, "nothing in test_operate.py may skip (but a measure of time or memory under AddressSanitizer): \(skips)")
    }

    static let hasNginx = WebTests.onPath("nginx") || FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx")

    @Test("three backends behind nginx (Deploy/nginx/run.sh): sessions spread, a SIGKILLed backend ends only its own, reconnects land elsewhere",
          .enabled(if: hasNginx, "skipped: needs nginx (apt-get install -y nginx-light); Scripts/test installs it"),
          .programGuard)
    func severalProcessesBehindNginx() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Tests/Web/test_nginx.py"])
        #expect(run.status == 0, "\(run.report)")
        #expect(!run.stderr.contains("... skipped"), "\(run.report)")
    }
}
