"""A node as drawn: its frame, clip and turn on screen, the shape it covers and what it paints."""

import math

from .basics import MARGIN, UNKNOWN, parse_colour, rect_distance, rotation_at


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
        """A point of the node's unturned frame space on screen."""
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
        """A stroke's width in points (1 by default)."""
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
        """A point of the text's layout box on screen."""
        return self.to_screen(*self.box_to_local(u, v))

    def bounds(self):
        """The screen box [x0, y0, x1, y1] around what the node may cover, cut to its clip."""
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
