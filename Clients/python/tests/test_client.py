"""Tests of the Python package: PYTHONPATH=Clients/python python3 -m unittest discover -s Clients/python/tests

The patch applier runs the RFC 6902 conformance suite, the client's message handling runs
against a small fake engine written in Python, and the end-to-end walks run against the real
binary when there is one ($SCENERY_BIN, the bundled engine or a checkout's .build/*/scenery).
"""

import copy
import json
import pathlib
import random
import subprocess
import sys
import tempfile
import time
import unittest

from scenery import (PatchError, ProtocolError, SceneryClient, SceneryError, apply_patch, draw_order,
                     find_engine, parse_pointer, pointer, resolve, screen_frame)

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]

CONFORMANCE = REPO_ROOT.parent / "shared" / "conformance" / "json-patch-tests"


class PatchConformanceTest(unittest.TestCase):
    """json-patch/json-patch-tests: every enabled record passes."""

    def run_suite(self, name):
        path = CONFORMANCE / name
        if not path.is_file():
            self.skipTest(f"needs ../shared/conformance/json-patch-tests (the RFC 6902 suite), not found at {path}")
        records = [r for r in json.loads(path.read_text()) if not r.get("disabled")]
        self.assertTrue(records)
        for number, record in enumerate(records):
            with self.subTest(record=number, comment=record.get("comment", "")):
                doc = copy.deepcopy(record["doc"])
                if "error" in record:
                    with self.assertRaises(PatchError, msg=record["error"]):
                        apply_patch(doc, record["patch"])
                else:
                    result = apply_patch(doc, record["patch"])
                    if "expected" in record:
                        self.assertEqual(result, record["expected"])
                self.assertEqual(doc, record["doc"], "the input document was modified")

    def test_tests_json(self):
        self.run_suite("tests.json")

    def test_spec_tests_json(self):
        self.run_suite("spec_tests.json")


class PointerAndPatchTest(unittest.TestCase):
    def test_pointer_tokens_are_unescaped_tilde_one_first(self):
        self.assertEqual(parse_pointer("/a~1b/m~0n/~01"), ["a/b", "m~n", "~1"])
        self.assertEqual(parse_pointer(""), [])
        self.assertEqual(pointer("display", "nodes", "a/b~c"), "/display/nodes/a~1b~0c")

    def test_malformed_pointers_are_rejected(self):
        for bad in ("nodes", "/a~2", "/a~", None):
            with self.subTest(pointer=bad), self.assertRaises(PatchError):
                parse_pointer(bad)

    def test_array_indices_with_leading_zeros_signs_or_past_the_end_are_rejected(self):
        for bad in ("/list/01", "/list/-1", "/list/+1", "/list/3", "/list/-"):
            with self.subTest(path=bad), self.assertRaises(PatchError):
                resolve({"list": [1, 2, 3]}, bad)

    def test_dotted_node_ids_are_single_tokens(self):
        state = {"display": {"nodes": {"contacts.person.17.name": {"frame": [0, 1, 2, 3]}}}}
        path = "/display/nodes/contacts.person.17.name/frame"
        self.assertEqual(resolve(state, path), [0, 1, 2, 3])
        patched = apply_patch(state, [{"op": "replace", "path": path + "/1", "value": 9}])
        self.assertEqual(resolve(patched, path), [0, 9, 2, 3])
        self.assertEqual(resolve(state, path), [0, 1, 2, 3])

    def test_a_failing_patch_leaves_the_input_unchanged(self):
        doc = {"a": [1]}
        with self.assertRaises(PatchError):
            apply_patch(doc, [{"op": "add", "path": "/a/-", "value": 2},
                              {"op": "test", "path": "/a/1", "value": 3}])
        self.assertEqual(doc, {"a": [1]})

    def test_a_patch_copies_only_the_path_it_changes(self):
        doc = {"display": {"nodes": {"a": {"frame": [0, 0, 1, 1]}, "b": {"frame": [1, 1, 1, 1]}}}}
        result = apply_patch(doc, [{"op": "replace", "path": "/display/nodes/a/frame", "value": [2, 2, 2, 2]}])
        self.assertIs(result["display"]["nodes"]["b"], doc["display"]["nodes"]["b"])
        self.assertIsNot(result["display"]["nodes"]["a"], doc["display"]["nodes"]["a"])
        self.assertEqual(doc["display"]["nodes"]["a"]["frame"], [0, 0, 1, 1])

    def test_values_taken_from_the_patch_are_not_shared_with_it(self):
        patch = [{"op": "add", "path": "/x", "value": {"y": 1}},
                 {"op": "add", "path": "/x/z", "value": 2}]
        apply_patch({}, patch)
        self.assertEqual(patch[0]["value"], {"y": 1})

    def test_test_operation_tells_booleans_from_numbers(self):
        with self.assertRaises(PatchError):
            apply_patch({"a": True}, [{"op": "test", "path": "/a", "value": 1}])
        apply_patch({"a": 1}, [{"op": "test", "path": "/a", "value": 1.0}])


# A fake engine: enough protocol to exercise the client's handling of responses, notifications
# before and after a response, errors, drift and shutdown.
FAKE_ENGINE = r"""
import json, sys
state = {"scene": None, "viewport": {"width": 375, "height": 812},
         "model": {"count": 0}, "display": {"content": {}, "nodes": {}}}
rev = 0
def send(message):
    sys.stdout.write(json.dumps(message, sort_keys=True) + "\n")
    sys.stdout.flush()
def notify(method, params):
    send({"jsonrpc": "2.0", "method": method, "params": params})
for line in sys.stdin:
    request = json.loads(line)
    method, reply = request["method"], {"jsonrpc": "2.0", "id": request["id"]}
    if method == "initialize":
        reply["result"] = {"engine": "fake", "protocolVersion": "1.0", "rev": rev, "state": state}
    elif method == "count":  # progress before the response, a timer patch after it
        notify("progress", {"done": 1})
        rev += 1
        state["model"]["count"] += 1
        send(dict(reply, result={"rev": rev, "patch": [
            {"op": "replace", "path": "/model/count", "value": state["model"]["count"]}]}))
        rev += 1
        state["model"]["timer"] = rev
        notify("patch", {"rev": rev, "cause": "timer",
                         "patch": [{"op": "add", "path": "/model/timer", "value": rev}]})
        continue
    elif method == "cheat":  # changes the state without saying so
        state["model"]["count"] = -1
        reply["result"] = {"rev": rev, "patch": []}
    elif method == "snapshot":
        reply["result"] = {"rev": rev, "state": state}
    elif method == "shutdown":
        send(dict(reply, result={}))
        sys.exit(0)
    else:
        reply["error"] = {"code": -32601, "message": "unknown method " + method}
    send(reply)
"""


class ClientWithFakeEngineTest(unittest.TestCase):
    def start(self):
        engine = SceneryClient([sys.executable, "-c", FAKE_ENGINE], timeout=10)
        self.addCleanup(lambda: engine._process.poll() is None and engine.kill())
        engine.request("initialize", {"protocolVersion": "1.0"})
        self.assertEqual(engine.rev, 0)
        return engine

    def test_notifications_after_a_response_are_applied_before_the_next_response(self):
        with self.start() as engine:
            engine.request("count")
            self.assertEqual((engine.rev, engine.state["model"]["count"]), (1, 1))
            engine.verify()  # reads the timer patch first, then the snapshot
            self.assertEqual((engine.rev, engine.state["model"]["timer"]), (2, 2))
            self.assertEqual([n["method"] for n in engine.notifications], ["progress", "patch"])

    def test_drain_applies_trailing_notifications_without_a_request(self):
        with self.start() as engine:
            engine.request("count")
            self.assertEqual(engine.drain(wait=0.5), 1)
            self.assertEqual(engine.rev, 2)

    def test_error_responses_raise_with_their_code_and_keep_the_state(self):
        with self.start() as engine:
            with self.assertRaises(SceneryError) as caught:
                engine.request("no.such.method")
            self.assertEqual(caught.exception.code, -32601)
            engine.verify()

    def test_verify_reports_where_the_states_differ(self):
        with self.start() as engine:
            engine.request("cheat")
            with self.assertRaisesRegex(ProtocolError, "/model/count"):
                engine.verify()


ENGINE = find_engine()
VIEWPORT = {"width": 375, "height": 812, "scale": 3,
            "safeArea": {"top": 44, "left": 0, "bottom": 34, "right": 0}}


@unittest.skipIf(ENGINE is None, "scenery binary not found: set SCENERY_BIN or run `swift build` "
                 f"(looked for {REPO_ROOT}/.build/debug/scenery and .build/release/scenery)")
class DirectorySceneEndToEndTest(unittest.TestCase):
    """Walks the directory scene on the real engine; the mirrored state must match every step."""

    def test_walking_the_directory_scene_keeps_the_client_in_sync(self):
        with SceneryClient([ENGINE]) as engine:
            hello = engine.request("initialize", {"protocolVersion": "1.0", "seed": 1,
                                                  "clock": "virtual", "viewport": VIEWPORT})
            self.assertEqual((hello["engine"], hello["protocolVersion"]), ("scenery", "1.0"))
            self.assertIn("directory", hello["scenes"])
            self.assertEqual((engine.rev, engine.state["scene"]), (0, None))
            engine.verify()

            engine.request("scene.open", {"scene": "directory"})
            self.assertEqual(engine.state["scene"], "directory")
            engine.verify()

            for tab in ("recents", "featured", "contacts"):
                with self.subTest(tab=tab):
                    engine.request("tap", {"id": f"tab.{tab}"})
                    self.assertEqual(engine.state["model"]["tab"], tab)
                    engine.verify()

            self.assertIn("index.M", engine.state["display"]["nodes"])
            offset = engine.state["display"]["content"]["offsetY"]
            engine.request("scroll", {"deltaY": 300})
            self.assertGreater(engine.state["display"]["content"]["offsetY"], offset)
            engine.verify()

            engine.request("section", {"title": "M"})
            engine.verify()
            engine.request("section", {"index": 0})
            engine.verify()
            engine.request("scroll", {"offsetY": 0})
            self.assertEqual(engine.state["display"]["content"]["offsetY"], 0)
            engine.verify()

            images = [n["image"] for _, n in draw_order(engine.state["display"])
                      if n.get("kind") == "image"]
            if images:
                asset = engine.read_asset(images[0])
                self.assertTrue(asset["mime"].startswith("image/"))
                self.assertTrue(asset["data"])

            with self.assertRaises(SceneryError) as caught:
                engine.request("no.such.method")
            self.assertEqual(caught.exception.code, -32601)
            engine.verify()

            engine.request("clock.advance", {"ms": 1000})
            engine.verify()
            engine.request("viewport.set", dict(VIEWPORT, width=414, height=896))
            self.assertEqual(engine.state["viewport"]["width"], 414)
            engine.verify()
        self.assertEqual(engine._process.returncode, 0)


@unittest.skipIf(ENGINE is None, "scenery binary not found: set SCENERY_BIN or run `swift build`")
class HooRealClockTest(unittest.TestCase):
    """With the real clock, loading sets is a background job: the request is answered at once,
    other requests are answered while it runs, and the result arrives as a notification."""

    def setUp(self):
        # Nine generated sets, shaped like the brief's archives, so this runs on any clone.
        self._folder = tempfile.TemporaryDirectory(prefix="hoo-sets-")
        self.addCleanup(self._folder.cleanup)
        generator = REPO_ROOT / "Examples" / "generators" / "hoo_sets.py"
        subprocess.run([sys.executable, str(generator), "--sets", "9", "--hoos", "40", "--out", self._folder.name],
                       check=True, stdout=subprocess.DEVNULL)

    def test_a_load_runs_in_the_background_and_arrives_as_a_notification(self):
        HOO_SETS = pathlib.Path(self._folder.name)
        with SceneryClient([ENGINE], timeout=60) as engine:
            engine.request("initialize", {"protocolVersion": "1.0", "clock": "real", "viewport": VIEWPORT})
            engine.request("scene.open", {"scene": "hoo", "sets": str(HOO_SETS)})
            # The response comes before the job's result: the scene says it is loading.
            self.assertEqual(engine.state["model"]["loading"], {"path": str(HOO_SETS)})
            # Requests are answered meanwhile; a tap on the (still empty) grid changes nothing
            # or, if the sets arrived in between, selects a Hoo; either way the mirror holds.
            engine.request("tap", {"x": 40, "y": 150})
            engine.verify()
            deadline = time.monotonic() + 60
            while not any(n.get("params", {}).get("cause") == "job.sets.load" for n in engine.notifications):
                self.assertLess(time.monotonic(), deadline, "no job.sets.load patch within 60 s")
                engine.drain(wait=0.05)
            progress = [n["params"] for n in engine.notifications if n["method"] == "progress"]
            self.assertEqual([p["done"] for p in progress], list(range(1, 10)))
            self.assertTrue(all(p["total"] == 9 and p["job"] == "sets.load" for p in progress))
            self.assertIsNone(engine.state["model"]["loading"])
            self.assertEqual(engine.state["model"]["loadErrors"], [])
            # Pans without "t" take the time the request arrived (the real clock).
            for phase, x in (("began", 40), ("changed", 60), ("changed", 140), ("ended", 140)):
                engine.request("pan", {"phase": phase, "x": x, "y": 150})
            engine.drain(wait=0.2)
            before = engine.verify()["nowMs"]
            time.sleep(0.05)
            # snapshot's nowMs is the scene clock: with the real clock it runs on its own.
            self.assertGreaterEqual(engine.verify()["nowMs"], before + 50)


@unittest.skipIf(ENGINE is None, "scenery binary not found: set SCENERY_BIN or run `swift build`")
class RandomGesturesTest(unittest.TestCase):
    """Seeded random gestures, many of them invalid or extreme, on every scene: each request is
    answered, errors change nothing, and the mirror built from patches matches every snapshot."""

    NUMBERS = [0, -1, 1e308, -1e308, 1e-300, 5e15, 2 ** 53, 0.5, 320, 480, 79, -79]

    def test_random_gestures_keep_the_mirror_in_sync(self):
        rng = random.Random(7)

        def number():
            return rng.choice(self.NUMBERS) if rng.random() < 0.5 else rng.uniform(-2000, 2000)

        with SceneryClient([ENGINE], timeout=60) as engine:
            engine.request("initialize", {"protocolVersion": "1.0", "seed": 3})
            scenes = ("hoo", "exhibition", "directory")
            errors = 0
            for scene in scenes:
                engine.request("scene.open", {"scene": scene})
                t = 0
                for step in range(600):
                    r = rng.random()
                    if r < 0.35:
                        params = {"phase": rng.choice(["began", "changed", "changed", "ended", "cancelled"]),
                                  "x": number(), "y": number()}
                        if rng.random() < 0.7:
                            t += rng.choice([0, 5, 16, 100])
                            params["t"] = t
                        method = "pan"
                    elif r < 0.55:
                        method, params = "tap", {"x": number(), "y": number()}
                    elif r < 0.65:
                        method, params = "tap", {"id": rng.choice(["cell.1.1", "circle.0", "mode.nearme", "nope", "tab.contacts", "index.A"])}
                    elif r < 0.75:
                        method, params = "scroll", rng.choice([{"deltaY": number()}, {"offsetY": number()}])
                    elif r < 0.8:
                        method, params = "clock.advance", {"ms": rng.choice([0, 16, 1000, 40000])}
                    elif r < 0.85:
                        method, params = "reshuffle", {}
                    elif r < 0.9:
                        method, params = "viewport.set", {"width": rng.choice([100, 320, 375, 10000]),
                                                          "height": rng.choice([100, 480, 812, 10000])}
                    else:
                        method, params = "section", rng.choice([{"title": "A"}, {"index": rng.randint(-3, 40)}])
                    try:
                        engine.request(method, params)
                    except SceneryError:
                        # A change an error made without a patch would show at the next verify.
                        errors += 1
                    if step % 50 == 49:
                        engine.verify()
                engine.verify()
            self.assertGreater(errors, 100, "the stream should exercise the error paths")


if __name__ == "__main__":
    unittest.main()
