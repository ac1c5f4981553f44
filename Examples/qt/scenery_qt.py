#!/usr/bin/env python3
"""Scenery's Qt desktop front end (PySide6): draws any scene the engine runs and forwards the
user's gestures, knowing no scene.

    python3 Examples/qt/scenery_qt.py [--scenery BIN] [--scene NAME] [--device N] [--data-root FOLDER] [--photos-endpoint URL]
    python3 Examples/qt/scenery_qt.py --render-states DIR --out RENDERS     # the conformance kit's renderer
    python3 Examples/qt/scenery_qt.py --screenshots OUT                     # the window, every scene, as PNGs

The window spawns ``scenery`` (``--scenery``, else ``$SCENERY_BIN``, else ``.build/release`` or
``.build/debug`` of this checkout) and speaks PROTOCOL.md to it over a pipe on the real clock. The
``scenery`` package is the installed one, else this checkout's ``Clients/python``.
``--render-states`` and ``--screenshots`` need no display: run them with
``QT_QPA_PLATFORM=offscreen`` (they set it themselves when no platform is named).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
if importlib.util.find_spec("scenery") is None:
    # Run from a checkout with the package not installed: take the checkout's own, so that the
    # commands in Docs/qt.md work as written from a fresh clone, with no PYTHONPATH.
    sys.path.append(str(HERE.parents[1] / "Clients" / "python"))


def parse(argv: Optional[list[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenery", help="the scenery binary (default: $SCENERY_BIN or this checkout's build)")
    parser.add_argument("--scene", help="the scene to open first (default: the engine's first)")
    parser.add_argument("--data-root", metavar="FOLDER", type=Path,
                        help="offer the briefs' data found in FOLDER first and open on it (the engine runs there), as scenery serve --data-root")
    parser.add_argument("--photos-endpoint", metavar="URL",
                        help="open the photos scene on URL (e.g. Examples/photos/serve_demo.py's), as scenery serve --photos-endpoint")
    parser.add_argument("--record", metavar="FILE", type=Path,
                        help="write each engine session as FILE (FILE.golden: a readable golden; else a protocol "
                             "transcript), the next ones as FILE-2, FILE-3, ... (a new scene starts a new engine)")
    parser.add_argument("--device", type=int, default=0, help="the device preset to start on (index, default 0)")
    parser.add_argument("--render-states", metavar="DIR", help="render every DIR/NAME.state.json to --out/NAME.png and exit")
    parser.add_argument("--out", metavar="FOLDER", help="where --render-states writes")
    parser.add_argument("--screenshots", metavar="FOLDER", help="open each scene in the window, write FOLDER/qt-SCENE.png, exit")
    args = parser.parse_args(argv)
    if args.render_states and not args.out:
        parser.error("--render-states needs --out")
    return args


def main(argv: Optional[list[str]] = None) -> int:
    args = parse(argv)
    if args.render_states or args.screenshots:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv[:1])
    if args.render_states:
        import render_states
        return render_states.main(args.render_states, args.out)
    from window import SceneryWindow, screenshots
    if args.screenshots:
        return screenshots(args.scenery, Path(args.screenshots))
    window = SceneryWindow(args.scenery, scene=args.scene, device=args.device, data_root=args.data_root,
                           photos_endpoint=args.photos_endpoint, record=args.record)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
