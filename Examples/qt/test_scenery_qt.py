"""The Qt front end live: the real window, offscreen, on the engine's real clock.

    SCENERY_BIN=.build/debug/scenery QT_QPA_PLATFORM=offscreen python3 -m unittest -v Examples/qt/test_scenery_qt.py

Each scene is opened from the scene picker; a drag, the wheel and the arrow keys send what the
scene takes; a click (QTest, on the screen widget) where the display list has something advances
the engine's rev and changes the drawn picture (the right arrow key, on a scene whose taps change
nothing: the test card); a press held on a scene that takes ``longPress``
sends one and no tap. A revision gap, and a patch that
does not apply, make the mirror resynchronise from ``snapshot`` and end equal to it.

The window's shape (issue 29): it opens showing the whole device (1:1, or scaled to the screen's
free area), grows for a landscape device, never resizes for a status (cut with an ellipsis, whole
in the tooltip), shows the pickers' entries whole; in a small window the screen is drawn scaled
and real clicks tap the points drawn under them; a killed engine dims the screen under a banner,
is restarted after 0.5 s then 1 s, and reopens the same scene on the same device, saying so. Words
that fit their frame are never broken inside (PROTOCOL.md section 4). Skipped,
naming the package, without PySide6; skipped without a ``scenery`` binary.
"""

from __future__ import annotations

import os
import signal
import sys
import unittest
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_testing import HAS_PYSIDE6, engine_and_app, needs_pyside6, qt_app  # noqa: E402

if HAS_PYSIDE6:
    from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt
    from PySide6.QtGui import QImage
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from scenery import json_equal
    from renderer import content_offset, draw_order
    from window import SceneryWindow, wait_until
    from presets import DEVICES
    from text import Paragraph, lay_out
    from session import EngineSession

SANITIZED = os.environ.get("SCENERY_SANITIZED") == "1"
# Seconds to wait for a condition (an upper bound, not a speed claim: a wait ends as soon as its
# condition holds). The debug engine draws each sample photo on its first asset.read, 2 to 3 s each
# while swift test runs other suites beside this one, so opening photos can take half a minute;
# a sanitized engine is many times slower still.
WAIT = 180 if SANITIZED else 60


def live(window: SceneryWindow) -> EngineSession:
    """The window's session (there is one once it has opened)."""
    assert window.session is not None, "the window has no session"
    return window.session


def click_points(state: dict[str, Any]) -> list[tuple[int, int]]:
    """Points worth a click, top-most first: the centres of nodes with a role (buttons, rows),
    then of every other node, inside the viewport."""
    display = state.get("display") or {}
    viewport = state.get("viewport") or {}
    content = display.get("content")
    ordered = list(reversed(draw_order(display)))
    ordered.sort(key=lambda item: 0 if (item[1].get("style") or {}).get("role") else 1)
    points: list[tuple[int, int]] = []
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


@needs_pyside6
class LiveWindowTest(unittest.TestCase):
    binary: str
    app: QApplication
    window: SceneryWindow

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary, cls.app = engine_and_app()
        cls.window = SceneryWindow(cls.binary)
        cls.window.show()
        if not wait_until(lambda: cls.window.opened, WAIT):
            raise AssertionError("the first scene never opened")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.window.close()

    def open(self, scene: str, afresh: bool = False) -> EngineSession:
        window = self.window
        if afresh:
            window.open(window.preset, afresh=True)
        window.pick(scene)
        self.assertTrue(wait_until(lambda: window.opened and live(window).state.get("scene") == scene
                                   and live(window).settled(quiet_ms=300), WAIT), f"{scene} did not open and settle")
        return live(window)

    def picture(self) -> QImage:
        return self.window.screen.grab().toImage()

    def until_rev_advances(self, session: EngineSession, gesture: Callable[[int, int], None], required: bool = True) -> bool:
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

    def at(self, x: float, y: float) -> QPoint:
        """Where the screen widget draws the device's point (x, y)."""
        return self.window.screen.from_points(QPointF(x, y)).toPoint()

    def click(self, x: float, y: float) -> None:
        QTest.mouseClick(self.window.screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, self.at(x, y))

    def hold(self, x: float, y: float) -> None:
        QTest.mousePress(self.window.screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, self.at(x, y))
        wait_until(lambda: False, 0.6)  # past the 500 ms of a long press
        QTest.mouseRelease(self.window.screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, self.at(x, y))

    def recorded(self, session: EngineSession, gesture: Callable[[], object]) -> tuple[list[str], object]:
        """The gesture methods ``gesture()`` sends to ``session`` (not what the window reads: the
        pictures drawing asks for, the accessibility list), once their answers are in, and what
        ``gesture()`` returned."""
        sent: list[str] = []
        request = session.request

        def recording(method: str, *args: Any, **kwargs: Any) -> int:
            sent.append(method)
            return request(method, *args, **kwargs)
        session.request = recording  # type: ignore[method-assign]
        try:
            returned = gesture()
            wait_until(lambda: session.settled(), WAIT)
        finally:
            session.request = request  # type: ignore[method-assign]
        return [method for method in sent if method not in ("asset.read", "snapshot")], returned

    def sends(self, session: EngineSession, gesture: Callable[[], object]) -> list[str]:
        """Only the methods of ``recorded``."""
        return self.recorded(session, gesture)[0]

    def check_drag_wheel_and_keys(self, session: EngineSession) -> None:
        """A drag is a pan where the scene takes it, else a scroll; the wheel scrolls; → pages."""
        forwarder = self.window.screen.gestures

        def drag() -> None:
            forwarder.down(QPointF(200, 500))
            for y in (480, 440, 400):
                forwarder.move(QPointF(200, y))
            forwarder.up(QPointF(200, 400))
        expected = ["pan"] * 5 if session.accepts("pan") else ["scroll"] * 3 if session.accepts("scroll") else []
        self.assertEqual(self.sends(session, drag), expected)
        self.assertEqual(self.sends(session, lambda: forwarder.wheel(-120, 0)), ["scroll"] if session.accepts("scroll") else [])
        self.assertEqual(self.sends(session, lambda: forwarder.key(Qt.Key.Key_Right)), ["page"] if session.accepts("page") else [])

    def check_click(self, session: EngineSession) -> None:
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
            QTest.keyClick(self.window.screen, Qt.Key.Key_Right)
            wait_until(lambda: session.rev > rev and session.settled(), WAIT)
            self.assertGreater(session.rev, rev, "the right arrow key did not page")
        wait_until(lambda: session.settled(quiet_ms=200), WAIT)
        self.assertNotEqual(before, self.picture(), "the picture did not change after the click")

    def check_long_press(self, session: EngineSession) -> None:
        """Where the scene takes longPress, a held press sends one and no tap, and changes the state."""
        sent = self.sends(session, lambda: self.until_rev_advances(session, self.hold))
        self.assertEqual(set(sent), {"longPress"}, "a held press sends a longPress and no tap")

    def test_every_scene_drawn_and_its_gestures_forwarded(self) -> None:
        scenes = list(live(self.window).scenes)
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

    def assert_resyncs(self, line: Callable[[EngineSession], str]) -> None:
        session = self.open(live(self.window).scenes[0])
        resyncs = session.resyncs
        session.handle_line(line(session))
        self.assertTrue(wait_until(lambda: session.resyncs > resyncs and session.settled(), WAIT), "no resync")
        engine: list[dict[str, Any]] = []
        session.request("snapshot", None, engine.append)
        self.assertTrue(wait_until(lambda: engine, WAIT))
        self.assertEqual(session.rev, engine[0]["rev"])
        self.assertTrue(json_equal(session.state, engine[0]["state"]), "the mirror is not the snapshot")

    def test_a_revision_gap_resyncs_from_snapshot(self) -> None:
        self.assert_resyncs(lambda session: '{"jsonrpc":"2.0","method":"patch","params":{"cause":"test",'
                            f'"patch":[{{"op":"replace","path":"/scene","value":"gone"}}],"rev":{session.rev + 2}}}}}')

    def test_a_patch_that_does_not_apply_resyncs_from_snapshot(self) -> None:
        self.assert_resyncs(lambda session: '{"jsonrpc":"2.0","method":"patch","params":{"cause":"test",'
                            f'"patch":[{{"op":"remove","path":"/display/nodes/no such node"}}],"rev":{session.rev + 1}}}}}')


def brightness(image: QImage, rect: QRect) -> float:
    """The mean of r + g + b over a grid of pixels of ``image`` inside ``rect``."""
    total = count = 0
    for x in range(rect.left() + 2, rect.right() - 2, 7):
        for y in range(rect.top() + 2, rect.bottom() - 2, 7):
            colour = image.pixelColor(x, y)
            total += colour.red() + colour.green() + colour.blue()
            count += 1
    return total / max(1, count)


@needs_pyside6
class RecordTest(unittest.TestCase):
    def test_a_person_using_the_window_records_a_readable_golden_that_replays(self) -> None:
        """``--record FILE.golden``: the engine runs as ``scenery record -o FILE``; a real click on
        the Contacts tab is in the golden with the screen it gave, and the golden replays."""
        import subprocess
        import tempfile
        binary, _ = engine_and_app()
        folder = Path(tempfile.mkdtemp(prefix="qt-record-"))
        self.addCleanup(lambda: __import__("shutil").rmtree(folder, ignore_errors=True))
        golden = folder / "qt.golden"
        window = SceneryWindow(binary, scene="directory", record=golden)
        window.show()
        self.assertTrue(wait_until(lambda: window.opened and live(window).state.get("scene") == "directory", WAIT))
        session = live(window)
        x, y, w, h = session.state["display"]["nodes"]["tab.contacts"]["frame"]
        QTest.mouseClick(window.screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         window.screen.from_points(QPointF(x + w / 2, y + h / 2)).toPoint())
        self.assertTrue(wait_until(lambda: session.state["model"].get("tab") == "contacts", WAIT))
        window.close()  # shutdown: the engine writes what each request showed, then exits
        text = golden.read_text()
        self.assertRegex(text, r'> tap \{("baseRev":[0-9]+,)?"x":[0-9.]+,"y":[0-9.]+\}\n  result \{"target":"tab\.contacts')
        self.assertNotIn("> asset.read", text, "what the window asks to draw is left out")
        self.assertIn('button "Contacts" [selected]  #tab.contacts', text)
        replay = subprocess.run([binary, "replay", str(golden)], capture_output=True, text=True)
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)


@needs_pyside6
class WindowShapeTest(unittest.TestCase):
    """The window as a person sees it (issue 29): opened at the device's size (scaled down only
    to fit the screen), following a device change, a status that never resizes it, pickers that
    show their entries whole, a scaled screen whose clicks land where they are drawn, and an
    engine that ends: dimmed under a banner, restarted on the same scene and device."""

    binary: str
    app: QApplication

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary, cls.app = engine_and_app()

    def setUp(self) -> None:
        self.window = SceneryWindow(self.binary)
        self.window.show()
        self.assertTrue(wait_until(lambda: self.window.opened, WAIT), "the first scene never opened")
        wait_until(lambda: live(self.window).settled(quiet_ms=200), WAIT)

    def tearDown(self) -> None:
        self.window.close()

    def room(self) -> QSize:
        return self.app.primaryScreen().availableGeometry().size()

    def assert_device_whole(self, device: dict[str, Any]) -> None:
        """The whole device is drawn inside the screen widget, at 1:1 or as large as the screen allows."""
        window, screen = self.window, self.window.screen
        width, height = device["width"], device["height"]
        drawn = screen.mapTo(window, screen.rect().topLeft())
        self.assertTrue(screen.isVisible())
        self.assertLessEqual(drawn.y() + screen.height(), window.height())
        area = screen.screen_rect() if hasattr(screen, "screen_rect") else None
        self.assertIsNotNone(area, "the screen has no drawn area (it is not scaled to fit)")
        assert area is not None
        self.assertTrue(screen.rect().toRectF().contains(area), f"{area} is not inside the screen {screen.rect()}")
        self.assertAlmostEqual(area.width() / width, area.height() / height, delta=0.01)
        room = self.room()
        fits = min(1.0, (room.width() - 16) / width, (room.height() - 120) / height)
        self.assertGreaterEqual(area.width() / width, fits - 0.02, f"the device is drawn at {area.width() / width:.2f} in a {window.size()} window")

    def test_opens_at_the_devices_size_and_follows_a_device_change(self) -> None:
        window = self.window
        self.assert_device_whole(DEVICES[0][1])
        landscape = next(index for index, (title, _) in enumerate(DEVICES) if "landscape" in title)
        window.device_picker.setCurrentIndex(landscape)
        self.assertTrue(wait_until(lambda: live(window).state["viewport"]["width"] == DEVICES[landscape][1]["width"]
                                   and live(window).settled(), WAIT))
        wait_until(lambda: False, 0.2)
        self.assert_device_whole(DEVICES[landscape][1])

    def test_a_status_never_resizes_the_window(self) -> None:
        window = self.window
        size, place = window.size(), window.screen.mapTo(window, window.screen.rect().topLeft())
        message = "the engine said something long: " + "a very long error message " * 20
        window.say(message)
        wait_until(lambda: False, 0.2)
        self.assertEqual(window.size(), size, "the window resized for a status")
        self.assertEqual(window.screen.mapTo(window, window.screen.rect().topLeft()), place, "the screen moved for a status")
        status = window.status
        self.assertLessEqual(status.mapTo(window, status.rect().topRight()).x(), window.width())
        self.assertTrue(status.shown().endswith("…"), "a status too long for the window is not cut with an ellipsis")
        self.assertEqual(status.toolTip(), message, "the whole status is not in the tooltip")

    def test_the_pickers_show_their_entries_whole(self) -> None:
        for picker in (self.window.scene_picker, self.window.device_picker):
            metrics = picker.fontMetrics()
            longest = max(metrics.horizontalAdvance(picker.itemText(index)) for index in range(picker.count()))
            self.assertGreaterEqual(picker.width(), longest + 20, f"{picker.currentText()!r}: the picker is cut")

    def test_a_scaled_screen_draws_whole_and_clicks_land_on_their_points(self) -> None:
        window = self.window
        window.resize(360, 480)
        wait_until(lambda: False, 0.2)
        screen, session = window.screen, live(window)
        self.assertLess(screen.scale(), 0.7)
        self.assert_scaled_whole(DEVICES[0][1])
        sent: list[tuple[str, Any]] = []
        request = session.request

        def recording(method: str, params: Optional[dict[str, Any]] = None, *args: Any, **kwargs: Any) -> int:
            sent.append((method, params))
            return request(method, params, *args, **kwargs)
        session.request = recording  # type: ignore[method-assign]
        try:
            for x, y in click_points(session.state)[:3]:
                at = screen.from_points(QPointF(x, y))
                QTest.mouseClick(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at.toPoint())
                wait_until(lambda: session.settled(), WAIT)
                taps = [params for method, params in sent if method == "tap"]
                self.assertTrue(taps, "a click sent no tap")
                self.assertAlmostEqual(taps[-1]["x"], x, delta=1 / screen.scale())
                self.assertAlmostEqual(taps[-1]["y"], y, delta=1 / screen.scale())
        finally:
            session.request = request  # type: ignore[method-assign]

    def assert_scaled_whole(self, device: dict[str, Any]) -> None:
        screen = self.window.screen
        area = screen.screen_rect()
        self.assertTrue(screen.rect().toRectF().contains(area))
        self.assertAlmostEqual(area.width(), device["width"] * screen.scale(), delta=0.5)
        self.assertAlmostEqual(area.height(), device["height"] * screen.scale(), delta=0.5)

    def test_an_engine_that_ends_dims_the_screen_and_restarts_on_the_same_scene_and_device(self) -> None:
        window = self.window
        window.pick("shelf")
        window.device_picker.setCurrentIndex(1)
        self.assertTrue(wait_until(lambda: window.opened and live(window).state.get("scene") == "shelf"
                                   and live(window).state["viewport"]["width"] == DEVICES[1][1]["width"]
                                   and live(window).settled(quiet_ms=300), WAIT))
        screen = window.screen
        rect = screen.screen_rect().toRect()  # the device's screen, not the grey around it
        before = brightness(screen.grab().toImage(), rect)
        first = live(window)
        os.kill(first.process.processId(), signal.SIGKILL)
        banner = getattr(screen, "banner", None)
        self.assertIsNotNone(banner, "the screen has no banner")
        assert banner is not None
        self.assertTrue(wait_until(lambda: banner.isVisible() and "stopped" in banner.text(), WAIT), "no banner says the engine stopped")
        wait_until(lambda: False, 0.05)
        dimmed = brightness(screen.grab().toImage(), rect)
        self.assertLess(dimmed, before * 0.7, "the screen is not dimmed while the engine is down")
        self.assertIn("0.5 s", banner.text())
        # The first restart ends too before opening: the next waits twice as long.
        self.assertTrue(wait_until(lambda: window.session is not first and live(window).process.processId() > 0, WAIT))
        second = live(window)
        os.kill(second.process.processId(), signal.SIGKILL)
        self.assertTrue(wait_until(lambda: "1 s" in banner.text(), WAIT), f"no backoff: {banner.text()!r}")
        self.assertTrue(wait_until(lambda: window.opened and window.session not in (first, second), WAIT + 5),
                        "the engine was not restarted")
        self.assertTrue(banner.isVisible() and "afresh" in banner.text(), f"nothing says it started afresh: {banner.text()!r}")
        wait_until(lambda: live(window).settled(), WAIT)
        state = live(window).state
        self.assertEqual(state.get("scene"), "shelf")
        self.assertEqual(state["viewport"]["width"], DEVICES[1][1]["width"])
        self.assertEqual(window.scene_picker.currentText(), "Shelf: built-in sample")
        wait_until(lambda: False, 0.05)
        self.assertGreater(brightness(screen.grab().toImage(), rect), dimmed * 1.2, "the screen stays dimmed after the restart")


@needs_pyside6
class LineBreakTest(unittest.TestCase):
    """PROTOCOL.md section 4: a line breaks between words; a word breaks inside only when it is
    wider than the frame by itself (then after the last letter that fits)."""

    TITLES = ["Microeconomics: A Structured Approach (2nd Edition)", "Principles of Microeconomics",
              "Linear Algebra and Its Applications", "Geology for Scientists and Engineers", "Intro to Microeconomics"]
    app: QApplication

    @classmethod
    def setUpClass(cls) -> None:
        cls.app = qt_app()

    def test_a_word_that_fits_the_frame_is_never_broken(self) -> None:
        checked = inside = 0
        for title in self.TITLES:
            runs = [{"text": title, "size": 15, "weight": "bold", "font": "Helvetica Neue"}]
            paragraph = Paragraph(runs, "Helvetica")
            for width in range(60, 320, 9):
                for lines in (0, 2):
                    spans, _ = paragraph.line_starts(width, lines)
                    shown = [title[start:end] for start, end in spans]
                    for _, end in spans[:-1]:
                        if end >= len(title) or title[end - 1] in " -" or title[end] == " ":
                            continue  # a break between words
                        start = title.rfind(" ", 0, end) + 1
                        stop = title.find(" ", end) % (len(title) + 1)
                        layout = paragraph.line(start, stop, 10000, Qt.AlignmentFlag.AlignLeft)
                        word_width = layout.lineAt(0).naturalTextWidth()
                        if word_width <= width:
                            self.fail(f"{title!r} at {width} pt: {title[start:stop]!r} ({word_width:.0f} pt) broken inside: {shown}")
                        inside += 1
                    checked += 1
        self.assertGreater(inside, 0, "no word wider than its frame was broken inside")
        self.assertGreater(checked, 100)
        # Drawn as laid out: the lines lay_out draws are those spans.
        runs = [{"text": self.TITLES[4], "size": 15, "weight": "bold", "font": "Helvetica Neue"}]
        self.assertEqual([layout.text() for layout in lay_out(runs, {}, 180, 100)], ["Intro to", "Microeconomics"])

if __name__ == "__main__":
    unittest.main()
