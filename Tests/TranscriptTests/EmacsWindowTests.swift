import Foundation
import Testing
import SceneryTestSupport

/// The Emacs front end as a user meets it (`Clients/emacs`, `Tests/Emacs/`): the transcript
/// stepper over every transcript and example golden; a real emacs-gtk frame on a private Xvfb,
/// driven from outside with xdotool and photographed with ImageMagick's `import` (the kit's
/// states from the X screen, the 14 gesture scripts as real X input, a live session on the real
/// clock, the screen reader's view used with keys alone); and the package tarball installed with
/// `package-install-file` outside the checkout.
/// Each runs as its own program; the message holds the command.
@Suite("Emacs window", .serialized)
struct EmacsWindowTests {
    static let hasX = EmacsTests.hasEmacs && ["Xvfb", "xdotool", "import", "emacsclient"].allSatisfy(WebTests.onPath)
    static let noX: Comment = "skipped: needs emacs, Xvfb, xdotool and ImageMagick (apt-get install -y emacs-gtk xvfb xdotool imagemagick; Scripts/test installs them)"
    static let hasTarball = ((try? FileManager.default.contentsOfDirectory(atPath: Paths.repo.appendingPathComponent("dist").path)) ?? [])
        .contains { $0.hasPrefix("scenery-emacs-") && $0.hasSuffix(".tar") }
    static let notSanitized: Comment = "skipped under AddressSanitizer: the front end is Emacs Lisp, which the sanitizer does not instrument; the plain pass runs this"

    /// `python3 Tests/Emacs/test_emacs_x.py -v CLASS` with the engine under test; nothing may skip.
    static func runUnderX(_ testClass: String) async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "Tests/Emacs/test_emacs_x.py", "-v", testClass])
        #expect(run.status == 0, "\(run.report)")
        #expect(!run.stderr.contains("... skipped"), "nothing in \(testClass) may skip here: \(run.stderr)")
    }

    @Test("a real emacs-gtk frame shows every kit state at one device pixel a pixel, and its screenshots pass check.py",
          .enabled(if: hasX, noX), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func kitStatesOnTheXScreen() async throws {
        try await Self.runUnderX("KitStatesTest")
    }

    @Test("the 14 gesture scripts played with xdotool into M-x scenery pass gestures.py, judged from what scenery record -o wrote",
          .enabled(if: hasX, noX), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func gestureScripts() async throws {
        try await Self.runUnderX("GestureScriptsTest")
    }

    @Test("M-x scenery live on the real clock: every scene drawn, photos from serve_demo.py, the ring turns, a killed engine shown and restarted by g",
          .enabled(if: hasX, noX), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func liveSession() async throws {
        try await Self.runUnderX("LiveSessionTest")
    }

    @Test("issue 37 with keys alone in M-x scenery: a opens the screen reader's view, n/p/TAB move, RET taps the Contacts tab, a row, a book and its alert's OK by id, the view follows and announces; hovering over a button says its role, name and states",
          .enabled(if: hasX, noX), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func screenReader() async throws {
        try await Self.runUnderX("ScreenReaderTest")
    }

    @Test("dist/scenery-emacs-*.tar installs with package-install-file into a clean HOME and runs a session and the stepper on the wheel's engine, toolchain hidden",
          .enabled(if: EmacsTests.hasEmacs, EmacsTests.noEmacs),
          .enabled(if: hasTarball, "skipped: needs dist/scenery-emacs-*.tar and the wheel (run Scripts/package; Scripts/test does)"),
          .enabled(if: !WebTests.sanitized, "skipped under AddressSanitizer: the packaged engine is the same in both passes, so the first pass tests it"),
          .enabled(if: getuid() == 0, "skipped: needs root (unshare -m hides the toolchain in a private mount namespace)"),
          .programGuard)
    func installedPackage() async throws {
        let run = try await WebTests.run(["python3", "-m", "unittest", "-v", "Tests/Packages/test_emacs_package.py"])
        #expect(run.status == 0, "\(run.report)")
        #expect(!run.stderr.contains("... skipped"), "nothing may skip once dist/ is built: \(run.stderr)")
    }
}
