"""The Emacs front end in a real emacs-gtk frame on Xvfb, driven from outside as a user drives it.

    SCENERY_BIN=.build/release/scenery python3 -m unittest -v Tests/Emacs/test_emacs_x.py

- ``KitStatesTest``: every state ``Protocol/conformance/collect.py`` writes, drawn in the frame
  by scenery.el's own drawing code as ``M-x scenery`` draws its screen when the window holds the
  device's pixels (``scenery-svg-render`` at the state's scale, pictures by file: URL, the image
  at one device pixel a screen pixel), its pixels taken from the X screen (``import``), cropped
  to the image, and judged by ``check.py``: every probe must pass.
- ``GestureScriptsTest``: the 14 scripts of ``Protocol/conformance/gestures.json`` played with
  ``xdotool`` (real X button, motion, wheel and key events) into ``M-x scenery``, its engine
  run as ``scenery record -o FILE``; ``gestures.py`` judges what reached the engine.
- ``LiveSessionTest``: ``M-x scenery`` on the real clock: every scene opens on its built-in
  data and shows; photos load over HTTP from ``Examples/photos/serve_demo.py``; the exhibition
  ring turns (two screenshots a moment apart differ); a killed engine is shown and ``g``
  (pressed as a key) starts a new one on the same scene.
- ``ScreenReaderTest``: issue 37's keyboard path with keys alone: ``a`` opens the screen
  reader's view, ``n``/``p``/``TAB`` reach the Contacts tab, a row, a book and the alert's OK,
  ``RET`` taps each by id (the model changes, the view follows, the new title and the alert are
  announced); hovering over a button says its role, name and states.

Skipped, naming the packages, without emacs, Xvfb, xdotool or ImageMagick. ``EMACS_X_KEEP=DIR``
keeps the screenshots, renders and logs.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
from xemacs import XEmacs, lisp_string, missing_tools  # noqa: E402

MISSING = missing_tools()
SKIP = "skipped: needs " + ", ".join(MISSING) + " (apt-get install -y emacs-gtk xvfb xdotool imagemagick; Scripts/test installs them)"
SANITIZED = os.environ.get("SCENERY_SANITIZED") == "1"
WAIT = 300 if SANITIZED else 120  # an upper bound: waits end as soon as their condition holds (a debug engine under a loaded CI is slow)


def binary() -> str:
    found = os.environ.get("SCENERY_BIN") or str(REPO / ".build" / "release" / "scenery")
    if not os.access(found, os.X_OK):
        raise unittest.SkipTest("skipped: no scenery binary (set SCENERY_BIN or run swift build)")
    return os.path.abspath(found)


def keep_folder(name: str) -> Path | None:
    keep = os.environ.get("EMACS_X_KEEP")
    if not keep:
        return None
    folder = Path(keep) / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def png_pixels(path: Path) -> str:
    """A digest of the raw RGB pixels of a PNG (ImageMagick), to compare two screenshots."""
    pixels = subprocess.run(["convert", str(path), "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    sampled = len(set(pixels[i:i + 3] for i in range(0, len(pixels), 3 * 97)))
    return hashlib.sha256(pixels).hexdigest() + f" ({len(pixels) // 3} pixels, {sampled} colours sampled)"


@unittest.skipIf(MISSING, SKIP)
class KitStatesTest(unittest.TestCase):
    """The conformance kit's states, drawn in a real frame and taken from the X screen."""

    def test_every_kit_state_shown_in_the_frame_passes_check_py(self) -> None:
        scratch = Path(tempfile.mkdtemp(prefix="scenery-emacs-kit-"))
        self.addCleanup(shutil.rmtree, scratch, ignore_errors=True)
        keep = keep_folder("kit")
        states, renders = scratch / "states", (keep or scratch) / "renders"
        renders.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        collect = subprocess.run([sys.executable, str(REPO / "Protocol/conformance/collect.py"), "--scenery", binary(),
                                  "--out", str(states)], capture_output=True, text=True)
        self.assertEqual(collect.returncode, 0, collect.stdout + collect.stderr)
        names = sorted(path.name[: -len(".state.json")] for path in states.glob("*.state.json"))
        self.assertGreaterEqual(len(names), 30, collect.stdout)
        collected = time.monotonic()
        # The largest state is 2,436 device pixels wide (landscape) and 2,868 tall (440 x 956 @3).
        with XEmacs(2600, 3000) as emacs:
            emacs.eval("(scenery-xtest-frame-size 2500 2950)")
            for name in names:
                state = json.loads((states / f"{name}.state.json").read_text())
                viewport = state["document"]["viewport"]
                rect = emacs.eval(f"(scenery-xtest-show-state {lisp_string(str(states / (name + '.state.json')))})")
                # One device pixel a screen pixel: the image is exactly the viewport's device size.
                self.assertEqual((rect["width"], rect["height"]),
                                 (round(viewport["width"] * state["scale"]), round(viewport["height"] * state["scale"])), name)
                emacs.screenshot(rect, renders / f"{name}.png")
        shown = time.monotonic()
        check = subprocess.run([sys.executable, str(REPO / "Protocol/conformance/check.py"), "--states", str(states),
                                "--renders", str(renders), "--max-failures", "60"], capture_output=True, text=True)
        checked = time.monotonic()
        score = [line for line in check.stdout.splitlines() if line.startswith("total:")]
        print(f"\n  Emacs frame on Xvfb: {score[-1] if score else check.stdout[-300:]} "
              f"(collect {collected - started:.0f} s, shown and taken {shown - collected:.0f} s, check {checked - shown:.0f} s)",
              file=sys.stderr)
        self.assertEqual(check.returncode, 0, check.stdout[-6000:] + check.stderr)


# The gesture scripts ---------------------------------------------------------------------------

SCRIPTS = json.loads((REPO / "Protocol/conformance/gestures.json").read_text(encoding="utf-8"))
# What the engine must show right after a script, besides the requests: the swipes turn the gallery.
OUTCOMES = {"photos-swipe-right-fast-short": 15}
PRESET = "{}: built-in sample"
KEYS = {"ArrowRight": "Right", "ArrowLeft": "Left"}
# The phone's image at one window pixel a point: the *scenery* window's body is the iPhone X's
# 812 points tall plus the 2 pixels scenery--fit keeps free.
BODY_HEIGHT = 814


def preset(scene: str) -> str:
    return PRESET.format(scene[0].upper() + scene[1:])


@unittest.skipIf(MISSING, SKIP)
class GestureScriptsTest(unittest.TestCase):
    emacs: XEmacs
    scratch: Path
    recorded: Path
    logs: Path

    @classmethod
    def setUpClass(cls) -> None:
        engine = binary()
        cls.scratch = Path(tempfile.mkdtemp(prefix="scenery-emacs-gestures-"))
        cls.recorded = cls.scratch / "recorded"
        cls.recorded.mkdir()
        keep = keep_folder("gestures")
        cls.logs = keep / "logs" if keep else cls.scratch / "logs"
        shutil.rmtree(cls.logs, ignore_errors=True)
        # Each engine records its session into its own transcript, named by its start time.
        wrapper = cls.scratch / "scenery-recording"
        wrapper.write_text(f'#!/bin/sh\nexec "{engine}" record -o "{cls.recorded}/$(date +%s%N).transcript" "$@"\n')
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
        cls.emacs = XEmacs(1000, 1000, env={"SCENERY_BIN": str(wrapper)})
        cls.emacs.eval("(scenery-xtest-frame-size 620 900)")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.emacs.close()
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def status(self) -> dict[str, Any]:
        return self.emacs.eval("(scenery-xtest-status)")

    def settle(self, scene: str) -> dict[str, Any]:
        """Until the scene is open and live, nothing loads, nothing waits for an answer and the
        rev has stayed for 700 ms."""
        seen: dict[str, Any] = {"rev": None, "since": time.monotonic()}

        def quiet() -> Any:
            status = self.status()
            if status["rev"] != seen["rev"]:
                seen["rev"], seen["since"] = status["rev"], time.monotonic()
            ready = (status["live"] and status["scene"] == scene and status["loading"] == 0 and status["waiting"] == 0
                     and status["assetsMissing"] == 0 and status["factor"] > 0 and time.monotonic() - seen["since"] > 0.7)
            return status if ready else None
        return self.emacs.wait_for(quiet, WAIT, f"the {scene} scene to settle")

    def at(self, x: float, y: float) -> tuple[int, int]:
        """The X screen pixel where the phone's point x, y is drawn."""
        point = self.emacs.eval(f"(scenery-xtest-point {x} {y})")
        self.assertIsNotNone(point, "the screen is not shown")
        return point[0], point[1]

    def play(self, action: dict[str, Any]) -> None:
        x = self.emacs.xdotool
        if "click" in action:
            px, py = self.at(action["click"]["x"], action["click"]["y"])
            x("mousemove", "--sync", str(px), str(py), "mousedown", "1", "sleep", "0.05", "mouseup", "1")
        elif "hold" in action:
            px, py = self.at(action["hold"]["x"], action["hold"]["y"])
            x("mousemove", "--sync", str(px), str(py), "mousedown", "1", "sleep", str(action["hold"]["ms"] / 1000), "mouseup", "1")
        elif "drag" in action:
            drag = action["drag"]
            (fx, fy), (tx, ty), ms, steps = drag["from"], drag["to"], drag["ms"], drag["steps"]
            points = [self.at(fx + (tx - fx) * i / steps, fy + (ty - fy) * i / steps) for i in range(steps + 1)]
            # One xdotool run: the moves are spaced by the script's time, not by process starts.
            command = ["mousemove", "--sync", str(points[0][0]), str(points[0][1]), "mousedown", "1"]
            for px, py in points[1:]:
                command += ["sleep", f"{ms / steps / 1000:.4f}", "mousemove", str(px), str(py)]
            x(*command, "mouseup", "1")
        elif "wheel" in action:
            wheel = action["wheel"]
            px, py = self.at(wheel["x"], wheel["y"])
            button = "5" if wheel["notches"] > 0 else "4"  # X: 4 up, 5 down (toward the user)
            x("mousemove", "--sync", str(px), str(py), "click", "--repeat", str(abs(wheel["notches"])), "--delay", "30", button)
        elif "key" in action:
            x("key", KEYS[action["key"]])
            time.sleep(0.1)
        elif "pick" in action:
            pick = action["pick"]
            # As an Emacs user picks: the key opens the picker in the minibuffer, the name is typed,
            # TAB completes it and RET chooses.
            if pick["picker"] == "scene":
                x("key", "s")
                self.emacs.wait_for(lambda: self.status()["minibuffer"], 10, "the scene picker")
                x("type", "--delay", "20", pick["scene"].capitalize())
            else:
                x("key", "d")
                self.emacs.wait_for(lambda: self.status()["minibuffer"], 10, "the device picker")
                title = self.emacs.eval(f"(car (nth {pick['device']} scenery-devices))")
                x("type", "--delay", "20", title.split(" (")[0])
            x("key", "Tab")
            time.sleep(0.1)
            x("key", "Return")
            self.emacs.wait_for(lambda: not self.status()["minibuffer"], 10, "the picker to close")
            if pick["picker"] == "scene":
                self.settle(pick["scene"])
        elif "wait" in action:
            time.sleep(action["wait"] / 1000)

    def test_every_gesture_script_passes(self) -> None:
        failures = []
        factors = []
        for script in SCRIPTS["scripts"]:
            before = set(os.listdir(self.recorded))
            self.emacs.eval(f"(scenery-xtest-open {lisp_string(preset(script['scene']))})")
            self.emacs.eval(f"(scenery-xtest-body-height {BODY_HEIGHT})")
            status = self.settle(script["scene"])
            factors.append(status["factor"])
            # The pointer rests over the frame (Xvfb's focus follows it) and Emacs gives the frame the focus.
            rect = self.emacs.eval("(scenery-xtest-screen-rect)")
            self.emacs.xdotool("mousemove", "--sync", str(rect["x"] + rect["width"] + 20), str(rect["y"] + 10))
            for action in script["actions"]:
                self.play(action)
            # Everything answered: each request reached the engine and its answer came back.
            end = time.monotonic() + WAIT
            while time.monotonic() < end and self.status()["waiting"] > 0:
                time.sleep(0.05)
            time.sleep(0.3)
            if script["name"] in OUTCOMES:
                try:
                    self.emacs.wait_for(lambda: self.status()["gallery"] == OUTCOMES[script["name"]], 5, "the gallery")
                except TimeoutError:
                    failures.append(f"{script['name']}: the gallery shows photo {self.status()['gallery']} after the swipe, "
                                    f"expected {OUTCOMES[script['name']]}")
            self.emacs.eval('(when (get-buffer "*scenery*") (kill-buffer "*scenery*"))')
            # The engine writes the end of its transcript when it ends (shutdown, then end of input).
            self.emacs.wait_for(lambda: len(set(os.listdir(self.recorded)) - before) > 0, 10, "the session's transcript")
            time.sleep(0.5)
            folder = self.logs / script["name"]
            folder.mkdir(parents=True, exist_ok=True)
            for name in sorted(set(os.listdir(self.recorded)) - before):
                shutil.copy(self.recorded / name, folder / name)
        print(f"\n  screen factors (window pixels a point) while played: {sorted(set(factors))}", file=sys.stderr)
        judged = subprocess.run([sys.executable, str(REPO / "Protocol/conformance/gestures.py"), "--logs", str(self.logs)],
                                capture_output=True, text=True)
        print(judged.stdout + judged.stderr, file=sys.stderr)
        self.assertEqual(judged.returncode, 0, judged.stdout + judged.stderr)
        self.assertEqual(failures, [])


# The live session ------------------------------------------------------------------------------

@unittest.skipIf(MISSING, SKIP)
class LiveSessionTest(unittest.TestCase):
    def setUp(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="scenery-emacs-live-"))
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)
        self.shots = keep_folder("live") or self.scratch
        self.emacs = XEmacs(1000, 1000, env={"SCENERY_BIN": binary(), "XDG_CACHE_HOME": str(self.scratch / "cache")})
        self.addCleanup(self.emacs.close)
        self.emacs.eval("(scenery-xtest-frame-size 620 900)")

    def status(self) -> dict[str, Any]:
        return self.emacs.eval("(scenery-xtest-status)")

    def shot(self, name: str) -> str:
        rect = self.emacs.eval("(scenery-xtest-screen-rect)")
        path = self.shots / f"{name}.png"
        self.emacs.screenshot(rect, path)
        return png_pixels(path)

    def drawn(self, scene: str) -> dict[str, Any]:
        """Until the scene is open and live, nothing loads or waits for an answer, and every
        picture its nodes name has arrived (and so is drawn)."""
        return self.emacs.wait_for(lambda: (lambda s: s if s["live"] and s["scene"] == scene and s["loading"] == 0
                                            and s["waiting"] == 0 and s["assetsMissing"] == 0 else None)(self.status()),
                                   WAIT, f"{scene} to be drawn")

    def open(self, scene: str) -> dict[str, Any]:
        self.emacs.eval(f"(scenery-xtest-open {lisp_string(preset(scene))})")
        return self.drawn(scene)

    def test_every_scene_opens_on_built_in_data_and_shows(self) -> None:
        pictures = {}
        for scene in ["directory", "hoo", "exhibition", "shelf", "photos", "testcard"]:
            status = self.open(scene)
            self.assertTrue(status["gestures"], scene)
            time.sleep(0.3)
            pixels = self.shot(f"scene-{scene}")
            colours = int(pixels.split(", ")[1].split(" ")[0])
            self.assertGreater(colours, 8, f"{scene}: the screen shows hardly any colours: {pixels}")
            pictures[scene] = pixels
        self.assertEqual(len(set(pictures.values())), 6, "two scenes look the same")

    def test_photos_load_from_the_demo_endpoint(self) -> None:
        server = subprocess.Popen([sys.executable, str(REPO / "Examples/photos/serve_demo.py"), "--port", "0",
                                   "--photos", "12", "--delay-ms", "50"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, start_new_session=True)

        def stop_server() -> None:
            # Killed, not asked: a server left running would hold the test runner's pipes open.
            server.kill()
            server.wait(10)
            if server.stdout:
                server.stdout.close()
        self.addCleanup(stop_server)
        line = server.stdout.readline() if server.stdout else ""
        endpoint = line.split(" at ")[1].split(" ")[0]
        self.open("photos")
        cache = self.scratch / "photos-cache"
        # scenery.el's presets have no endpoint of the user's: the scene is opened on it by request.
        self.emacs.eval(f'(scenery-request "scene.open" (list (cons "scene" "photos") (cons "endpoint" {lisp_string(endpoint)}) '
                        f'(cons "cacheDir" {lisp_string(str(cache))})))')

        def loaded() -> Any:
            status = self.status()
            model = status["model"] or {}
            downloads = model.get("downloads") or {}
            return status if (model.get("source") == "endpoint" and model.get("count") == 12 and model.get("loading") is False
                              and status["loading"] == 0 and downloads.get("loaded") == 12 and downloads.get("loading") == 0) else None
        status = self.emacs.wait_for(loaded, WAIT, "the demo's 12 photos")
        images = self.emacs.eval('(let ((n 0)) (maphash (lambda (_ node) (when (equal (scenery-json-get node "style" "imageState") '
                                 '"loaded") (setq n (1+ n)))) (scenery-json-get (scenery-session-state) "display" "nodes")) n)')
        self.assertGreaterEqual(images, 8, status)
        time.sleep(0.3)
        self.shot("photos-endpoint")

    def test_the_exhibition_ring_turns(self) -> None:
        self.open("exhibition")
        time.sleep(0.5)
        first = self.shot("ring-1")
        time.sleep(0.7)
        second = self.shot("ring-2")
        self.assertNotEqual(first, second, "the screen did not move in 0.7 s")

    def test_a_killed_engine_is_shown_and_g_restarts_it(self) -> None:
        self.open("shelf")
        pid = self.status()["pid"]
        before = self.shot("before-kill")
        os.kill(pid, signal.SIGKILL)
        self.emacs.wait_for(lambda: not self.status()["live"], 10, "the session to see the engine end")
        time.sleep(0.3)
        dead = self.shot("killed")
        self.assertNotEqual(before, dead, "a killed engine looks like a live one")
        header = self.emacs.eval('(with-current-buffer "*scenery*" (format-mode-line header-line-format))')
        self.assertIn("stopped", header)
        rect = self.emacs.eval("(scenery-xtest-screen-rect)")
        self.emacs.xdotool("mousemove", "--sync", str(rect["x"] + rect["width"] + 20), str(rect["y"] + 10))
        self.emacs.eval("(select-frame-set-input-focus (selected-frame))")
        self.emacs.xdotool("key", "g")
        status = self.drawn("shelf")
        self.assertNotEqual(status["pid"], pid)
        time.sleep(0.5)
        self.assertEqual(self.shot("restarted"), before, "the restarted shelf does not look as it did")
        self.assertIn("live", self.emacs.eval('(with-current-buffer "*scenery*" (format-mode-line header-line-format))'))
        self.assertTrue(status["gestures"])


# The screen reader's view and the keyboard -------------------------------------------------------

@unittest.skipIf(MISSING, SKIP)
class ScreenReaderTest(unittest.TestCase):
    """Issue 37, Emacs: what a screen reader is told, used as a person without the mouse uses it.

    Only keys (``xdotool key``) reach the reader: ``a`` opens it, ``n``/``p``/``TAB`` move (and
    reveal a row not wholly in view), ``RET`` taps; the pointer rests on the echo area, where nothing is said, so that hovering plays no
    part. What the engine did is read from the mirror (the model) and the request log (each tap
    went by id). Hovering is proven apart, with ``xdotool mousemove`` over a button: its name
    and states in the echo area (the frame has ``tooltip-mode`` off, so help-echo goes there)."""

    def setUp(self) -> None:
        self.emacs = XEmacs(1000, 1000, env={"SCENERY_BIN": binary()})
        self.addCleanup(self.emacs.close)
        self.emacs.eval("(scenery-xtest-frame-size 980 900)")

    def status(self) -> dict[str, Any]:
        return self.emacs.eval("(scenery-xtest-status)")

    def reader(self) -> dict[str, Any]:
        return self.emacs.eval("(scenery-xtest-reader)")

    def open(self, scene: str) -> None:
        """The scene open, drawn and its accessibility list current; the pointer at rest."""
        self.emacs.eval(f"(scenery-xtest-open {lisp_string(preset(scene))})")
        self.emacs.wait_for(lambda: (lambda s: s["live"] and s["scene"] == scene and s["waiting"] == 0
                                     and s["assetsMissing"] == 0)(self.status()), WAIT, f"{scene} to be drawn")
        self.current()
        rest = self.emacs.eval("(scenery-xtest-rest-rect)")
        self.emacs.xdotool("mousemove", "--sync", str(rest["x"]), str(rest["y"]))

    def current(self) -> dict[str, Any]:
        """Until the list is the mirror's rev and nothing waits for an answer."""
        return self.emacs.wait_for(lambda: (lambda r: r if r["listRev"] == r["rev"] and r["waiting"] == 0 else None)(self.reader()),
                                   WAIT, "the accessibility list to catch up")

    def key(self, *keys: str) -> None:
        self.emacs.xdotool("key", "--delay", "60", *keys)

    def move_to(self, node: str) -> dict[str, Any]:
        """``n`` or ``p`` pressed until point is on NODE's line; what the echo area then says."""
        reader = self.reader()
        steps = reader["ids"].index(node) - reader["ids"].index(reader["point"])
        if steps:
            self.key(*(["n"] if steps > 0 else ["p"]) * abs(steps))
        return self.emacs.wait_for(lambda: (lambda r: r if r["point"] == node else None)(self.reader()), 10,
                                   f"point on {node}")

    def said(self, text: str) -> None:
        """TEXT was shown with message (the echo area's log, what Emacspeak speaks)."""
        self.emacs.wait_for(lambda: text in self.emacs.eval("(scenery-xtest-messages)"), 10, f"{text!r} to be said")

    def test_contacts_tab_and_a_row_by_keys_then_hover(self) -> None:
        self.open("directory")
        self.key("a")
        reader = self.emacs.wait_for(lambda: (lambda r: r if r["selected"] == "*scenery-reader*" and r["point"] else None)(self.reader()),
                                     10, "the reader to open")
        self.assertEqual(reader["point"], "recents.event.0", "point starts on the first button or row")
        self.assertEqual(reader["ids"][0], "title")
        reader = self.move_to("tab.contacts")
        self.assertEqual((reader["line"], reader["message"]), ('button "Contacts"', "button Contacts  #tab.contacts"))
        self.key("Return")
        self.emacs.wait_for(lambda: self.status()["model"]["tab"] == "contacts", 10, "the Contacts tab")
        # The reader follows: its lines are the Contacts screen's, point still on the tab, now selected.
        reader = self.current()
        self.assertEqual((reader["point"], reader["line"]), ("tab.contacts", 'button "Contacts" [selected]'))
        self.assertIn("contacts.person.23", reader["ids"])
        self.said("Contacts")                       # the new title, announced
        first_screen = reader["ids"]
        self.key("Tab")                             # round from the last button to the first row
        self.emacs.wait_for(lambda: self.reader()["point"] == "contacts.person.48", 10, "point on the first row")
        self.key("Tab")
        self.emacs.wait_for(lambda: self.reader()["point"] == "contacts.person.23", 10, "point on the second row")
        self.key("Return")
        self.emacs.wait_for(lambda: self.status()["model"]["selection"] == "contacts.person.23", 10, "the row selected")
        reader = self.emacs.wait_for(lambda: (lambda r: r if r["line"].endswith("[selected]") else None)(self.current()),
                                     10, "the row's line to say it is selected")
        self.assertEqual((reader["point"], reader["line"]), ("contacts.person.23", 'row "Zoë Ångström Age: 60" [selected]'))
        self.assertEqual(self.emacs.eval('(scenery-xtest-sent "tap")'), [{"id": "tab.contacts"}, {"id": "contacts.person.23"}])
        # n walks the list past its first screen: a row not wholly in view is revealed as point
        # reaches it, and the rows below come into the list.
        for _ in range(40):
            if reader["point"] not in first_screen:
                break
            self.key("n")
            self.emacs.wait_for(lambda: self.reader()["point"] != reader["point"], 10, "point to move on")
            reader = self.current()
        self.assertNotIn(reader["point"], first_screen, "n never left the first screen")
        self.assertGreater(self.status()["model"]["offsetY"], 0)
        self.assertTrue(self.emacs.eval('(scenery-xtest-sent "reveal")'))
        # Hovering: the mouse over the Recents tab's label (read as the tab's name) says the tab;
        # over the Contacts tab's icon, the icon and the selected tab it is read under (the echo
        # area puts the tooltip's two lines on one).
        state = self.status()
        for node, said in [("tab.recents.label", "button Recents  #tab.recents"),
                           ("tab.contacts.icon", "image directory.icon.contacts  #tab.contacts.icon,   "
                                                 "in button Contacts [selected]  #tab.contacts")]:
            frame = self.emacs.eval(f'(scenery-json-encode (scenery-json-get (scenery-session-state) "display" "nodes" {lisp_string(node)} "frame"))')
            px, py = self.emacs.eval(f"(scenery-xtest-point {frame[0] + frame[2] / 2} {frame[1] + frame[3] / 2})")
            self.emacs.xdotool("mousemove", "--sync", str(px), str(py))
            self.emacs.wait_for(lambda: self.reader()["message"] == said, 10, f"the hover over {node} to say {said!r}")
        self.assertEqual(self.status()["rev"], state["rev"], "hovering changed the screen")

    def test_shelf_alert_opened_and_dismissed_by_keys(self) -> None:
        self.open("shelf")
        self.key("a")
        reader = self.emacs.wait_for(lambda: (lambda r: r if r["selected"] == "*scenery-reader*" and r["point"] else None)(self.reader()),
                                     10, "the reader to open")
        self.assertEqual(reader["point"], "settings")
        self.key("Tab")                             # the next button: the first book
        reader = self.emacs.wait_for(lambda: (lambda r: r if r["point"] == "book.0" else None)(self.reader()), 10, "point on book.0")
        self.assertTrue(reader["message"].startswith("button Linear Algebra 978"), reader["message"])
        self.key("Return")
        alert = self.emacs.wait_for(lambda: self.status()["model"]["alert"], 10, "the book's alert")
        # Only the alert is read while it shows; point went to its OK; its title and message were said.
        reader = self.emacs.wait_for(lambda: (lambda r: r if r["ids"] and r["ids"][0].startswith("alert") else None)(self.current()),
                                     10, "the reader to show the alert")
        self.assertTrue(all(node.startswith("alert.") for node in reader["ids"]), reader["ids"])
        self.assertEqual((reader["point"], reader["line"]), ("alert.action.0", 'button "OK"'))
        self.said(f"{alert['title']}. {alert['message']}")
        self.key("Return")
        self.emacs.wait_for(lambda: self.status()["model"]["alert"] is None, 10, "the alert dismissed")
        reader = self.emacs.wait_for(lambda: (lambda r: r if "book.0" in r["ids"] else None)(self.current()), 10, "the shelf read again")
        self.assertEqual(reader["point"], "settings", "point back on the first button")
        self.assertEqual(self.emacs.eval('(scenery-xtest-sent "tap")'), [{"id": "book.0"}, {"id": "alert.action.0"}])


if __name__ == "__main__":
    unittest.main()
