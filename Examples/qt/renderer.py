"""Draws a state document's display list with QPainter, knowing no scene (PROTOCOL.md section 4).

The window and the offscreen renderer (``--render-states``) both call ``draw_scene``: all nodes by
``z`` then id in code point order; content nodes moved by the content's offset into
``content.frame`` and clipped to it; every kind (rect, circle, line, text, image, movie, group);
style ``opacity``, ``cornerRadius``, a text's ``rotation`` (section 4 defines it for text only,
and the page and the conformance kit read it there only); declared ``animation``s at scene time
``now_ms``. The painter's unit is the point: the caller scales it to pixels.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen

from assets import AssetStore
from text import TextCache

#: A display-list node or its style, as the state holds it (JSON).
Node = dict[str, Any]
#: What a drawer is given as its time: (the scene clock, the movies' clock), in ms.
Times = tuple[float, float]


def draw_order(display: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """``(id, node)`` back to front: by ``z``, then id in code point order (Python's str order)."""
    return sorted((display.get("nodes") or {}).items(), key=lambda item: (item[1].get("z", 0), item[0]))


def content_offset(node: dict[str, Any], content: dict[str, Any] | None) -> tuple[float, float]:
    """How far a node's own coordinates are moved on screen: the content's for content nodes."""
    if node.get("layer") == "content" and content:
        frame = content.get("frame", [0, 0, 0, 0])
        return frame[0], frame[1] - content.get("offsetY", 0)
    return 0.0, 0.0


def animated_value(animation: dict[str, Any], now_ms: float) -> float:
    """The value of a declared animation at scene time ``now_ms``: keyframes evenly spaced over
    ``durationMs`` from ``startMs``, linear between them; repeating, or holding the last."""
    keyframes = [float(value) for value in animation.get("keyframes") or [0]]
    duration = float(animation.get("durationMs") or 0)
    elapsed = now_ms - float(animation.get("startMs", 0))
    if elapsed <= 0 or len(keyframes) == 1 or duration <= 0:
        return keyframes[0] if elapsed <= 0 or duration <= 0 else keyframes[-1]
    if animation.get("repeat"):
        elapsed %= duration
    elif elapsed >= duration:
        return keyframes[-1]
    position = elapsed / duration * (len(keyframes) - 1)
    index = min(int(position), len(keyframes) - 2)
    fraction = position - index
    return keyframes[index] + (keyframes[index + 1] - keyframes[index]) * fraction


def fitted_rect(image_w: float, image_h: float, w: float, h: float, mode: str, align: str) -> QRectF:
    """Where an image goes in a ``w`` x ``h`` frame: ``aspectFit`` (whole, placed by ``align``),
    ``aspectFill`` (covering, centred, cropped by the frame's clip) or ``scaleToFill``."""
    if mode == "scaleToFill" or image_w <= 0 or image_h <= 0:
        return QRectF(0, 0, w, h)
    ratio = (max if mode == "aspectFill" else min)(w / image_w, h / image_h)
    fw, fh = image_w * ratio, image_h * ratio
    x = (w - fw) / 2
    if mode != "aspectFill":
        x = {"left": 0.0, "right": w - fw}.get(align, x)
    return QRectF(x, (h - fh) / 2, fw, fh)


class SceneRenderer:
    """Draws whole states; ``assets`` supplies the images, ``movie_ms`` the movies' own time."""

    def __init__(self, assets: AssetStore):
        self.assets = assets
        self.text = TextCache()
        self._movie_pictures: dict[tuple[int, int], QImage] = {}  # a movie frame over its background

    def draw_scene(self, painter: QPainter, state: dict[str, Any], now_ms: float, movie_ms: float = 0.0) -> None:
        """Draws ``state`` in points (white where nothing is drawn) at scene time ``now_ms``."""
        viewport = state.get("viewport") or {}
        painter.fillRect(QRectF(0, 0, viewport.get("width", 375), viewport.get("height", 812)), Qt.GlobalColor.white)
        display = state.get("display") or {}
        content = display.get("content")
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        for _, node in draw_order(display):
            self.draw_node(painter, node, content, now_ms, movie_ms)

    def draw_node(self, painter: QPainter, node: dict[str, Any], content: dict[str, Any] | None, now_ms: float, movie_ms: float) -> None:
        """One node: moved, clipped, turned and faded as its layer and style say, then drawn."""
        style = node.get("style") or {}
        x, y, w, h = (float(v) for v in node.get("frame", [0, 0, 0, 0]))
        dx, dy = content_offset(node, content)
        painter.save()
        if node.get("layer") == "content" and content and content.get("frame"):
            painter.setClipRect(QRectF(*content["frame"]), Qt.ClipOperation.IntersectClip)
        painter.translate(dx, dy)  # now in the node's own coordinate space (its frame's)
        animation = node.get("animation")
        if animation and animation.get("property") == "rotation":
            ax, ay = animation.get("anchor") or (x + w / 2, y + h / 2)
            painter.translate(ax, ay)
            painter.rotate(animated_value(animation, now_ms))
            painter.translate(-ax, -ay)
        painter.translate(x, y)  # now in the frame: (0, 0) is its top left
        if "opacity" in style:
            painter.setOpacity(painter.opacity() * max(0.0, min(1.0, float(style["opacity"]))))
        if style.get("cornerRadius"):
            # Over half the shorter side counts as half of it (section 4): Qt would clamp each
            # axis on its own, making the corners of a wide frame elliptical.
            radius = min(float(style["cornerRadius"]), w / 2, h / 2)
            path = QPainterPath()
            path.addRoundedRect(QRectF(0, 0, w, h), radius, radius)
            painter.setClipPath(path, Qt.ClipOperation.IntersectClip)
        draw = getattr(self, "draw_" + str(node.get("kind")), None)
        if draw is not None:
            draw(painter, node, style, w, h, (now_ms, movie_ms))
        painter.restore()

    @staticmethod
    def fill(painter: QPainter, color: str | None, w: float, h: float) -> None:
        if color:
            painter.fillRect(QRectF(0, 0, w, h), QColor(color))

    def draw_rect(self, painter: QPainter, node: Node, style: Node, w: float, h: float, _time: Times) -> None:
        self.fill(painter, style.get("background"), w, h)

    def draw_circle(self, painter: QPainter, node: Node, style: Node, w: float, h: float, _time: Times) -> None:
        if style.get("background"):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(style["background"]))
            painter.drawEllipse(QRectF(0, 0, w, h))

    def draw_line(self, painter: QPainter, node: Node, style: Node, w: float, h: float, _time: Times) -> None:
        """A stroke from ``from`` to ``to`` (the frame's coordinate space), or, without them, a
        hairline that fills its frame with ``color``."""
        color = style.get("color", "#000000")
        if not style.get("from") or not style.get("to"):
            self.fill(painter, color, w, h)
            return
        x, y = node["frame"][0], node["frame"][1]
        pen = QPen(QColor(color), float(style.get("lineWidth", 1)))
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        (x1, y1), (x2, y2) = style["from"], style["to"]
        painter.drawLine(QLineF(x1 - x, y1 - y, x2 - x, y2 - y))

    def draw_text(self, painter: QPainter, node: Node, style: Node, w: float, h: float, _time: Times) -> None:
        """Runs in the frame, or (``rotation``) in a box of the frame's height by its width turned
        about the frame's centre."""
        rotation = float(style.get("rotation") or 0)
        bw, bh = (h, w) if rotation and abs(rotation) % 180 == 90 else (w, h)
        if rotation:
            painter.translate(w / 2, h / 2)
            painter.rotate(rotation)
            painter.translate(-bw / 2, -bh / 2)
        self.text.draw(painter, node.get("text") or [], style, bw, bh)

    def draw_image(self, painter: QPainter, node: Node, style: Node, w: float, h: float, _time: Times) -> None:
        """The asset fitted as ``contentMode`` says (default ``aspectFit``), in ``tint`` when set."""
        asset_id = node.get("image")
        image = self.assets.tinted(asset_id, style["tint"]) if style.get("tint") and asset_id else self.assets.image(asset_id)
        if image is None or image.isNull():
            return
        target = fitted_rect(image.width(), image.height(), w, h, style.get("contentMode", "aspectFit"), style.get("align", "center"))
        painter.setClipRect(QRectF(0, 0, w, h), Qt.ClipOperation.IntersectClip)
        painter.drawImage(target, image)

    def draw_movie(self, painter: QPainter, node: Node, style: Node, w: float, h: float, time: Times) -> None:
        """The movie's frame at its own time filling the frame (cropped) over ``background``, drawn
        as one picture: the node's opacity weighs the two together, as section 4's compositing says."""
        background = QColor(style.get("background", "#000000"))
        frame = self.assets.movie_frame(style.get("movie"), time[1], bool(style.get("loop")))
        if frame is None or frame.isNull():
            painter.fillRect(QRectF(0, 0, w, h), background)
            return
        key = (frame.cacheKey(), background.rgba())
        if key not in self._movie_pictures:
            if len(self._movie_pictures) > 64:
                self._movie_pictures.clear()
            picture = QImage(frame.size(), QImage.Format.Format_ARGB32_Premultiplied)
            picture.fill(background)
            layer = QPainter(picture)
            layer.drawImage(0, 0, frame)
            layer.end()
            self._movie_pictures[key] = picture
        painter.setClipRect(QRectF(0, 0, w, h), Qt.ClipOperation.IntersectClip)
        painter.drawImage(fitted_rect(frame.width(), frame.height(), w, h, "aspectFill", "center"), self._movie_pictures[key])

    def draw_group(self, painter: QPainter, node: Node, style: Node, w: float, h: float, _time: Times) -> None:
        """A group draws nothing of its own (its members are nodes of their own)."""
