#!/usr/bin/env python3
"""Pixel probes derived from a state's display list, by the protocol's drawing rules (PROTOCOL.md,
section 4): what any front end must show at chosen device pixels of a state.

    probes.py STATE.json          prints every probe of the state

A probe is a device pixel (x, y at the state's scale), the colour it must show and a tolerance,
the node that decides it and the rule it checks. Two looser kinds check regions instead of one
pixel: `ink` (some pixel of a quad differs from the known colour under it, moving toward the
ink's colour when it has one: text, thin lines) and nothing else. Every probe stands clear of
every edge by MARGIN device pixels (antialiasing), and a point where anything unknowable lies
(text, a movie, an image that is not locally uniform there) under what decides it is dropped.
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
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


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
        if self.kind == "text" and self.style.get("rotation"):
            r = math.hypot(fw, fh) / 2
            corners += [(fx + fw / 2 - r, fy + fh / 2 - r), (fx + fw / 2 + r, fy + fh / 2 + r)]
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
            if 0 <= along <= length:
                inside = min(half - across, along, length - along)
            else:
                inside = -math.inf
            # The ends' caps (unspecified: butt, round or square) reach at most half * sqrt(2).
            t = max(0.0, min(length, along))
            outside = math.hypot(lx - (ax + ux * t), ly - (ay + uy * t)) - half * math.sqrt(2)
            return inside if inside > 0 else (-outside if outside > 0 else 0.0)
        if self.kind == "text" and self.style.get("rotation"):
            return math.hypot(fw, fh) / 2 - math.hypot(lx - fx - fw / 2, ly - fy - fh / 2)
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
            if style.get("movie"):
                return UNKNOWN
            return parse_colour(style.get("background")) or UNKNOWN
        if kind == "text":
            return UNKNOWN if any(run.get("text", "").strip() for run in self.raw.get("text") or []) else None
        if kind == "image":
            return "image" if self.raw.get("image") else None
        return UNKNOWN

    def image_rgba(self, x, y, scale):
        """The image's RGBA at a screen point, by its content mode (None: no image there)."""
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
        rgba = self.decoded.uniform((lx - dx) / dw * iw, (ly - dy) / dh * ih, reach)
        if rgba in (None, UNKNOWN):
            return rgba
        tint = parse_colour(self.style.get("tint"))
        return (tint + (rgba[3],)) if tint else rgba

    def effect(self, x, y, scale, clipped=True):
        """What the node does to screen point (x, y): None, UNKNOWN or ((r, g, b), alpha)."""
        paint = self.paint()
        if paint is None:
            return None
        d = self.distance(x, y, clipped)
        margin = MARGIN / scale
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

    def stack(self, x, y, without=None, unclipped=None):
        """The colour at screen point (x, y) composited from the bottom, or None when unknowable;
        the topmost node that paints there; whether a translucent layer took part."""
        colour, top, blended = BACKDROP, None, False
        for node in self.buckets.get((int(math.floor(x / CELL)), int(math.floor(y / CELL))), []):
            if node is without:
                continue
            effect = node.effect(x, y, self.scale, clipped=node is not unclipped)
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

    def colour(self, x, y, generator=None, rule=None, owner=None, unclipped=None, must_differ=False):
        """A colour probe at the device pixel under (x, y). With `owner`, the probe checks that
        node's `rule` where it must not paint (outside a corner or a circle, under its clip);
        otherwise the topmost node there decides it, under `rule` when that is `generator` (the
        node the point was chosen in), "z-order" when something above covers the generator, and
        else its kind's rule. `must_differ`: only when drawing `unclipped` unclipped would differ."""
        scene = self.scene
        (px, py), (cx, cy) = device_pixel(scene, x, y)
        if (px, py) in self.taken or rect_distance(self.screen, cx, cy) < MARGIN / scene.scale:
            return
        colour, top, blended = scene.stack(cx, cy)
        if colour is None:
            return
        if must_differ:
            wrong, _, _ = scene.stack(cx, cy, unclipped=unclipped)
            if wrong is None or distance(wrong, colour) < 3 * TOLERANCE["blend"]:
                return
        if owner is not None:
            decider, name = owner, rule
        elif generator is not None and top is not generator:
            decider, name = top, "z-order"
        else:
            decider, name = top, rule or rule_name(top)
        kind = "image" if top is not None and top.kind == "image" else "blend" if blended else "solid"
        self.taken.add((px, py))
        self.items.append({"type": "colour", "x": px, "y": py, "expected": [round(c) for c in colour],
                           "tolerance": TOLERANCE[kind], "node": decider.id if decider else None,
                           "rule": qualified(name, decider, blended)})

    def ink(self, node, rule, quad, under, target):
        """Some pixel inside `quad` (device pixels) moves from `under` toward `target` (or, with
        target None, differs from `under`)."""
        self.items.append({"type": "ink", "quad": [[round(a, 2), round(b, 2)] for a, b in quad],
                           "under": [round(c) for c in under], "target": target and [round(c) for c in target],
                           "contrast": INK_CONTRAST, "node": node.id, "rule": qualified(rule, node, False)})


def local_points(node, fractions):
    fx, fy, fw, fh = node.frame
    return [node.to_screen(fx + fw * a, fy + fh * b) for a in fractions for b in fractions]


def uniform_under(scene, node, points):
    """The one known colour under `node` at every point, with nothing drawn over it there; else None."""
    found = None
    for x, y in points:
        colour, top, _ = scene.stack(x, y, without=node)
        if colour is None or (top is not None and top.index > node.index):
            return None
        over = [n for n in scene.buckets.get((int(math.floor(x / CELL)), int(math.floor(y / CELL))), [])
                if n.index > node.index and n.effect(x, y, scene.scale) is not None]
        if over:
            return None
        if found is None:
            found = colour
        elif distance(found, colour) > 1:
            return None
    return found


def text_probes(probes, node):
    """Ink inside a text node's box, and none in a band just outside it."""
    scene = probes.scene
    fx, fy, fw, fh = node.frame
    m = MARGIN / scene.scale
    if node.paint() is None or fw <= 4 * m or fh <= 4 * m:
        return
    if node.clip and rect_distance(node.clip, *node.to_screen(fx, fy)) < 0 or \
            node.clip and rect_distance(node.clip, *node.to_screen(fx + fw, fy + fh)) < 0:
        return
    step = 12 / scene.scale
    nx, ny = max(2, int(fw / step)), max(2, int(fh / step))
    grid = [node.to_screen(fx + m + (fw - 2 * m) * i / nx, fy + m + (fh - 2 * m) * j / ny)
            for i in range(nx + 1) for j in range(ny + 1)]
    if len(grid) > 600:
        grid = grid[::len(grid) // 600 + 1]
    under = uniform_under(scene, node, grid)
    colours = [parse_colour(run.get("color")) for run in node.raw.get("text") or [] if run.get("text", "").strip()]
    if under is not None and colours and all(c and distance(c, under) > 2 * INK_CONTRAST for c in colours):
        corners = [(fx + m, fy + m), (fx + fw - m, fy + m), (fx + fw - m, fy + fh - m), (fx + m, fy + fh - m)]
        quad = [tuple(v * scene.scale for v in node.to_screen(x, y)) for x, y in corners]
        probes.ink(node, "text.ink", quad, under, None)
    # No ink outside: a band of points just outside each edge, every 8 device pixels.
    out = 1.5 * m
    spacing = 8 / scene.scale
    for (x0, y0, x1, y1) in ((fx, fy - out, fx + fw, fy - out), (fx, fy + fh + out, fx + fw, fy + fh + out),
                             (fx - out, fy, fx - out, fy + fh), (fx + fw + out, fy, fx + fw + out, fy + fh)):
        length = math.hypot(x1 - x0, y1 - y0)
        count = int(length / spacing)
        for i in range(1, count):
            x, y = node.to_screen(x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count)
            probes.colour(x, y, owner=node, rule="text.clip")


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
        for t in (0.25, 0.5, 0.75):
            centre = node.to_screen(ax + (bx - ax) * t, ay + (by - ay) * t)
            if half > 1.5 * m:
                probes.colour(*centre, generator=node)
            else:
                thin_probes(probes, node, centre, normal, half)
        return
    if node.kind == "line" and min(fw, fh) <= 3 * m:
        if max(fw, fh) > 4 * m:
            horizontal = fw >= fh
            for t in (0.25, 0.5, 0.75):
                centre = node.to_screen(fx + fw * (t if horizontal else 0.5), fy + fh * (0.5 if horizontal else t))
                thin_probes(probes, node, centre, (0, 1) if horizontal else (1, 0), min(fw, fh) / 2)
        return
    fractions = (0.1, 0.3, 0.5, 0.7, 0.9) if node.kind == "image" else (0.2, 0.5, 0.8)
    for x, y in local_points(node, fractions):
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
