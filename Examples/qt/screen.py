"""The phone's screen: the live session's mirror drawn centred in the widget, 1 pt = 1 logical
pixel when the device fits and scaled down to fit when it does not; mouse, wheel and keys handed
to the gesture forwarder in points; and, beside the drawing, what assistive technology is told
(the engine's accessibility list, semantics.py), the keyboard focus over its role nodes
(keyboard.py, with its ring drawn over the picture) and the Qt accessible tree made of it
(accessible_screen.py).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from PySide6.QtCore import QElapsedTimer, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from accessible_screen import AccessibleScreen, install
from gestures import GestureForwarder
from keyboard import KeyboardFocus
from renderer import SceneRenderer
from semantics import ScreenSemantics
from session import EngineSession

FRAME_MS = 16  # the repaint period while something moves by itself


class ScreenWidget(QWidget):
    """The phone's screen: draws the live session's mirror centred in the widget, 1 pt = 1 logical
    pixel when the device fits and scaled down to fit when it does not (the painter is scaled, so
    text and shapes stay vector-sharp), and hands mouse, wheel and key events to the gesture
    forwarder in points. While the engine is down it dims under ``banner``. Tab and Shift-Tab
    move the keyboard focus over the role nodes, Enter and Space tap the focused one (keyboard.py);
    assistive technology reads the tree accessible_screen.py keeps."""

    MARGIN = 8  # logical pixels of the grey around the device

    def __init__(self, parent: Optional[QWidget] = None):
        super().__init__(parent)
        self.session: Optional[EngineSession] = None
        self.renderer: Optional[SceneRenderer] = None
        self.on_error: Callable[[str], None] = lambda message: None  # the window shows it in its status line
        self.gestures = GestureForwarder(lambda: self.session, lambda message: self.on_error(message))
        self.movie_clock = QElapsedTimer()
        self.movie_clock.start()
        self.ticker = QTimer(self)
        self.ticker.timeout.connect(self.update)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)  # shrinks to minimumSize: then scaled
        self.setMinimumSize(120, 120)
        self.device = QSize(375, 812)
        self.dimmed = False
        self.banner = QLabel(self)
        self.banner.setWordWrap(True)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("background: rgba(20, 20, 24, 215); color: white; padding: 10px; border-radius: 8px")
        self.banner.hide()
        self.frames_drawn = 0
        self.setAccessibleName("Phone screen")
        self.semantics = ScreenSemantics(self)
        self.keyboard = KeyboardFocus(self.semantics, lambda: self.session.state if self.session else None, self.send, self)
        self.keyboard.moved.connect(lambda _id: self.update())
        install()
        self.accessibility = AccessibleScreen(self)  # what Qt's accessible factory finds
        self.semantics.updated.connect(self.on_list)

    def send(self, method: str, params: dict[str, Any]) -> None:
        """A request of the keyboard or of assistive technology: a ``tap`` as the scene takes it,
        or a ``reveal``; an error answer goes to the status line."""
        session = self.session
        if method == "tap":
            self.gestures.send(session, method, params)
        elif session is not None:
            session.request(method, params, otherwise=lambda error: self.on_error(str(error)))

    def on_list(self, _old: list[Any], new: list[Any]) -> None:
        """A new accessibility list: the accessible tree first, then the focus follows (so that
        Qt is told of a focus moved to a node the tree has)."""
        self.accessibility.sync(new)
        self.keyboard.follow()

    def sizeHint(self) -> QSize:
        return self.device + QSize(2 * self.MARGIN, 2 * self.MARGIN)

    def attach(self, session: Optional[EngineSession]) -> None:
        """Draws ``session`` from now on (None: an empty screen)."""
        self.session = session
        self.renderer = SceneRenderer(session.assets) if session else None
        self.semantics.attach(session)
        if session:
            session.changed.connect(self.on_change)
        self.on_change()

    def set_device(self, size: QSize) -> None:
        """The device's size in points (what the screen shows whole)."""
        if size != self.device:
            self.device = size
            self.updateGeometry()
            self.update()

    def scale(self) -> float:
        """Logical pixels per point: 1, or less when the device does not fit the widget."""
        room_w, room_h = self.width() - 2 * self.MARGIN, self.height() - 2 * self.MARGIN
        return max(0.05, min(1.0, room_w / max(1, self.device.width()), room_h / max(1, self.device.height())))

    def screen_rect(self) -> QRectF:
        """Where the device's screen is drawn, in the widget's logical pixels."""
        scale = self.scale()
        w, h = self.device.width() * scale, self.device.height() * scale
        return QRectF(round((self.width() - w) / 2), round(max(0.0, min(self.MARGIN, (self.height() - h) / 2))), w, h)

    def to_points(self, position: QPointF) -> QPointF:
        """A position in the widget as a point of the device's screen."""
        rect, scale = self.screen_rect(), self.scale()
        return QPointF((position.x() - rect.x()) / scale, (position.y() - rect.y()) / scale)

    def from_points(self, point: QPointF) -> QPointF:
        """A point of the device's screen as a position in the widget (what tests click)."""
        rect, scale = self.screen_rect(), self.scale()
        return QPointF(rect.x() + point.x() * scale, rect.y() + point.y() * scale)

    def show_banner(self, text: Optional[str], dim: bool = False) -> None:
        """A banner over the screen (None hides it); ``dim`` greys the screen under it."""
        self.dimmed = dim and text is not None
        self.banner.setVisible(text is not None)
        self.banner.setText(text or "")
        self.banner.setToolTip(text or "")
        self._place_banner()
        self.update()

    def _place_banner(self) -> None:
        rect = self.screen_rect().toRect()
        width = max(80, min(rect.width() - 24, 340))
        height = self.banner.heightForWidth(width)
        self.banner.setGeometry(rect.x() + (rect.width() - width) // 2, rect.y() + rect.height() // 3, width, max(height, 40))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place_banner()
        super().resizeEvent(event)

    def on_change(self) -> None:
        """The mirror changed: new size, maybe a new animation, and a repaint."""
        state = self.session.state if self.session else None
        viewport = (state or {}).get("viewport") or {}
        if viewport:
            self.set_device(QSize(round(viewport.get("width", 375)), round(viewport.get("height", 812))))
        nodes = ((state or {}).get("display") or {}).get("nodes") or {}
        moving = any(node.get("animation") or node.get("kind") == "movie" for node in nodes.values())
        if moving and not self.ticker.isActive() and not self.dimmed:
            self.ticker.start(FRAME_MS)
        elif not moving:
            self.ticker.stop()
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#e9e9ee"))
        rect, scale = self.screen_rect(), self.scale()
        painter.setClipRect(rect)
        painter.translate(rect.topLeft())
        painter.scale(scale, scale)
        if self.session and self.session.state and self.renderer:
            self.renderer.draw_scene(painter, self.session.state, self.session.scene_now(), self.movie_clock.elapsed())
        else:
            painter.fillRect(QRectF(0, 0, self.device.width(), self.device.height()), Qt.GlobalColor.white)
        if self.hasFocus() and not self.dimmed and self.session:
            self.keyboard.draw_ring(painter, self.session.state)
        if self.dimmed:
            painter.fillRect(QRectF(0, 0, self.device.width(), self.device.height()), QColor(0, 0, 0, 140))
        painter.end()
        self.frames_drawn += 1

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus()
            self.keyboard.set(None)  # a pointer user sees no ring, as a browser's :focus-visible
            self.gestures.down(self.to_points(event.position()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.gestures.move(self.to_points(event.position()))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.gestures.up(self.to_points(event.position()))

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.gestures.wheel(event.angleDelta().y(), event.pixelDelta().y() / self.scale())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.keyboard.key(event.key()) and not self.gestures.key(event.key()):
            super().keyPressEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt's name)
        """Tab and Shift-Tab: the next role node, else (past either end) the window's next widget."""
        return self.keyboard.move(forward) or super().focusNextPrevChild(forward)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self.keyboard.enter(event.reason() == Qt.FocusReason.TabFocusReason)
        self.accessibility.focus_moved(self.keyboard.id or "")
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.gestures.cancel()
        super().focusOutEvent(event)
        self.update()
