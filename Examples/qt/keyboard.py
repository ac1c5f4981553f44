"""The keyboard on the screen (PROTOCOL.md section 3, "What assistive technology is told",
Keyboard): the role nodes of the engine's accessibility list take focus in its order, Tab and
Shift-Tab move it, a ring is drawn round the focused node, Enter or Space taps it by id.
A content node Tab or Shift-Tab focuses that is not wholly in view is scrolled into view (a
``reveal`` by id), as a browser scrolls a focused element into view: the rows it uncovers join the
next list, so Tab reaches the whole of a long list, not only its first screen.

Tab past the last role node (Shift-Tab before the first) leaves the screen for the window's other
widgets (the pickers), as Tab leaves a web page for the browser's own controls; coming back with
Tab focuses the first, with Shift-Tab the last. The focus stays on the same id across new lists;
when that node goes, it moves to the first role node. The ring is drawn where the renderer draws
the node now (its frame, moved with the content and clipped to it as the node is), so it follows
a scroll before the next list arrives.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from renderer import content_offset
from semantics import Node, ScreenSemantics

RING = QColor("#0a84ff")  # the system blue of focus rings
RING_WIDTH = 3.0  # points, drawn just outside the node's frame


def screen_frame(state: Any, node_id: str, listed: Optional[Node] = None) -> Optional[tuple[QRectF, Optional[QRectF], float]]:
    """Where ``node_id`` is on the screen now, in points, as the renderer draws it: (its frame,
    the clip it is drawn in or None, its corner radius); the listed frame when the mirror does not
    have the node; None when neither does."""
    display = (state or {}).get("display") or {}
    node = (display.get("nodes") or {}).get(node_id)
    if node is None:
        if listed is None:
            return None
        x, y, w, h = (float(v) for v in listed.get("frame") or (0, 0, 0, 0))
        return QRectF(x, y, w, h), None, 0.0
    content = display.get("content")
    dx, dy = content_offset(node, content)
    x, y, w, h = (float(v) for v in node.get("frame") or (0, 0, 0, 0))
    clip = QRectF(*content["frame"]) if node.get("layer") == "content" and content and content.get("frame") else None
    radius = min(float((node.get("style") or {}).get("cornerRadius") or 0), w / 2, h / 2)
    return QRectF(x + dx, y + dy, w, h), clip, radius


class KeyboardFocus(QObject):
    """Which role node has the keyboard focus (``id``, None: none), moved by the keys; ``moved``
    is emitted with the new id (or "" for none) whenever it changes."""

    moved = Signal(str)

    def __init__(self, semantics: ScreenSemantics, state: Callable[[], Any], send: Callable[[str, dict[str, Any]], None],
                 parent: Optional[QObject] = None) -> None:
        """``state()``: the mirror now; ``send(method, params)``: a request to the live session."""
        super().__init__(parent)
        self.semantics = semantics
        self.state = state
        self.send = send
        self.id: Optional[str] = None

    def order(self) -> list[str]:
        """The ids that take focus: the list's role nodes, in its order."""
        return [node["id"] for node in self.semantics.nodes if node.get("role")]

    def set(self, node_id: Optional[str]) -> None:
        if node_id != self.id:
            self.id = node_id
            self.moved.emit(node_id or "")

    def move(self, forward: bool) -> bool:
        """Tab (``forward``) or Shift-Tab: the next or previous role node; False, with the focus
        given up, when there is none (the focus then leaves the screen)."""
        ids = self.order()
        if self.id in ids:
            index = ids.index(self.id) + (1 if forward else -1)
        else:
            index = 0 if forward else len(ids) - 1
        if not 0 <= index < len(ids):
            self.set(None)
            return False
        self.set(ids[index])
        self.reveal(ids[index])
        return True

    def reveal(self, node_id: str) -> None:
        """Scrolls a content node that is not wholly in view into view."""
        where = screen_frame(self.state(), node_id)
        if where is not None and where[1] is not None and not where[1].contains(where[0]):
            self.send("reveal", {"id": node_id})

    def enter(self, forward: bool) -> None:
        """The screen took the focus by Tab (``forward``) or Shift-Tab: its first or last role node."""
        ids = self.order()
        self.set((ids[0] if forward else ids[-1]) if ids else None)

    def follow(self) -> None:
        """A new list: the focus stays on its id, or moves to the first role node when it went."""
        ids = self.order()
        if self.id is not None and self.id not in ids:
            self.set(ids[0] if ids else None)

    def key(self, key: int) -> bool:
        """Enter or Space taps the focused node; whether the key was taken."""
        if self.id is None or key not in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            return False
        self.send("tap", {"id": self.id})
        return True

    def listed(self, node_id: str) -> Optional[Node]:
        return next((node for node in self.semantics.nodes if node["id"] == node_id), None)

    def draw_ring(self, painter: QPainter, state: Any) -> None:
        """The ring round the focused node (the painter in points, as the renderer draws)."""
        where = screen_frame(state, self.id, self.listed(self.id)) if self.id else None
        if where is None:
            return
        frame, clip, radius = where
        painter.save()
        if clip is not None:
            painter.setClipRect(clip, Qt.ClipOperation.IntersectClip)
        half = RING_WIDTH / 2
        path = QPainterPath()
        path.addRoundedRect(frame.adjusted(-half, -half, half, half), radius + half, radius + half)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(RING, RING_WIDTH))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.restore()
