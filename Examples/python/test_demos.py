"""Tests of the demos: python3 -m unittest discover -s Examples/python -p 'test_*.py'
(they import the package ``scenery``: installed, or from Clients/python in a checkout)."""

import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

from directory_demo import index_letters, screen_lines
from scenery import draw_order, find_engine, screen_frame


class ScreenTextTest(unittest.TestCase):
    """The demo's text rendering of a hand-written state."""

    def test_visible_text_is_printed_row_by_row_with_bold_marked(self):
        def text(layer, frame, *runs, align="left", z=0):
            return {"kind": "text", "layer": layer, "frame": frame, "z": z,
                    "style": {"align": align},
                    "text": [{"text": t, "weight": w, "size": 17} for t, w in runs]}

        # Content is shown in y 100..700 and scrolled by 50: content y 0 is at screen y 50.
        state = {"viewport": {"width": 375, "height": 812}, "display": {
            "content": {"frame": [0, 100, 375, 600], "width": 375, "height": 2000, "offsetY": 50},
            "nodes": {
                "title": text("screen", [0, 50, 375, 30], ("Contacts", "bold"), align="center"),
                "row.0.name": text("content", [16, 0, 200, 44], ("Above the content frame", "regular")),
                "row.1.name": text("content", [16, 44, 200, 44], ("Jule ", "regular"), ("Smith", "bold")),
                "row.1.time": text("content", [300, 46, 59, 40], ("10:30", "regular"), align="right"),
                "row.2.name": text("content", [16, 88, 200, 44], ("Ann", "bold"), (" ", "bold"),
                                   ("Lee", "semibold"), (" Jr.", "regular")),
                "row.2.badge": text("content", [250, 91, 40, 44], ("VIP", "regular")),
                "row.3.name": text("content", [16, 700, 200, 44], ("Below the content frame", "regular")),
                "row.far": text("content", [16, 1000, 200, 44], ("Far below", "regular")),
                "index.M": text("screen", [360, 300, 15, 14], ("M", "regular"), z=5),
                "offscreen": text("screen", [0, 900, 100, 20], ("Off screen", "regular")),
                "empty": {"kind": "text", "layer": "screen", "frame": [0, 400, 100, 20], "text": []},
                "avatar": {"kind": "image", "layer": "content", "frame": [0, 50, 40, 40], "image": "a"},
                "tab.recents.label": text("screen", [0, 760, 125, 20], ("Recents", "regular"), align="center"),
                "tab.featured.label": text("screen", [125, 760, 125, 20], ("Featured", "regular"), align="center"),
                "tab.contacts.label": text("screen", [250, 760, 125, 20], ("Contacts", "bold"), align="center"),
            }}}
        self.assertEqual(screen_lines(state), [
            " " * 21 + "**Contacts**",
            "  Jule **Smith**".ljust(43) + "10:30",
            "  **Ann Lee** Jr.".ljust(33) + "VIP",
            ("     Recents".ljust(21) + "Featured").ljust(38) + "**Contacts**",
        ])
        # The section index is not mixed into the rows: it is listed on its own.
        self.assertEqual(index_letters(state), ["M"])

    def test_content_frames_move_with_the_scroll_offset_and_draw_order_is_z_then_id(self):
        display = {"content": {"frame": [0, 100, 375, 600], "offsetY": 50}, "nodes": {
            "b": {"layer": "content", "z": 1, "frame": [0, 80, 10, 10]},
            "a": {"layer": "content", "z": 1, "frame": [0, 0, 10, 10]},
            "bar": {"layer": "screen", "z": 0, "frame": [0, 80, 10, 10]}}}
        self.assertEqual(screen_frame(display, display["nodes"]["b"]), (0, 130, 10, 10))
        self.assertEqual(screen_frame(display, display["nodes"]["bar"]), (0, 80, 10, 10))
        # The layer does not decide the order: z does, then the id.
        self.assertEqual([node_id for node_id, _ in draw_order(display)], ["bar", "a", "b"])


DEMO = Path(__file__).resolve().parent / "directory_demo.py"


class DirectoryDemoTest(unittest.TestCase):
    """The demo run as a user runs it (issue 29)."""

    def run_demo(self, *args, env=None):
        return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120,
                              env={**os.environ, **(env or {})})

    def test_without_the_package_it_says_what_to_run_in_one_line_and_exits_2(self):
        # -S: no site-packages, so neither an installed package nor PYTHONPATH's is found.
        run = self.run_demo("-S", "-E", str(DEMO))
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertNotIn("Traceback", run.stderr)
        self.assertEqual(len(run.stderr.strip().splitlines()), 1, run.stderr)
        self.assertIn("pip install Clients/python", run.stderr)
        self.assertIn("swift build", run.stderr)

    def test_without_an_engine_it_says_what_to_run_in_one_line_and_exits_2(self):
        run = self.run_demo(str(DEMO), "--bin", "/nonexistent/scenery")
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertNotIn("Traceback", run.stderr)
        self.assertEqual(len(run.stderr.strip().splitlines()), 1, run.stderr)
        self.assertIn("swift build", run.stderr)

    @unittest.skipIf(find_engine() is None, "skipped: no scenery binary (set SCENERY_BIN or run swift build)")
    def test_the_contacts_box_keeps_its_border_and_the_index_its_own_line(self):
        run = self.run_demo(str(DEMO))
        self.assertEqual(run.returncode, 0, run.stderr)
        contacts = run.stdout.split("== tap tab.contacts")[1].split("\n\n")[0].splitlines()
        box = [line for line in contacts if line.startswith(("|", "+"))]
        self.assertGreater(len(box), 10, contacts)
        self.assertEqual({len(line) for line in box}, {len(box[0])}, "every right border in one column:\n" + "\n".join(box))
        self.assertFalse([line for line in box if re.search(r"^\|.{40,}\*\*[A-Z#]\*\*\s*\|$", line)], "no index letter at a row's end")
        self.assertIn("section index down the right edge: A B C", run.stdout)


if __name__ == "__main__":
    unittest.main()
