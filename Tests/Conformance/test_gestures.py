"""gestures.py, the kit's input judge, held to failing sessions that are wrong: each test writes
the session transcript a correct front end would cause for a script (its requests and the lines
the engine sent), checks it passes, then breaks it one way a front end could and checks the
failure names what is wrong.

    python3 -m pytest Tests/Conformance/test_gestures.py
"""

import copy
import itertools
import json
import sys
import tempfile
import unittest
from pathlib import Path

KIT = Path(__file__).resolve().parents[2] / "Protocol" / "conformance"
sys.path.insert(0, str(KIT))
import gestures  # noqa: E402

SCRIPTS = json.loads((KIT / "gestures.json").read_text(encoding="utf-8"))
IDS = itertools.count(1)


def request(method, **params):
    return {"jsonrpc": "2.0", "id": next(IDS), "method": method, "params": params}


def sent(message):
    """A line the engine sent (a `<` line of the transcript)."""
    return ("<", message)


def answer(to, rev=None, error=None):
    """The engine's answer to request `to`: a result bringing `rev`, or an error code."""
    if error is not None:
        return sent({"jsonrpc": "2.0", "id": to["id"], "error": {"code": error, "message": "refused"}})
    return sent({"jsonrpc": "2.0", "id": to["id"], "result": {} if rev is None else {"rev": rev, "patch": []}})


def pan(start, end, ms, steps, t0=1000.0):
    """The pan a front end sends for a drag: began at the press, steps changed, ended at the release."""
    (fx, fy), (tx, ty) = start, end
    events = [request("pan", phase="began", x=fx, y=fy, t=t0)]
    for i in range(1, steps + 1):
        events.append(request("pan", phase="changed", x=fx + (tx - fx) * i / steps, y=fy + (ty - fy) * i / steps, t=t0 + ms * i / steps))
    events.append(request("pan", phase="ended", x=tx, y=ty, t=t0 + ms))
    return events


def opened(scene, rev=1):
    """A session's start: initialize (rev 0), scene.open (rev 1), then patch notifications up to
    `rev` (a picture that loaded, say), each request followed by its answer."""
    start, snapshot, scene_open, asset = (request("initialize", clock="real"), request("snapshot"),
                                          request("scene.open", scene=scene), request("asset.read", id="x"))
    lines = [start, answer(start, 0), snapshot, answer(snapshot), scene_open, answer(scene_open, 1), asset, answer(asset)]
    return lines + [sent({"jsonrpc": "2.0", "method": "patch", "params": {"rev": r, "patch": []}}) for r in range(2, rev + 1)]


def line(item):
    prefix, message = item if isinstance(item, tuple) else (">", item)
    return f"{prefix} {json.dumps(message)}\n"


class GestureJudgeTest(unittest.TestCase):
    def judge(self, name, lines):
        """The result of script ``name`` on ``lines`` (requests, and ``sent`` lines): a session
        transcript up to the second ``initialize`` (a second session: a picker opened another
        scene), the rest in a second one, named so that only natural order reads them in turn."""
        with tempfile.TemporaryDirectory() as folder:
            logs = Path(folder) / name
            logs.mkdir()
            starts = [i for i, item in enumerate(lines) if isinstance(item, dict) and item["method"] == "initialize"]
            half = starts[1] if len(starts) > 1 else len(lines)
            (logs / "session-9.transcript").write_text("".join(line(item) for item in lines[:half]))
            (logs / "session-10.transcript").write_text("".join(line(item) for item in lines[half:]))
            script = next(s for s in SCRIPTS["scripts"] if s["name"] == name)
            return gestures.check({**SCRIPTS, "scripts": [script]}, Path(folder))[0]

    def assert_fails(self, name, lines, words):
        result = self.judge(name, lines)
        self.assertEqual(result["status"], "fail", result)
        self.assertIn(words, result["reason"])

    def test_click(self):
        good = opened("photos") + [request("tap", x=62.4, y=149, baseRev=1)]
        self.assertEqual(self.judge("photos-click", good)["status"], "pass")
        seen = "params.baseRev expected 1 (the rev the engine had last sent when it arrived), got"
        self.assert_fails("photos-click", opened("photos") + [request("tap", x=62, y=150, baseRev=0)], f"{seen} 0")
        self.assert_fails("photos-click", opened("photos") + [request("tap", x=65, y=150, baseRev=1)], "params.x expected 62 (within 2 pt), got 65")
        self.assert_fails("photos-click", opened("photos") + [request("tap", x=62, y=150)], f"{seen} null")
        # The rev is the engine's, not a number in the script: after a picture's patch (rev 2),
        # the tap must carry 2, and the 1 a front end that missed the patch would send fails.
        later = opened("photos", rev=2)
        self.assertEqual(self.judge("photos-click", later + [request("tap", x=62, y=150, baseRev=2)])["status"], "pass")
        self.assert_fails("photos-click", later + [request("tap", x=62, y=150, baseRev=1)], "expected 2 (the rev the engine had last sent")
        # Judged by what the engine answered: a tap it refused fails, whatever it carried.
        tap = request("tap", x=62, y=150, baseRev=1)
        self.assert_fails("photos-click", opened("photos") + [tap, answer(tap, error=-32004)], "answered tap")
        self.assert_fails("photos-click", opened("photos") + [request("tap", x=62, y=150, baseRev=1)] * 2, "unexpected tap")
        self.assert_fails("photos-click", opened("photos"), "got nothing more")

    def test_hold_where_no_long_press(self):
        self.assertEqual(self.judge("photos-hold", opened("photos"))["status"], "pass")
        self.assert_fails("photos-hold", opened("photos") + [request("tap", x=62, y=150, baseRev=1)], "unexpected tap")

    def test_long_press(self):
        self.assertEqual(self.judge("shelf-hold", opened("shelf", rev=2) + [request("longPress", x=67, y=200, baseRev=2)])["status"], "pass")
        self.assert_fails("shelf-hold", opened("shelf", rev=2) + [request("longPress", x=67, y=200, baseRev=2), request("tap", x=67, y=200, baseRev=2)], "unexpected tap")

    def test_swipe_is_a_pan_with_times(self):
        tap = [request("tap", x=62, y=150, baseRev=1)]
        good = opened("photos") + tap + pan((300, 450), (100, 450), 1000, 20)
        self.assertEqual(self.judge("photos-swipe-left-slow-long", good)["status"], "pass")
        scrolled = opened("photos") + tap + [request("scroll", deltaY=0)] * 20
        self.assert_fails("photos-swipe-left-slow-long", scrolled, "expected pan began, got scroll")
        no_end = opened("photos") + tap + pan((300, 450), (100, 450), 1000, 20)[:-1]
        self.assert_fails("photos-swipe-left-slow-long", no_end, "expected pan ended, got nothing more")
        short = opened("photos") + tap + pan((300, 450), (150, 450), 1000, 20)
        self.assert_fails("photos-swipe-left-slow-long", short, "pan ended: expected x 100")
        hurried = opened("photos") + tap + pan((300, 450), (100, 450), 100, 20)
        self.assert_fails("photos-swipe-left-slow-long", hurried, "ended t - began t is 100 ms for a 1000 ms drag")
        untimed = copy.deepcopy(good)
        del untimed[-2]["params"]["t"]
        self.assert_fails("photos-swipe-left-slow-long", untimed, "every event needs t")

    def test_release_speed(self):
        tap = [request("tap", x=62, y=150, baseRev=1)]
        fast = opened("photos") + tap + pan((100, 450), (180, 450), 80, 4)
        self.assertEqual(self.judge("photos-swipe-right-fast-short", fast)["status"], "pass")
        # The same path, but the finger rested 150 ms before the release: slow at the end.
        rested = copy.deepcopy(fast)
        rested[-1]["params"]["t"] = rested[-2]["params"]["t"] + 150
        self.assert_fails("photos-swipe-right-fast-short", rested, "release speed 0.000 pt/ms, expected over 0.3")
        slow = opened("photos") + tap + pan((300, 450), (240, 450), 1500, 30)
        self.assertEqual(self.judge("photos-swipe-left-slow-short", slow)["status"], "pass")
        flicked = opened("photos") + tap + pan((300, 450), (240, 450), 100, 2)
        self.assert_fails("photos-swipe-left-slow-short", flicked, "ended t - began t is 100 ms")

    def test_drag_without_pan_scrolls_by_the_drag(self):
        good = opened("testcard") + [request("scroll", deltaY=-40)] * 5
        self.assertEqual(self.judge("testcard-drag-down-fast", good)["status"], "pass")
        self.assert_fails("testcard-drag-down-fast", opened("testcard") + [request("scroll", deltaY=-40)] * 4, "deltaY adds up to -160")
        self.assert_fails("testcard-drag-down-fast", opened("testcard") + pan((180, 300), (180, 500), 100, 5), "got pan")

    def test_wheel(self):
        good = opened("photos") + [request("scroll", deltaY=100)] * 3 + [request("scroll", deltaY=-100)]
        self.assertEqual(self.judge("photos-wheel", good)["status"], "pass")
        backwards = opened("photos") + [request("scroll", deltaY=-100)] * 3 + [request("scroll", deltaY=100)]
        self.assert_fails("photos-wheel", backwards, "deltaY of sign +1")

    def test_keys_after_a_picker(self):
        good = opened("photos") + opened("testcard") + [request("page", direction="next")] * 3
        self.assertEqual(self.judge("keys-after-scene-picker", good)["status"], "pass")
        # The page's failure before the fix: the focused <select> took the arrow and opened the next scene.
        taken = opened("photos") + opened("testcard") + opened("exhibition")
        self.assert_fails("keys-after-scene-picker", taken, "expected page, got scene.open")
        # Qt's before the fix: the combo box kept the focus and nothing was sent.
        self.assert_fails("keys-after-scene-picker", opened("photos") + opened("testcard"), "got nothing more")
        device = opened("testcard") + [request("viewport.set", width=390, height=844), request("viewport.set", width=440, height=956)]
        self.assert_fails("keys-after-device-picker", device, "expected page, got viewport.set")

    def test_missing_logs_exit_2(self):
        with tempfile.TemporaryDirectory() as folder:
            self.assertEqual(gestures.main(["--logs", folder]), 2)


if __name__ == "__main__":
    unittest.main()
