"""Readable goldens under pytest (scenery.testing), checked from outside: pytest runs in a
subprocess on a small project made here, with a golden recorded by `scenery record -o`, and its
output is read the way a person reads it. Also the screen as text: one renderer, the engine's.

    SCENERY_BIN=.build/release/scenery PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_goldens.py
"""

import asyncio
import importlib.metadata
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import scenery
from scenery import AsyncSceneryClient, SceneryClient, TimeoutError, expect, find_engine
from scenery.testing import GoldenMismatch, GoldenSkipped, TranscriptMismatch, replay

ENGINE = find_engine()
NO_ENGINE = "scenery binary not found: set SCENERY_BIN or run `swift build`"
PACKAGE = pathlib.Path(scenery.__file__).resolve().parents[1]

# The session the golden records: the directory, a row tapped, then the Contacts tab.
REQUESTS = [
    {"method": "initialize", "params": {"protocolVersion": "1.0", "seed": 1}},
    {"method": "scene.open", "params": {"scene": "directory"}},
    {"method": "tap", "params": {"id": "recents.event.2"}},
    {"method": "tap", "params": {"id": "tab.contacts"}},
]
# The row whose text the broken golden changes, as the golden shows it after the row's tap.
ROW = 'row "Turf 18 Mar, 2018" [selected]'
BROKEN_ROW = 'row "Turf 19 Mar, 2018" [selected]'
# What one screen of a terminal holds: a failure's report must fit in it.
ONE_SCREEN = 40


def has_pytest() -> bool:
    try:
        import pytest  # noqa: F401
    except ImportError:
        return False
    return True


def plugin_installed() -> bool:
    """Whether pytest finds scenery.testing by the package's entry point (an installed wheel)."""
    return any(point.value == "scenery.testing" for point in importlib.metadata.entry_points(group="pytest11"))


def record(path: pathlib.Path) -> None:
    """`scenery record -o path` fed the session's requests as JSON-RPC lines on stdin."""
    lines = "".join(json.dumps({"jsonrpc": "2.0", "id": number, **request}) + "\n"
                    for number, request in enumerate(REQUESTS, 1))
    run = subprocess.run([ENGINE, "record", "-o", str(path)], input=lines, capture_output=True, text=True,
                         timeout=60)
    if run.returncode != 0 or not path.is_file():
        raise AssertionError(f"scenery record failed ({run.returncode}): {run.stderr}")


def step_line(golden: pathlib.Path, request: str) -> int:
    """The number of the golden's line holding ``request`` (``> tap {...}``), from 1."""
    return golden.read_text().splitlines().index(request) + 1


def report_of(output: str, first_line: str) -> list[str]:
    """The lines of pytest's output from ``first_line`` to the next section rule (``____`` or
    ``====``): one failure's report as shown."""
    lines = output.splitlines()
    start = lines.index(first_line)
    end = next((number for number in range(start + 1, len(lines))
                if re.match(r"^(_{3,}|={3,})( |$)", lines[number])), len(lines))
    return lines[start:end]


@unittest.skipIf(ENGINE is None, NO_ENGINE)
@unittest.skipUnless(has_pytest(), "needs pytest (python3 -m pip install pytest; Scripts/test installs it)")
class GoldensUnderPytestTest(unittest.TestCase):
    """A project: tests/test_dir.golden (collected as a test) and tests/test_fixture.py replaying
    tests/dir.golden (the same session) with the scenery_golden fixture."""

    def setUp(self) -> None:
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="goldens-"))
        self.addCleanup(shutil.rmtree, self.folder, ignore_errors=True)
        tests = self.folder / "tests"
        tests.mkdir()
        self.golden = tests / "test_dir.golden"
        record(self.golden)
        self.recorded = self.golden.read_text()
        self.fixture_golden = tests / "dir.golden"
        self.fixture_golden.write_text(self.recorded)
        (tests / "test_fixture.py").write_text(
            "def test_the_fixture_replays(scenery_golden):\n"
            "    scenery_golden('dir.golden')\n")

    def pytest(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        plugin = [] if plugin_installed() else ["-p", "scenery.testing"]
        command = [sys.executable, "-m", "pytest", *plugin, "-p", "no:cacheprovider", *args]
        environment = {name: value for name, value in os.environ.items() if name != "SCENERY_UPDATE"}
        environment.update(SCENERY_BIN=str(ENGINE), PYTHONPATH=str(PACKAGE), **env)
        return subprocess.run(command, cwd=self.folder, env=environment, capture_output=True, text=True,
                              timeout=300)

    def breaking(self, *goldens: pathlib.Path) -> None:
        """Change one row's text in each golden, as a person editing it by mistake would."""
        for golden in goldens:
            text = golden.read_text()
            self.assertIn(ROW, text)
            golden.write_text(text.replace(ROW, BROKEN_ROW, 1))

    def test_a_recorded_golden_passes_under_pytest_collected_and_through_the_fixture(self) -> None:
        self.assertTrue(self.recorded.startswith("#"), "record writes a readable golden")
        self.assertIn("> tap {\"id\":\"tab.contacts\"}", self.recorded)
        self.assertIn('button "Contacts" [selected]', self.recorded, "the screen as text, after the last tap")
        run = self.pytest("-v")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertRegex(run.stdout, r"tests/test_dir\.golden::test_dir PASSED")
        self.assertRegex(run.stdout, r"tests/test_fixture\.py::test_the_fixture_replays PASSED")
        self.assertIn("2 passed", run.stdout)

    def test_goldens_do_not_hold_the_engines_version(self) -> None:
        version = subprocess.run([ENGINE, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
        self.assertTrue(version)
        for number, line in enumerate(self.recorded.splitlines(), 1):
            # protocolVersion is the protocol's, which a golden's initialize asks for.
            self.assertIsNone(re.search(r"(?<!protocol)version", line, re.I), f"line {number}: {line}")
            self.assertNotIn(f'"{version}"', line, f"line {number}")

    def test_a_changed_row_fails_with_the_engines_report_alone_collected_or_through_the_fixture(self) -> None:
        tap = step_line(self.golden, '> tap {"id":"recents.event.2"}')
        self.breaking(self.golden, self.fixture_golden)
        run = self.pytest()
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertIn("2 failed", run.stdout)
        self.assertNotIn("Traceback", run.stdout + run.stderr)
        for golden in ("tests/test_dir.golden", "tests/dir.golden"):
            with self.subTest(golden=golden):
                starts = [line for line in run.stdout.splitlines() if line.startswith(f"FAIL {golden}:")]
                self.assertTrue(starts, f"a line starts the engine's report (not 'E   ...'):\n{run.stdout}")
                first = starts[0]
                before = run.stdout[:run.stdout.index(first)]
                self.assertNotRegex(before, r"scenery[/\\]testing\.py|_pytest[/\\]|\.py:\d+: in ",
                                    "no frames before the report")
                report = report_of(run.stdout, first)
                shown = "\n".join(report)
                self.assertLessEqual(len(report), ONE_SCREEN, f"the report fits one screen:\n{shown}")
                self.assertNotRegex(shown, r"scenery[/\\]testing\.py|_pytest[/\\]|Traceback|\.py:\d+: in ")
                # The difference by node id and field, expected then actual.
                difference = [line for line in report if "recents.event.2" in line and "text" in line
                              and "expected" in line]
                self.assertTrue(difference, shown)
                self.assertRegex(difference[0], r'expected\W+"Turf 19 Mar, 2018".*actual\W+"Turf 18 Mar, 2018"')
                self.assertIn(f"{golden}:{tap}", shown, "the report names the file and the step's line")
        # The summary says how to accept or reject each change.
        self.assertRegex(run.stdout, r"review tests/test_dir\.golden tests/dir\.golden\s+accepts or rejects each change")

    def test_scenery_update_rewrites_and_the_summary_lists_each_golden_and_step(self) -> None:
        tap = step_line(self.golden, '> tap {"id":"recents.event.2"}')
        self.breaking(self.golden, self.fixture_golden)
        run = self.pytest("--scenery-update")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertEqual(self.golden.read_text(), self.recorded, "rewritten with the engine's output")
        self.assertEqual(self.fixture_golden.read_text(), self.recorded)
        self.assertIn("scenery goldens", run.stdout, "the summary's section")
        summary = run.stdout[run.stdout.index("scenery goldens"):]
        for golden in ("tests/test_dir.golden", "tests/dir.golden"):
            self.assertRegex(summary, rf"updated {re.escape(golden)}:\n  line {tap} \(tap\): screen 1 node\n")
        # SCENERY_UPDATE=1 is the same as the flag; a run with nothing to change lists nothing.
        self.breaking(self.golden)
        run = self.pytest(SCENERY_UPDATE="1")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertEqual(self.golden.read_text(), self.recorded)
        self.assertIn("updated tests/test_dir.golden:", run.stdout)
        again = self.pytest("--scenery-update")
        self.assertNotIn("updated", again.stdout)

    def test_an_unused_golden_is_obsolete_on_a_full_run_and_not_on_a_narrowed_one(self) -> None:
        (self.folder / "tests" / "old.golden").write_text(self.recorded)
        full = self.pytest()
        self.assertEqual(full.returncode, 0, full.stdout + full.stderr)
        self.assertIn("scenery goldens", full.stdout, "the summary's section")
        summary = full.stdout[full.stdout.index("scenery goldens"):]
        self.assertIn("1 golden no test used", summary)
        self.assertIn("\n  tests/old.golden\n", summary)
        self.assertIn("rm tests/old.golden", summary, "says how to remove it")
        self.assertNotIn("dir.golden", summary, "the collected golden and the fixture's are used")
        self.assertTrue((self.folder / "tests" / "old.golden").is_file(), "nothing is deleted")
        for narrowed in (["-k", "test_dir"], ["tests/test_fixture.py::test_the_fixture_replays"],
                         ["--deselect", "tests/test_dir.golden::test_dir"]):
            with self.subTest(narrowed=narrowed):
                run = self.pytest(*narrowed)
                self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
                self.assertNotIn("old.golden", run.stdout)
                self.assertNotIn("no test used", run.stdout)

    def test_a_golden_that_needs_a_missing_file_is_skipped(self) -> None:
        needs = self.folder / "tests" / "test_needs.golden"
        needs.write_text("# needs: no-such-data.json\n" + self.recorded)
        run = self.pytest("-rs", "tests/test_needs.golden")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("1 skipped", run.stdout)
        self.assertIn("no-such-data.json", run.stdout)


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class ReplayTest(unittest.TestCase):
    def test_replay_fails_with_the_report_and_update_returns_the_changed_steps(self) -> None:
        with tempfile.TemporaryDirectory() as name:
            golden = pathlib.Path(name) / "session.golden"
            record(golden)
            recorded = golden.read_text()
            self.assertEqual(replay(golden, engine=ENGINE, update=False), [])
            golden.write_text(recorded.replace(ROW, BROKEN_ROW, 1))
            with self.assertRaises(GoldenMismatch) as caught:
                replay(golden, engine=ENGINE, update=False)
            self.assertIs(GoldenMismatch, TranscriptMismatch)
            self.assertIsInstance(caught.exception, AssertionError)
            self.assertIn("recents.event.2 text", caught.exception.report)
            self.assertEqual(caught.exception.path, golden)
            tap = step_line(golden, '> tap {"id":"recents.event.2"}')
            self.assertEqual(replay(golden, engine=ENGINE, update=True), [f"line {tap} (tap): screen 1 node"])
            self.assertEqual(golden.read_text(), recorded)
            golden.write_text("# needs: missing.json\n" + recorded)
            with self.assertRaises(GoldenSkipped) as skipped:
                replay(golden, engine=ENGINE)
            self.assertIsInstance(skipped.exception, unittest.SkipTest)
            self.assertIn("missing.json", str(skipped.exception))


# Answers initialize, find (nothing found), clock.advance; snapshot is an error answer.
NO_TEXT = r"""
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    answer = {"jsonrpc": "2.0", "id": request["id"]}
    method = request["method"]
    if method == "initialize":
        answer["result"] = {"rev": 0, "state": {"scene": None}}
    elif method == "find":
        answer["result"] = {"count": 0, "matches": []}
    elif method == "clock.advance":
        answer["result"] = {"rev": 0, "nowMs": 50, "patch": []}
    elif method == "shutdown":
        answer["result"] = {}
    else:
        answer["error"] = {"code": -32601, "message": f"no method {method}"}
    sys.stdout.write(json.dumps(answer) + "\n"); sys.stdout.flush()
    if method == "shutdown":
        break
"""


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class ScreenTextTest(unittest.TestCase):
    """One renderer of the screen as text: the engine's (snapshot as "text")."""

    def test_screen_text_is_the_engines_text(self) -> None:
        with SceneryClient(ENGINE) as engine:
            engine.initialize(seed=1)
            engine.scene_open(scene="directory")
            text = engine.screen_text()
            self.assertIn('button "Contacts"  #tab.contacts', text)
            self.assertEqual(text, engine.snapshot(as_="text")["text"])
            self.assertEqual(engine.screen_text(ids=["tab.contacts"]).splitlines()[0],
                             'button "Contacts"  #tab.contacts')
            self.assertEqual(engine.screen_text(limit=2).splitlines()[2:], [f"... and {len(text.splitlines()) - 2} more lines"])

        async def walk() -> str:
            async with AsyncSceneryClient(ENGINE) as engine:
                await engine.initialize(seed=1)
                await engine.scene_open(scene="directory")
                return await engine.screen_text()
        self.assertEqual(asyncio.run(walk()), text)

    def test_a_failure_shows_the_engines_text_or_says_in_one_line_that_it_cannot(self) -> None:
        with SceneryClient(ENGINE) as engine:
            engine.initialize(seed=1)
            engine.scene_open(scene="directory")
            with self.assertRaises(AssertionError) as caught:
                expect(engine.get_by_role("button", name="Contacts")).to_be_hidden(timeout=0)
            self.assertIn('The screen shows:\n  text "Recents"  #title\n', str(caught.exception))
        with SceneryClient([sys.executable, "-c", NO_TEXT], timeout=10) as fake:
            fake.request("initialize")
            with self.assertRaises(TimeoutError) as timeout:
                fake.get_by_text("anything").wait_for(timeout=0.1)
            shown = str(timeout.exception).split("The screen shows:\n", 1)[1]
            self.assertEqual(shown, "  (the engine could not show its screen: snapshot: no method snapshot (code -32601))")


if __name__ == "__main__":
    unittest.main()
