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
"""

import base64
import json
import math
import sys

from png import PNGError, read_png

MARGIN = 2.0          # device pixels between a probe and any edge it could fall on
BACKDROP = (255, 255, 255)  # what lies under every node (PROTOCOL.md, section 4)
TOLERANCE = {"solid": 4, "blend": 6, "image": 12}
INK_CONTRAST = 40     # an ink check needs this much between the ink and what lies under it
EDGE = 1.0            # device pixels between an edge probe's pixel and the edge (pixel snapping: 0.5)
CURVED = 0.5          # device pixels more for an edge probe beside a curve (a circle's extremes)
EDGE_CONTRAST = 24    # an edge probe needs this much between the two sides of its edge
CLEAR_TOLERANCE = 12  # per channel, for every pixel of a `clear` quad
BACKDROP_STEP = 16.0  # points between the probes of what no node covers
TURNING_GRID = 60     # points a side of the grid of `image.turn` probes in an image that turns
TURNING_NEAR = 6      # source pixels: a clear spot of a turning image this near its ink is probed
UNIFORM = 4           # RGB distance within which what lies under a text or a thin line is one colour
UNKNOWN = "unknown"   # a node's effect at a point that cannot be computed
CELL = 32.0           # points: the side of the buckets of the spatial index


def parse_colour(text):
    """(r, g, b) of '#RRGGBB', or None."""
    if not isinstance(text, str) or len(text) != 7 or text[0] != "#":
        return None
    try:
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return None


def blend(under, over, alpha):
    return tuple(u * (1 - alpha) + o * alpha for u, o in zip(under, over))


def distance(a, b):
    """The Euclidean distance between two colours (r, g, b)."""
    return math.dist(a[:3], b[:3])


def rotation_at(animation, now):
    """The declared rotation's value at scene time `now` (keyframes evenly spaced, linear)."""
    frames = animation.get("keyframes") or [0]
    duration = animation.get("durationMs") or 0
    t = now - animation.get("startMs", 0)
    if len(frames) == 1 or t <= 0 or duration <= 0:
        return frames[0]
    if animation.get("repeat"):
        t = math.fmod(t, duration)
    elif t >= duration:
        return frames[-1]
    position = t / duration * (len(frames) - 1)
    i = min(int(position), len(frames) - 2)
    return frames[i] + (frames[i + 1] - frames[i]) * (position - i)


def rect_distance(rect, x, y):
    """Signed distance from (x, y) to the rectangle's edge: positive inside."""
    fx, fy, fw, fh = rect
    return min(x - fx, fx + fw - x, y - fy, fy + fh - y)


class Decoded:
    """An asset's pixels (None when it cannot be decoded: then nothing of it is known)."""

    def __init__(self, asset):
        self.image = None
        if asset and asset.get("mime") == "image/png":
            try:
                self.image = read_png(base64.b64decode(asset["data"]))
            except (PNGError, ValueError):
                self.image = None

    def ink_near(self, u, v, radius):
        """The colour of an opaque pixel (alpha 250 or more) within `radius` source pixels of
        (u, v), the nearest row first; None when there is none."""
        image = self.image
        for dy in sorted(range(-math.ceil(radius), math.ceil(radius) + 1), key=abs):
            y = math.floor(v) + dy
            if not 0 <= y < image.height:
                continue
            for x in range(max(0, math.floor(u - radius)), min(image.width, math.ceil(u + radius) + 1)):
                pixel = image.pixel(x, y)
                if pixel[3] >= 250:
                    return pixel[:3]
        return None

    def uniform(self, u, v, radius):
        """The RGBA around source pixel position (u, v) when every pixel within `radius` is the
        same (within 2), else UNKNOWN; None when the window lies wholly outside the image."""
        image = self.image
        if image is None:
            return UNKNOWN
        x0, x1 = math.floor(u - radius), math.ceil(u + radius)
        y0, y1 = math.floor(v - radius), math.ceil(v + radius)
        if x1 < 0 or y1 < 0 or x0 >= image.width or y0 >= image.height:
            return None
        if x0 < 0 or y0 < 0 or x1 >= image.width or y1 >= image.height:
            return UNKNOWN
        first = image.pixel(x0, y0)
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                if max(abs(a - b) for a, b in zip(image.pixel(x, y), first)) > 2:
                    return UNKNOWN
        return first


class Node:
    """A node as drawn: its frame on screen, clip, turn, shape and paint."""

    def __init__(self, ident, node, index, scene):
        self.id, self.index, self.kind = ident, index, node.get("kind")
        self.style = node.get("style") or {}
        self.raw = node
        content = scene.content
        x, y, w, h = node.get("frame", [0, 0, 0, 0])
        self.content = node.get("layer") == "content" and content is not None
        dx, dy = (content["frame"][0], content["frame"][1] - content.get("offsetY", 0)) if self.content else (0, 0)
        self.shift = (dx, dy)
        self.frame = (x + dx, y + dy, w, h)
        self.clip = tuple(content["frame"]) if self.content else None
        animation = node.get("animation")
        self.angle = 0.0
        self.anchor = (x + dx + w / 2, y + dy + h / 2)
        if animation and animation.get("property") == "rotation":
            self.angle = rotation_at(animation, scene.now)
            if animation.get("anchor"):
                self.anchor = (animation["anchor"][0] + dx, animation["anchor"][1] + dy)
        self.animated = bool(animation)
        self.opacity = self.style.get("opacity", 1)
        self.radius = self.style.get("cornerRadius")
        self.decoded = None
        if self.kind == "image" and node.get("image"):
            self.decoded = scene.decoded(node["image"])
        # A movie whose asset the state leaves out is not loaded: only its background shows.
        self.movie_loaded = self.kind == "movie" and bool(self.style.get("movie")) and self.style["movie"] in scene.assets
        self.bbox = self.bounds()

    # Geometry

    def to_local(self, x, y):
        """A screen point in the node's unturned frame space."""
        if not self.angle:
            return x, y
        ax, ay = self.anchor
        t = math.radians(-self.angle)
        c, s = math.cos(t), math.sin(t)
        return ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c

    def to_screen(self, x, y):
        if not self.angle:
            return x, y
        ax, ay = self.anchor
        t = math.radians(self.angle)
        c, s = math.cos(t), math.sin(t)
        return ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c

    def line_ends(self):
        """A stroked line's ends on screen (unturned), or None for a hairline fill."""
        if self.kind != "line" or "from" not in self.style or "to" not in self.style:
            return None
        dx, dy = self.shift
        (ax, ay), (bx, by) = self.style["from"], self.style["to"]
        return (ax + dx, ay + dy), (bx + dx, by + dy)

    def line_width(self):
        return self.style.get("lineWidth", 1)

    def text_turn(self):
        """A text's static rotation in degrees (0 for every other kind: only text takes one)."""
        return float(self.style.get("rotation") or 0) if self.kind == "text" else 0.0

    def text_box(self):
        """The box a text is laid out in: the frame's height by its width at an odd multiple of
        90 degrees, else the frame's size."""
        fw, fh = self.frame[2], self.frame[3]
        turn = self.text_turn()
        return (fh, fw) if turn and math.isclose(math.fmod(abs(turn), 180), 90) else (fw, fh)

    def box_to_local(self, u, v):
        """A point of the text's layout box (u from its left, v from its top) in the node's
        unturned frame space: the box centred on the frame, turned by `rotation` about its centre."""
        fx, fy, fw, fh = self.frame
        bw, bh = self.text_box()
        t = math.radians(self.text_turn())
        c, s = math.cos(t), math.sin(t)
        du, dv = u - bw / 2, v - bh / 2
        return fx + fw / 2 + du * c - dv * s, fy + fh / 2 + du * s + dv * c

    def box_to_screen(self, u, v):
        return self.to_screen(*self.box_to_local(u, v))

    def bounds(self):
        fx, fy, fw, fh = self.frame
        pad = 0
        ends = self.line_ends()
        if ends:
            (ax, ay), (bx, by) = ends
            pad = self.line_width()
            corners = [(ax, ay), (bx, by)]
        else:
            corners = [(fx, fy), (fx + fw, fy), (fx, fy + fh), (fx + fw, fy + fh)]
        if self.kind == "text" and self.text_turn():
            bw, bh = self.text_box()
            corners = [self.box_to_local(u, v) for u in (0, bw) for v in (0, bh)]
        points = [self.to_screen(px, py) for px, py in corners]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = [min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad]
        if self.clip:
            cx, cy, cw, ch = self.clip
            box = [max(box[0], cx), max(box[1], cy), min(box[2], cx + cw), min(box[3], cy + ch)]
        return box

    def shape_distance(self, lx, ly):
        """Signed distance (points) from a local point to the node's drawn shape: positive inside."""
        fx, fy, fw, fh = self.frame
        ends = self.line_ends()
        if ends:
            (ax, ay), (bx, by) = ends
            half = self.line_width() / 2
            length = math.hypot(bx - ax, by - ay)
            if length == 0:
                return -math.inf
            ux, uy = (bx - ax) / length, (by - ay) / length
            along = (lx - ax) * ux + (ly - ay) * uy
            across = abs(-(lx - ax) * uy + (ly - ay) * ux)
            # Butt caps: the stroke is the rectangle from one end to the other, lineWidth wide.
            ex, ey = abs(along - length / 2) - length / 2, across - half
            if ex < 0 and ey < 0:
                return min(-ex, -ey)
            return -math.hypot(max(ex, 0.0), max(ey, 0.0))
        if self.kind == "text" and self.text_turn():
            bw, bh = self.text_box()
            t = math.radians(-self.text_turn())
            c, s = math.cos(t), math.sin(t)
            dx, dy = lx - fx - fw / 2, ly - fy - fh / 2
            return rect_distance((-bw / 2, -bh / 2, bw, bh), dx * c - dy * s, dx * s + dy * c)
        if self.kind == "circle":
            a, b = fw / 2, fh / 2
            if a <= 0 or b <= 0:
                return -math.inf
            f = math.hypot((lx - fx - a) / a, (ly - fy - b) / b)
            return (1 - f) * min(a, b)
        inside = rect_distance(self.frame, lx, ly)
        r = min(self.radius or 0, fw / 2, fh / 2)
        if r > 0:
            cx = min(max(lx, fx + r), fx + fw - r)
            cy = min(max(ly, fy + r), fy + fh - r)
            if (cx, cy) != (lx, ly) and (lx < fx + r or lx > fx + fw - r) and (ly < fy + r or ly > fy + fh - r):
                return r - math.hypot(lx - cx, ly - cy)
        return inside

    def distance(self, x, y, clipped=True):
        """Signed distance from a screen point to what the node covers (its shape, its clip)."""
        lx, ly = self.to_local(x, y)
        d = self.shape_distance(lx, ly)
        if clipped and self.clip:
            d = min(d, rect_distance(self.clip, x, y))
        return d

    # Paint

    def paint(self):
        """The node's flat colour, None (draws nothing), UNKNOWN, or "image" (sampled per point)."""
        kind, style = self.kind, self.style
        if self.opacity <= 0 or kind == "group":
            return None
        if kind in ("rect", "circle"):
            return parse_colour(style["background"]) if "background" in style else None
        if kind == "line":
            return parse_colour(style["color"]) if "color" in style else UNKNOWN
        if kind == "movie":
            if self.movie_loaded:
                return UNKNOWN
            return parse_colour(style.get("background")) or UNKNOWN
        if kind == "text":
            return UNKNOWN if any(run.get("text", "").strip() for run in self.raw.get("text") or []) else None
        if kind == "image":
            return "image" if self.raw.get("image") else None
        return UNKNOWN

    def inks(self):
        """The colours the node paints with, where known (a text's runs, a fill, a stroke)."""
        if self.kind == "text":
            return [c for c in (parse_colour(run.get("color")) for run in self.raw.get("text") or []) if c]
        paint = self.paint()
        return [paint] if isinstance(paint, tuple) else []

    def image_rgba(self, x, y, scale):
        """The image's RGBA at a screen point, by its content mode (None: no image there)."""
        source = self.image_source(x, y, scale)
        if source in (None, UNKNOWN):
            return source
        u, v, reach = source
        rgba = self.decoded.uniform(u, v, reach)
        if rgba in (None, UNKNOWN):
            return rgba
        tint = parse_colour(self.style.get("tint"))
        return (tint + (rgba[3],)) if tint else rgba

    def image_source(self, x, y, scale):
        """(u, v, reach): the source pixel position the content mode puts at a screen point, and
        how far around it a resampling filter may read; None outside the drawn image, UNKNOWN
        within MARGIN of its edge or when the asset is not decoded."""
        image = self.decoded.image if self.decoded else None
        if image is None:
            return UNKNOWN
        lx, ly = self.to_local(x, y)
        fx, fy, fw, fh = self.frame
        iw, ih = image.width, image.height
        mode = self.style.get("contentMode", "aspectFit")
        if mode == "scaleToFill":
            dw, dh = fw, fh
        else:
            s = (max if mode == "aspectFill" else min)(fw / iw, fh / ih)
            dw, dh = iw * s, ih * s
        align = self.style.get("align", "center") if mode == "aspectFit" else "center"
        dx = fx if align == "left" else fx + fw - dw if align == "right" else fx + (fw - dw) / 2
        dy = fy + (fh - dh) / 2
        if dw <= 0 or dh <= 0:
            return None
        margin = MARGIN / scale
        edge = rect_distance((dx, dy, dw, dh), lx, ly)
        if edge <= -margin:
            return None
        if edge < margin:
            return UNKNOWN
        # Source pixels per device pixel; a downscaling filter (Lanczos3 the widest) reads up to
        # three footprints away, an upscaling one (bicubic) two pixels.
        footprint = max(iw / dw, ih / dh) / scale
        reach = 3 * footprint + 1 if footprint > 1 else 2
        return (lx - dx) / dw * iw, (ly - dy) / dh * ih, reach

    def letterbox_ink(self, x, y, scale):
        """At a point inside an image's frame, clear of its edges, where its content mode draws
        nothing: [the image's colour nearest there] ([] when unknown); else None."""
        image = self.decoded.image if self.decoded else None
        if self.kind != "image" or image is None or self.distance(x, y) < 2 * MARGIN / scale:
            return None
        if self.image_rgba(x, y, scale) is not None:
            return None
        lx, ly = self.to_local(x, y)
        fx, fy, fw, fh = self.frame
        iw, ih = image.width, image.height
        s = min(fw / iw, fh / ih)
        dw, dh = iw * s, ih * s
        align = self.style.get("align", "center")
        dx = fx if align == "left" else fx + fw - dw if align == "right" else fx + (fw - dw) / 2
        dy = fy + (fh - dh) / 2
        u = min(max(int((lx - dx) / dw * iw), 0), iw - 1) if dw > 0 else 0
        v = min(max(int((ly - dy) / dh * ih), 0), ih - 1) if dh > 0 else 0
        r, g, b, a = image.pixel(u, v)
        tint = parse_colour(self.style.get("tint"))
        return [tint or (r, g, b)] if a else []

    def effect(self, x, y, scale, clipped=True, margin=MARGIN):
        """What the node does to screen point (x, y): None, UNKNOWN or ((r, g, b), alpha); within
        `margin` device pixels of its shape's edge, UNKNOWN."""
        paint = self.paint()
        if paint is None:
            return None
        d = self.distance(x, y, clipped)
        margin = margin / scale
        if d <= -margin:
            return None
        if paint == UNKNOWN or d < margin:
            return UNKNOWN
        if paint == "image":
            rgba = self.image_rgba(x, y, scale)
            if rgba in (None, UNKNOWN):
                return rgba
            if rgba[3] == 0:
                return None
            return rgba[:3], rgba[3] / 255 * self.opacity
        return paint, self.opacity


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


# Probe generation

def device_pixel(scene, x, y):
    """The device pixel under screen point (x, y), and its centre in points."""
    px, py = int(math.floor(x * scene.scale)), int(math.floor(y * scene.scale))
    return (px, py), ((px + 0.5) / scene.scale, (py + 0.5) / scene.scale)


def rule_name(node):
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


def char_width(ch):
    """(least, most) advance of a character in em, over the fonts a front end may draw with (the
    engine's 0.5 em average, SF, DejaVu, Liberation and their narrow and bold faces)."""
    if ch.isspace():
        return 0.2, 0.4
    if ch in "iIjJl!|.,:;'`":
        return 0.12, 0.45
    if ch in "ftr()[]{}-/\"":
        return 0.2, 0.6
    if ch in "mwMW@%&":
        return 0.55, 1.05
    if ord(ch) >= 0x2E80:
        return 0.8, 1.1
    if ch.isupper():
        return 0.45, 0.9
    if ch.isdigit():
        return 0.4, 0.7
    if ch.isalpha() and ord(ch) < 0x250:
        return 0.3, 0.72
    return 0.2, 1.1


MONOSPACED = ("mono", "courier", "menlo", "consol")


def run_pieces(runs, fallback):
    """The paragraph as (character, least, most width in points) triples."""
    pieces = []
    for run in runs:
        size = float(run.get("size", 17))
        bold = 1.1 if run.get("weight") in ("semibold", "bold") else 1.0
        mono = any(word in (name or "").lower() for name in (run.get("font"), fallback) for word in MONOSPACED)
        for ch in str(run.get("text", "")):
            lo, hi = char_width(ch)
            if mono:
                hi = max(hi, 0.65)
            pieces.append((ch, lo * size, hi * size * bold))
    return pieces


def wrapped_lines(pieces, width, which):
    """Lines of a greedy word wrap at `width` with each character's least (which=1) or most
    (which=2) width; None when a word alone is wider than the line (where it breaks is not fixed)."""
    words, word, spaces = [], [0.0, 0.0], []
    for ch, lo, hi in pieces:
        if ch.isspace():
            if word != [0.0, 0.0]:
                words.append(word)
            word = [0.0, 0.0]
            spaces.append(len(words))
            words.append(("space", lo, hi))
        else:
            word[0] += lo
            word[1] += hi
    if word != [0.0, 0.0]:
        words.append(word)
    lines, used = 1, 0.0
    started = False
    for item in words:
        if isinstance(item, tuple):
            used += item[which]
            continue
        w = item[which - 1]
        if w > width:
            return None
        if started and used + w > width:
            lines += 1
            used = w
        else:
            used += w
        started = True
    return lines


def text_probes(probes, node):
    """Ink inside a text node's box, none in a band just outside it, and none where its layout
    leaves room: beside a short line as `align` places it, above or below the block of lines as
    `verticalAlign` places it, after the N-th line of `lines`, over the tail where the ellipsis
    is; ink in each line the text must wrap into. Widths are bounded per character for any font."""
    scene = probes.scene
    fx, fy, fw, fh = node.frame
    m = MARGIN / scene.scale
    if node.paint() is None or fw <= 4 * m or fh <= 4 * m:
        return
    bw, bh = node.text_box()
    corners = [node.box_to_screen(u, v) for u in (0, bw) for v in (0, bh)]
    if node.clip and any(rect_distance(node.clip, x, y) < 0 for x, y in corners):
        return
    if any(rect_distance(probes.screen, x, y) < 0 for x, y in corners):
        return
    step = 12 / scene.scale
    nx, ny = max(2, int(bw / step)), max(2, int(bh / step))
    inset = 1.5 * m  # clear of an edge shared with the node under (a label on its patch)
    grid = [node.box_to_screen(inset + (bw - 2 * inset) * i / nx, inset + (bh - 2 * inset) * j / ny)
            for i in range(nx + 1) for j in range(ny + 1)]
    if len(grid) > 600:
        grid = grid[::len(grid) // 600 + 1]
    under, veils = uniform_under(scene, node, grid, veils=True)
    runs = [run for run in node.raw.get("text") or []]
    colours = [parse_colour(run.get("color")) for run in runs if run.get("text", "").strip()]
    inked = under is not None and colours and all(c and distance(through(c, veils), under) >= INK_CONTRAST + 20 for c in colours)

    def quad(u0, v0, u1, v1):
        u0, u1 = max(u0, m), min(u1, bw - m)
        v0, v1 = max(v0, m), min(v1, bh - m)
        if (u1 - u0) * scene.scale < 2 or (v1 - v0) * scene.scale < 2:
            return None
        return [tuple(c * scene.scale for c in node.box_to_screen(u, v)) for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]

    if inked:
        layout_probes(probes, node, runs, under, quad, veils)
    # No ink outside: a band of points just outside each edge of the box, every 8 device pixels.
    out = 1.5 * m
    spacing = 8 / scene.scale
    for (u0, v0, u1, v1) in ((0, -out, bw, -out), (0, bh + out, bw, bh + out), (-out, 0, -out, bh), (bw + out, 0, bw + out, bh)):
        length = math.hypot(u1 - u0, v1 - v0)
        count = int(length / spacing)
        for i in range(1, count):
            x, y = node.box_to_screen(u0 + (u1 - u0) * i / count, v0 + (v1 - v0) * i / count)
            probes.colour(x, y, owner=node, rule="text.clip")


def layout_probes(probes, node, runs, under, quad, veils):
    style = node.style
    bw, bh = node.text_box()
    pieces = run_pieces(runs, style.get("fontFallback"))
    while pieces and pieces[-1][0].isspace():
        pieces.pop()
    while pieces and pieces[0][0].isspace():
        pieces.pop(0)
    sizes = [float(run.get("size", 17)) for run in runs]
    size = max(sizes)
    line = 1.2 * size
    whole = quad(0, 0, bw, bh)
    if whole is None:
        return
    # One colour: some pixel at least halfway toward it (a glyph's stem covers whole pixels).
    inks = {tuple(through(c, veils)) for c in node.inks()}
    probes.ink(node, "text.ink", whole, under, inks.pop() if len(inks) == 1 else None)
    if not pieces:
        return
    lines = int(style.get("lines") or 0)
    lo_w, hi_w = sum(p[1] for p in pieces), sum(p[2] for p in pieces)
    if lines == 1:
        least, most, free = (1, 1, 1 if lo_w <= bw else 2)
    else:
        least, most = wrapped_lines(pieces, bw, 1), wrapped_lines(pieces, bw, 2)
        if least is None or most is None:
            return
        free = least
        if lines > 1:
            least, most = min(least, lines), min(most, lines)
    clamped = lines >= 1 and free > lines
    vertical = style.get("verticalAlign", "center")

    def top(n):
        return 0.0 if vertical == "top" else bh - n * line if vertical == "bottom" else (bh - n * line) / 2

    pad_v = 0.2 * size + 1.5 / probes.scene.scale
    pad_h = 0.15 * size + 1.5 / probes.scene.scale
    first = min(top(n) for n in range(least, most + 1))
    last = max(top(n) + n * line for n in range(least, most + 1))
    name = "text.lines" if clamped else "text.verticalAlign"
    for box in (quad(0, 0, bw, first - pad_v), quad(0, last + pad_v, bw, bh)):
        if box:
            probes.clear(node, name, box, under)
    # Each line the text must fill has ink across the middle of its line box (x-height and caps),
    # where the block's place is known; one size of type only (mixed sizes share a baseline).
    same_size = max(sizes) - min(sizes) < 0.5
    if same_size and (least == most or vertical == "top"):
        for k in range(1, least + 1):
            centre = top(least) + (k - 0.5) * line
            if most == 1:
                # Ink at both ends of the span the text surely covers (a window of 1 em: wider than
                # a space and a glyph's bearings), short of where an ellipsis may be.
                u0, u1 = expected_span(style.get("align", "left"), bw, lo_w, min(hi_w, bw))
                if hi_w > bw:
                    u0, u1 = max(u0, 0), min(u1, bw - 1.5 * size)
                windows = [(u0, u0 + size), (u1 - size, u1)] if u1 - u0 > 2 * size else [(u0, u1)]
            else:
                windows = [(0, bw)]
            for w0, w1 in windows:
                box = quad(w0, centre - 0.3 * size, w1, centre + 0.05 * size)
                if box and k > 1:
                    probes.ink(node, "text.lines", box, under, None)
                elif box and most == 1:
                    probes.ink(node, "text.align", box, under, None)
        if clamped and bw > 3 * size:
            # The tail of the last line holds the ellipsis: dots on the baseline, nothing higher.
            centre = top(least) + (least - 0.5) * line
            box = quad(bw - 0.4 * size, centre - 0.2 * size, bw - 1.5 / probes.scene.scale, centre + 0.05 * size)
            if box:
                probes.clear(node, "text.ellipsis", box, under)
    if most == 1 and hi_w + 2 * pad_h < bw:
        # One line, narrower than the box: nothing beside it where `align` puts it.
        align = style.get("align", "left")
        spans = {"left": [(hi_w + pad_h, bw)], "right": [(0, bw - hi_w - pad_h)],
                 "center": [(0, (bw - hi_w) / 2 - pad_h), ((bw + hi_w) / 2 + pad_h, bw)]}.get(align, [])
        for u0, u1 in spans:
            box = quad(u0, 0, u1, bh)
            if box:
                probes.clear(node, "text.align", box, under)


def expected_span(align, width, least, most):
    """Where a one-line text's first `least` points of ink surely are, as `align` places it."""
    if align == "right":
        return width - least, width
    if align == "center":
        return (width - least) / 2, (width + least) / 2
    return 0, least



def thin_probes(probes, node, centre, normal, half):
    """An ink check across a line too thin for a colour probe, at `centre` (screen points)."""
    scene = probes.scene
    m = MARGIN / scene.scale
    nx, ny = normal
    if rect_distance(probes.screen, *centre) < half + 3 * m or (node.clip and rect_distance(node.clip, *centre) < half + 3 * m):
        return
    sides = [(centre[0] + nx * (half + 2 * m) * s, centre[1] + ny * (half + 2 * m) * s) for s in (-1, 1)]
    under = uniform_under(scene, node, sides + [centre])
    paint = node.paint()
    if under is None or paint in (None, UNKNOWN):
        return
    target = blend(under, paint, node.opacity)
    if distance(target, under) < INK_CONTRAST:
        return
    across, along = half + 1.5 / scene.scale, 2 / scene.scale
    tx, ty = -ny, nx
    quad = [((centre[0] + nx * a * across + tx * b * along) * scene.scale,
             (centre[1] + ny * a * across + ty * b * along) * scene.scale) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    probes.ink(node, ("line" if node.line_ends() else "hairline") + ".ink", quad, under, target)


def edge_margin(node):
    """Device pixels an edge probe keeps from the edge: EDGE, plus what a pixel turned with the
    node reaches beyond its centre (half its diagonal's projection), plus CURVED beside a curve.
    Every node near an edge probe is held to its own edge margin (an edge shared by two rects
    that touch is probed on both sides)."""
    t = math.radians(node.angle)
    curved = node.kind == "circle"
    return EDGE + 0.5 * (abs(math.cos(t)) + abs(math.sin(t))) - 0.5 + (CURVED if curved else 0)


def edge_pixel(node, scale, point, normal, inside, margin):
    """The device pixel nearest `point` + `normal` (screen points, unit outward normal) whose
    centre lies between `margin` and `margin + 1` device pixels inside (or outside) the node's
    shape; None when there is none."""
    sx, sy = point[0] * scale, point[1] * scale
    step = -(margin + 0.5) if inside else margin + 0.5
    tx, ty = sx + normal[0] * step, sy + normal[1] * step
    best = None
    for px in range(int(math.floor(tx)) - 1, int(math.floor(tx)) + 2):
        for py in range(int(math.floor(ty)) - 1, int(math.floor(ty)) + 2):
            d = node.distance((px + 0.5) / scale, (py + 0.5) / scale) * scale
            d = d if inside else -d
            if margin <= d < margin + 1:
                off = math.hypot(px + 0.5 - tx, py + 0.5 - ty)
                if best is None or off < best[0]:
                    best = (off, px, py)
    return best and best[1:]


def edge_probes(probes, node, edges, rule_in, rule_out):
    """Just inside and just outside straight edges of a node that paints a flat colour, at a pixel
    whose centre is EDGE to EDGE + 1 device pixels from the edge: a node drawn 1.5 device pixels
    or more off its place fails one of them when its edges lie on the pixel grid (2 when they lie
    anywhere), while antialiasing and snapping to whole pixels pass. `edges`: (point, outward
    normal) in the node's own space."""
    scene = probes.scene
    paint = node.paint()
    # An image that covers its frame, or a movie: only the outside probes (what lies under its
    # edge is known; its own pixels there may not be).
    covers = (node.kind == "image" and paint == "image" and node.style.get("contentMode") in ("aspectFill", "scaleToFill")) \
        or (node.kind == "movie" and paint == UNKNOWN)
    if not isinstance(paint, tuple) and not covers:
        return
    margin = edge_margin(node)
    t = math.radians(node.angle)
    c, s = math.cos(t), math.sin(t)
    for (lx, ly), (nx, ny) in edges:
        point = node.to_screen(lx, ly)
        if rect_distance(probes.screen, *point) < 4 * MARGIN / scene.scale or \
                (node.clip and rect_distance(node.clip, *point) < 4 * MARGIN / scene.scale):
            continue
        normal = (nx * c - ny * s, nx * s + ny * c)
        inner = edge_pixel(node, scene.scale, point, normal, True, margin)
        outer = edge_pixel(node, scene.scale, point, normal, False, margin)
        if outer is None:
            continue
        exact = (node, margin)
        outside, _, _ = scene.stack((outer[0] + 0.5) / scene.scale, (outer[1] + 0.5) / scene.scale, exact=exact)
        if outside is None:
            continue
        if covers:
            probes.pixel(*outer, owner=node, rule=rule_out, exact=exact,
                         top_is=lambda top: top is None or top.index < node.index)
            continue
        if inner is not None:  # a line too thin for a pixel inside has only the outside probe
            probes.pixel(*inner, generator=node, rule=rule_in, exact=exact, top_is=lambda top: top is node,
                         contrast=outside)
        probes.pixel(*outer, owner=node, rule=rule_out, exact=exact, contrast=blend(outside, paint, node.opacity),
                     top_is=lambda top: top is None or top.index < node.index)


def turning_image_probes(probes, node):
    """`image.turn`: where a turning image's detail lies at its angle now (a ring's dashes, a
    cover's lettering), over a grid of TURNING_GRID points a side. Where its asset is opaque and
    one colour a source pixel around, some pixel of the device pixels around moves at least
    halfway toward that colour from the known one under it (an `ink` quad: any resampling filter
    passes); where it is clear within its reach but has ink within TURNING_NEAR source pixels,
    what is under shows (blamed on the image when the render moved toward that ink). An image
    drawn unturned, turned the wrong way or about the wrong point puts its detail elsewhere."""
    scene = probes.scene
    decoded = node.decoded
    if decoded is None or decoded.image is None or node.opacity <= 0:
        return
    tint = parse_colour(node.style.get("tint"))
    half = 1.5 / scene.scale  # points: the ink quad reaches 1.5 device pixels each way
    fractions = tuple((i + 0.5) / TURNING_GRID for i in range(TURNING_GRID))
    for x, y in local_points(node, fractions):
        if node.distance(x, y) < 2 * MARGIN / scene.scale:
            continue
        source = node.image_source(x, y, scene.scale)
        if source in (None, UNKNOWN):
            continue
        u, v, reach = source
        window = decoded.uniform(u, v, reach)
        if window not in (None, UNKNOWN):
            if window[3] == 0:
                near = decoded.ink_near(u, v, reach + TURNING_NEAR)
                if near is not None:
                    probes.colour(x, y, owner=node, rule="image.turn", inks=[tint or near])
            continue
        core = decoded.uniform(u, v, 1)
        if core in (None, UNKNOWN) or core[3] < 250:
            continue
        under = uniform_under(scene, node, [(x, y)])
        if under is None:
            continue
        target = blend(under, tint or core[:3], node.opacity)
        if distance(under, target) < INK_CONTRAST:
            continue
        quad = [(a * scene.scale, b * scene.scale) for a, b in ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half))]
        probes.ink(node, "image.turn", quad, under, target)


def straight_edges(node):
    """Points along a rect's (or hairline's) straight edges, clear of rounded corners, and a
    circle's four extremes, each with its outward normal, in the node's own space."""
    fx, fy, fw, fh = node.frame
    if node.kind == "circle":
        return [((fx + fw / 2, fy), (0, -1)), ((fx + fw / 2, fy + fh), (0, 1)),
                ((fx, fy + fh / 2), (-1, 0)), ((fx + fw, fy + fh / 2), (1, 0))]
    r = min(node.radius or 0, fw / 2, fh / 2)
    edges = []
    for t in (0.25, 0.5, 0.75):
        if fw - 2 * r > 0:
            x = fx + r + (fw - 2 * r) * t
            edges += [((x, fy), (0, -1)), ((x, fy + fh), (0, 1))]
        if fh - 2 * r > 0:
            y = fy + r + (fh - 2 * r) * t
            edges += [((fx, y), (-1, 0)), ((fx + fw, y), (1, 0))]
    return edges


def node_probes(probes, node):
    scene = probes.scene
    m = MARGIN / scene.scale
    fx, fy, fw, fh = node.frame
    paint = node.paint()
    if node.kind == "text":
        text_probes(probes, node)
        return
    if paint is None:
        return
    ends = node.line_ends()
    if ends:
        (ax, ay), (bx, by) = ends
        length = math.hypot(bx - ax, by - ay)
        if length < 4 * m:
            return
        half = node.line_width() / 2
        normal = (-(by - ay) / length, (bx - ax) / length)
        t = math.radians(node.angle)
        screen_normal = (normal[0] * math.cos(t) - normal[1] * math.sin(t), normal[0] * math.sin(t) + normal[1] * math.cos(t))
        margin = edge_margin(node)
        sides = []
        for f in (0.25, 0.5, 0.75):
            mx, my = ax + (bx - ax) * f, ay + (by - ay) * f
            centre = node.to_screen(mx, my)
            if 2 * half * scene.scale >= 4:
                # A colour probe on the stroke's centre, at the pixel deepest inside it.
                deepest = max(((node.distance((px + 0.5) / scene.scale, (py + 0.5) / scene.scale), px, py)
                               for px in range(int(centre[0] * scene.scale) - 1, int(centre[0] * scene.scale) + 2)
                               for py in range(int(centre[1] * scene.scale) - 1, int(centre[1] * scene.scale) + 2)))
                if deepest[0] * scene.scale >= margin:
                    probes.pixel(deepest[1], deepest[2], generator=node, rule="line", exact=(node, margin))
            else:
                thin_probes(probes, node, centre, screen_normal, half)
            sides += [((mx + normal[0] * half, my + normal[1] * half), normal),
                      ((mx - normal[0] * half, my - normal[1] * half), (-normal[0], -normal[1]))]
        # The width: just inside and just outside both sides of the stroke; the butt caps: just
        # inside and outside each end, on the centre line.
        edge_probes(probes, node, sides, "line.width", "line.width")
        ux, uy = (bx - ax) / length, (by - ay) / length
        edge_probes(probes, node, [((ax, ay), (-ux, -uy)), ((bx, by), (ux, uy))], "line.ends", "line.ends")
        return
    if node.kind == "line" and min(fw, fh) <= 3 * m:
        if max(fw, fh) > 4 * m:
            horizontal = fw >= fh
            for t in (0.25, 0.5, 0.75):
                centre = node.to_screen(fx + fw * (t if horizontal else 0.5), fy + fh * (0.5 if horizontal else t))
                thin_probes(probes, node, centre, (0, 1) if horizontal else (1, 0), min(fw, fh) / 2)
            edge_probes(probes, node, straight_edges(node), "hairline.width", "hairline.width")
        return
    if node.kind in ("rect", "circle", "movie", "image", "line"):
        edge_probes(probes, node, straight_edges(node), "edge.inside", "edge.outside")
    fractions = (0.1, 0.3, 0.5, 0.7, 0.9) if node.kind == "image" else (0.2, 0.5, 0.8)
    if node.kind == "image" and node.animated:
        turning_image_probes(probes, node)
    for x, y in local_points(node, fractions):
        letterbox = node.letterbox_ink(x, y, scene.scale)
        if letterbox is not None:
            # Inside the frame, beside an aspectFit image: what is under shows; the image's
            # nearest colour there says the image spilled (blame).
            probes.colour(x, y, owner=node, rule=rule_name(node), inks=letterbox)
        else:
            probes.colour(x, y, generator=node)
    # Rounded corners and circles: clear of the curve inside, and what is under just outside it.
    r = min(node.radius or 0, fw / 2, fh / 2) if node.kind != "circle" else min(fw, fh) / 2
    if r * scene.scale >= 4 * MARGIN:
        rule = "circle.outside" if node.kind == "circle" else "cornerRadius.outside"
        d = r * (1 - math.sqrt(0.5)) / 2
        for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            cx = fx + d if sx == 0 else fx + fw - d
            cy = fy + d if sy == 0 else fy + fh - d
            x, y = node.to_screen(cx, cy)
            if -node.shape_distance(*node.to_local(x, y)) >= m:
                probes.colour(x, y, owner=node, rule=rule)
            if node.kind != "circle":
                ix, iy = node.to_screen(fx + r if sx == 0 else fx + fw - r, fy + 2 * m if sy == 0 else fy + fh - 2 * m)
                probes.colour(ix, iy, generator=node, rule="cornerRadius.inside")
    # The content clip: where the node would show unclipped, what is under must show.
    if node.clip:
        cx, cy, cw, ch = node.clip
        for x, y in local_points(node, (0.1, 0.3, 0.5, 0.7, 0.9)):
            if rect_distance(node.clip, x, y) <= -m and node.distance(x, y, clipped=False) >= m:
                probes.colour(x, y, owner=node, rule="clip", unclipped=node, must_differ=True)


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
        else:
            x, y = probe["quad"][0]
            print(f"{round(x):5d} {round(y):5d}  ink over #{''.join(f'{c:02X}' for c in probe['under'])} "
                  f"{probe['rule']:<28} {probe['node']}")
    print(f"{len(items)} probes in {state.get('name')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
