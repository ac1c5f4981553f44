"""Pictures of a state: ``engine.screenshot()`` draws with this module, the conformance kit's
reference renderer, written for the kit's own tests from PROTOCOL.md section 4 and the schema
alone (not from either front end's code). Its fault switches each make one mistake a front end
could make, so the kit's tests can see whether the kit catches it
(Tests/Conformance/test_mutations.py). Needs Pillow (``pip install "scenery-engine[screenshot]"``)
and the DejaVu fonts (fonts-dejavu-core).

    python3 -m scenery.render --states DIR --out DIR [--only SUBSTRING] [--fault NAME ...]

Draws each DIR/NAME.state.json ({name, scale, nowMs, document, assets}, collect.py writes them)
to OUT/NAME.png at device scale, every animation held at nowMs: shapes are drawn at SUPERSAMPLE
times the device scale and averaged down (antialiasing), text and images at device scale with
DejaVu fonts (fonts-dejavu-core) and Pillow's resampling. `--list-faults` prints the switches.
"""

from __future__ import annotations

import argparse
import glob
import io
import json
import os
import sys
from typing import Any, Iterable, Mapping, Sequence

try:
    from PIL import Image
except ImportError as missing:  # the optional extra
    raise ImportError('scenery.render (screenshots) needs Pillow: pip install "scenery-engine[screenshot]"') from missing

# The parts, by concern (each names what it holds); their names stay importable from here.
from ._render_canvas import BACKDROP, SUPERSAMPLE, Canvas  # noqa: F401
from ._render_draw import Renderer
from ._render_faults import FAULTS
from ._render_geometry import (Box, Colour, Matrix, Point, animation_value, apply, compose, ellipse,  # noqa: F401
                               invert, parse_colour, rounded_rect, scaling, translate, turn)
from ._render_text import FAMILIES, FONTS, SYSTEM_FONT, Text  # noqa: F401
from .geometry import asset_ids  # named here too: what screenshot() reads

__all__ = ["render", "screenshot", "asset_ids", "FAULTS", "main"]


def render(state: Mapping[str, Any], faults: Iterable[str] = frozenset()) -> Image.Image:
    """The state drawn with `faults`, as a Pillow RGB image of the viewport at device scale.
    `state` is a state file's object: {"document": the state document, "scale", "nowMs",
    "assets": {id: asset.read's result}}."""
    return Renderer(state, faults).render()


def screenshot(snapshot: Mapping[str, Any], assets: Mapping[str, Mapping[str, Any]], *,
               path: str | os.PathLike[str] | None = None, scale: float | None = None) -> bytes:
    """A PNG of `snapshot` (snapshot's result: {state, nowMs}) with `assets` (asset.read's results
    by id) at `scale` device pixels a point (default: the viewport's); written to `path` too."""
    state = {"name": "screenshot", "document": snapshot["state"], "nowMs": snapshot.get("nowMs", 0),
             "scale": scale or snapshot["state"]["viewport"]["scale"], "assets": dict(assets)}
    out = io.BytesIO()
    render(state).save(out, format="PNG")
    data = out.getvalue()
    if path is not None:
        with open(path, "wb") as file:
            file.write(data)
    return data


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's doc string); 0 when it drew something."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", help="the folder of NAME.state.json (collect.py --out)")
    parser.add_argument("--out", help="the folder for NAME.png")
    parser.add_argument("--only", action="append", default=[], help="only states whose name contains this")
    parser.add_argument("--fault", action="append", default=[], help="a fault to make (repeatable; --list-faults)")
    parser.add_argument("--list-faults", action="store_true", help="print the fault switches and stop")
    args = parser.parse_args(argv)
    if args.list_faults:
        for name, what in FAULTS.items():
            print(f"{name:28} {what}")
        print(f"{'shift:ID:PX':28} node ID drawn PX device pixels right of its frame")
        print(f"{'recolour:ID:DELTA':28} node ID's background with DELTA added to each channel")
        return 0
    if not args.states or not args.out:
        parser.error("--states and --out are needed")
    os.makedirs(args.out, exist_ok=True)
    paths = sorted(glob.glob(os.path.join(args.states, "*.state.json")))
    paths = [p for p in paths if not args.only or any(part in os.path.basename(p) for part in args.only)]
    for path in paths:
        with open(path) as file:
            state = json.load(file)
        render(state, args.fault).save(os.path.join(args.out, state["name"] + ".png"))
    print(f"{len(paths)} renders in {args.out}" + (f" with {', '.join(args.fault)}" if args.fault else ""))
    return 0 if paths else 1


if __name__ == "__main__":
    sys.exit(main())
