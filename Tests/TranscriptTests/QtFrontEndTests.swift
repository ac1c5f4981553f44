import Foundation
import Testing
import SceneryTestSupport

/// The Qt desktop front end (`Examples/qt/`, Python and PySide6), tested from outside as the
/// browser's is: its renderer against the conformance kit, the real window offscreen on the
/// real clock, and its JSON Patch applier against the RFC 6902 suite. Each runs as its own
/// program, so a failure can be reproduced with the command in the test's message.
@Suite("Qt front end")
struct QtFrontEndTests {
    static let hasPySide6 = (try? runProcess(WebTests.env, ["python3", "-c", "import PySide6.QtGui, PySide6.QtWidgets, PySide6.QtTest"]))?.status == 0
    static let noPySide6: Comment = "skipped: needs PySide6 (python3 -m pip install PySide6==6.9.2; Scripts/test installs it)"
    /// The front end is Python and Qt, which AddressSanitizer does not instrument; the sanitized
    /// engine runs many times slower, which would only make these real-clock tests slow and flaky.
    static let notSanitized: Comment = "skipped under AddressSanitizer: the Qt front end is Python and Qt, which the sanitizer does not instrument; the unsanitized pass runs these"
    static let offscreen = "QT_QPA_PLATFORM=offscreen"

    /// A fresh folder under the system's temporary one.
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-qt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the Qt renderer passes every probe of the conformance kit (Protocol/conformance)",
          .enabled(if: hasPySide6, noPySide6), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func conformanceKit() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let states = folder.appendingPathComponent("states").path, renders = folder.appendingPathComponent("renders").path
        let collect = try await WebTests.run(["python3", "Protocol/conformance/collect.py", "--scenery", Paths.binary.path, "--out", states])
        try #require(collect.status == 0, "\(collect.report)")
        let render = try await WebTests.run([Self.offscreen, "python3", "Examples/qt/scenery_qt.py", "--render-states", states, "--out", renders])
        try #require(render.status == 0, "\(render.report)")
        let check = try await WebTests.run(["python3", "Protocol/conformance/check.py", "--states", states, "--renders", renders])
        #expect(check.status == 0, "\(check.report)")
    }

    @Test("the Qt window, offscreen on the real clock: every scene drawn, drags, the wheel and keys sent as the scene takes them, a click advances the rev and changes the picture, a long press, a rev gap resyncs; the window opens at the device's size and follows a device change, a status never resizes it, the pickers show their entries whole, a scaled screen takes clicks where it draws, a killed engine dims the screen and is restarted on the same scene and device, no word that fits its frame broken",
          .enabled(if: hasPySide6, noPySide6), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func liveWindow() async throws {
        let run = try await WebTests.run([Self.offscreen, "SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Examples/qt/test_scenery_qt.py"])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") }
        #expect(skips.isEmpty, "nothing in test_scenery_qt.py may skip here: \(skips)")
    }

    @Test("the Qt window to assistive technology, offscreen on the real clock: QAccessible queries on the screen widget give, on every scene and every test card page, exactly the nodes an independent engine lists in snapshot {\"as\":\"accessibility\"}, with PROTOCOL.md section 3's Qt roles, names, states, nesting and where they are drawn; a scene's first list says nothing; the press action taps and the change is told (an announcement, a state change); a drag asks for the list once it settles, one request at a time",
          .enabled(if: hasPySide6, noPySide6), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func accessibleWindow() async throws {
        let run = try await WebTests.run([Self.offscreen, "SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Examples/qt/test_accessibility.py"])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") }
        #expect(skips.isEmpty, "nothing in test_accessibility.py may skip here: \(skips)")
    }

    @Test("the Qt window with the keyboard alone, offscreen on the real clock: Tab reaches the Contacts tab with a focus ring, Qt told of each focus, Enter opens it; Tab leaves for the pickers and comes back to the first row, Space selects it; a row half in view is scrolled into view; the ring is clipped as the row is; the scene picker opens the shelf by keys, Enter on a book shows the alert (only the alert told, the focus moved to OK), Enter on OK dismisses it",
          .enabled(if: hasPySide6, noPySide6), .enabled(if: !WebTests.sanitized, notSanitized), .programGuard)
    func keyboardOnly() async throws {
        let run = try await WebTests.run([Self.offscreen, "SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Examples/qt/test_keyboard.py"])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") }
        #expect(skips.isEmpty, "nothing in test_keyboard.py may skip here: \(skips)")
    }
}
