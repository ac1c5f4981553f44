"""An asset's decoded pixels, read where a content mode puts them."""

import base64
import math

from png import PNGError, read_png

from .basics import UNKNOWN


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
