"""The packages as a user gets them, from outside the checkout and with no Swift toolchain:

* the engine in dist/engine: ldd lists no Swift library, and with the toolchain's folder (and
  the checkout) hidden it answers a whole session byte for byte as the checkout's build does;
* the wheel in a fresh venv: the README's Python example, the ``scenery`` command, a golden
  transcript through ``scenery.testing``, and ``scenery serve`` serving its page from the
  resource bundle the wheel carries;
* the npm tarball installed into an empty folder: the README's JavaScript example under node.

"Hidden" means a private mount namespace (``unshare -m``, root) with empty tmpfs folders mounted
over /opt/swift (the toolchain) and over the checkout, PATH without Swift and no
LD_LIBRARY_PATH. Build the artefacts first: Scripts/package. SCENERY_BIN is the checkout's
build, whose output the packaged engine must reproduce.

    SCENERY_BIN=.build/debug/scenery python3 -m unittest -v Tests/Packages/test_installed.py
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DIST = REPO / "dist"
TOOLCHAIN = Path("/opt/swift")
sys.path.insert(0, str(REPO / "Tests" / "Support"))
from serve_process import start_serve  # noqa: E402

ENGINE = DIST / "engine" / "scenery"
WHEELS = sorted(glob.glob(str(DIST / "scenery_engine-*.whl")))
TARBALLS = sorted(glob.glob(str(DIST / "scenery-engine-*.tgz")))
SESSION = REPO / "Examples" / "sessions" / "directory.ndjson"
TRANSCRIPT = REPO / "Tests" / "Transcripts" / "core" / "session.transcript"
NO_DIST = "needs the packages in dist/ (run Scripts/package; Scripts/test does)"

# The four requests the goldens issue measured: initialize, the directory, a tap on a row, the
# Contacts tab; recorded with the installed package's `scenery record -o FILE.golden`.
FOUR_REQUESTS = b"".join(line.encode() + b"\n" for line in (
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.0","seed":1}}',
    '{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"directory"}}',
    '{"jsonrpc":"2.0","id":3,"method":"tap","params":{"id":"recents.event.2"}}',
    '{"jsonrpc":"2.0","id":4,"method":"tap","params":{"id":"tab.contacts"}}'))
ROW, CHANGED_ROW = 'row "Turf 18 Mar, 2018"', 'row "Turf 19 Mar, 2018"'
ROW_REPORT = 'screen recents.event.2 text: expected "Turf 19 Mar, 2018", actual "Turf 18 Mar, 2018"'


def check_golden_figures(test: unittest.TestCase, golden: str) -> None:
    """The issue's figures for the four requests' golden: under 6 KB, no line over 120
    characters, nothing of the engine's version; printed for the closing note."""
    lines = golden.splitlines()
    print(f"\n  golden of the four requests: {len(golden.encode())} bytes, {len(lines)} lines, "
          f"longest {max(map(len, lines))}", file=sys.stderr)
    test.assertLess(len(golden.encode()), 6000)
    test.assertLessEqual(max(map(len, lines)), 120)
    test.assertNotIn("version", golden)
    test.assertIn(ROW, golden)


def report_of(test: unittest.TestCase, output: str) -> list[str]:
    """The engine's report in a test runner's output: from its FAIL line to its "To accept" line;
    nothing of a traceback or the library's frames may come before it."""
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if "FAIL " in line and ".golden" in line), None)
    test.assertIsNotNone(start, output)
    before = "\n".join(lines[:start])
    for frame in ("Traceback", "site-packages", "node:internal", "testing.js", "testing.py"):
        test.assertNotIn(frame, before, output)
    end = next(i for i in range(start, len(lines)) if "To accept" in lines[i])
    return lines[start:end + 1]


# Run from the installed wheel by WheelTest: the Python package's locators on each scene.
SIX_SCENES = """# Locators, waits and assertions on each of the six scenes, from the installed wheel.
import sys
import time
from scenery import SceneryClient, StrictModeViolation, expect

people, events = sys.argv[1], sys.argv[2]
with SceneryClient() as engine:
    engine.initialize(network=False)
    engine.scene_open(scene="directory", people=people, events=events)
    engine.get_by_role("button", name="Contacts").tap()
    last = engine.get_by_role("row").last              # past the first screen: not a node yet
    name = last.text_content()
    row = engine.get_by_role("row", name=name, exact=True)
    assert row.bounding_box() is None, "the last row starts unrendered"
    row.tap()
    expect(row).to_be_visible()
    assert engine.model("directory")["offsetY"] > 10000
    engine.scene_open(scene="hoo")
    engine.locator("cell").last.tap()
    assert engine.model("hoo")["selection"] is not None
    engine.scene_open(scene="exhibition")
    engine.locator("mode.nearme").tap()
    expect(engine).to_have_model("cause", "reshuffle")
    engine.scene_open(scene="shelf")
    try:
        engine.get_by_role("button", name="Linear Algebra").tap()
        raise SystemExit("strictness missed")
    except StrictModeViolation:
        pass
    engine.get_by_role("button", name="Psychology: The Core").long_press()
    expect(engine).to_have_model("jiggling/book", "book.4")
    engine.scene_open(scene="photos")
    engine.locator("photo.0").tap()
    started = time.monotonic()
    expect(engine.get_by_text("3/16")).to_be_visible(timeout=5)   # 4 s of scene time
    assert time.monotonic() - started < 2
    engine.scene_open(scene="testcard")
    engine.page(direction="next")
    expect(engine.locator("header.title")).to_have_text("Text")
    print("six scenes:", name)
"""


def can_hide() -> str | None:
    """Why the hidden runs cannot happen here, or None."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return "needs root and unshare (util-linux) to hide the toolchain in a private mount namespace"
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return None if probe.returncode == 0 else f"unshare -m fails here: {probe.stderr.decode().strip()}"


NO_HIDING = can_hide()


def readme_example(section: str, language: str) -> str:
    """The first ``language`` code block under README heading ``section``."""
    text = (REPO / "README.md").read_text()
    start = text.index(f"## {section}\n")
    block = re.compile(rf"```{language}\n(.*?)```", re.S).search(text, start)
    assert block, f"no {language} example under {section!r} in README.md"
    return block.group(1)


class Hidden:
    """A folder outside the checkout, and commands run there with the toolchain hidden."""

    def __init__(self, test: unittest.TestCase) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scenery-installed-"))
        test.addCleanup(shutil.rmtree, self.folder, ignore_errors=True)
        self.wrapper = self.folder / "hidden"
        self.wrapper.write_text(
            "#!/bin/sh\n# Runs its arguments with the Swift toolchain and the checkout out of reach.\n"
            f"exec unshare -m sh -c 'mount -t tmpfs none {TOOLCHAIN} && mount -t tmpfs none {REPO} && exec \"$@\"' sh \"$@\"\n")
        self.wrapper.chmod(0o755)
        self.path = f"{self.folder}/venv/bin:/usr/local/bin:/usr/bin:/bin"

    def env(self) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if k in ("HOME", "LANG", "TERM")}
        return {**keep, "PATH": self.path}

    def run(self, *command: str, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([str(self.wrapper), *command], input=stdin, capture_output=True,
                              cwd=self.folder, env=self.env(), timeout=timeout)


@unittest.skipUnless(ENGINE.is_file(), NO_DIST)
class SelfContainedEngineTest(unittest.TestCase):
    def test_ldd_lists_no_swift_library(self):
        libraries = subprocess.run(["ldd", str(ENGINE)], capture_output=True, text=True, check=True).stdout
        self.assertNotIn("swift", libraries.lower(), libraries)
        self.assertNotIn("not found", libraries, libraries)

    @unittest.skipIf(NO_HIDING, NO_HIDING or "")
    def test_a_whole_session_with_the_toolchain_hidden_matches_the_checkouts_build(self):
        hidden = Hidden(self)
        engine = hidden.folder / "engine"
        shutil.copytree(ENGINE.parent, engine)
        session = SESSION.read_bytes()
        toolchain = hidden.run("sh", "-c", f"ls -A {TOOLCHAIN}; command -v swift || true")
        self.assertEqual(toolchain.stdout, b"", "the toolchain is still in reach")
        run = hidden.run(str(engine / "scenery"), stdin=session)
        self.assertEqual(run.returncode, 0, run.stderr.decode())
        reference = os.environ.get("SCENERY_BIN")
        if reference:
            expected = subprocess.run([reference], input=session, capture_output=True, check=True, cwd=hidden.folder).stdout
            self.assertEqual(run.stdout, expected, "the packaged engine's output differs from the checkout build's")
        self.assertGreater(run.stdout.count(b"\n"), 3)


@unittest.skipUnless(WHEELS, NO_DIST)
@unittest.skipIf(NO_HIDING, NO_HIDING or "")
class WheelTest(unittest.TestCase):
    """The wheel in a fresh venv outside the checkout."""

    @classmethod
    def setUpClass(cls):
        cls.case = cls("test_the_readme_example_runs")
        cls.hidden = Hidden(cls.case)
        venv = cls.hidden.folder / "venv"
        # Build the venv from a Python outside the checkout and the toolchain, then install the
        # wheel alone (no index: it has no dependencies).
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "--no-index", WHEELS[-1]], check=True)

    @classmethod
    def tearDownClass(cls):
        cls.case.doCleanups()

    def test_the_readme_example_runs(self):
        example = self.hidden.folder / "example.py"
        example.write_text(readme_example("Use Scenery from Python", "python"))
        run = self.hidden.run("python", str(example))
        self.assertEqual(run.returncode, 0, run.stderr.decode())
        self.assertIn(b"contacts", run.stdout)

    def test_a_newcomers_tour_of_every_scene(self):
        """Tests/Packages/outside_tour.py: locators, waits and expect on the six scenes, a row far
        down a long list, the gallery on the virtual clock, from the venv alone."""
        tour = self.hidden.folder / "outside_tour.py"
        shutil.copy(REPO / "Tests" / "Packages" / "outside_tour.py", tour)
        run = self.hidden.run("python", str(tour), timeout=300)
        self.assertEqual(run.returncode, 0, run.stdout.decode() + run.stderr.decode())
        self.assertIn(b"tour: every check holds", run.stdout)

    def test_locators_waits_and_assertions_on_each_of_the_six_scenes(self):
        """A row past the first screen of 2,000 people found and tapped, strictness, a model
        assertion on each scene, the photos gallery awaited on the virtual clock."""
        data = self.hidden.folder / "people"
        subprocess.run([sys.executable, str(REPO / "Examples" / "generators" / "directory_data.py"), "--people", "2000",
                        "--events", "10", "--out", str(data)], check=True, capture_output=True)
        script = self.hidden.folder / "six_scenes.py"
        script.write_text(SIX_SCENES)
        run = self.hidden.run("python", str(script), str(data / "people.json"), str(data / "events.json"))
        self.assertEqual(run.returncode, 0, run.stdout.decode() + run.stderr.decode())
        self.assertIn(b"six scenes:", run.stdout)

    def test_the_scenery_command_runs_the_bundled_engine(self):
        where = self.hidden.run("python", "-c", "import scenery; print(scenery.find_engine())")
        self.assertTrue(where.stdout.decode().strip().startswith(f"{self.hidden.folder}/venv/"), where)
        version = self.hidden.run("scenery", "--version")
        self.assertEqual((version.returncode, version.stdout.strip()), (0, b"0.1.0"), version.stderr.decode())
        run = self.hidden.run("scenery", stdin=SESSION.read_bytes())
        self.assertEqual(run.returncode, 0, run.stderr.decode())
        self.assertIn(b'"scene":"directory"', run.stdout)

    def test_a_golden_transcript_replays_and_a_wrong_line_is_reported(self):
        good, bad = self.hidden.folder / "good.transcript", self.hidden.folder / "bad.transcript"
        shutil.copy(TRANSCRIPT, good)
        lines = TRANSCRIPT.read_text().splitlines(keepends=True)
        first = next(i for i, line in enumerate(lines) if line.startswith("< "))
        lines[first] = '< {"changed": true}\n'
        bad.write_text("".join(lines))
        script = ("import sys\nfrom scenery.testing import replay, TranscriptMismatch\n"
                  f"replay({str(good)!r})\n"
                  f"try:\n    replay({str(bad)!r})\nexcept TranscriptMismatch as error:\n    print(error)\n"
                  "else:\n    sys.exit('the wrong line went unnoticed')\n")
        run = self.hidden.run("python", "-c", script)
        self.assertEqual(run.returncode, 0, run.stdout.decode() + run.stderr.decode())
        self.assertIn(b"line 1 of the output /changed: expected true, actual nothing", run.stdout)

    def test_a_readable_golden_recorded_in_the_venv_runs_under_pytest(self):
        """The four requests recorded with the wheel's `scenery record -o test_dir.golden`: the
        figures; pytest (the plugin the wheel installs) passes it; a changed row fails with the
        engine's report alone; --scenery-update puts it back and says what it changed."""
        pip = subprocess.run([str(self.hidden.folder / "venv" / "bin" / "pip"), "install", "--quiet", "pytest"],
                             capture_output=True, text=True)
        if pip.returncode != 0:
            self.skipTest(f"pytest could not be installed into the venv from PyPI: {pip.stderr.strip()[-200:]}")
        folder = self.hidden.folder / "goldens"
        folder.mkdir()
        record = self.hidden.run("sh", "-c", f"cd {folder} && scenery record -o test_dir.golden > /dev/null", stdin=FOUR_REQUESTS)
        self.assertEqual(record.returncode, 0, record.stderr.decode())
        golden = (folder / "test_dir.golden").read_text()
        check_golden_figures(self, golden)
        pytest = f"cd {folder} && python -m pytest -p no:cacheprovider"
        passing = self.hidden.run("sh", "-c", pytest)
        self.assertEqual(passing.returncode, 0, passing.stdout.decode() + passing.stderr.decode())
        (folder / "test_dir.golden").write_text(golden.replace(ROW, CHANGED_ROW, 1))
        failing = self.hidden.run("sh", "-c", pytest)
        output = failing.stdout.decode() + failing.stderr.decode()
        self.assertEqual(failing.returncode, 1, output)
        report = report_of(self, output)
        self.assertTrue(any(ROW_REPORT in line for line in report), output)
        self.assertLessEqual(len(report), 30, "\n".join(report))
        print(f"  pytest's report for one changed row: {len(report)} lines", file=sys.stderr)
        update = self.hidden.run("sh", "-c", pytest + " --scenery-update")
        listed = update.stdout.decode()
        self.assertEqual(update.returncode, 0, listed + update.stderr.decode())
        self.assertIn("test_dir.golden", listed)
        self.assertRegex(listed, r"line \d+ \(scene\.open\): screen 1 node")
        self.assertEqual((folder / "test_dir.golden").read_text(), golden)

    def test_serve_serves_its_page_from_the_bundled_resources(self):
        command = self.hidden.folder / "scenery-serve"
        # Only the hidden run's environment: SCENERY_BIN (the checkout's build) would override the bundled engine.
        command.write_text(f"#!/bin/sh\nexec env -i HOME=\"$HOME\" PATH={self.hidden.path} {self.hidden.wrapper} scenery \"$@\"\n")
        command.chmod(0o755)
        process, port = start_serve(str(command))
        try:
            for name in ("index.html", "session.js", "patch.js"):
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}", timeout=10) as response:
                    self.assertEqual(response.read(), (REPO / "Sources/SceneryServe/Page" / name).read_bytes(), name)
        finally:
            process.terminate()
            process.wait(10)


@unittest.skipUnless(TARBALLS, NO_DIST)
@unittest.skipIf(NO_HIDING, NO_HIDING or "")
@unittest.skipIf(shutil.which("npm") is None or shutil.which("node") is None, "needs node and npm (apt-get install -y nodejs npm)")
class NpmTarballTest(unittest.TestCase):
    def test_the_tarball_installs_offline_into_an_empty_project_and_the_readme_example_runs(self):
        hidden = Hidden(self)
        project = hidden.folder / "project"
        project.mkdir()
        install = subprocess.run(["npm", "install", "--offline", "--no-audit", "--no-fund", TARBALLS[-1]],
                                 cwd=project, capture_output=True, text=True, timeout=300)
        self.assertEqual(install.returncode, 0, install.stdout + install.stderr)
        (project / "example.mjs").write_text(readme_example("Use Scenery from JavaScript", "js"))
        run = hidden.run("sh", "-c", f"cd {project} && node example.mjs")
        self.assertEqual(run.returncode, 0, run.stderr.decode())
        self.assertIn(b"contacts", run.stdout)
        # Tests/Packages/outside_tour.mjs: locators, waits, expect and SVG screenshots on the six
        # scenes, a row far down a long list, the gallery on the virtual clock.
        shutil.copy(REPO / "Tests" / "Packages" / "outside_tour.mjs", project / "outside_tour.mjs")
        tour = hidden.run("sh", "-c", f"cd {project} && node outside_tour.mjs", timeout=300)
        self.assertEqual(tour.returncode, 0, tour.stdout.decode() + tour.stderr.decode())
        self.assertIn(b"tour: every check holds", tour.stdout)
        # A readable golden recorded with the package's engine and run by node --test through
        # scenery-engine/testing: it passes; with a row changed on purpose it fails with the
        # engine's report alone; SCENERY_UPDATE=1 puts it back.
        record = hidden.run("sh", "-c", f"cd {project} && npx --offline scenery record -o dir.golden > /dev/null",
                            stdin=FOUR_REQUESTS)
        self.assertEqual(record.returncode, 0, record.stderr.decode())
        golden = (project / "dir.golden").read_text()
        check_golden_figures(self, golden)
        (project / "dir.test.mjs").write_text(
            'import { test } from "node:test";\nimport { golden } from "scenery-engine/testing";\n'
            'test("directory", (t) => golden(new URL("./dir.golden", import.meta.url), { t }));\n')
        passing = hidden.run("sh", "-c", f"cd {project} && node --test dir.test.mjs")
        self.assertEqual(passing.returncode, 0, passing.stdout.decode() + passing.stderr.decode())
        (project / "dir.golden").write_text(golden.replace(ROW, CHANGED_ROW, 1))
        failing = hidden.run("sh", "-c", f"cd {project} && node --test dir.test.mjs")
        output = failing.stdout.decode() + failing.stderr.decode()
        self.assertEqual(failing.returncode, 1, output)
        report = report_of(self, output)
        self.assertTrue(any(ROW_REPORT in line for line in report), output)
        self.assertLessEqual(len(report), 30, "\n".join(report))
        update = hidden.run("sh", "-c", f"cd {project} && SCENERY_UPDATE=1 node --test dir.test.mjs")
        self.assertEqual(update.returncode, 0, update.stdout.decode() + update.stderr.decode())
        self.assertIn(b"dir.golden", update.stdout)
        self.assertEqual((project / "dir.golden").read_text(), golden)
        # The package's scenery command is the bundled engine.
        version = hidden.run("sh", "-c", f"cd {project} && npx --offline scenery --version")
        self.assertEqual((version.returncode, version.stdout.strip()), (0, b"0.1.0"), version.stderr.decode())


if __name__ == "__main__":
    unittest.main()
