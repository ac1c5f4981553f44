"""Requests in flight together and ids the caller chooses, on the real engine: ``send`` and
``receive`` (SceneryClient), ``id=`` on ``request`` (both clients).

    SCENERY_BIN=.build/debug/scenery PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_pipelining.py
"""

import asyncio
import time
import unittest

from scenery import Answer, AsyncSceneryClient, SceneryClient, find_engine

ENGINE = find_engine()
HELLO = {"protocolVersion": "1.0", "seed": 1, "clock": "virtual", "viewport": {"width": 375, "height": 812}}


@unittest.skipIf(ENGINE is None, "scenery binary not found: set SCENERY_BIN or run `swift build`")
class PipeliningTest(unittest.TestCase):
    def start(self):
        engine = SceneryClient([ENGINE], timeout=120)
        self.addCleanup(lambda: engine._process.poll() is None and engine.kill())
        return engine

    def next_answer(self, engine):
        """The next answer ``receive`` returns, skipping notifications."""
        while not isinstance(got := engine.receive(120), Answer):
            self.assertIsNotNone(got, "no line from the engine within 120 s")
        return got

    def test_ids_the_caller_chooses_go_to_the_engine_and_come_back_and_the_clients_own_stay_above(self):
        with self.start() as engine:
            self.assertEqual(engine.request("initialize", HELLO, id=41)["rev"], 0)
            self.assertEqual(engine.send("snapshot", id=7), 7)
            self.assertEqual((answer := self.next_answer(engine)).id, 7)
            self.assertEqual(answer.method, "snapshot")
            self.assertEqual(answer.value()["rev"], 0)
            # The client's own ids continue above every id the caller chose.
            self.assertEqual(engine.send("snapshot"), 42)
            self.assertEqual(self.next_answer(engine).id, 42)
            # An id whose answer has come may be chosen again.
            self.assertEqual(engine.request("snapshot", id=7)["rev"], 0)

    def test_a_pending_id_or_an_id_that_is_not_an_int_is_refused_and_nothing_is_written(self):
        with self.start() as engine:
            engine.request("initialize", HELLO)
            engine.request("scene.open", {"scene": "directory"})
            self.assertEqual(engine.send("snapshot", id=5), 5)
            for bad in (5, "6", 6.0, True, [6]):
                with self.subTest(id=bad), self.assertRaises(ValueError):
                    engine.send("tap", {"id": "tab.contacts"}, id=bad)
            with self.assertRaises(ValueError):
                engine.request("tap", {"id": "tab.contacts"}, id=5)
            self.assertEqual(self.next_answer(engine).id, 5)
            # No answer to a refused request comes, and the engine never saw the tap.
            self.assertIsNone(engine.receive(0.5))
            self.assertEqual(engine.verify()["state"]["model"]["tab"], "recents")
            self.assertEqual(engine.send("snapshot"), 7)  # the refused ids took no number

    def test_several_requests_sent_at_once_are_all_answered_and_the_mirror_holds(self):
        with self.start() as engine:
            engine.request("initialize", HELLO)
            sent = {engine.send("scene.open", {"scene": "directory"}): "scene.open"}
            for method, params in [("tap", {"id": "tab.contacts"}), ("scroll", {"deltaY": 300}),
                                   ("no.such.method", {}), ("section", {"title": "M"}),
                                   ("tap", {"id": "tab.recents"}), ("clock.advance", {"ms": 500}),
                                   ("scroll", {"deltaY": -100})]:
                sent[engine.send(method, params)] = method
            self.assertEqual(len(sent), 8)
            answers = {}
            while len(answers) < len(sent):
                answer = self.next_answer(engine)
                self.assertNotIn(answer.id, answers)
                answers[answer.id] = answer
            self.assertEqual({i: a.method for i, a in answers.items()}, sent)
            self.assertEqual([a.method for a in answers.values() if a.error is not None], ["no.such.method"])
            self.assertEqual(engine.state["model"]["tab"], "recents")
            engine.verify()

    def test_answers_to_sent_requests_that_request_reads_past_wait_for_receive(self):
        with self.start() as engine:
            engine.request("initialize", HELLO)
            first, second = engine.send("scene.open", {"scene": "directory"}), engine.send("tap", {"id": "tab.contacts"})
            self.assertEqual(engine.request("snapshot")["state"]["model"]["tab"], "contacts")
            self.assertEqual([self.next_answer(engine).id, self.next_answer(engine).id], [first, second])
            engine.verify()

    def test_receive_returns_none_when_no_line_comes_within_its_timeout(self):
        with self.start() as engine:
            engine.request("initialize", HELLO)
            started = time.monotonic()
            self.assertIsNone(engine.receive(0.3))
            self.assertGreaterEqual(time.monotonic() - started, 0.3)
            self.assertIsNone(engine.receive(0))
            engine.send("snapshot")
            self.assertIsInstance(engine.receive(120), Answer)


@unittest.skipIf(ENGINE is None, "scenery binary not found: set SCENERY_BIN or run `swift build`")
class AsyncIdsTest(unittest.TestCase):
    def test_requests_awaited_together_with_chosen_ids_are_each_answered_and_a_pending_id_is_refused(self):
        async def walk():
            async with AsyncSceneryClient([ENGINE], timeout=120) as engine:
                await engine.request("initialize", HELLO, id=100)
                opened = asyncio.ensure_future(engine.request("scene.open", {"scene": "directory"}, id=200))
                await asyncio.sleep(0)  # scene.open is written and awaits its answer under id 200
                with self.assertRaises(ValueError):
                    await engine.request("snapshot", id=200)
                tapped, snapshot = await asyncio.gather(
                    engine.request("tap", {"id": "tab.contacts"}, id=300), engine.request("snapshot"))
                await opened
                self.assertEqual(snapshot["state"]["model"]["tab"], "contacts")
                self.assertGreaterEqual(snapshot["rev"], tapped["rev"])  # (and the tap's pictures)
                await engine.verify()
        asyncio.run(walk())


if __name__ == "__main__":
    unittest.main()
