#!/usr/bin/env python3
"""Pixel probes derived from a state's display list, by the protocol's drawing rules (PROTOCOL.md,
section 4): what any front end must show at chosen device pixels of a state.

    probes.py STATE.json          prints every probe of the state

A probe is a device pixel (x, y at the state's scale), the colour it must show and a tolerance,
the node that decides it and the rule it checks. Two kinds check regions (quads of device pixels)
instead of one pixel: `ink` (some pixel of the quad differs from the known colour under it, or
moves at least halfway toward the ink's colour when it has one: text, thin lines) and `clear`
(every pixel of the quad shows the known colour: where a text's layout puts no ink). Every probe
stands clear of every edge by MARGIN device pixels (antialiasing), except the edge probes, which
stand EDGE device pixels (and half a turned pixel's diagonal) inside or outside one straight edge
of the node they test; a point where anything unknowable lies (text, a movie, an image that is
not locally uniform there) under what decides it is dropped.

The probes are made in probing/, one concern a module (its __init__.py lists them); this file
derives a state's probes from them and re-exports their names (`from probes import derive`).
"""

import json
import sys

from probing.basics import (BACKDROP, BACKDROP_STEP, CELL, CLEAR_TOLERANCE, CURVED, EDGE, EDGE_CONTRAST,  # noqa: F401
                            INK_CONTRAST, MARGIN, TOLERANCE, TURNING_GRID, TURNING_NEAR, UNIFORM, UNKNOWN, blend,
                            distance, parse_colour, rect_distance, rotation_at)
from probing.collector import (Probes, device_pixel, local_points, qualified, rule_name, through,  # noqa: F401
                               uniform_under)
from probing.decoded import Decoded  # noqa: F401
from probing.edges import edge_pixel, edge_probes, straight_edges, thin_probes  # noqa: F401
from probing.images import turning_image_probes  # noqa: F401
from probing.node import Node  # noqa: F401
from probing.scene import Scene, edge_margin  # noqa: F401
from probing.shapes import node_probes
from probing.text import layout_probes, text_probes  # noqa: F401
from probing.text_layout import MONOSPACED, char_width, expected_span, run_pieces, wrapped_lines  # noqa: F401


def derive(state):
    """Every probe of a state, in a stable order."""
    scene = Scene(state)
    probes = Probes(scene)
    for node in reversed(scene.nodes):  # the topmost first: a pixel goes to the rule made for it
        node_probes(probes, node)
    width, height = scene.viewport["width"], scene.viewport["height"]
    for i in range(1, 12):
        for j in range(1, 24):
            probes.colour(width * i / 12, height * j / 24)
    # Nothing where nothing is drawn: every BACKDROP_STEP points where no node paints.
    for i in range(1, int(width / BACKDROP_STEP) + 1):
        for j in range(1, int(height / BACKDROP_STEP) + 1):
            x, y = i * BACKDROP_STEP - BACKDROP_STEP / 2, j * BACKDROP_STEP - BACKDROP_STEP / 2
            if scene.stack(x, y)[1] is None:
                probes.colour(x, y)
    return probes.items


def main(argv):
    """Prints every probe of the state file named in argv[1]; 2 on a wrong command line."""
    if len(argv) != 2:
        print("usage: probes.py STATE.json", file=sys.stderr)
        return 2
    with open(argv[1]) as file:
        state = json.load(file)
    items = derive(state)
    for probe in items:
        if probe["type"] == "colour":
            print(f"{probe['x']:5d} {probe['y']:5d}  #{''.join(f'{c:02X}' for c in probe['expected'])} "
                  f"±{probe['tolerance']:<3d} {probe['rule']:<28} {probe['node']}")
        elif probe["type"] == "clear":
            x, y = probe["quad"][0]
            print(f"{round(x):5d} {round(y):5d}  clear #{''.join(f'{c:02X}' for c in probe['expected'])} "
                  f"±{probe['tolerance']:<3d} {probe['rule']:<28} {probe['node']}")
        else:
            x, y = probe["quad"][0]
            print(f"{round(x):5d} {round(y):5d}  ink over #{''.join(f'{c:02X}' for c in probe['under'])} "
                  f"{probe['rule']:<28} {probe['node']}")
    print(f"{len(items)} probes in {state.get('name')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
