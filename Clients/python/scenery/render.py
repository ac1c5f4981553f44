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
import base64
import glob
import io
import json
import math
import os
import re
import sys
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFont
except ImportError as missing:  # the optional extra
    raise ImportError('scenery.render (screenshots) needs Pillow: pip install "scenery-engine[screenshot]"') from missing

from .geometry import asset_ids  # named here too: what screenshot() reads

__all__ = ["render", "screenshot", "asset_ids", "FAULTS", "main"]

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
Box = list[int]
Colour = tuple[int, ...]

SUPERSAMPLE = 4
BACKDROP = (255, 255, 255)
FONTS = "/usr/share/fonts/truetype/dejavu"
# family -> (regular, bold, light) files; a run's weight picks one (medium draws regular,
# semibold bold). A family not here is missing: `fontFallback`, then the system UI font.
FAMILIES = {
    "DejaVu Sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-ExtraLight.ttf"),
    "DejaVu Sans Mono": ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono.ttf"),
    "DejaVu Serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf"),
}
SYSTEM_FONT = "DejaVu Sans"

FAULTS = {
    "no-text": "draws no text",
    "text-align-ignored": "every text line sits at the left",
    "text-valign-ignored": "every text block sits at the centre of its frame",
    "text-valign-default-top": "a text without verticalAlign sits at the top (the default is centre)",
    "text-lines-ignored": "`lines` ignored: no clamp, no ellipsis",
    "text-rotation-ignored": "static text `rotation` ignored",
    "text-rotation-box-unswapped": "a text turned by 90 is laid out in the frame's width by height",
    "text-unclipped": "text drawn past its frame's edges",
    "text-wrap-ignored": "text never wraps: each paragraph on one line",
    "text-colour-ignored": "every run drawn in black",
    "line-width-ignored": "every stroke 1 point wide",
    "line-caps-square": "strokes end in square caps (half the width past each end)",
    "line-ends-relative": "`from`/`to` taken relative to the frame's origin",
    "hairline-grey": "lines without from/to filled with #DCDCE0 instead of their colour",
    "animation-ignored": "every animation held at its first keyframe",
    "animation-about-centre": "animations turn about the frame's centre, not `anchor`",
    "animation-reversed": "animations turn anticlockwise",
    "animation-no-repeat": "`repeat` ignored: the last keyframe holds after one pass",
    "image-animation-ignored": "images do not turn (shapes do)",
    "backdrop-only": "draws nothing but the backdrop",
    "backdrop-grey": "the backdrop is #F0F0F0",
    "z-ignored": "draw order by id alone",
    "id-order-reversed": "nodes of equal z drawn in reverse id order",
    "content-clip-ignored": "content nodes not clipped to content.frame",
    "content-offset-ignored": "content nodes drawn without offsetY",
    "opacity-ignored": "every node opaque",
    "opacity-squared": "opacity applied twice (0.5 draws as 0.25)",
    "device-scale-ignored": "drawn at scale 1 on the device-sized picture",
    "corner-radius-ignored": "square corners",
    "circle-as-rect": "a circle fills its whole frame",
    "aspect-fill-as-fit": "aspectFill images drawn as aspectFit",
    "content-mode-default-fill": "an image without contentMode stretched (scaleToFill)",
    "image-align-ignored": "aspectFit images always centred",
    "tint-ignored": "template images drawn in their own colours",
    "movie-background-ignored": "a movie's background not drawn",
}
# Faults on one node: "shift:ID:PX" draws node ID PX device pixels right of its frame;
# "recolour:ID:DELTA" draws its background with DELTA added to each channel.


def parse_colour(text: str) -> Colour:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


# Affine maps as (a, b, c, d, e, f): x' = a x + b y + c, y' = d x + e y + f.

def compose(m: Matrix, n: Matrix) -> Matrix:
    """m after n."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * s, a * q + b * t, a * r + b * u + c, d * p + e * s, d * q + e * t, d * r + e * u + f)


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * e - b * d
    return (e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det)


def apply(m: Matrix, x: float, y: float) -> Point:
    return m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]


def translate(x: float, y: float) -> Matrix:
    return (1, 0, x, 0, 1, y)


def scaling(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0, 0, 0, sy if sy is not None else sx, 0)


def turn(degrees: float, cx: float, cy: float) -> Matrix:
    """Clockwise on screen (y down) about (cx, cy)."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    return (c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy)


def animation_value(animation: Mapping[str, Any], now: float, faults: Collection[str]) -> float:
    frames: list[float] = animation.get("keyframes") or [0]
    duration: float = animation.get("durationMs") or 0
    t: float = now - animation.get("startMs", 0)
    if "animation-ignored" in faults or len(frames) == 1 or t <= 0 or duration <= 0:
        return frames[0]
    if animation.get("repeat") and "animation-no-repeat" not in faults:
        t = math.fmod(t, duration)
    elif t >= duration:
        return frames[-1]
    position = t / duration * (len(frames) - 1)
    i = min(int(position), len(frames) - 2)
    return frames[i] + (frames[i + 1] - frames[i]) * (position - i)


def rounded_rect(x: float, y: float, w: float, h: float, r: float, steps: int = 16) -> list[Point]:
    """The outline of a rectangle with corners of radius r (clamped to half the shorter side)."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for i in range(steps + 1):
            t = math.radians(start + 90 * i / steps)
            points.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return points


def ellipse(x: float, y: float, w: float, h: float, steps: int = 128) -> list[Point]:
    return [(x + w / 2 + w / 2 * math.cos(2 * math.pi * i / steps), y + h / 2 + h / 2 * math.sin(2 * math.pi * i / steps))
            for i in range(steps)]


class Canvas:
    """The device-pixel picture; every node is composited onto it through a coverage mask."""

    def __init__(self, width: int, height: int, backdrop: Colour) -> None:
        self.image = Image.new("RGB", (width, height), backdrop)

    def bounds(self, points: Sequence[Point], clip: Sequence[float] | None = None) -> Box | None:
        """The device pixel box (x0, y0, x1, y1) around `points` (device), inside the picture and clip."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = [math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys))]
        limit = [0, 0, self.image.width, self.image.height]
        if clip:
            limit = [max(limit[0], math.floor(clip[0])), max(limit[1], math.floor(clip[1])),
                     min(limit[2], math.ceil(clip[2])), min(limit[3], math.ceil(clip[3]))]
        box = [max(box[0], limit[0]), max(box[1], limit[1]), min(box[2], limit[2]), min(box[3], limit[3])]
        return box if box[2] > box[0] and box[3] > box[1] else None

    @staticmethod
    def rect_coverage(box: Box, rect: Sequence[float]) -> Image.Image:
        """A mask over `box` of how much of each pixel the axis-aligned device rect covers."""
        x0, y0, x1, y1 = box
        def spans(lo: float, hi: float, start: int, end: int) -> bytes:
            return bytes(round(255 * max(0.0, min(p + 1, hi) - max(p, lo))) for p in range(start, end))
        columns = Image.frombytes("L", (x1 - x0, 1), spans(rect[0], rect[2], x0, x1)).resize((x1 - x0, y1 - y0), Image.Resampling.NEAREST)
        rows = Image.frombytes("L", (1, y1 - y0), spans(rect[1], rect[3], y0, y1)).resize((x1 - x0, y1 - y0), Image.Resampling.NEAREST)
        return ImageChops.multiply(columns, rows)

    @staticmethod
    def polygon_coverage(box: Box, points: Sequence[Point]) -> Image.Image:
        """A mask over `box` of the polygon (device points), drawn supersampled and averaged."""
        x0, y0, x1, y1 = box
        mask = Image.new("L", ((x1 - x0) * SUPERSAMPLE, (y1 - y0) * SUPERSAMPLE), 0)
        ImageDraw.Draw(mask).polygon([((x - x0) * SUPERSAMPLE, (y - y0) * SUPERSAMPLE) for x, y in points], fill=255)
        return mask.reduce(SUPERSAMPLE)

    def paint(self, box: Box, source: Colour | Image.Image, mask: Image.Image, opacity: float) -> None:
        """Source-over of `source` (an RGB colour or an RGBA picture of the box) through `mask`."""
        if isinstance(source, Image.Image):
            mask = ImageChops.multiply(mask, source.getchannel("A"))
            source = source.convert("RGB")
        if opacity < 1:
            mask = mask.point(lambda v: round(v * opacity))
        self.image.paste(source, (box[0], box[1], box[2], box[3]), mask)


class Text:
    """Lays a text node's runs out in a box (device pixels) and draws them onto an RGBA picture."""

    def __init__(self, runs: Sequence[Mapping[str, Any]], style: Mapping[str, Any], scale: float,
                 faults: Collection[str]) -> None:
        self.style, self.scale, self.faults = style, scale, faults
        self.runs = [run for run in runs if run.get("text")]
        self.fonts = [self.font(run) for run in self.runs]
        self.line_height = 1.2 * max([run.get("size", 17) for run in self.runs] or [17]) * scale

    _cache: dict[tuple[str, float], ImageFont.FreeTypeFont] = {}

    def font(self, run: Mapping[str, Any]) -> ImageFont.FreeTypeFont:
        family = run.get("font")
        if not isinstance(family, str) or family not in FAMILIES:
            fallback = self.style.get("fontFallback")
            family = fallback if isinstance(fallback, str) and fallback in FAMILIES else SYSTEM_FONT
        regular, bold, light = FAMILIES[family]
        weight = run.get("weight", "regular")
        name = bold if weight in ("semibold", "bold") else light if weight == "light" else regular
        key = (name, run.get("size", 17) * self.scale)
        if key not in self._cache:
            self._cache[key] = ImageFont.truetype(os.path.join(FONTS, name), key[1])
        return self._cache[key]

    def width(self, chars: Sequence[tuple[str, int]]) -> float:
        """The advance of a list of (character, run index)."""
        return sum(self.fonts[r].getlength("".join(c for c, _ in piece)) for r, piece in self.pieces(chars))

    @staticmethod
    def pieces(chars: Iterable[tuple[str, int]]) -> list[tuple[int, list[tuple[str, int]]]]:
        out: list[tuple[int, list[tuple[str, int]]]] = []
        for c, r in chars:
            if out and out[-1][0] == r:
                out[-1][1].append((c, r))
            else:
                out.append((r, [(c, r)]))
        return out

    @staticmethod
    def trimmed(chars: list[tuple[str, int]]) -> list[tuple[str, int]]:
        while chars and chars[-1][0].isspace():
            chars = chars[:-1]
        return chars

    def lines(self, width: float) -> list[list[tuple[str, int]]]:
        """The lines, each a list of (character, run index): wrapped at word boundaries, clamped."""
        chars = [(c, i) for i, run in enumerate(self.runs) for c in run["text"]]
        lines: list[list[tuple[str, int]]] = []
        line: list[tuple[str, int]] = []
        for word in re.findall(r"\n|[^\s]*[^\S\n]*", "".join(c for c, _ in chars)):
            if not word:
                continue
            taken, chars = chars[:len(word)], chars[len(word):]
            if word == "\n":
                lines.append(line)
                line = []
            elif line and self.width(self.trimmed(line + taken)) > width and "text-wrap-ignored" not in self.faults:
                lines.append(line)
                line = taken
            else:
                line = line + taken
        lines.append(line)
        limit = self.style.get("lines") or 0
        if "text-lines-ignored" in self.faults:
            return lines
        if limit and (len(lines) > limit or self.width(self.trimmed(lines[-1])) > width):
            # The last line keeps what fits of the rest, with an ellipsis (one too wide, too).
            keep = min(limit, len(lines)) - 1
            rest = [(" " if c == "\n" else c, r) for line in lines[keep:] for c, r in line]
            rest = self.trimmed(rest)
            run = rest[-1][1] if rest else 0
            while rest and self.width(rest + [("\u2026", run)]) > width:
                rest = self.trimmed(rest[:-1])
            lines = lines[:keep] + [rest + [("\u2026", rest[-1][1] if rest else run)]]
        return lines

    def draw(self, width: float, height: float, pad: float) -> Image.Image:
        """An RGBA picture of (width + 2 pad) by (height + 2 pad) device pixels, the box at (pad, pad)."""
        picture = Image.new("RGBA", (max(1, math.ceil(width + 2 * pad)), max(1, math.ceil(height + 2 * pad))), (0, 0, 0, 0))
        draw = ImageDraw.Draw(picture)
        lines = self.lines(width)
        valign = self.style.get("verticalAlign", "top" if "text-valign-default-top" in self.faults else "center")
        if "text-valign-ignored" in self.faults:
            valign = "center"
        block = len(lines) * self.line_height
        top = pad + {"top": 0, "center": (height - block) / 2, "bottom": height - block}[valign]
        align = "left" if "text-align-ignored" in self.faults else self.style.get("align", "left")
        for n, line in enumerate(lines):
            line = self.trimmed(line)
            used = self.width(line)
            x = pad + {"left": 0, "center": (width - used) / 2, "right": width - used}[align]
            runs = {r for _, r in line} or {0}
            ascent = max(self.fonts[r].getmetrics()[0] for r in runs) if self.fonts else 0
            descent = max(self.fonts[r].getmetrics()[1] for r in runs) if self.fonts else 0
            baseline = top + n * self.line_height + (self.line_height - ascent - descent) / 2 + ascent
            for r, piece in self.pieces(line):
                text = "".join(c for c, _ in piece)
                colour = (0, 0, 0) if "text-colour-ignored" in self.faults else parse_colour(self.runs[r].get("color", "#000000"))
                draw.text((x, baseline), text, font=self.fonts[r], fill=colour + (255,), anchor="ls")
                x += self.fonts[r].getlength(text)
        return picture


class Renderer:
    """Draws one state, with the faults named in `faults`."""

    def __init__(self, state: Mapping[str, Any], faults: Iterable[str] = frozenset()) -> None:
        self.state, self.faults = state, set(faults)
        self.document = state["document"]
        self.scale = state.get("scale") or self.document["viewport"]["scale"]
        self.now = state.get("nowMs", 0)
        display = self.document.get("display") or {}
        self.content = display.get("content")
        self.nodes = display.get("nodes") or {}
        self.pictures: dict[str, Image.Image | None] = {}
        self.shifts: dict[str, float] = {}
        self.recolours: dict[str, float] = {}
        for fault in self.faults:
            kind, _, rest = fault.partition(":")
            if kind in ("shift", "recolour"):
                ident, _, amount = rest.rpartition(":")
                (self.shifts if kind == "shift" else self.recolours)[ident] = float(amount)
            elif fault not in FAULTS:
                raise ValueError(f"unknown fault {fault!r} (python3 -m scenery.render --list-faults)")

    def picture(self, asset: str) -> Image.Image | None:
        """An asset's first frame as RGBA (an APNG's default image), or None."""
        if asset not in self.pictures:
            data = (self.state.get("assets") or {}).get(asset)
            self.pictures[asset] = Image.open(io.BytesIO(base64.b64decode(data["data"]))).convert("RGBA") if data else None
        return self.pictures[asset]

    def order(self) -> list[str]:
        ids = list(self.nodes)
        if "z-ignored" in self.faults:
            return sorted(ids)
        if "id-order-reversed" in self.faults:
            ids.sort(reverse=True)
            return sorted(ids, key=lambda i: self.nodes[i].get("z", 0))
        return sorted(ids, key=lambda i: (self.nodes[i].get("z", 0), i))

    def render(self) -> Image.Image:
        viewport = self.document["viewport"]
        size = (round(viewport["width"] * self.scale), round(viewport["height"] * self.scale))
        if "device-scale-ignored" in self.faults:
            self.scale = 1
        canvas = Canvas(*size, (240, 240, 240) if "backdrop-grey" in self.faults else BACKDROP)
        if "backdrop-only" not in self.faults:
            for ident in self.order():
                self.draw(canvas, ident, self.nodes[ident])
        return canvas.image

    def placement(self, ident: str, node: Mapping[str, Any]) -> tuple[Matrix, tuple[float, ...] | None]:
        """(the map from the node's local points to screen points, the device clip or None)."""
        dx = dy = 0.0
        clip: tuple[float, ...] | None = None
        if node.get("layer") == "content" and self.content:
            cx, cy, cw, ch = self.content["frame"]
            dx, dy = cx, cy - (0 if "content-offset-ignored" in self.faults else self.content.get("offsetY", 0))
            if "content-clip-ignored" not in self.faults:
                clip = tuple(v * self.scale for v in (cx, cy, cx + cw, cy + ch))
        dx += self.shifts.get(ident, 0) / self.scale
        x, y, w, h = node.get("frame", [0, 0, 0, 0])
        matrix = translate(dx, dy)
        animation = node.get("animation")
        if animation and animation.get("property") == "rotation" and not (
                node.get("kind") == "image" and "image-animation-ignored" in self.faults):
            angle = animation_value(animation, self.now, self.faults)
            if "animation-reversed" in self.faults:
                angle = -angle
            ax, ay = animation["anchor"] if animation.get("anchor") and "animation-about-centre" not in self.faults else (x + w / 2, y + h / 2)
            matrix = compose(turn(angle, ax + dx, ay + dy), matrix)
        return matrix, clip

    def draw(self, canvas: Canvas, ident: str, node: Mapping[str, Any]) -> None:
        kind, style = node.get("kind"), node.get("style") or {}
        x, y, w, h = node.get("frame", [0, 0, 0, 0])
        local, clip = self.placement(ident, node)
        device = compose(scaling(self.scale), local)
        opacity = 1 if "opacity-ignored" in self.faults else style.get("opacity", 1)
        if "opacity-squared" in self.faults:
            opacity *= opacity
        radius = 0 if "corner-radius-ignored" in self.faults else style.get("cornerRadius", 0)

        def shape(points: Sequence[Point], source: Colour | Callable[[Box], Image.Image]) -> None:
            points = [apply(device, px, py) for px, py in points]
            box = canvas.bounds(points, clip)
            if not box:
                return
            if len(points) == 4 and all(abs(a - b) < 1e-9 for a, b in ((points[0][1], points[1][1]), (points[1][0], points[2][0]),
                                                                        (points[2][1], points[3][1]), (points[3][0], points[0][0]))):
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                mask = canvas.rect_coverage(box, (min(xs), min(ys), max(xs), max(ys)))
            else:
                mask = canvas.polygon_coverage(box, points)
            if clip:
                mask = ImageChops.multiply(mask, canvas.rect_coverage(box, clip))
            canvas.paint(box, source(box) if callable(source) else source, mask, opacity)

        def layer(picture: Image.Image, to_local: Matrix, frame_points: Sequence[Point]) -> None:
            """An RGBA picture placed by `to_local` (picture pixels to local points), cut to the shape."""
            to_device = compose(device, to_local)
            corners = [apply(to_device, px, py) for px, py in ((0, 0), (picture.width, 0), (picture.width, picture.height), (0, picture.height))]
            box = canvas.bounds(corners, clip)
            if not box:
                return
            back = invert(compose(translate(-box[0], -box[1]), to_device))
            placed = picture.convert("RGBa").transform((box[2] - box[0], box[3] - box[1]), Image.Transform.AFFINE, back,
                                                       resample=Image.Resampling.BILINEAR).convert("RGBA")
            left, top = box[0], box[1]
            shape(frame_points, lambda b: placed.crop((b[0] - left, b[1] - top, b[2] - left, b[3] - top)))

        if kind in ("rect", "circle") and style.get("background"):
            colour = parse_colour(style["background"])
            if ident in self.recolours:
                colour = tuple(max(0, min(255, round(c + self.recolours[ident]))) for c in colour)
            if kind == "circle" and "circle-as-rect" not in self.faults:
                shape(ellipse(x, y, w, h), colour)
            else:
                shape(rounded_rect(x, y, w, h, radius), colour)
        elif kind == "line" and style.get("color"):
            colour = parse_colour(style["color"])
            if "from" in style and "to" in style:
                (ax, ay), (bx, by) = style["from"], style["to"]
                if "line-ends-relative" in self.faults:
                    ax, ay, bx, by = ax + x, ay + y, bx + x, by + y
                length = math.hypot(bx - ax, by - ay)
                if length == 0:
                    return
                half = (1 if "line-width-ignored" in self.faults else style.get("lineWidth", 1)) / 2
                ux, uy = (bx - ax) / length, (by - ay) / length
                cap = half if "line-caps-square" in self.faults else 0
                ax, ay, bx, by = ax - ux * cap, ay - uy * cap, bx + ux * cap, by + uy * cap
                nx, ny = -uy * half, ux * half
                shape([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)], colour)
            else:
                shape(rounded_rect(x, y, w, h, 0), (0xDC, 0xDC, 0xE0) if "hairline-grey" in self.faults else colour)
        elif kind == "text" and node.get("text") and "no-text" not in self.faults:
            rotation = 0 if "text-rotation-ignored" in self.faults else style.get("rotation", 0) or 0
            swapped = round(rotation / 90) % 2 == 1 and abs(rotation / 90 - round(rotation / 90)) < 1e-9
            bw, bh = (h, w) if swapped and "text-rotation-box-unswapped" not in self.faults else (w, h)
            pad = max(w, h) * self.scale if "text-unclipped" in self.faults else 0
            picture = Text(node["text"], style, self.scale, self.faults).draw(bw * self.scale, bh * self.scale, pad)
            to_local = compose(turn(rotation, x + w / 2, y + h / 2),
                               compose(translate(x + w / 2 - bw / 2 - pad / self.scale, y + h / 2 - bh / 2 - pad / self.scale),
                                       scaling(1 / self.scale)))
            corners = [apply(to_local, px, py) for px, py in ((0, 0), (picture.width, 0), (picture.width, picture.height), (0, picture.height))]
            layer(picture, to_local, corners)
        elif kind == "image" and node.get("image") and (image := self.picture(node["image"])) is not None:
            picture = image
            mode = style.get("contentMode", "scaleToFill" if "content-mode-default-fill" in self.faults else "aspectFit")
            if mode == "aspectFill" and "aspect-fill-as-fit" in self.faults:
                mode = "aspectFit"
            if style.get("tint") and "tint-ignored" not in self.faults:
                picture = Image.merge("RGBA", Image.new("RGB", picture.size, parse_colour(style["tint"])).split() + (picture.getchannel("A"),))
            align = style.get("align", "center") if mode == "aspectFit" and "image-align-ignored" not in self.faults else "center"
            layer(picture, self.fitted(picture, (x, y, w, h), mode, align), rounded_rect(x, y, w, h, radius))
        elif kind == "movie":
            if style.get("background") and "movie-background-ignored" not in self.faults:
                shape(rounded_rect(x, y, w, h, radius), parse_colour(style["background"]))
            movie = self.picture(style["movie"]) if style.get("movie") else None
            if movie:
                layer(movie, self.fitted(movie, (x, y, w, h), "aspectFill", "center"), rounded_rect(x, y, w, h, radius))

    @staticmethod
    def fitted(picture: Image.Image, frame: Sequence[float], mode: str, align: str) -> Matrix:
        """The map from the picture's pixels to local points that `mode` and `align` say."""
        x, y, w, h = frame
        iw, ih = picture.size
        if mode == "scaleToFill":
            sx, sy = w / iw, h / ih
        else:
            sx = sy = (max if mode == "aspectFill" else min)(w / iw, h / ih)
        dw, dh = iw * sx, ih * sy
        dx = x if align == "left" else x + w - dw if align == "right" else x + (w - dw) / 2
        return compose(translate(dx, y + (h - dh) / 2), scaling(sx, sy))


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
