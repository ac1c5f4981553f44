"""What the user names opens first in the Qt window (issue 29): with ``--data-root`` the briefs'
data (the scene picker lists it first and the window opens on it, not on a built-in sample), and
with ``--photos-endpoint`` the photos scene on that endpoint, the command
``Examples/photos/serve_demo.py`` prints taken as printed and run against the demo server.

    SCENERY_BIN=.build/debug/scenery QT_QPA_PLATFORM=offscreen python3 -m unittest -v Examples/qt/test_named_data.py

Skipped, naming what is missing, without PySide6, a ``scenery`` binary or ../shared/seed-data.
"""

from __future__ import annotations  # the annotations name Qt types, which are absent when the test skips without PySide6

import os
import shlex
import subprocess
import sys
import threading
import unittest
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_testing import HAS_PYSIDE6, REPO, engine_and_app, needs_pyside6  # noqa: E402

if HAS_PYSIDE6:
    from PySide6.QtWidgets import QApplication
    from window import SceneryWindow, wait_until
    import scenery_qt

SEED = REPO.parent / "shared" / "seed-data"
WAIT = 60 if os.environ.get("SCENERY_SANITIZED") == "1" else 20


@needs_pyside6
class NamedDataTest(unittest.TestCase):
    binary: str
    app: QApplication

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary, cls.app = engine_and_app()

    def window(self, argv: list[str]) -> SceneryWindow:
        """The window scenery_qt.py would make for ``argv``, shown, once its first scene opened."""
        args = scenery_qt.parse(argv)
        window = SceneryWindow(self.binary, scene=args.scene, device=args.device, data_root=args.data_root,
                               photos_endpoint=args.photos_endpoint)
        self.addCleanup(window.close)
        window.show()
        self.assertTrue(wait_until(lambda: window.opened, WAIT), f"{argv}: the first scene never opened")
        return window

    @unittest.skipUnless(SEED.is_dir(), f"skipped: needs the briefs' data at {SEED}")
    def test_a_data_root_opens_on_its_data_listed_first(self) -> None:
        window = self.window(["--data-root", str(SEED)])
        titles = [window.scene_picker.itemText(i) for i in range(window.scene_picker.count())]
        self.assertEqual(window.scene_picker.currentText(), "Directory: GoTest data", titles)
        session, preset = window.session, window.preset
        assert session is not None and preset is not None
        self.assertEqual((session.state.get("scene"), preset.params.get("people")), ("directory", "GoTest/people.json"))
        briefs = [i for i, title in enumerate(titles) if "built-in sample" not in title]
        self.assertEqual(briefs, list(range(len(briefs))), f"the briefs' data is listed first: {titles}")
        self.assertGreaterEqual(len(briefs), 5, titles)

    @unittest.skipUnless(SEED.is_dir(), f"skipped: needs the briefs' data at {SEED}")
    def test_a_data_root_and_a_scene_open_that_scene_on_its_data(self) -> None:
        window = self.window(["--data-root", str(SEED), "--scene", "hoo"])
        self.assertEqual(window.scene_picker.currentText(), "Hoo: the nine sets")

    def test_the_demo_servers_printed_command_opens_photos_on_its_endpoint(self) -> None:
        demo = subprocess.Popen([sys.executable, str(REPO / "Examples/photos/serve_demo.py"), "--port", "0", "--photos", "7", "--delay-ms", "0"],
                                stdout=subprocess.PIPE, text=True)
        assert demo.stdout is not None
        output = demo.stdout
        self.addCleanup(output.close)
        self.addCleanup(demo.wait)
        self.addCleanup(demo.kill)  # SIGKILL: a test runner may leave SIGTERM blocked in its children
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.extend(line.strip() for line in output), daemon=True)
        reader.start()
        wait_until(lambda: any("scenery_qt.py" in line for line in lines), 10)
        endpoint = lines[0].split(" at ")[1].split(" ")[0]
        qt = next((line for line in lines if "scenery_qt.py" in line), None)
        if qt is None:
            self.fail(f"serve_demo.py prints no Qt command: {lines}")
        self.assertTrue(any(f"scenery serve --photos-endpoint {endpoint}" in line for line in lines), f"no page command: {lines}")
        argv = shlex.split(qt.split(":", 1)[1])
        self.assertEqual(argv[:2], ["python3", "Examples/qt/scenery_qt.py"], qt)
        window = self.window(argv[2:])
        self.assertEqual(window.scene_picker.currentText(), f"Photos: {endpoint}")
        def model() -> dict[str, Any]:
            session = window.session
            return (session.state.get("model") if session else None) or {}
        # The scene opened on the demo's endpoint and read its list of 7. Whether the downloads
        # finish is the demo server's speed (it draws each picture in Python on first request,
        # which took over the engine's 10 s download timeout while swift test ran beside it).
        self.assertTrue(wait_until(lambda: model().get("source") == "endpoint" and model().get("count") == 7, WAIT),
                        f"the photos scene did not open on the demo's list of 7 photos: {model()}")


if __name__ == "__main__":
    unittest.main()
