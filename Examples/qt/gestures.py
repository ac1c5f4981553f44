"""The user's gestures as protocol requests, mapped exactly as the page maps them
(Sources/SceneryServe/Page/gestures.js), knowing no scene.

A click is a ``tap`` at the point with the rev the user saw (``baseRev``); a press held 500 ms
without moving 10 pt is a ``longPress`` (and no tap follows on release); a drag is a ``pan``
(began, changed, ended, with the time in ms) where the scene takes ``pan``, else a ``scroll`` by
the drag from its first pixel; the wheel scrolls; the left and right arrow keys ``page``. Nothing
is sent that the open scene does not take (``scene.open``'s ``gestures``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from PySide6.QtCore import QPointF, Qt, QTimer

from session import EngineSession

LONG_PRESS_MS = 500
SLOP = 10  # points a press may move and still be a tap or a long press
WHEEL_POINTS_PER_NOTCH = 100  # what a browser scrolls for one notch (deltaY 100)


def now_ms() -> int:
    return round(time.monotonic() * 1000)


@dataclass
class Press:
    """A mouse button held down: where it started, what the user saw, what it has become."""

    session: EngineSession
    start: QPointF
    last: QPointF
    rev: int
    t0: int
    moved: bool = False
    long: bool = False
    mode: Optional[str] = None  # "pan" or "scroll" once moved
    timer: QTimer = field(default_factory=QTimer)


class GestureForwarder:
    """Turns mouse, wheel and key events (in screen points) into requests to ``current()``, the
    live session or None."""

    def __init__(self, current: Callable[[], Optional[EngineSession]], on_error: Callable[[str], None]) -> None:
        self.current = current
        self.on_error = on_error
        self.press: Optional[Press] = None

    def send(self, session: Optional[EngineSession], method: str, params: dict[str, Any]) -> None:
        """Sends ``method`` when ``session`` is still the live one and its scene takes it."""
        if session is None or session is not self.current() or not session.accepts(method):
            return
        session.request(method, params, otherwise=lambda error: self.on_error(str(error)))

    def down(self, point: QPointF) -> None:
        session = self.current()
        if session is None:
            return
        press = Press(session, point, point, session.rev, now_ms())
        press.timer.setSingleShot(True)
        press.timer.timeout.connect(lambda: self._held(press))
        press.timer.start(LONG_PRESS_MS)
        self.press = press

    def _held(self, press: Press) -> None:
        if press.moved or self.press is not press:
            return
        press.long = True
        self.send(press.session, "longPress", {"x": press.start.x(), "y": press.start.y(), "baseRev": press.rev})

    def move(self, point: QPointF) -> None:
        press = self.press
        if press is None:
            return
        if not press.moved and math.hypot(point.x() - press.start.x(), point.y() - press.start.y()) >= SLOP:
            press.moved = True
            press.timer.stop()
            press.mode = "pan" if press.session.accepts("pan") else "scroll"
            if press.mode == "pan":
                self.send(press.session, "pan", {"phase": "began", "x": press.start.x(), "y": press.start.y(), "t": press.t0})
        if not press.moved:
            return
        if press.mode == "pan":
            self.send(press.session, "pan", {"phase": "changed", "x": point.x(), "y": point.y(), "t": now_ms()})
        else:
            self.send(press.session, "scroll", {"deltaY": press.last.y() - point.y()})
        press.last = point

    def up(self, point: QPointF) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        press.timer.stop()
        if press.moved:
            if press.mode == "pan":
                self.send(press.session, "pan", {"phase": "ended", "x": point.x(), "y": point.y(), "t": now_ms()})
        elif not press.long:
            self.send(press.session, "tap", {"x": press.start.x(), "y": press.start.y(), "baseRev": press.rev})

    def cancel(self) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        press.timer.stop()
        if press.moved and press.mode == "pan":
            self.send(press.session, "pan", {"phase": "cancelled"})

    def wheel(self, angle_delta_y: float, pixel_delta_y: float) -> None:
        """A wheel turn: Qt's angle is positive away from the user, a browser's deltaY the other way."""
        delta = -pixel_delta_y if pixel_delta_y else -angle_delta_y / 120 * WHEEL_POINTS_PER_NOTCH
        if delta:
            self.send(self.current(), "scroll", {"deltaY": delta})

    def key(self, key: int) -> bool:
        """The arrow keys page; returns whether the key was taken."""
        directions: dict[int, str] = {Qt.Key.Key_Right: "next", Qt.Key.Key_Left: "previous"}
        direction = directions.get(key)
        if direction is None:
            return False
        self.send(self.current(), "page", {"direction": direction})
        return True
