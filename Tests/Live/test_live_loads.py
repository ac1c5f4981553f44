"""In ``scenery serve``, tabs whose pictures hang do not hold up another tab (issue 19, section 3:
loads never wait on a shared pool).

Each test starts its own ``scenery serve`` on a data root holding nine generated Hoo sets and a
people file whose 40 pictures point at a local server path that never answers
(``Tests/Support/http_faults.py`` ``/hang``), and opens three such hanging tabs (on a screen tall
enough for all 40 rows) beside a fourth tab it times:

- set loading: ``scene.open {"scene":"hoo","sets":"sets"}`` to its ``job.sets.load`` patch,
  alone (before the hanging tabs open) and with them; medians of 7 runs each; with them it must
  take under 2x + 100 ms of alone (the issue's target);
- pictures: a Directory of 5 people whose pictures the same local server sends at once
  (``/late?ms=0``): from ``scene.open`` until all 5 show, alone and beside the hanging tabs; with
  them, within 1 s (the issue's target for pictures from an instant server).

    SCENERY_BIN=.build/debug/scenery python3 -m unittest -v Tests/Live/test_live_loads.py

Python 3 standard library plus ``jsonpatch`` (through ``live_support``).
"""

import os
import shutil
import statistics
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_support import BINARY, SANITIZED, FaultServer, SocketSession, busy, hoo_sets, short, start_server, stop_server, write_json  # noqa: E402

RUNS = 7
BOUND_SECONDS = 60


def time_set_load(session, timeout=20):
    """Seconds from sending scene.open (hoo, the nine sets) to its job.sets.load patch."""
    def loads(mirror):
        return sum(1 for _, kind in mirror.revs if kind.startswith("patch job.sets.load"))
    with session.mirror.cond:
        seen = loads(session.mirror)
    started = time.monotonic()
    rid = session.send("scene.open", {"scene": "hoo", "sets": "sets"})
    arrived = session.mirror.wait_for(lambda m: bool(m.problems) or loads(m) > seen, timeout)
    elapsed = time.monotonic() - started
    response = session.mirror.responses.get(rid)
    if not arrived or session.mirror.problems or response is None or "result" not in response:
        raise AssertionError("no job.sets.load within %d s (response %s; problems %s)"
                             % (timeout, short(str(response)), session.mirror.problems[:2]))
    with session.mirror.cond:
        counts = (session.mirror.state or {}).get("model", {}).get("counts")
    if counts != {"sets": 9, "hoos": 108}:
        raise AssertionError("the nine sets did not load: counts %s" % counts)
    return elapsed


def time_pictures(session, people, timeout):
    """Seconds from sending scene.open (a Directory of `people`) until no picture is loading,
    or None after `timeout`; and how many show loaded."""
    started = time.monotonic()
    rid = session.send("scene.open", {"scene": "directory", "people": people})
    settled = session.mirror.wait_for(lambda m: bool(m.problems) or (rid in m.responses and not busy(m.state)), timeout)
    elapsed = time.monotonic() - started
    with session.mirror.cond:
        nodes = (session.mirror.state or {}).get("display", {}).get("nodes", {})
        loaded = sum(1 for node in nodes.values() if (node.get("style") or {}).get("imageState") == "loaded")
    return (elapsed if settled else None), loaded


class HangingTabsTest(unittest.TestCase):
    def setUp(self):
        self.started = time.monotonic()
        self.root = tempfile.mkdtemp(prefix="live-loads-")
        self.server = FaultServer()
        self.sessions = []
        hoo_sets(os.path.join(self.root, "sets"), sets=9, hoos=12, seed=4)
        write_json(os.path.join(self.root, "people-hang.json"),
                   [{"firstName": "Hanging", "lastName": "Person %02d" % k, "age": 30, "profilePicture": "%s/hang?k=%d" % (self.server.base, k)}
                    for k in range(40)])
        for name in ["alone", "beside"]:
            write_json(os.path.join(self.root, "people-%s.json" % name),
                       [{"firstName": "Instant", "lastName": "Person %d" % k, "age": 40, "profilePicture": self.server.late(0)} for k in range(5)])
        self.serve, self.port = start_server(self.root)

    def tearDown(self):
        for session in self.sessions:
            session.close()
        stop_server(self.serve)
        self.server.stop()
        shutil.rmtree(self.root, ignore_errors=True)
        self.assertLess(time.monotonic() - self.started, BOUND_SECONDS)

    def tab(self, name):
        session = SocketSession(name, self.port)
        self.sessions.append(session)
        return session

    def open_hanging_tabs(self):
        """Three tabs, each waiting on 40 pictures that never come; (tabs, requests waiting)."""
        tabs = []
        for k in range(3):
            hanging = self.tab("hanging%d" % k)
            # A tall screen: the 40 rows are all in the band at once.
            self.assertIn("result", hanging.request("initialize", {"clock": "real", "viewport": {"width": 375, "height": 3000}}))
            self.assertIn("result", hanging.request("scene.open", {"scene": "directory", "people": "people-hang.json"}))
            self.assertIn("result", hanging.request("tap", {"id": "tab.contacts"}))
            tabs.append(hanging)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.server.stats()["requests"].get("/hang", 0) < 3:
            time.sleep(0.05)
        time.sleep(0.2)
        for hanging in tabs:
            with hanging.mirror.cond:
                self.assertTrue(busy(hanging.mirror.state), "%s has pictures loading" % hanging.name)
        return tabs

    def assert_still_hanging(self, tabs):
        for hanging in tabs:
            with hanging.mirror.cond:
                self.assertTrue(busy(hanging.mirror.state), "%s's pictures still hang while the other tab was timed" % hanging.name)
            self.assertEqual(hanging.mirror.problems, [], hanging.name)

    def test_tabs_whose_pictures_hang_do_not_slow_another_tabs_set_loading(self):
        tab = self.tab("timed")
        self.assertIn("result", tab.request("initialize", {"clock": "real"}))
        time_set_load(tab)  # warm-up: the first load pays for page faults and first allocations
        alone = [time_set_load(tab) for _ in range(RUNS)]
        tabs = self.open_hanging_tabs()
        with_hanging = [time_set_load(tab) for _ in range(RUNS)]
        asked = self.server.stats()["requests"].get("/hang", 0)
        self.assert_still_hanging(tabs)
        a, h = statistics.median(alone), statistics.median(with_hanging)
        print("\nset loading in serve: alone median %.1f ms (%s), with 3 hanging tabs (%d requests to /hang made) median %.1f ms (%s): %.2fx; bound 2x + 100 ms = %.1f ms"
              % (a * 1e3, ", ".join("%.0f" % (t * 1e3) for t in alone), asked, h * 1e3,
                 ", ".join("%.0f" % (t * 1e3) for t in with_hanging), h / a, (2 * a + 0.1) * 1e3), file=sys.stderr)
        if not SANITIZED:  # under AddressSanitizer the times are the sanitizer's: printed, not held
            self.assertLess(h, 2 * a + 0.1, "with 3 hanging tabs set loading took %.1f ms (median), alone %.1f ms: over 2x + 100 ms" % (h * 1e3, a * 1e3))
        self.assertEqual(tab.mirror.problems, [])

    def test_tabs_whose_pictures_hang_do_not_hold_up_another_tabs_pictures_from_the_same_server(self):
        tab = self.tab("timed")
        self.assertIn("result", tab.request("initialize", {"clock": "real"}))
        alone, loaded_alone = time_pictures(tab, "people-alone.json", 10)
        self.assertIsNotNone(alone, "5 pictures from an instant server did not show within 10 s, with no other tab")
        tabs = self.open_hanging_tabs()
        beside, loaded_beside = time_pictures(tab, "people-beside.json", 3)
        asked = self.server.stats()["requests"].get("/hang", 0)
        self.assert_still_hanging(tabs)
        print("\npictures in serve: 5 from an instant server shown in %.1f ms alone (%d loaded), %s beside 3 hanging tabs (%d requests to /hang made)"
              % (alone * 1e3, loaded_alone, "%.1f ms (%d loaded)" % (beside * 1e3, loaded_beside) if beside is not None else "NOT within 3 s", asked), file=sys.stderr)
        self.assertIsNotNone(beside, "beside 3 tabs whose pictures hang on the same server (%d requests to /hang made), another tab's 5 pictures "
                                     "from that server, sent at once, did not show within 3 s (alone: %.1f ms)" % (asked, alone * 1e3))
        self.assertLess(beside, 1.0)
        self.assertEqual(loaded_beside, 5)
        self.assertEqual(tab.mirror.problems, [])


if __name__ == "__main__":
    print("binary: %s" % BINARY, file=sys.stderr)
    unittest.main()
