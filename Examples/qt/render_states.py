"""The conformance kit's renderer: each ``DIR/NAME.state.json`` drawn to ``OUT/NAME.png``.

A state file is ``{"name", "scale", "nowMs", "document", "assets"}`` (Protocol/conformance/). The
picture is the viewport's width and height times ``scale`` in pixels, the scene at scene time
``nowMs``, drawn by the same ``SceneRenderer`` as the window (movies at their first frame: they
play on the front end's own time, which starts when they are first shown). Also measures, per
state, the time to decode its JSON and the time to draw it, for the figures in Docs/qt.md.
"""

from __future__ import annotations

import json
import statistics
import struct
import sys
import time
import zlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from apng import SIGNATURE, png_chunk
from assets import AssetStore
from renderer import SceneRenderer


def load_assets(saved: dict[str, Any]) -> AssetStore:
    """The state file's assets, decoded (what a live session does once per id)."""
    assets = AssetStore()
    for asset_id, asset in (saved.get("assets") or {}).items():
        assets.put(asset_id, asset)
    return assets


def render_state(saved: dict[str, Any], renderer: SceneRenderer) -> QImage:
    """The picture of one saved state, at its scale."""
    document, scale = saved["document"], float(saved.get("scale") or 1)
    viewport = document.get("viewport") or {}
    image = QImage(round(viewport.get("width", 375) * scale), round(viewport.get("height", 812) * scale),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.scale(scale, scale)
    renderer.draw_scene(painter, document, float(saved.get("nowMs") or 0))
    painter.end()
    return image


def save_png(image: QImage, path: Path) -> None:
    """Writes ``image`` as an 8-bit RGB PNG with every row unfiltered (filter 0). Qt's writer
    picks Paeth and the other filters row by row, which the kit's standard-library PNG reader
    undoes byte by byte in Python: unfiltered rows make checking a render about ten times faster."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = rgb.width(), rgb.height(), rgb.bytesPerLine()
    pixels = bytes(rgb.constBits())
    rows = b"".join(b"\0" + pixels[y * stride:y * stride + width * 3] for y in range(height))
    path.write_bytes(SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + png_chunk(b"IDAT", zlib.compress(rows, 1)) + png_chunk(b"IEND", b""))


def render_folder(states: Path, out: Path) -> dict[str, Any]:
    """Renders every state of ``states`` into ``out``; the per-state times (ms) of decoding the
    state file's JSON and of drawing the picture (the second draw of the state, as a window's
    next frame: the first also decodes the movies' frames and lays the text out)."""
    out.mkdir(parents=True, exist_ok=True)
    decode_ms, first_ms, draw_ms = [], [], []
    files = sorted(states.glob("*.state.json"))
    if not files:
        raise SystemExit(f"no *.state.json in {states}")
    for path in files:
        started = time.perf_counter()
        saved = json.loads(path.read_text(encoding="utf-8"))
        decode_ms.append((time.perf_counter() - started) * 1000)
        renderer = SceneRenderer(load_assets(saved))
        started = time.perf_counter()
        render_state(saved, renderer)
        first_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        image = render_state(saved, renderer)
        draw_ms.append((time.perf_counter() - started) * 1000)
        name = path.name[: -len(".state.json")]
        save_png(image, out / f"{name}.png")
    return {"states": len(files), "decode_ms": decode_ms, "first_ms": first_ms, "draw_ms": draw_ms}


def report(times: dict[str, Any]) -> str:
    """One line: the medians and their ratios (the machine is shared, ratios travel better)."""
    decode = statistics.median(times["decode_ms"]) or float("nan")
    first, draw = statistics.median(times["first_ms"]), statistics.median(times["draw_ms"])
    return (f"rendered {times['states']} states at their scale: median first draw {first:.2f} ms ({first / decode:.1f}x "
            f"the JSON decode of the state file), next frame {draw:.2f} ms ({draw / decode:.1f}x), JSON decode {decode:.2f} ms")


def main(states: str, out: str) -> int:
    times = render_folder(Path(states), Path(out))
    print(report(times), file=sys.stderr)
    return 0
