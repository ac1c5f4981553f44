"""scenery.render's device-pixel picture: coverage masks of rects and polygons (supersampled) and
source-over painting through them."""

from __future__ import annotations

import math
from typing import Sequence

from PIL import Image, ImageChops, ImageDraw

from ._render_geometry import Box, Colour, Point

SUPERSAMPLE = 4
BACKDROP = (255, 255, 255)


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
