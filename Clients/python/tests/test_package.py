"""The package's other faces: the asyncio client, the mirror's gaps, finding the engine, golden
transcripts (scenery.testing) and the generated types.

    SCENERY_BIN=.build/debug/scenery PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_package.py
"""

import asyncio
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import scenery
from scenery import AsyncSceneryClient, GapError, Mirror, SceneryError, find_engine
from scenery.testing import TranscriptMismatch, replay

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = find_engine()
NO_ENGINE = "scenery binary not found: set SCENERY_BIN or run `swift build`"


class MirrorTest(unittest.TestCase):
    def test_a_rev_out_of_order_or_a_patch_that_does_not_apply_is_a_gap_and_changes_nothing(self):
        mirror = Mirror()
        mirror.reset({"scene": None}, 3)
        self.assertTrue(mirror.apply([{"op": "replace", "path": "/scene", "value": "a"}], 4))
        with self.assertRaises(GapError):
            mirror.apply([{"op": "replace", "path": "/scene", "value": "b"}], 6)
        with self.assertRaises(GapError):
            mirror.apply([{"op": "remove", "path": "/nothing"}], 5)
        self.assertEqual((mirror.rev, mirror.state), (4, {"scene": "a"}))
        self.assertFalse(mirror.apply([], 4), "an empty patch at the current rev changes nothing")

    def test_a_session_with_on_gap_reports_the_gap_and_still_answers(self):
        gaps = []
        session = scenery.Session(on_gap=gaps.append)
        request_id, _ = session.request("initialize", {})
        session.receive(f'{{"jsonrpc":"2.0","id":{request_id},"result":{{"rev":0,"state":{{}}}}}}')
        request_id, _ = session.request("tap", {"id": "x"})
        answer = session.receive(f'{{"jsonrpc":"2.0","id":{request_id},"result":{{"rev":5,"patch":[]}}}}')
        self.assertEqual((len(gaps), answer.result["rev"], session.mirror.rev), (1, 5, 0))


class FindEngineTest(unittest.TestCase):
    def test_an_explicit_path_wins_over_scenery_bin_which_wins_over_the_rest(self):
        with mock.patch.dict(os.environ, {"SCENERY_BIN": "/bin/true"}):
            self.assertEqual(find_engine("/bin/false"), "/bin/false")
            self.assertEqual(find_engine(), "/bin/true")
            with self.assertRaisesRegex(FileNotFoundError, "no scenery binary at"):
                scenery.engine_path("/no/such/scenery")


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class AsyncClientTest(unittest.TestCase):
    def test_a_session_on_asyncio_keeps_the_mirror_and_raises_error_answers_with_their_code(self):
        async def walk():
            async with AsyncSceneryClient(ENGINE) as engine:
                hello = await engine.request("initialize", {"protocolVersion": "1.0"})
                self.assertEqual(hello["engine"], "scenery")
                await engine.request("scene.open", {"scene": "directory"})
                # Two requests in flight at once: answers go to their own awaiters by id.
                first, second = await asyncio.gather(engine.request("tap", {"id": "tab.recents"}),
                                                     engine.request("tap", {"id": "tab.contacts"}))
                self.assertEqual(second["rev"], first["rev"] + 1)
                self.assertEqual(engine.state["model"]["tab"], "contacts")
                with self.assertRaises(SceneryError) as caught:
                    await engine.request("tap", {})
                self.assertEqual(caught.exception.code, -32602)
                self.assertIn("id", caught.exception.message)
                await engine.verify()
        asyncio.run(walk())


TRANSCRIPT = """# scenery.testing's test: initialize, then snapshot.
> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.0"}}
< WRONG
> {"jsonrpc":"2.0","id":2,"method":"shutdown"}
"""


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class GoldenTranscriptTest(unittest.TestCase):
    def test_a_wrong_line_fails_with_the_engines_report_and_update_rewrites_it(self):
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "hello.transcript"
            path.write_text(TRANSCRIPT)
            with self.assertRaises(TranscriptMismatch) as caught:
                replay(path, engine=ENGINE, update=False)
            self.assertRegex(str(caught.exception), r"expected:? +WRONG")
            self.assertRegex(str(caught.exception), r'actual:? +\{"id":1')
            replay(path, engine=ENGINE, update=True)
            self.assertIn('"engine":"scenery"', path.read_text())
            self.assertTrue(path.read_text().startswith("# scenery.testing's test"), "comments are kept")
            replay(path, engine=ENGINE, update=False)  # now it holds

    def test_the_pytest_plugin_replays_and_rewrites_under_its_flag(self):
        try:
            import pytest  # noqa: F401
        except ImportError:
            self.skipTest("needs pytest (python3 -m pip install pytest; Scripts/test installs it)")
        with tempfile.TemporaryDirectory() as folder:
            (pathlib.Path(folder) / "hello.transcript").write_text(TRANSCRIPT)
            (pathlib.Path(folder) / "test_hello.transcript").write_text(TRANSCRIPT)  # collected as a test
            (pathlib.Path(folder) / "test_golden.py").write_text(
                "def test_golden(scenery_transcript):\n"
                "    scenery_transcript(__file__.replace('test_golden.py', 'hello.transcript'))\n")
            env = dict(os.environ, SCENERY_BIN=ENGINE,
                       PYTHONPATH=str(pathlib.Path(scenery.__file__).parents[1]))
            # The plugin is registered by the installed package's entry point; here, by -p.
            command = [sys.executable, "-m", "pytest", "-q", "-p", "scenery.testing", "-p", "no:cacheprovider", folder]
            failing = subprocess.run(command, env=env, capture_output=True, text=True)
            self.assertNotEqual(failing.returncode, 0, failing.stdout)
            self.assertIn("2 failed", failing.stdout)
            self.assertRegex(failing.stdout, r"expected:? +WRONG")
            updated = subprocess.run(command + ["--scenery-update"], env=env, capture_output=True, text=True)
            self.assertEqual(updated.returncode, 0, updated.stdout + updated.stderr)
            again = subprocess.run(command, env=env, capture_output=True, text=True)
            self.assertEqual(again.returncode, 0, again.stdout + again.stderr)


if __name__ == "__main__":
    unittest.main()
