#!/usr/bin/env python3
"""The README's picture of Scenery in Emacs: the whole emacs-gtk frame (header line, screen, mode
line) showing M-x scenery on a scene, taken from a private Xvfb.

    SCENERY_BIN=.build/release/scenery python3 Tests/Emacs/emacs_screenshot.py [--scene shelf] [--out PNG]
    SCENERY_BIN=.build/release/scenery python3 Tests/Emacs/emacs_screenshot.py --stepper

Default: the Directory's Contacts tab with a row selected, written to
Docs/screenshots/emacs-directory.png. ``--stepper``: Examples/goldens/shelf.golden in the
transcript stepper, point on its long press, the screen after it beside, written to
Docs/screenshots/emacs-stepper.png.
"""

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from xemacs import REPO, XEmacs, lisp_string  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scene", default="directory")
    parser.add_argument("--out")
    parser.add_argument("--stepper", action="store_true")
    args = parser.parse_args()
    binary = os.path.abspath(os.environ.get("SCENERY_BIN") or REPO / ".build" / "release" / "scenery")
    if args.stepper:
        out = args.out or str(REPO / "Docs" / "screenshots" / "emacs-stepper.png")
        golden = REPO / "Examples" / "goldens" / "shelf.golden"
        with XEmacs(1200, 1000, env={"SCENERY_BIN": binary}) as emacs:
            emacs.eval("(scenery-xtest-frame-size 1000 760)")
            emacs.eval(f"(progn (require 'scenery-stepper) (find-file {lisp_string(str(golden))}))")
            emacs.eval('(with-current-buffer "shelf.golden" (scenery-stepper-wait scenery-stepper--run 30))')
            emacs.eval('(with-selected-window (get-buffer-window "shelf.golden") (goto-char (point-min)) '
                       '(re-search-forward "^> longPress") (beginning-of-line) (recenter 12) (scenery-stepper-show t))')
            time.sleep(1)
            emacs.eval('(progn (message nil) (redisplay t))')
            emacs.screenshot(emacs.eval("(scenery-xtest-frame-rect)"), out)
        print(out)
        return
    args.out = args.out or str(REPO / "Docs" / "screenshots" / "emacs-directory.png")
    with XEmacs(1000, 1000, env={"SCENERY_BIN": binary}) as emacs:
        emacs.eval("(scenery-xtest-frame-size 560 880)")
        title = args.scene.capitalize() + ": built-in sample"
        emacs.eval(f"(scenery-xtest-open {lisp_string(title)})")

        def drawn() -> bool:
            s = emacs.eval("(scenery-xtest-status)")
            return bool(s["live"] and s["scene"] == args.scene and s["loading"] == 0 and s["waiting"] == 0 and s["assetsMissing"] == 0)
        emacs.wait_for(drawn, 60, "the scene")
        if args.scene == "directory":
            emacs.eval('(scenery-request "tap" (list (cons "id" "tab.contacts")))')
            time.sleep(0.5)
            emacs.eval('(scenery-request "tap" (list (cons "id" "contacts.person.23")))')
            time.sleep(0.5)
            emacs.wait_for(drawn, 60, "the contacts")
        time.sleep(0.5)
        emacs.eval('(progn (message nil) (redisplay t))')
        emacs.screenshot(emacs.eval("(scenery-xtest-frame-rect)"), args.out)
    print(args.out)


if __name__ == "__main__":
    main()
