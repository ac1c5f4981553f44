"""The Qt front end live: the real window, offscreen, on the engine's real clock.

    SCENERY_BIN=.build/debug/scenery QT_QPA_PLATFORM=offscreen python3 -m unittest -v Examples/qt/test_scenery_qt.py

Each scene is opened from the scene picker; a drag, the wheel and the arrow keys send what the
scene takes; a click (QTest, on the screen widget) where the display list has something advances
the engine's rev and changes the drawn picture (the right arrow key, on a scene whose taps change
nothing: the test card); a press held on a scene that takes ``longPress``
sends one and no tap. A revision gap, and a patch that
does not apply, make the mirror resynchronise from ``snapshot`` and end equal to it. Skipped,
naming the package, without PySide6; skipped without a ``scenery`` binary.
"""

import os
import sys
import unittest
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
except ImportError:  # pragma: no cover - the skip below says what is missing
    QApplication = None

if QApplication is not None:
    from scenery import find_engine, json_equal
    from renderer import content_offset, draw_order
    from window import SceneryWindow, wait_until

SANITIZED = os.environ.get("SCENERY_SANITIZED") == "1"
WAIT = 60 if SANITIZED else 15  # seconds; a sanitized engine is many times slower


def click_points(state):
    """Points worth a click, top-most first: the centres of nodes with a role (buttons, rows),
    then of every other node, inside the viewport."""
    display = state.get("display") or {}
    viewport = state.get("viewport") or {}
    content = display.get("content")
    ordered = list(reversed(draw_order(display)))
    ordered.sort(key=lambda item: 0 if (item[1].get("style") or {}).get("role") else 1)
    points = []
    for _, node in ordered:
        x, y, w, h = node.get("frame", [0, 0, 0, 0])
        dx, dy = content_offset(node, content)
        cx, cy = round(x + dx + w / 2), round(y + dy + h / 2)
        if 0 < cx < viewport.get("width", 0) and 0 < cy < viewport.get("height", 0) and (cx, cy) not in points:
            if node.get("layer") == "content" and content:
                fx, fy, fw, fh = content["frame"]
                if not (fx < cx < fx + fw and fy < cy < fy + fh):
                    continue
            points.append((cx, cy))
    return points


@unittest.skipIf(QApplication is None, "skipped: needs PySide6 (python3 -m pip install PySide6==6.9.2)")
class LiveWindowTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.binary = find_engine()
        if not cls.binary:
            raise unittest.SkipTest("skipped: no scenery binary (set SCENERY_BIN or run swift build)")
        cls.app = QApplication.instance() or QApplication([])
        cls.window = SceneryWindow(cls.binary)
        cls.window.show()
        if not wait_until(lambda: cls.window.opened, WAIT):
            raise AssertionError("the first scene never opened")

    @classmethod
    def tearDownClass(cls):
        cls.window.close()

    def open(self, scene, afresh=False):
        window = self.window
        if afresh:
            window.open(window.preset, afresh=True)
        window.pick(scene)
        self.assertTrue(wait_until(lambda: window.opened and window.session.state.get("scene") == scene
                                   and window.session.settled(quiet_ms=300), WAIT), f"{scene} did not open and settle")
        return window.session

    def picture(self):
        return self.window.screen.grab().toImage()

    def until_rev_advances(self, session, gesture, required=True):
        """Tries ``gesture(x, y)`` at each click point until the engine's rev advances; whether it did."""
        rev = session.rev
        for x, y in click_points(session.state)[:12]:
            gesture(x, y)
            wait_until(lambda: session.settled(), WAIT)
            if session.rev > rev:
                return True
        if required:
            self.fail(f"{session.state.get('scene')}: no point advanced the rev")
        return False

    def click(self, x, y):
        QTest.mouseClick(self.window.screen, Qt.LeftButton, Qt.NoModifier, QPoint(x, y))

    def hold(self, x, y):
        QTest.mousePress(self.window.screen, Qt.LeftButton, Qt.NoModifier, QPoint(x, y))
        wait_until(lambda: False, 0.6)  # past the 500 ms of a long press
        QTest.mouseRelease(self.window.screen, Qt.LeftButton, Qt.NoModifier, QPoint(x, y))

    def recorded(self, session, gesture):
        """The gesture methods ``gesture()`` sends to ``session`` (not the pictures drawing asks
        for), once their answers are in, and what ``gesture()`` returned."""
        sent, request = [], session.request
        session.request = lambda method, *args, **kwargs: (sent.append(method), request(method, *args, **kwargs))[1]
        try:
            returned = gesture()
            wait_until(lambda: session.settled(), WAIT)
        finally:
            session.request = request
        return [method for method in sent if method != "asset.read"], returned

    def sends(self, session, gesture):
        """Only the methods of ``recorded``."""
        return self.recorded(session, gesture)[0]

    def check_drag_wheel_and_keys(self, session):
        """A drag is a pan where the scene takes it, else a scroll; the wheel scrolls; → pages."""
        forwarder = self.window.screen.gestures

        def drag():
            forwarder.down(QPointF(200, 500))
            for y in (480, 440, 400):
                forwarder.move(QPointF(200, y))
            forwarder.up(QPointF(200, 400))
        expected = ["pan"] * 5 if session.accepts("pan") else ["scroll"] * 3 if session.accepts("scroll") else []
        self.assertEqual(self.sends(session, drag), expected)
        self.assertEqual(self.sends(session, lambda: forwarder.wheel(-120, 0)), ["scroll"] if session.accepts("scroll") else [])
        self.assertEqual(self.sends(session, lambda: forwarder.key(Qt.Key_Right)), ["page"] if session.accepts("page") else [])

    def check_click(self, session):
        """Clicks are taps; one somewhere the display list has something advances the rev and the
        picture changes. A scene whose taps change nothing (the test card's) is moved by the
        right arrow key instead, which it then must take."""
        before = self.picture()
        self.assertGreater(self.window.screen.frames_drawn, 0)
        sent, advanced = self.recorded(session, lambda: self.until_rev_advances(session, self.click, required=False))
        self.assertEqual(set(sent), {"tap"})
        if not advanced:
            self.assertTrue(session.accepts("page"), "no click advanced the rev, and the scene does not page")
            rev = session.rev
            QTest.keyClick(self.window.screen, Qt.Key_Right)
            wait_until(lambda: session.rev > rev and session.settled(), WAIT)
            self.assertGreater(session.rev, rev, "the right arrow key did not page")
        wait_until(lambda: session.settled(quiet_ms=200), WAIT)
        self.assertNotEqual(before, self.picture(), "the picture did not change after the click")

    def check_long_press(self, session):
        """Where the scene takes longPress, a held press sends one and no tap, and changes the state."""
        sent = self.sends(session, lambda: self.until_rev_advances(session, self.hold))
        self.assertEqual(set(sent), {"longPress"}, "a held press sends a longPress and no tap")

    def test_every_scene_drawn_and_its_gestures_forwarded(self):
        scenes = list(self.window.session.scenes)
        self.assertGreaterEqual(len(scenes), 5)
        long_pressed = []
        for scene in scenes:
            with self.subTest(scene=scene):
                session = self.open(scene)
                self.check_drag_wheel_and_keys(session)
                self.check_click(session)
                if session.accepts("longPress"):
                    self.check_long_press(self.open(scene, afresh=True))
                    long_pressed.append(scene)
        self.assertTrue(long_pressed, "no scene takes longPress (the shelf scene does)")

    def assert_resyncs(self, line):
        session = self.open(self.window.session.scenes[0])
        resyncs = session.resyncs
        session.handle_line(line(session))
        self.assertTrue(wait_until(lambda: session.resyncs > resyncs and session.settled(), WAIT), "no resync")
        engine = []
        session.request("snapshot", None, engine.append)
        self.assertTrue(wait_until(lambda: engine, WAIT))
        self.assertEqual(session.rev, engine[0]["rev"])
        self.assertTrue(json_equal(session.state, engine[0]["state"]), "the mirror is not the snapshot")

    def test_a_revision_gap_resyncs_from_snapshot(self):
        self.assert_resyncs(lambda session: '{"jsonrpc":"2.0","method":"patch","params":{"cause":"test",'
                            f'"patch":[{{"op":"replace","path":"/scene","value":"gone"}}],"rev":{session.rev + 2}}}}}')

    def test_a_patch_that_does_not_apply_resyncs_from_snapshot(self):
        self.assert_resyncs(lambda session: '{"jsonrpc":"2.0","method":"patch","params":{"cause":"test",'
                            f'"patch":[{{"op":"remove","path":"/display/nodes/no such node"}}],"rev":{session.rev + 1}}}}}')


if __name__ == "__main__":
    unittest.main()
