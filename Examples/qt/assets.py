"""The images the display list names, decoded once per asset id.

A live session fills the store from ``asset.read`` answers (asked for the first time an id is
drawn: ``fetch`` is called once per id); the offscreen renderer fills it from a state file's
``assets``. Both hold the same thing: ``{"mime", "width", "height", "data": base64}``.
"""

from __future__ import annotations

import base64
from typing import Any, Callable, Optional

from PySide6.QtGui import QColor, QImage, QPainter

import apng


class AssetStore:
    """Decoded assets by id: the image, the movie's frames, template images in a tint."""

    def __init__(self, fetch: Optional[Callable[[str], None]] = None):
        self._fetch = fetch
        self._asked: set[str] = set()
        self._data: dict[str, bytes] = {}
        self._images: dict[str, QImage] = {}
        self._movies: dict[str, apng.Animation] = {}
        self._tinted: dict[tuple[str, str], QImage] = {}
        self.on_arrival: Callable[[str], None] = lambda asset_id: None

    def put(self, asset_id: str, asset: dict[str, Any]) -> None:
        """Takes an ``asset.read`` result (or a state file's asset); draws that wait for it go on."""
        data = base64.b64decode(asset["data"])
        image = QImage.fromData(data)
        self._data[asset_id] = data
        self._images[asset_id] = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        self.on_arrival(asset_id)

    def failed(self, asset_id: str) -> None:
        """An id ``asset.read`` refused: it is drawn as missing, and not asked for again."""
        self._asked.add(asset_id)

    def image(self, asset_id: Optional[str]) -> Optional[QImage]:
        """The decoded image, or None while it is not here (it is asked for once)."""
        if not asset_id:
            return None
        image = self._images.get(asset_id)
        if image is None and asset_id not in self._asked and self._fetch is not None:
            self._asked.add(asset_id)
            self._fetch(asset_id)
        return image

    def tinted(self, asset_id: str, color: str) -> Optional[QImage]:
        """A template image: its alpha in ``color``."""
        key = (asset_id, color)
        if key not in self._tinted:
            image = self.image(asset_id)
            if image is None:
                return None
            tinted = QImage(image.size(), QImage.Format.Format_ARGB32_Premultiplied)
            tinted.fill(QColor(color))
            painter = QPainter(tinted)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
            painter.drawImage(0, 0, image)
            painter.end()
            self._tinted[key] = tinted
        return self._tinted[key]

    def movie_frame(self, asset_id: Optional[str], ms: float, loop: bool) -> Optional[QImage]:
        """The frame of movie ``asset_id`` at ``ms`` of its own time (None while not here)."""
        if not asset_id or self.image(asset_id) is None:  # image() is None for no id too
            return None
        if asset_id not in self._movies:
            self._movies[asset_id] = apng.decode(self._data[asset_id])
        return self._movies[asset_id].frame_at(ms, loop)

    def animated(self) -> bool:
        """Whether a movie with more than one frame has been drawn (the window then keeps ticking)."""
        return any(len(movie.frames) > 1 for movie in self._movies.values())

