"""Probes: collects a scene's probes, one per device pixel, each with the node and rule that
decide it; and what lies under a node where it is one colour."""

import math

from .basics import (CELL, CLEAR_TOLERANCE, EDGE_CONTRAST, INK_CONTRAST, MARGIN, TOLERANCE, UNIFORM, UNKNOWN, blend,
                     distance, rect_distance)


def device_pixel(scene, x, y):
    """The device pixel under screen point (x, y), and its centre in points."""
    px, py = int(math.floor(x * scene.scale)), int(math.floor(y * scene.scale))
    return (px, py), ((px + 0.5) / scene.scale, (py + 0.5) / scene.scale)


def rule_name(node):
    """The rule a node's own pixels are checked under, by its kind ("backdrop" for no node)."""
    if node is None:
        return "backdrop"
    if node.kind == "image":
        return "tint" if node.style.get("tint") else "image." + node.style.get("contentMode", "aspectFit")
    if node.kind == "line":
        return "line" if node.line_ends() else "hairline"
    if node.kind == "movie":
        return "movie.background"
    return "fill"


def qualified(rule, node, blended):
    """`rule` tagged with what took part: [opacity], [rotation], [content]."""
    tags = [tag for tag, on in (("opacity", blended), ("rotation", node is not None and node.angle != 0),
                                ("content", node is not None and node.content)) if on]
    return rule + ("[" + ",".join(tags) + "]" if tags else "")


class Probes:
    """Collects probes for one scene, one per device pixel."""

    def __init__(self, scene):
        self.scene, self.items, self.taken = scene, [], set()
        width, height = scene.viewport["width"], scene.viewport["height"]
        self.screen = (0, 0, width, height)

    def colour(self, x, y, **options):
        """A colour probe at the device pixel under screen point (x, y): see `pixel`."""
        (px, py), _ = device_pixel(self.scene, x, y)
        return self.pixel(px, py, **options)

    def pixel(self, px, py, generator=None, rule=None, owner=None, unclipped=None, must_differ=False,
              exact=None, top_is=None, contrast=None, inks=None):
        """A colour probe at device pixel (px, py). With `owner`, the probe checks that node's
        `rule` where it must not paint (outside a corner, a circle, an edge, under its clip);
        otherwise the topmost node there decides it, under `rule` when that is `generator` (the
        node the point was chosen in), "z-order" when something above covers the generator, and
        else its kind's rule. `must_differ`: only when drawing `unclipped` unclipped would differ.
        `exact`: (node, margin) for an edge probe; `top_is`: a test the topmost node must pass;
        `contrast`: a colour the probe's must differ from by EDGE_CONTRAST. Returns the colour."""
        scene = self.scene
        cx, cy = (px + 0.5) / scene.scale, (py + 0.5) / scene.scale
        if (px, py) in self.taken or rect_distance(self.screen, cx, cy) < MARGIN / scene.scale:
            return None
        colour, top, blended = scene.stack(cx, cy, exact=exact)
        if colour is None or (top_is is not None and not top_is(top)):
            return None
        if contrast is not None and distance(colour, contrast) < EDGE_CONTRAST:
            return None
        if must_differ:
            wrong, _, _ = scene.stack(cx, cy, unclipped=unclipped)
            if wrong is None or distance(wrong, colour) < 3 * TOLERANCE["blend"]:
                return None
        if owner is not None:
            decider, name = owner, rule
        elif generator is not None and top is not generator:
            decider, name = top, "z-order"
        else:
            decider, name = top, rule or rule_name(top)
        kind = "image" if top is not None and top.kind == "image" else "blend" if blended else "solid"
        self.taken.add((px, py))
        probe = {"type": "colour", "x": px, "y": py, "expected": [round(c) for c in colour],
                 "tolerance": TOLERANCE[kind], "node": decider.id if decider else None,
                 "rule": qualified(name, decider, blended)}
        if owner is not None and top is not owner:
            # Blame: what shows here is `top`'s (or the backdrop's); the probe checks that `owner`
            # does not paint here. check.py blames the owner when the render moved toward its ink.
            probe["shows"] = top.id if top is not None else None
            probe["ink"] = [[round(c) for c in ink] for ink in (owner.inks() if inks is None else inks)]
        self.items.append(probe)
        return colour

    def clear(self, node, rule, quad, colour):
        """Every pixel inside `quad` (device pixels) shows `colour`: `node` puts no ink there.
        Blame as for a colour probe with an owner: the node under shows there."""
        x, y = (sum(p[i] for p in quad) / len(quad) / self.scene.scale for i in (0, 1))
        under = self.scene.stack(x, y, without=node)[1]
        self.items.append({"type": "clear", "quad": [[round(a, 2), round(b, 2)] for a, b in quad],
                           "expected": [round(c) for c in colour], "tolerance": CLEAR_TOLERANCE,
                           "node": node.id, "rule": qualified(rule, node, False),
                           "shows": under.id if under is not None else None,
                           "ink": [[round(c) for c in ink] for ink in node.inks()]})

    def ink(self, node, rule, quad, under, target):
        """Some pixel inside `quad` (device pixels) moves from `under` toward `target` (or, with
        target None, differs from `under`)."""
        self.items.append({"type": "ink", "quad": [[round(a, 2), round(b, 2)] for a, b in quad],
                           "under": [round(c) for c in under], "target": target and [round(c) for c in target],
                           "contrast": INK_CONTRAST, "node": node.id, "rule": qualified(rule, node, False)})


def local_points(node, fractions):
    """Screen points at `fractions` of the node's frame across and down, turned with it."""
    fx, fy, fw, fh = node.frame
    return [node.to_screen(fx + fw * a, fy + fh * b) for a in fractions for b in fractions]


def uniform_under(scene, node, points, veils=False):
    """The one known colour under `node` at every point, with nothing drawn over it there; else
    None. With `veils`, translucent flat layers over it are allowed, the same at every point (an
    alert's dim): then (the colour seen there, the layers as [(paint, alpha)]) or (None, None)."""
    found, layers = None, None
    for x, y in points:
        cell = scene.buckets.get((int(math.floor(x / CELL)), int(math.floor(y / CELL))), [])
        over = [(n, n.effect(x, y, scene.scale)) for n in cell if n.index > node.index]
        over = [(n, e) for n, e in over if e is not None]
        if over and (not veils or any(e == UNKNOWN or e[1] >= 1 for _, e in over)):
            return (None, None) if veils else None
        if layers is None:
            layers = over
        elif [n for n, _ in over] != [n for n, _ in layers]:
            return (None, None) if veils else None
        colour, _, _ = scene.stack(x, y, below=node)
        if colour is None:
            return (None, None) if veils else None
        colour = through(colour, [e for _, e in over])
        if found is None:
            found = colour
        elif distance(found, colour) > UNIFORM:
            return (None, None) if veils else None
    return (found, [e for _, e in layers or []]) if veils else found


def through(colour, layers):
    """`colour` as seen through translucent flat layers [(paint, alpha)], bottom first."""
    for paint, alpha in layers:
        colour = blend(colour, paint, alpha)
    return colour
