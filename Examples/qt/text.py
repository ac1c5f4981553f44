"""Text nodes: runs laid out as one paragraph in a box with ``QTextLayout`` (PROTOCOL.md section 4,
"Text layout").

Each run has its own font (the family, then ``fontFallback``, then the system UI font), size,
weight and colour. Lines are 1.2 times the largest run's size apart; without ``lines`` the text
wraps at word boundaries (a word wider than the box breaks, as UIKit's does), ``lines: 1`` keeps
one line and ``lines: N`` at most N, the last cut at the tail with an ellipsis when text is left.
The block sits where ``verticalAlign`` says, each line where ``align`` says. Points are pixels of
a 96 dpi device, so a 17 pt run is 17 units tall whatever the screen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QTextCharFormat, QTextLayout, QTextOption

WEIGHTS = {"light": QFont.Weight.Light, "regular": QFont.Weight.Normal, "medium": QFont.Weight.Medium,
           "semibold": QFont.Weight.DemiBold, "bold": QFont.Weight.Bold}
ALIGN = {"left": Qt.AlignmentFlag.AlignLeft, "center": Qt.AlignmentFlag.AlignHCenter, "right": Qt.AlignmentFlag.AlignRight}
ELLIPSIS = "\u2026"

_device = None


def _layout_device() -> QImage:
    """A 96 dpi device every layout measures against (a point is a pixel of it)."""
    global _device
    if _device is None:
        _device = QImage(1, 1, QImage.Format.Format_ARGB32_Premultiplied)
        _device.setDotsPerMeterX(3780)
        _device.setDotsPerMeterY(3780)
    return _device


def run_font(run: dict[str, Any], fallback: str | None) -> QFont:
    """The QFont of a run: its family, the node's fallback, then the system UI font."""
    font = QFont()
    families = [name for name in (run.get("font"), fallback) if name]
    if families:
        font.setFamilies(families + [QFont().defaultFamily()])
    font.setPointSizeF(max(0.5, float(run.get("size", 17))) * 72 / 96)
    font.setWeight(WEIGHTS.get(run.get("weight", "regular"), QFont.Weight.Normal))
    return font


class Paragraph:
    """The runs of one text node as a string with a format per run."""

    def __init__(self, runs: list[dict[str, Any]], fallback: str | None):
        self.text = "".join(str(run.get("text", "")) for run in runs)
        # FormatRange's fields (start, length, format) are missing from PySide6's stubs: Any.
        self.ranges: list[Any] = []
        start = 0
        for run in runs:
            length = len(str(run.get("text", "")))
            char = QTextCharFormat()
            char.setFont(run_font(run, fallback))
            char.setForeground(QColor(run.get("color", "#000000")))
            span: Any = QTextLayout.FormatRange()
            span.start, span.length, span.format = start, length, char
            self.ranges.append(span)
            start += length
        self.base = run_font(runs[0], fallback) if runs else QFont()
        self.line_height = 1.2 * max((float(run.get("size", 17)) for run in runs), default=17)

    def layout(self, start: int, end: int, suffix: str = "", wrap: bool = True,
               align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> QTextLayout:
        """A layout of ``text[start:end] + suffix`` (the suffix in the format at the cut)."""
        layout = QTextLayout(self.text[start:end] + suffix, self.base, _layout_device())
        formats: list[QTextLayout.FormatRange] = []
        for span in self.ranges:
            lo, hi = max(span.start, start), min(span.start + span.length, end)
            if hi > lo or (suffix and span.start <= end - 1 < span.start + span.length):
                piece: Any = QTextLayout.FormatRange()
                piece.start = lo - start
                piece.length = hi - lo + (len(suffix) if span.start <= end - 1 < span.start + span.length else 0)
                piece.format = span.format
                formats.append(piece)
        layout.setFormats(formats)
        option = QTextOption(align)
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere if wrap else QTextOption.WrapMode.NoWrap)
        layout.setTextOption(option)
        return layout

    def line_starts(self, width: float, max_lines: int) -> tuple[list[tuple[int, int]], bool]:
        """``[(start, end)]`` of the lines the text wraps into (at most ``max_lines`` when that is
        not 0), and whether text is left over after them."""
        layout = self.layout(0, len(self.text), wrap=max_lines != 1)
        layout.beginLayout()
        spans = []
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            spans.append((line.textStart(), line.textStart() + line.textLength()))
            if max_lines and len(spans) == max_lines:
                break
        layout.endLayout()
        left = bool(spans) and bool(self.text[spans[-1][1]:].strip())
        if max_lines == 1 and spans and layout.lineAt(0).naturalTextWidth() > width + 0.01:
            left = True
        return spans, left

    def line(self, start: int, end: int, width: float, align: Qt.AlignmentFlag, suffix: str = "") -> QTextLayout:
        """One laid-out line of ``text[start:end] + suffix`` in a line ``width`` wide."""
        layout = self.layout(start, end, suffix, wrap=False, align=align)
        layout.beginLayout()
        layout.createLine().setLineWidth(width)
        layout.endLayout()
        return layout

    def elided(self, start: int, width: float, align: Qt.AlignmentFlag) -> QTextLayout:
        """The line from ``start`` cut at the tail to fit ``width``, with an ellipsis after it."""
        whole = self.line(start, len(self.text), width, align)
        end = min(len(self.text), start + whole.lineAt(0).xToCursor(width) + 1)
        while True:
            while end > start and self.text[end - 1].isspace():
                end -= 1  # no space before the ellipsis
            layout = self.line(start, end, width, align, ELLIPSIS)
            if end <= start or layout.lineAt(0).naturalTextWidth() <= width + 0.01:
                return layout
            end -= 1


def lay_out(runs: list[dict[str, Any]], style: dict[str, Any], width: float, height: float) -> list[QTextLayout]:
    """The lines of a text node, each a one-line layout placed in the box ``(0, 0, width, height)``."""
    paragraph = Paragraph(runs, style.get("fontFallback"))
    if not paragraph.text:
        return []
    align = ALIGN.get(style.get("align", "left"), Qt.AlignmentFlag.AlignLeft)
    max_lines = int(style.get("lines") or 0)
    spans, left = paragraph.line_starts(width, max_lines)
    height_used = paragraph.line_height * len(spans)
    vertical = style.get("verticalAlign", "center")
    top = 0.0 if vertical == "top" else height - height_used if vertical == "bottom" else (height - height_used) / 2
    layouts = []
    for number, (start, end) in enumerate(spans):
        if number == len(spans) - 1 and left:
            layout = paragraph.elided(start, width, align)
        else:
            layout = paragraph.line(start, start + len(paragraph.text[start:end].rstrip()), width, align)
        line = layout.lineAt(0)
        line.setPosition(QPointF(0, top + number * paragraph.line_height
                                 + (paragraph.line_height - line.ascent() - line.descent()) / 2))
        layouts.append(layout)
    return layouts


class TextCache:
    """Laid-out text by everything its layout depends on: a frame redraws only the text that
    changed (an animation or a scroll moves text without laying it out again)."""

    LIMIT = 4000

    def __init__(self) -> None:
        self._layouts: dict[tuple[Any, ...], list[QTextLayout]] = {}

    def draw(self, painter: QPainter, runs: list[dict[str, Any]], style: dict[str, Any], width: float, height: float) -> None:
        """Draws the runs in the box ``(0, 0, width, height)`` of ``painter``'s coordinates."""
        if not runs:
            return
        key = (tuple((run.get("text"), run.get("font"), run.get("size"), run.get("weight"), run.get("color")) for run in runs),
               style.get("fontFallback"), style.get("align"), style.get("verticalAlign"), style.get("lines"), width, height)
        layouts = self._layouts.get(key)
        if layouts is None:
            if len(self._layouts) > self.LIMIT:
                self._layouts.clear()
            layouts = self._layouts[key] = lay_out(runs, style, width, height)
        painter.save()
        painter.setClipRect(QRectF(0, 0, width, height), Qt.ClipOperation.IntersectClip)
        for layout in layouts:
            layout.draw(painter, QPointF(0, 0))
        painter.restore()
