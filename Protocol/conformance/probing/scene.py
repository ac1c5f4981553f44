"""A state's display list in draw order, with a spatial index, and the colour any screen point
composites to."""

import math

from .basics import BACKDROP, CELL, CURVED, EDGE, MARGIN, UNKNOWN, blend
from .decoded import Decoded
from .node import Node


class Scene:
    """A state's display list in draw order (z, then id in code point order), with an index."""

    def __init__(self, state):
        self.state = state
        document = state["document"]
        self.viewport = document["viewport"]
        self.scale = state.get("scale", self.viewport.get("scale", 1))
        self.now = state.get("nowMs", 0)
        display = document.get("display") or {}
        self.content = display.get("content")
        self.assets = state.get("assets", {})
        self._decoded = {}
        nodes = display.get("nodes", {})
        ordered = sorted(nodes, key=lambda i: (nodes[i].get("z", 0), [ord(c) for c in i]))
        self.nodes = [Node(i, nodes[i], n, self) for n, i in enumerate(ordered)]
        self.buckets = {}
        for node in self.nodes:
            x0, y0, x1, y1 = node.bbox
            if x1 < x0 or y1 < y0:
                continue
            for bx in range(int(math.floor(x0 / CELL)) - 1, int(math.floor(x1 / CELL)) + 2):
                for by in range(int(math.floor(y0 / CELL)) - 1, int(math.floor(y1 / CELL)) + 2):
                    self.buckets.setdefault((bx, by), []).append(node)

    def decoded(self, asset):
        """The asset's Decoded pixels, decoded once per scene."""
        if asset not in self._decoded:
            self._decoded[asset] = Decoded(self.assets.get(asset))
        return self._decoded[asset]

    def stack(self, x, y, without=None, unclipped=None, exact=None, below=None):
        """The colour at screen point (x, y) composited from the bottom, or None when unknowable;
        the topmost node that paints there; whether a translucent layer took part. `exact`:
        (node, margin), that node's edge margin in device pixels (edge probes); `below`: only the
        nodes drawn before that one."""
        colour, top, blended = BACKDROP, None, False
        for node in self.buckets.get((int(math.floor(x / CELL)), int(math.floor(y / CELL))), []):
            if node is without:
                continue
            if below is not None and node.index >= below.index:
                break
            margin = MARGIN if not exact else exact[1] if node is exact[0] else edge_margin(node)
            effect = node.effect(x, y, self.scale, clipped=node is not unclipped, margin=margin)
            if effect is None:
                continue
            top = node
            if effect == UNKNOWN:
                colour = None
                continue
            paint, alpha = effect
            if alpha >= 1:
                colour = paint
            elif colour is not None:
                colour, blended = blend(colour, paint, alpha), True
        return colour, top, blended


def edge_margin(node):
    """Device pixels an edge probe keeps from the edge: EDGE, plus what a pixel turned with the
    node reaches beyond its centre (half its diagonal's projection), plus CURVED beside a curve.
    Every node near an edge probe is held to its own edge margin (an edge shared by two rects
    that touch is probed on both sides)."""
    t = math.radians(node.angle)
    curved = node.kind == "circle"
    return EDGE + 0.5 * (abs(math.cos(t)) + abs(math.sin(t))) - 0.5 + (CURVED if curved else 0)
