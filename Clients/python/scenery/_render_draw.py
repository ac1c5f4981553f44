"""scenery.render's Renderer: one state's nodes in draw order, each placed (content offset and
clip, animation turn) and drawn by kind (fills, lines, text, images, movies) onto a Canvas."""

from __future__ import annotations

import base64
import io
import math
from typing import Any, Callable, Iterable, Mapping, Sequence

from PIL import Image, ImageChops

from ._render_canvas import BACKDROP, Canvas
from ._render_faults import FAULTS
from ._render_geometry import (Box, Colour, Matrix, Point, animation_value, apply, compose, ellipse, invert, parse_colour,
                               rounded_rect, scaling, translate, turn)
from ._render_text import Text


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
        """The node ids in draw order: z, then id (or as a fault says)."""
        ids = list(self.nodes)
        if "z-ignored" in self.faults:
            return sorted(ids)
        if "id-order-reversed" in self.faults:
            ids.sort(reverse=True)
            return sorted(ids, key=lambda i: self.nodes[i].get("z", 0))
        return sorted(ids, key=lambda i: (self.nodes[i].get("z", 0), i))

    def render(self) -> Image.Image:
        """The state drawn: an RGB picture of the viewport at device scale."""
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
        """Draws one node onto `canvas` by its kind, placed and clipped."""
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
