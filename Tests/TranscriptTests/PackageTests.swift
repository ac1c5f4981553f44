import Foundation
import Testing
import SceneryTestSupport

/// The Python and JavaScript packages (`Clients/`): their own tests from the checkout, their
/// types against the schema and the type checkers, and the built artefacts (`dist/`, from
/// `Scripts/package`) installed outside the checkout with the Swift toolchain hidden. Each runs
/// as its own program, so a failure can be reproduced with the command in the test's message.
@Suite("Packages")
struct PackageTests {
    static let hasMypy = (try? WebTests.run(["python3", "-m", "mypy", "--version"]))?.status == 0
    static let hasTsc = WebTests.onPath("tsc")

    @Test("the Python package passes its tests: patch conformance, fake and real engine, asyncio, transcripts")
    func pythonPackage() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "discover", "-v",
                                    "-s", "Clients/python/tests"])
        #expect(run.status == 0, "\(run.report)")
        // Only the RFC 6902 suite may skip, and only where ../shared is missing; under AddressSanitizer
        // also what says so (the kit's judgement of every collected state: the first pass made it).
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") }
            .filter { !(WebTests.sanitized && $0.contains("under AddressSanitizer")) }
        if SharedData.has("conformance/json-patch-tests") {
            #expect(skips.isEmpty, "nothing may skip with ../shared present: \(skips)")
        } else {
            #expect(skips.allSatisfy { $0.contains("needs ../shared/") }, "only tests that need ../shared may skip: \(skips)")
        }
    }

    @Test("the generated types are what Scripts/generate-types makes of the schema now")
    func typesMatchTheSchema() async throws {
        let run = try await WebTests.run(["python3", "Scripts/generate-types", "--check"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("mypy --strict passes on the Python package and the demos",
          .enabled(if: hasMypy, "skipped: needs mypy (python3 -m pip install mypy; Scripts/test installs it)"))
    func mypyStrict() async throws {
        let package = try await runProcessOnItsOwnThread(WebTests.env, ["python3", "-m", "mypy", "--strict", "-p", "scenery"],
                                                     in: Paths.repo.appendingPathComponent("Clients/python"))
        #expect(package.status == 0, "cd Clients/python && python3 -m mypy --strict -p scenery:\n\(String(decoding: package.stdout, as: UTF8.self))")
        let demos = try await WebTests.run(["MYPYPATH=Clients/python", "python3", "-m", "mypy", "--strict",
                                      "Examples/python/directory_demo.py", "Examples/python/exhibition_demo.py"])
        #expect(demos.status == 0, "\(demos.report)")
    }

    @Test("mypy --strict passes on the Qt front end (Examples/qt) and its window and gesture tests, against PySide6's stubs",
          .enabled(if: hasMypy, "skipped: needs mypy (python3 -m pip install mypy; Scripts/test installs it)"),
          .enabled(if: QtFrontEndTests.hasPySide6, QtFrontEndTests.noPySide6))
    func mypyStrictQt() async throws {
        let modules = ["accessibility", "accessible_screen", "apng", "assets", "gestures", "keyboard", "presets", "render_states",
                       "renderer", "scenery_qt", "screen", "semantics", "session", "text", "window", "qt_testing",
                       "test_accessibility", "test_keyboard", "test_scenery_qt", "test_gesture_scripts", "test_named_data"]
        let run = try await WebTests.run(["MYPYPATH=Clients/python", "python3", "-m", "mypy", "--strict"]
                                   + modules.map { "Examples/qt/\($0).py" })
        #expect(run.status == 0, "\(run.report)")
    }

    static let hasRsvg = WebTests.onPath("rsvg-convert")

    @Test("the JavaScript package's declarations pass tsc --strict, and misspelt methods, params and model keys fail it",
          .enabled(if: hasTsc, "skipped: needs tsc (apt-get install -y node-typescript; Scripts/test installs it)"),
          .enabled(if: WebTests.hasNode, WebTests.noNode))
    func typescriptStrict() async throws {
        let run = try await WebTests.run(["node", "Clients/js/test_types.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the node client runs a session on the real engine through the page's Session",
          .enabled(if: WebTests.hasNode, WebTests.noNode))
    func nodeClient() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "node", "Clients/js/test_node.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the node client's locators, waits on both clocks and expect, on every scene",
          .enabled(if: WebTests.hasNode, WebTests.noNode))
    func nodeLocators() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "node", "Clients/js/test_locators.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the node client's readable goldens under node --test: a recorded golden passes, a changed row fails with the engine's report, SCENERY_UPDATE=1 rewrites it; screenText is the engine's",
          .enabled(if: WebTests.hasNode, WebTests.noNode))
    func nodeGoldens() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "node", "Clients/js/test_goldens.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("the node client's SVG screenshots, rasterised by librsvg, pass the conformance kit on every collected state",
          .enabled(if: WebTests.hasNode, WebTests.noNode),
          .enabled(if: hasRsvg, "skipped: needs rsvg-convert (apt-get install -y librsvg2-bin; Scripts/test installs it)"),
          .enabled(if: !WebTests.sanitized, "skipped under AddressSanitizer: the first pass checks the same SVGs"))
    func nodeScreenshots() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "node", "Clients/js/test_screenshot.mjs"])
        #expect(run.status == 0, "\(run.report)")
    }

    @Test("every relative link in the README, Docs/ and the packages' READMEs resolves")
    func links() async throws {
        let guides = try await WebTests.run(["python3", "Tests/Docs/check_links.py"])  // README.md and Docs/*.md
        #expect(guides.status == 0, "\(guides.report)")
        let others = try await WebTests.run(["python3", "Tests/Docs/check_links.py", "Clients/python/README.md", "Clients/js/README.md",
                                             "Protocol/PROTOCOL.md", "Protocol/WRITING-A-SCENE.md", "Examples/qt/README.md"])
        #expect(others.status == 0, "\(others.report)")
    }

    @Test("the packages installed outside the checkout with no Swift toolchain: engine, wheel, npm tarball",
          .enabled(if: FileManager.default.fileExists(atPath: Paths.repo.appendingPathComponent("dist/engine/scenery").path),
                   "skipped: needs the packages in dist/ (run Scripts/package; Scripts/test does)"),
          .enabled(if: !WebTests.sanitized, "skipped under AddressSanitizer: the packaged engine is the same in both passes, so the first pass tests it"),
          .enabled(if: getuid() == 0, "skipped: needs root (unshare -m hides the toolchain in a private mount namespace)"),
          .programGuard)
    func installedPackages() async throws {
        let run = try await WebTests.run(["SCENERY_BIN=\(Paths.binary.path)", "python3", "-m", "unittest", "-v", "Tests/Packages/test_installed.py"])
        #expect(run.status == 0, "\(run.report)")
        let skips = run.stderr.split(separator: "\n").filter { $0.contains("... skipped") }
        #expect(skips.isEmpty, "nothing may skip once dist/ is built (root, unshare, node and npm are what CI has): \(skips)")
    }
}
