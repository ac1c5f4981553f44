"""The Qt window against the conformance kit's gesture scripts (Protocol/conformance/gestures.json).

    SCENERY_BIN=.build/debug/scenery QT_QPA_PLATFORM=offscreen python3 -m unittest -v Examples/qt/test_gesture_scripts.py

Each script runs in a fresh window (offscreen) on the script's scene, its engine started as
``scenery record -o FILE`` (a small wrapper the test writes: the session as a transcript), the actions played as real
Qt events on the real widgets: QTest mouse presses, moves and releases on the screen widget at the
script's points and times, a QWheelEvent per notch, QTest key clicks on whatever widget has the
keyboard focus, and a picker chosen as a user does (a click opens its popup, the arrow keys and
Return choose). ``Protocol/conformance/gestures.py`` then judges what reached the engine. The
gallery turned by the swipes is checked in the engine's model too. ``GESTURE_LOGS=DIR`` keeps the
logs. Skipped, naming the package, without PySide6; skipped without a ``scenery`` binary.
"""

from __future__ import annotations  # the annotations name Qt types, which are absent when the test skips without PySide6

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_testing import HAS_PYSIDE6, REPO, engine_and_app, needs_pyside6  # noqa: E402

if HAS_PYSIDE6:
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
if TYPE_CHECKING:
    from session import EngineSession
    from window import SceneryWindow

SANITIZED = os.environ.get("SCENERY_SANITIZED") == "1"
WAIT = 180 if SANITIZED else 90  # seconds; the debug engine draws each sample photo on its first asset.read, slowly on a busy machine
SCRIPTS = json.loads((REPO / "Protocol/conformance/gestures.json").read_text(encoding="utf-8"))
# What the engine must show right after a script, besides the requests: the swipes turn the gallery.
# (The fast swipe to the right goes back from the first photo to the last, which the 2 s advance never shows.)
OUTCOMES = {"photos-swipe-right-fast-short": 15}


def pump(ms: float) -> None:
    """Runs the event loop for ``ms``."""
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.002)


@needs_pyside6
class GestureScriptsTest(unittest.TestCase):
    app: QApplication
    scratch: Path
    recorded: Path
    logs: Path
    wrapper: Path

    @classmethod
    def setUpClass(cls) -> None:
        binary, cls.app = engine_and_app()
        cls.scratch = Path(tempfile.mkdtemp(prefix="scenery-qt-gestures-"))
        cls.recorded = cls.scratch / "recorded"
        cls.recorded.mkdir()
        cls.logs = Path(os.environ["GESTURE_LOGS"]) if os.environ.get("GESTURE_LOGS") else cls.scratch / "logs"
        shutil.rmtree(cls.logs, ignore_errors=True)
        # Each engine process records its session (what it received, what it sent) into its own
        # transcript, named by its start time.
        cls.wrapper = cls.scratch / "scenery-recording"
        cls.wrapper.write_text(f'#!/bin/sh\nexec "{os.path.abspath(binary)}" record -o "{cls.recorded}/$(date +%s%N).transcript" "$@"\n')
        cls.wrapper.chmod(cls.wrapper.stat().st_mode | stat.S_IXUSR)

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.scratch, ignore_errors=True)

    # Actions ----------------------------------------------------------------------------------

    def play(self, window: "SceneryWindow", action: dict[str, Any]) -> None:
        screen = window.screen

        def at(x: float, y: float) -> QPoint:  # a point of the device's screen where the widget draws it
            return screen.from_points(QPointF(x, y)).toPoint()
        if "click" in action:
            point = at(action["click"]["x"], action["click"]["y"])
            QTest.mousePress(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
            pump(50)
            QTest.mouseRelease(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        elif "hold" in action:
            point = at(action["hold"]["x"], action["hold"]["y"])
            QTest.mousePress(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
            pump(action["hold"]["ms"])
            QTest.mouseRelease(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        elif "drag" in action:
            drag = action["drag"]
            (fx, fy), (tx, ty), ms, steps = drag["from"], drag["to"], drag["ms"], drag["steps"]
            start = time.monotonic()
            QTest.mousePress(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(fx, fy))
            for i in range(1, steps + 1):
                wait = start + ms * i / steps / 1000 - time.monotonic()
                if wait > 0:
                    pump(wait * 1000)
                QTest.mouseMove(screen, at(round(fx + (tx - fx) * i / steps), round(fy + (ty - fy) * i / steps)))
                QApplication.processEvents()
            QTest.mouseRelease(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(tx, ty))
        elif "wheel" in action:
            wheel = action["wheel"]
            spot = screen.from_points(QPointF(wheel["x"], wheel["y"]))
            notch = -120 if wheel["notches"] > 0 else 120  # Qt: positive away from the user (up)
            for _ in range(abs(wheel["notches"])):
                event = QWheelEvent(spot, screen.mapToGlobal(spot), QPoint(0, 0), QPoint(0, notch),
                                    Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
                QApplication.sendEvent(screen, event)
                pump(30)
        elif "key" in action:
            key = {"ArrowRight": Qt.Key.Key_Right, "ArrowLeft": Qt.Key.Key_Left}[action["key"]]
            QTest.keyClick(QApplication.focusWidget() or window, key)
            pump(100)
        elif "pick" in action:
            pick = action["pick"]
            combo = window.scene_picker if pick["picker"] == "scene" else window.device_picker
            if pick["picker"] == "scene":
                from presets import sample
                index = window.presets.index(sample(pick["scene"]))
            else:
                index = pick["device"]
            QTest.mouseClick(combo, Qt.MouseButton.LeftButton)  # takes the focus and opens the popup
            pump(100)
            view = combo.view()
            for _ in range(abs(index - combo.currentIndex())):
                QTest.keyClick(view, Qt.Key.Key_Down if index > combo.currentIndex() else Qt.Key.Key_Up)
            QTest.keyClick(view, Qt.Key.Key_Return)
            pump(100)
            self.assertEqual(combo.currentIndex(), index, f"the {pick['picker']} picker did not take the choice")
            if pick["picker"] == "scene":
                self.settle(window)
        elif "wait" in action:
            pump(action["wait"])

    def settle(self, window: "SceneryWindow") -> None:
        """Waits until the scene is open, no picture is loading in the engine and the rev has
        stayed for 700 ms (the asset reads of the front end may still be running)."""
        from window import wait_until
        seen: dict[str, Any] = {"rev": None, "since": time.monotonic()}

        def quiet() -> bool:
            session = window.session
            if not (window.opened and session is not None and session.state):
                return False
            if session.rev != seen["rev"]:
                seen["rev"], seen["since"] = session.rev, time.monotonic()
            nodes = (session.state.get("display") or {}).get("nodes") or {}
            loading = any((node.get("style") or {}).get("imageState") == "loading" for node in nodes.values())
            return not loading and time.monotonic() - seen["since"] > 0.7
        self.assertTrue(wait_until(quiet, WAIT), f"the scene did not settle in {WAIT} s: status {window.status.text()!r}")

    # The scripts -------------------------------------------------------------------------------

    def test_every_gesture_script_passes(self) -> None:
        from window import SceneryWindow
        failures = []
        for script in SCRIPTS["scripts"]:
            before = set(os.listdir(self.recorded))
            window = SceneryWindow(str(self.wrapper), scene=script["scene"], device=0)
            window.show()
            window.resize(window.width(), window.height() + 200)  # the screen at 1:1: the scripts' points are whole
            window.activateWindow()
            self.settle(window)
            self.assertEqual(window.screen.scale(), 1.0, f"the screen is scaled in a {window.size()} window")
            window.screen.setFocus()
            for action in script["actions"]:
                self.play(window, action)
            from window import wait_until
            # Everything answered: the requests reached the engine (they queue behind asset reads).
            def live(window: "SceneryWindow" = window) -> "EngineSession":
                assert window.session is not None, "the window has no session"
                return window.session
            wait_until(lambda: live().settled(), WAIT)
            if script["name"] in OUTCOMES:
                def index() -> Any:
                    return ((live().state.get("model") or {}).get("gallery") or {}).get("index")
                if not wait_until(lambda: index() == OUTCOMES[script["name"]], 5):
                    failures.append(f"{script['name']}: the gallery shows photo {index()} after the swipe, expected {OUTCOMES[script['name']]}")
            pump(300)
            window.close()
            pump(200)
            folder = self.logs / script["name"]
            folder.mkdir(parents=True, exist_ok=True)
            for name in sorted(set(os.listdir(self.recorded)) - before):
                shutil.copy(self.recorded / name, folder / name)
        judged = subprocess.run([sys.executable, str(REPO / "Protocol/conformance/gestures.py"), "--logs", str(self.logs)],
                                capture_output=True, text=True)
        print(judged.stdout + judged.stderr, file=sys.stderr)
        self.assertEqual(judged.returncode, 0, judged.stdout + judged.stderr)
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
