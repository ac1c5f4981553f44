"""scenery.render's text: a text node's runs laid out in its box (wrapped at word boundaries,
clamped to `lines` with an ellipsis, aligned) and drawn with the DejaVu fonts."""

from __future__ import annotations

import math
import os
import re
from typing import Any, Collection, Iterable, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from ._render_geometry import parse_colour

FONTS = "/usr/share/fonts/truetype/dejavu"
# family -> (regular, bold, light) files; a run's weight picks one (medium draws regular,
# semibold bold). A family not here is missing: `fontFallback`, then the system UI font.
FAMILIES = {
    "DejaVu Sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-ExtraLight.ttf"),
    "DejaVu Sans Mono": ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono.ttf"),
    "DejaVu Serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf"),
}
SYSTEM_FONT = "DejaVu Sans"


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
        """The run's font: its family (else `fontFallback`, else the system font) at its weight and size."""
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
        """Consecutive characters of one run grouped: [(run index, [(character, run index)])]."""
        out: list[tuple[int, list[tuple[str, int]]]] = []
        for c, r in chars:
            if out and out[-1][0] == r:
                out[-1][1].append((c, r))
            else:
                out.append((r, [(c, r)]))
        return out

    @staticmethod
    def trimmed(chars: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """The characters without trailing white space."""
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
