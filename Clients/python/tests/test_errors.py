"""The package's own errors: bad params refused before sending (InvalidParams, not a raw
TypeError), an engine that exits early (EngineExited with its status and stderr's tail, not a
BrokenPipeError), and AsyncSceneryClient.notification() never returning one older than the state.

    SCENERY_BIN=.build/release/scenery PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_errors.py
"""

import asyncio
import builtins
import subprocess
import sys
import unittest

from scenery import (AsyncSceneryClient, EngineExited, InvalidParams, ProtocolError, SceneryClient, SceneryError,
                     SceneryException, TimeoutError, find_engine)

ENGINE = find_engine()
NO_ENGINE = "scenery binary not found: set SCENERY_BIN or run `swift build`"

# Writes a line to stderr, then exits with status 3 without reading anything.
EXITS_EARLY = [sys.executable, "-c", "import sys; sys.stderr.write('cannot open the scene: boom\\n'); sys.exit(3)"]

# Answers initialize; `tick` sends a patch notification (rev 1) and then its answer (rev 2);
# `tock` answers (rev 3), then sends a patch notification (rev 4).
FAKE = r"""
import json, sys
def send(message):
    sys.stdout.write(json.dumps(message) + "\n"); sys.stdout.flush()
def patch(rev):
    send({"jsonrpc": "2.0", "method": "patch", "params": {"rev": rev, "cause": "timer.t",
          "patch": [{"op": "replace", "path": "/n", "value": rev}]}})
for line in sys.stdin:
    request = json.loads(line)
    answer = {"jsonrpc": "2.0", "id": request["id"]}
    if request["method"] == "initialize":
        send(dict(answer, result={"rev": 0, "state": {"n": 0}}))
    elif request["method"] == "tick":
        patch(1)
        send(dict(answer, result={"rev": 2, "patch": [{"op": "replace", "path": "/n", "value": 2}]}))
    elif request["method"] == "tock":
        send(dict(answer, result={"rev": 3, "patch": [{"op": "replace", "path": "/n", "value": 3}]}))
        patch(4)
    elif request["method"] == "shutdown":
        send(dict(answer, result={})); sys.exit(0)
"""


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class InvalidParamsTest(unittest.TestCase):
    def test_params_that_are_not_a_mapping_or_not_json_raise_invalid_params_and_send_nothing(self):
        with SceneryClient(ENGINE) as engine:
            engine.initialize()
            for bad in (["tab.contacts"], "tab.contacts", {"id": object()}, {"ms": float("nan")}):
                with self.subTest(params=bad), self.assertRaises(InvalidParams) as caught:
                    engine.request("tap", bad)  # type: ignore[arg-type]
                self.assertIsInstance(caught.exception, SceneryError)
                self.assertIsInstance(caught.exception, TypeError)
                self.assertEqual((caught.exception.code, caught.exception.method), (-32602, "tap"))
                self.assertIn("params", str(caught.exception))
            self.assertEqual(engine.rev, 0, "nothing was sent")
            engine.verify()

    def test_the_asyncio_client_refuses_them_too(self):
        async def walk():
            async with AsyncSceneryClient(ENGINE) as engine:
                await engine.initialize()
                with self.assertRaises(InvalidParams):
                    await engine.request("tap", ["tab.contacts"])
                await engine.verify()
        asyncio.run(walk())


class EngineExitedTest(unittest.TestCase):
    def test_an_engine_that_exits_early_raises_engine_exited_with_its_status_and_stderr(self):
        engine = SceneryClient(EXITS_EARLY, timeout=10)
        engine._process.wait(10)  # gone before the first request is written
        with self.assertRaises(EngineExited) as caught:
            engine.initialize()
        error = caught.exception
        self.assertEqual(error.status, 3)
        self.assertIn("cannot open the scene: boom", error.stderr)
        self.assertIn("status 3", str(error))
        self.assertIn("boom", str(error))
        self.assertIsInstance(error, ProtocolError)
        self.assertNotIsInstance(error, BrokenPipeError)
        engine.kill()

    def test_the_asyncio_client_raises_it_too(self):
        async def walk():
            engine = await AsyncSceneryClient(EXITS_EARLY, timeout=10).start()
            await asyncio.sleep(0.3)
            with self.assertRaises(EngineExited) as caught:
                await engine.initialize()
            self.assertEqual(caught.exception.status, 3)
            self.assertIn("boom", caught.exception.stderr)
            await engine.kill()
        asyncio.run(walk())

    def test_the_engines_stderr_is_not_captured_when_the_caller_takes_it(self):
        engine = SceneryClient(EXITS_EARLY, timeout=10, stderr=subprocess.DEVNULL)
        engine._process.wait(10)
        with self.assertRaises(EngineExited) as caught:
            engine.initialize()
        self.assertEqual((caught.exception.status, caught.exception.stderr), (3, ""))
        engine.kill()


class NotificationTest(unittest.TestCase):
    def test_notification_never_returns_one_older_than_the_state(self):
        async def walk():
            async with AsyncSceneryClient([sys.executable, "-c", FAKE], timeout=10) as engine:
                await engine.request("initialize")
                await engine.request("tick")  # a notification at rev 1, then the answer at rev 2
                self.assertEqual(engine.rev, 2)
                with self.assertRaises(TimeoutError):
                    stale = await engine.notification(timeout=0.3)
                    self.fail(f"notification() returned {stale} with the mirror at rev {engine.rev}")
                await engine.request("tock")  # the answer at rev 3, then a notification at rev 4
                fresh = await engine.notification(timeout=5)
                self.assertEqual((fresh["params"]["rev"], engine.rev), (4, 4))
        asyncio.run(walk())

    def test_a_timeout_is_the_packages_and_the_builtins(self):
        self.assertTrue(issubclass(TimeoutError, SceneryException))
        self.assertTrue(issubclass(TimeoutError, builtins.TimeoutError))


if __name__ == "__main__":
    unittest.main()
