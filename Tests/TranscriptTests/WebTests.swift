import Foundation
import Testing
import SceneryTestSupport

/// The browser front end (`scenery serve` and its page), tested from outside: the page's JSON
/// Patch code against the RFC 6902 suite and its session mirror under node, the server over
/// WebSockets from Python, and the page in real headless Chromium. Each runs as its own program in `Tests/Web/`, so a
/// failure there can be reproduced with the command in the test's message.
@Suite("Browser front end")
struct WebTests {
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// A program on the PATH, or nil.
    static func onPath(_ name: String) -> Bool {
        (try? runProcess(env, ["sh", "-c", "command -v \(name)"]))?.status == 0
    }

    /// Whether these tests (and so the binary beside them) were built with AddressSanitizer
    /// (`Scripts/test`'s second pass). The programs are told (`SCENERY_SANITIZED=1`): there a
    /// heavy request takes many times as long, and RSS is the sanitizer allocator's, so they scale
    /// their waits and skip what measures time or memory, saying why.
    static let sanitized = dlsym(nil, "__asan_init") != nil

    static let hasNode = onPath("node")
    static let hasChromium = ["chromium", "chromium-browser", "google-chrome"].contains(where: onPath)
    static let noNode: Comment = "skipped: needs node 20 (apt-get install -y nodejs)"
    static let noChromium: Comment = "skipped: needs Chromium (apt-get install -y chromium chromium-driver); Scripts/test installs it"

    /// Runs `command` (words, with `SCENERY_BIN=` first where the program starts the engine) in
    /// the repository; `report` is the command as one line to paste, then what it printed.
    /// Python programs import the package `scenery` from the checkout (`Clients/python`).
    static func run(_ command: [String]) throws -> (status: Int32, report: String, stderr: String) {
        let command = environment + command
        return report(command, try runProcess(env, command))
    }

    /// `run` awaited from a test: the program is waited for on a thread of its own, not on one of
    /// the few threads the tests share (`runProcessOnItsOwnThread`).
    static func run(_ command: [String]) async throws -> (status: Int32, report: String, stderr: String) {
        let command = environment + command
        return report(command, try await runProcessOnItsOwnThread(env, command))
    }

    /// Runs one of the page's node scripts in `Tests/Web/` against the engine under test.
    static func runPageScript(_ script: String) async throws -> (status: Int32, report: String, stderr: String) {
        try await run(["SCENERY_BIN=\(Paths.binary.path)", "node", "--experimental-websocket", "Tests/Web/" + script])
    }

    private static var environment: [String] {
        (sanitized ? ["SCENERY_SANITIZED=1"] : []) + ["PYTHONPATH=\(Paths.repo.path)/Clients/python"]
    }

    private static func report(_ command: [String], _ run: (status: Int32, stdout: [UInt8], stderr: String)) -> (status: Int32, report: String, stderr: String) {
        (run.status, command.joined(separator: " ") + ":\n" + String(decoding: run.stdout, as: UTF8.self) + run.stderr, run.stderr)
    }

    @Test("the page's JSON Patch passes json-patch-tests under node",
          .enabled(if: SharedData.has("conformance/json-patch-tests"),
                   SharedData.skipMessage("conformance/json-patch-tests", "the RFC 6902 conformance suite")),
          .enabled(if: hasNode, noNode))
    func pagePatchConformance() async throws {
        let run = try await Self.run(["node", "Tests/Web/patch_conformance.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the page's session mirror applies patches in rev order and resynchronises on a gap or a patch that does not apply",
          .enabled(if: hasNode, noNode))
    func pageSessionMirror() async throws {
        let run = try await Self.run(["node", "Tests/Web/session_test.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("scenery serve from outside: mirror, Origin, data root, isolation, a flooded session, closed tabs, the real clock",
          .programGuard)
    func serveFromOutside() async throws {
        let run = try await Self.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Tests/Web/test_serve.py"])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") && !$0.contains("AddressSanitizer") }
        #expect(skips.isEmpty, "nothing in test_serve.py may skip (but a measure of time or memory under AddressSanitizer): \(skips)")
    }

    @Test("every scene in headless Chromium: gestures, mirror equals snapshot, nodes where the display list says",
          .enabled(if: hasNode, noNode),
          .enabled(if: hasChromium, noChromium),
          .programGuard)
    func everySceneInChromium() async throws {
        let run = try await Self.runPageScript("browser_test.mjs")
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the page in a window: the screen scaled to fit without scrolling and tapped where clicked, lines broken between words, a cut line's ellipsis in its run's colour",
          .enabled(if: hasNode, noNode),
          .enabled(if: hasChromium, noChromium),
          .programGuard)
    func pageFitsTheWindow() async throws {
        let run = try await Self.runPageScript("page_fit_test.mjs")
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the page tells a screen reader and the keyboard what the engine's accessibility list says: Chromium's tree on every scene, Tab, Enter and Space, the live region, axe-core without a critical violation",
          .enabled(if: hasNode, noNode),
          .enabled(if: hasChromium, noChromium),
          .enabled(if: !sanitized,
                   "skipped under AddressSanitizer: what the page tells assistive technology does not depend on the engine's sanitizer, and the plain pass runs this test"),
          .programGuard)
    func pageAccessibility() async throws {
        let run = try await Self.runPageScript("accessibility_test.mjs")
        #expect(run.status == 0, "\(run.report)")
    }
}
