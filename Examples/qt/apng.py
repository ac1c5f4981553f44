"""Animated PNG (APNG) frames for movie nodes, composed with QImage.

A movie asset is an APNG (PROTOCOL.md section 4): ``acTL`` gives the frame count and the plays,
each ``fcTL`` a frame's region, delay, dispose and blend ops, ``IDAT``/``fdAT`` its pixels. Each
frame is decoded by giving Qt a small ordinary PNG (the file's header chunks with the frame's size,
the frame's data as ``IDAT``), then composed over the previous canvas as the ops say. A file that
is not animated, or that cannot be parsed, is one frame: the file's ordinary PNG image.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Iterator

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QImage, QPainter

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass
class Animation:
    """The composed frames of a movie, each with its delay in ms, and how often it plays."""

    frames: list[QImage]
    delays_ms: list[float]
    plays: int  # 0: forever

    @property
    def duration_ms(self) -> float:
        return sum(self.delays_ms)

    def frame_at(self, ms: float, loop: bool) -> QImage:
        """The frame shown ``ms`` after the movie started (the last one holds once it ended)."""
        total = self.duration_ms
        if len(self.frames) == 1 or total <= 0:
            return self.frames[0]
        repeats = loop and self.plays == 0
        if not repeats and ms >= total * max(1, self.plays if loop else 1):
            return self.frames[-1]
        ms %= total
        for frame, delay in zip(self.frames, self.delays_ms):
            if ms < delay:
                return frame
            ms -= delay
        return self.frames[-1]


def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    position = len(SIGNATURE)
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        yield kind, body
        position += 12 + length


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """A PNG chunk: length, type, body, CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def decode(data: bytes) -> Animation:
    """Every frame of an APNG composed on its canvas (one frame for a plain PNG)."""
    first = QImage.fromData(data)
    if not data.startswith(SIGNATURE):
        return Animation([first], [0], 1)
    header: bytes | None = None
    shared: list[bytes] = []
    controls: list[tuple[bytes, list[bytes]]] = []  # each frame's fcTL and its data chunks
    plays = 1
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind == b"acTL":
            plays = struct.unpack(">II", body)[1]
        elif kind in (b"PLTE", b"tRNS", b"gAMA", b"sRGB", b"iCCP", b"cHRM"):
            shared.append(png_chunk(kind, body))
        elif kind == b"fcTL":
            controls.append((body, []))
        elif kind == b"IDAT" and controls:
            controls[-1][1].append(body)
        elif kind == b"fdAT" and controls:
            controls[-1][1].append(body[4:])
    if header is None or len(controls) < 2:
        return Animation([first], [0], plays)
    width, height = struct.unpack(">II", header[:8])
    canvas = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    canvas.fill(Qt.GlobalColor.transparent)
    frames, delays = [], []
    for control, parts in controls:
        _, w, h, x, y, numerator, denominator, dispose, blend = struct.unpack(">IIIIIHHBB", control[:26])
        png = SIGNATURE + png_chunk(b"IHDR", struct.pack(">II", w, h) + header[8:]) + b"".join(shared)
        png += b"".join(png_chunk(b"IDAT", part) for part in parts) + png_chunk(b"IEND", b"")
        image = QImage.fromData(png)
        before = canvas.copy() if dispose == 2 else None
        painter = QPainter(canvas)
        if blend == 0:  # APNG_BLEND_OP_SOURCE: replace the region
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(QPoint(x, y), image)
        painter.end()
        frames.append(canvas.copy())
        delays.append(1000.0 * numerator / (denominator or 100))
        if dispose == 1:  # APNG_DISPOSE_OP_BACKGROUND: clear the region for the next frame
            painter = QPainter(canvas)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            painter.fillRect(QRect(x, y, w, h), Qt.GlobalColor.transparent)
            painter.end()
        elif before is not None:  # APNG_DISPOSE_OP_PREVIOUS
            canvas = before
    return Animation(frames, delays, plays)
