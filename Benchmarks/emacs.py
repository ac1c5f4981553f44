#!/usr/bin/env python3
"""Scenery benchmark for the Emacs front end: how soon a change is on the screen, against the page.

    python3 Benchmarks/emacs.py [--quick] [--bin PATH]

`M-x scenery` in a real emacs-gtk frame on a private Xvfb (Tests/Emacs/xemacs.py), the package
byte-compiled first (as package-install-file leaves it), the screen at 1.0 window pixel a point,
real X input from xdotool; the page in headless Chromium against ``scenery serve`` with CDP
input (Benchmarks/emacs_page.mjs), measured the same way in the same run:

- **Tap**: a click on a Recents row (two rows in turn, 12 times): from the tap's patch arriving
  (read from the engine's pipe; the page: its WebSocket message) to the redraw that shows it on
  the screen (Emacs: the end of the redraw, which ends with ``redisplay``; the page: the frame
  painted after the page drew it). Median and worst. Goal: within 50 ms.
- **Drag**: 300 pt up the Contacts list over 1 s, 60 mouse moves (each a ``scroll``): the redraws
  that reached the screen a second while dragging, and patch-to-screen for each (median).
  Goal: 30 a second or more.
- **Ring**: the Exhibition's turning ring over 3 s: redraws a second (Emacs redraws the whole
  phone for each frame; the page turns the ring with a CSS animation, one per animation frame).

Each Emacs figure is also given as a ratio to the page's. Writes ``bench-results/emacs-report.md``.
Needs emacs, Xvfb, xdotool, node 20 and Chromium.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from bench import REPO, BenchError
from bench.engine import argument_parser, parse_arguments
from bench.measure import median
from bench.report import finish_report, run_sections, start_report

sys.path.insert(0, os.path.join(REPO, "Tests", "Emacs"))
from xemacs import XEmacs, lisp_string, missing_tools  # noqa: E402

BODY_HEIGHT = 814  # the *scenery* window's body for the iPhone X at 1.0 window pixel a point


def compiled_package(scratch):
    """The package's .el files byte-compiled in a folder of their own (the checkout gets no .elc)."""
    folder = os.path.join(scratch, "lisp")
    os.makedirs(folder)
    for name in os.listdir(os.path.join(REPO, "Clients", "emacs")):
        if name.startswith("scenery") and name.endswith(".el"):
            shutil.copy(os.path.join(REPO, "Clients", "emacs", name), folder)
    run = subprocess.run(["emacs", "--batch", "-Q", "-L", folder, "-f", "batch-byte-compile"]
                         + sorted(os.path.join(folder, n) for n in os.listdir(folder)), capture_output=True, text=True)
    if run.returncode != 0:
        raise BenchError("byte-compiling the package failed: " + run.stderr[-500:])
    return folder


class EmacsScreen:
    """M-x scenery in a frame, with the probe loaded."""

    def __init__(self, binary, lisp):
        self.emacs = XEmacs(1000, 1000, env={"SCENERY_BIN": binary}, load_path=lisp)
        self.emacs.eval("(scenery-xtest-frame-size 620 900)")
        self.emacs.eval(f"(load {lisp_string(os.path.join(REPO, 'Benchmarks', 'emacs_probe.el'))} nil t)")

    def status(self):
        return self.emacs.eval("(scenery-xtest-status)")

    def open(self, title, scene):
        self.emacs.eval(f"(scenery-xtest-open {lisp_string(title)})")
        self.emacs.eval(f"(scenery-xtest-body-height {BODY_HEIGHT})")
        seen = {"rev": None, "since": time.monotonic()}

        def settled():
            s = self.status()
            if s["rev"] != seen["rev"]:
                seen["rev"], seen["since"] = s["rev"], time.monotonic()
            return (s["live"] and s["scene"] == scene and s["loading"] == 0 and s["waiting"] == 0 and s["assetsMissing"] == 0
                    and time.monotonic() - seen["since"] > 0.7) and s
        status = self.emacs.wait_for(settled, 60, f"{scene} to settle")
        rect = self.emacs.eval("(scenery-xtest-screen-rect)")
        # The pointer over the frame, off the phone: Xvfb's keyboard focus follows it.
        self.emacs.xdotool("mousemove", "--sync", str(rect["x"] + rect["width"] + 20), str(rect["y"] + 10))
        return status

    def at(self, x, y):
        point = self.emacs.eval(f"(scenery-xtest-point {x} {y})")
        return str(point[0]), str(point[1])

    def center(self, node):
        point = self.emacs.eval(f"(scenery-probe-center {lisp_string(node)})")
        if not point:
            raise BenchError(f"no node {node} on the screen")
        return point

    def now(self):
        return self.emacs.eval("(scenery-probe-now)")

    def redraws_since(self, time_):
        return self.emacs.eval(f"(scenery-probe-since {time_!r})")

    def close(self):
        self.emacs.close()


def emacs_figures(binary, lisp, taps, moves):
    screen = EmacsScreen(binary, lisp)
    figures = {}
    try:
        status = screen.open("Directory: built-in sample", "directory")
        figures["factor"] = status["factor"]
        latencies, totals = [], []
        for i in range(taps):
            x, y = screen.center("recents.event.2" if i % 2 else "recents.event.1")
            rev = screen.status()["rev"]
            px, py = screen.at(x, y)
            screen.emacs.xdotool("mousemove", "--sync", px, py)
            before = screen.now()
            screen.emacs.xdotool("click", "1")
            shown = screen.emacs.wait_for(
                lambda: next((r for r in screen.redraws_since(before) if r["rev"] > rev), None), 10, "the tap's redraw")
            latencies.append(1000 * (shown["at"] - shown["arrived"]))
            totals.append(1000 * (shown["at"] - before))
            time.sleep(0.15)
        figures["tap"] = {"medianMs": median(latencies), "maxMs": max(latencies), "clickToScreenMs": median(totals),
                          "samples": len(latencies)}

        x, y = screen.center("tab.contacts")
        screen.emacs.xdotool("mousemove", "--sync", *screen.at(x, y), "click", "1")
        time.sleep(1.0)
        points = [screen.at(200, 650 - 300 * i / moves) for i in range(moves + 1)]
        command = ["mousemove", "--sync", *points[0], "mousedown", "1"]
        for px, py in points[1:]:
            command += ["sleep", f"{1 / moves:.4f}", "mousemove", px, py]
        start_rev = screen.status()["rev"]
        before = screen.now()
        screen.emacs.xdotool(*command, "mouseup", "1")
        time.sleep(0.5)
        redraws = [r for r in screen.redraws_since(before) if r["rev"] > start_rev]
        span = redraws[-1]["at"] - redraws[0]["at"] if len(redraws) > 1 else 0
        figures["drag"] = {"frames": len(redraws), "seconds": span, "fps": (len(redraws) - 1) / span if span else 0,
                           "latencyMedianMs": median([1000 * (r["at"] - r["arrived"]) for r in redraws if r["arrived"]]),
                           "costMedianMs": median([r["costMs"] for r in redraws]), "revs": redraws[-1]["rev"] - start_rev if redraws else 0}

        screen.open("Exhibition: built-in sample", "exhibition")
        before = screen.now()
        time.sleep(3.0)
        redraws = screen.redraws_since(before)
        figures["ring"] = {"fps": len(redraws) / 3.0, "costMedianMs": median([r["costMs"] for r in redraws])}
    finally:
        screen.close()
    return figures


def page_figures(binary, taps, moves):
    if shutil.which("node") is None:
        raise BenchError("no node: the page's figures need node 20 and Chromium")
    run = subprocess.run(["node", "--experimental-websocket", os.path.join(REPO, "Benchmarks", "emacs_page.mjs"), binary,
                          str(taps), str(moves)], capture_output=True, text=True, cwd=REPO, timeout=300)
    if run.returncode != 0:
        raise BenchError("the page's half failed: " + (run.stdout + run.stderr)[-800:])
    return json.loads(run.stdout.strip().splitlines()[-1])


def main():
    parser = argument_parser(__doc__.splitlines()[0], "6 taps, 30 drag moves")
    args, binary = parse_arguments(parser, reference_cat=False)
    missing = missing_tools()
    if missing:
        print("needs " + ", ".join(missing), file=sys.stderr)
        sys.exit(2)
    taps, moves = (6, 30) if args.quick else (12, 60)
    started = time.monotonic()
    report = start_report("Emacs front end: patch to screen, against the page", binary, args.quick)
    scratch = tempfile.mkdtemp(prefix="scenery-bench-emacs-")
    figures = {}

    def measure():
        lisp = compiled_package(scratch)
        figures["emacs"] = emacs_figures(binary, lisp, taps, moves)
        figures["page"] = page_figures(binary, taps, moves)

    run_sections(report, [("measure", measure)])
    shutil.rmtree(scratch, ignore_errors=True)
    if "page" in figures:
        emacs, page = figures["emacs"], figures["page"]
        report.add(f"Emacs: `M-x scenery` byte-compiled, the phone at {emacs['factor']:.2f} window pixel a point "
                   f"(1,000 x 1,000 Xvfb, 24-bit); the page: headless Chromium, 800 x 900, the phone fitted.")
        report.add()
        report.table(["measure", "Emacs", "page", "Emacs / page"], [
            ["tap: patch to screen, median", "%.1f ms" % emacs["tap"]["medianMs"], "%.1f ms" % page["tap"]["medianMs"],
             "%.2fx" % (emacs["tap"]["medianMs"] / page["tap"]["medianMs"])],
            ["tap: patch to screen, worst of %d" % emacs["tap"]["samples"], "%.1f ms" % emacs["tap"]["maxMs"],
             "%.1f ms" % page["tap"]["maxMs"], "%.2fx" % (emacs["tap"]["maxMs"] / page["tap"]["maxMs"])],
            ["drag: redraws on screen a second", "%.1f" % emacs["drag"]["fps"], "%.1f" % page["drag"]["fps"],
             "%.2fx" % (emacs["drag"]["fps"] / page["drag"]["fps"])],
            ["drag: patch to screen, median", "%.1f ms" % emacs["drag"]["latencyMedianMs"], "%.1f ms" % page["drag"]["latencyMedianMs"],
             "%.2fx" % (emacs["drag"]["latencyMedianMs"] / page["drag"]["latencyMedianMs"])],
            ["ring: redraws a second", "%.1f" % emacs["ring"]["fps"], "%.1f" % page["ring"]["fps"],
             "%.2fx" % (emacs["ring"]["fps"] / page["ring"]["fps"])],
        ])
        report.add()
        report.add(f"- Emacs, for information: a click to its redraw on screen {emacs['tap']['clickToScreenMs']:.1f} ms (median); "
                   f"a redraw during the drag costs {emacs['drag']['costMedianMs']:.1f} ms (SVG, image, redisplay; median), "
                   f"{emacs['drag']['frames']} redraws for {emacs['drag']['revs']} revs; a ring frame {emacs['ring']['costMedianMs']:.1f} ms.")
        report.add()
        report.target("Tap, patch to screen (Emacs)", "%.1f ms median (worst of %d: %.1f ms)"
                      % (emacs["tap"]["medianMs"], emacs["tap"]["samples"], emacs["tap"]["maxMs"]),
                      "median <= 50 ms", emacs["tap"]["medianMs"] <= 50)
        report.target("Drag, redraws a second (Emacs)", "%.1f" % emacs["drag"]["fps"], ">= 30", emacs["drag"]["fps"] >= 30)
        report.add()
    report.add("```json\n" + json.dumps(figures, indent=1) + "\n```")
    report.add()
    finish_report(report, started, "emacs-report.md")


if __name__ == "__main__":
    main()
