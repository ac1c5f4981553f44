#!/usr/bin/env python3
"""Each of the six scenes on its built-in sample, on the iPhone X (375 x 812 pt) at one pixel a
point, as the Emacs front end draws it and as the page draws it, for the table in
Clients/emacs/README.md beside the Qt window's Docs/screenshots/qt-SCENE.png.

    SCENERY_BIN=.build/release/scenery python3 Tests/Emacs/screenshots.py [--out Docs/screenshots] [--only emacs|page]

- ``emacs-phone-SCENE.png`` (``emacs-directory.png`` is README's whole frame, emacs_screenshot.py's):
  ``M-x scenery`` in a real emacs-gtk frame on a private Xvfb (xemacs.py):
  the session started on the preset "Scene: built-in sample" (``scenery-xtest-open``), the
  ``*scenery*`` window's body 814 pixels tall so the phone is drawn at one window pixel a point,
  and the phone's image only, cut from the X screen with ImageMagick's ``import``.
- ``page-SCENE.png``: ``scenery serve`` (no --data-root: built-in samples only) in headless
  Chromium at 1000 x 1100 CSS pixels, scale 1 (Tests/Web/cdp.mjs), the page's ``#screen`` only.

Each PNG is stripped and, when over 150 KB, cut to fewer colours (``convert``). Needs emacs-gtk,
xvfb, xdotool, imagemagick, chromium and node 20.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from xemacs import REPO, XEmacs, lisp_string  # noqa: E402

SCENES = ["directory", "hoo", "exhibition", "shelf", "photos", "testcard"]
LIMIT = 150_000
# The *scenery* window's body: the iPhone X's 812 points plus the 2 pixels scenery--fit keeps free.
BODY_HEIGHT = 814


def title(scene: str) -> str:
    return scene.capitalize() + ": built-in sample"


def optimize(path: Path) -> int:
    """Strip the PNG; over LIMIT bytes, fewer colours until it fits. Returns its size."""
    for colours in (None, 256, 128, 64):
        reduce = ["-colors", str(colours)] if colours else []
        subprocess.run(["convert", str(path), "-strip", *reduce, "-define", "png:compression-level=9",
                        "-define", "png:compression-filter=5", str(path)], check=True)
        if path.stat().st_size <= LIMIT:
            break
    return path.stat().st_size


def emacs_shots(binary: str, out: Path) -> list[Path]:
    written = []
    with XEmacs(1000, 1000, env={"SCENERY_BIN": binary}) as emacs:
        emacs.eval("(scenery-xtest-frame-size 620 900)")
        for scene in SCENES:
            emacs.eval(f"(scenery-xtest-open {lisp_string(title(scene))})")
            emacs.eval(f"(scenery-xtest-body-height {BODY_HEIGHT})")
            seen = {"rev": None, "since": time.monotonic()}

            def settled() -> bool:
                s = emacs.eval("(scenery-xtest-status)")
                if s["rev"] != seen["rev"]:
                    seen["rev"], seen["since"] = s["rev"], time.monotonic()
                quiet = scene == "exhibition" or time.monotonic() - seen["since"] > 0.7  # the ring never rests
                return bool(s["live"] and s["scene"] == scene and s["loading"] == 0 and s["waiting"] == 0
                            and s["assetsMissing"] == 0 and s["factor"] > 0 and quiet)
            emacs.wait_for(settled, 60, f"{scene} to be drawn")
            time.sleep(1.0)
            emacs.eval("(progn (message nil) (redisplay t))")
            rect = emacs.eval("(scenery-xtest-screen-rect)")
            # The pointer away from the phone (import leaves it out, but no hover either).
            emacs.xdotool("mousemove", "--sync", str(rect["x"] + rect["width"] + 40), str(rect["y"] + 10))
            path = out / f"emacs-phone-{scene}.png"
            emacs.screenshot(rect, path)
            written.append(path)
    return written


PAGE = r"""
import { writeFileSync } from "node:fs";
import { Browser, findChromium, startServer, sleep } from "CDP";
const [binary, out, ...scenes] = process.argv.slice(1);
const server = await startServer(binary, []);
const browser = await Browser.launch(findChromium());
try {
  for (const scene of scenes) {
    const title = scene[0].toUpperCase() + scene.slice(1) + ": built-in sample";
    await browser.open(`${server.url}/?scene=${encodeURIComponent(title)}&device=0`, 1000, 1100);
    await browser.until(`window.scenery?.ready === true`);
    await sleep(1500);  // pictures arrive
    const box = await browser.evaluate(`(() => { const r = document.getElementById('screen').getBoundingClientRect(); return {x: r.left, y: r.top, width: r.width, height: r.height}; })()`);
    writeFileSync(`${out}/page-${scene}.png`, Buffer.from(await browser.screenshot(box), "base64"));
  }
} finally {
  browser.close();
  server.process.kill();
}
"""


def page_shots(binary: str, out: Path) -> list[Path]:
    script = PAGE.replace('"CDP"', json.dumps((REPO / "Tests" / "Web" / "cdp.mjs").as_uri()))
    subprocess.run(["node", "--experimental-websocket", "--no-warnings", "--input-type=module", "-e", script,
                    "--", binary, str(out), *SCENES], check=True, cwd=REPO)
    return [out / f"page-{scene}.png" for scene in SCENES]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "Docs" / "screenshots"))
    parser.add_argument("--only", choices=["emacs", "page"])
    args = parser.parse_args()
    binary = os.path.abspath(os.environ.get("SCENERY_BIN") or REPO / ".build" / "release" / "scenery")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    if args.only in (None, "emacs"):
        written += emacs_shots(binary, out)
    if args.only in (None, "page"):
        written += page_shots(binary, out)
    for path in written:
        size = optimize(path)
        geometry = subprocess.run(["identify", "-format", "%wx%h", str(path)], capture_output=True, text=True).stdout
        print(f"{path}: {geometry}, {size} bytes")


if __name__ == "__main__":
    main()
