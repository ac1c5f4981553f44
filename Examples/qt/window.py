"""The window: a scene picker and a device picker over the screen, as the page has them; one
engine session per opened scene (the old one is shut down), the screen drawn from its mirror.

``screenshots`` opens every scene in the window offscreen and saves each window as a PNG (the
README's pictures).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QElapsedTimer, QPointF, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPainter
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QLabel, QMainWindow, QScrollArea,
                               QVBoxLayout, QWidget)

from gestures import GestureForwarder
from renderer import SceneRenderer
from session import EngineSession

# The devices of the page's picker (Sources/SceneryServe/Presets.swift, `devices`): `viewport.set`'s params.
DEVICES = [
    ("iPhone X (375x812)", {"width": 375, "height": 812, "scale": 3, "safeArea": {"top": 44, "left": 0, "bottom": 34, "right": 0}}),
    ("iPhone 16e (390x844)", {"width": 390, "height": 844, "scale": 3, "safeArea": {"top": 47, "left": 0, "bottom": 34, "right": 0}}),
    ("iPhone 17 Pro Max (440x956)", {"width": 440, "height": 956, "scale": 3, "safeArea": {"top": 62, "left": 0, "bottom": 34, "right": 0}}),
    ("iPhone X landscape (812x375)", {"width": 812, "height": 375, "scale": 3, "safeArea": {"top": 0, "left": 44, "bottom": 21, "right": 44}}),
    ("HooView mocks (320x480 @2x)", {"width": 320, "height": 480, "scale": 2, "safeArea": {"top": 20, "left": 0, "bottom": 0, "right": 0}}),
    ("Exhibition mock (375x667 @2x)", {"width": 375, "height": 667, "scale": 2, "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 0}}),
]
FRAME_MS = 16  # the repaint period while something moves by itself


class ScreenWidget(QWidget):
    """The phone's screen: draws the live session's mirror (1 pt = 1 logical pixel) and hands
    mouse, wheel and key events to the gesture forwarder in points."""

    def __init__(self, parent: Optional[QWidget] = None):
        super().__init__(parent)
        self.session: Optional[EngineSession] = None
        self.renderer: Optional[SceneRenderer] = None
        self.on_error = lambda message: None  # the window shows it in its status line
        self.gestures = GestureForwarder(lambda: self.session, lambda message: self.on_error(message))
        self.movie_clock = QElapsedTimer()
        self.movie_clock.start()
        self.ticker = QTimer(self)
        self.ticker.timeout.connect(self.update)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setFixedSize(375, 812)
        self.frames_drawn = 0

    def attach(self, session: Optional[EngineSession]) -> None:
        """Draws ``session`` from now on (None: an empty screen)."""
        self.session = session
        self.renderer = SceneRenderer(session.assets) if session else None
        if session:
            session.changed.connect(self.on_change)
        self.on_change()

    def on_change(self) -> None:
        """The mirror changed: new size, maybe a new animation, and a repaint."""
        state = self.session.state if self.session else None
        viewport = (state or {}).get("viewport") or {}
        size = QSize(round(viewport.get("width", 375)), round(viewport.get("height", 812)))
        if size != self.size():
            self.setFixedSize(size)
        nodes = ((state or {}).get("display") or {}).get("nodes") or {}
        moving = any(node.get("animation") or node.get("kind") == "movie" for node in nodes.values())
        if moving and not self.ticker.isActive():
            self.ticker.start(FRAME_MS)
        elif not moving:
            self.ticker.stop()
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        if self.session and self.session.state and self.renderer:
            self.renderer.draw_scene(painter, self.session.state, self.session.scene_now(), self.movie_clock.elapsed())
        else:
            painter.fillRect(self.rect(), Qt.white)
        painter.end()
        self.frames_drawn += 1

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self.setFocus()
            self.gestures.down(event.position())

    def mouseMoveEvent(self, event) -> None:
        self.gestures.move(event.position())

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self.gestures.up(event.position())

    def wheelEvent(self, event) -> None:
        self.gestures.wheel(event.angleDelta().y(), event.pixelDelta().y())
        event.accept()

    def keyPressEvent(self, event) -> None:
        if not self.gestures.key(event.key()):
            super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        self.gestures.cancel()
        super().focusOutEvent(event)


class SceneryWindow(QMainWindow):
    """Scene and device pickers, a status line, and the screen of the live session."""

    def __init__(self, binary: Optional[str] = None, scene: Optional[str] = None, device: int = 0):
        super().__init__()
        self.binary = binary
        self.setWindowTitle("Scenery")
        self.session: Optional[EngineSession] = None
        self.scene_picker = QComboBox()
        self.device_picker = QComboBox()
        for title, _ in DEVICES:
            self.device_picker.addItem(title)
        self.device_picker.setCurrentIndex(max(0, min(device, len(DEVICES) - 1)))
        self.status = QLabel("starting…")
        self.screen = ScreenWidget()
        self.screen.on_error = self.say
        bar = QHBoxLayout()
        bar.addWidget(QLabel("<b>Scenery</b>"))
        for label, picker in (("Scene", self.scene_picker), ("Device", self.device_picker)):
            bar.addWidget(QLabel(label))
            bar.addWidget(picker)
        bar.addStretch(1)
        bar.addWidget(self.status)
        holder = QWidget()
        holder.setStyleSheet("background: #e9e9ee")
        inner = QHBoxLayout(holder)
        inner.addWidget(self.screen, 0, Qt.AlignHCenter | Qt.AlignTop)
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(bar)
        column.addWidget(scroll, 1)
        central = QWidget()
        central.setLayout(column)
        self.setCentralWidget(central)
        self.scene_picker.currentTextChanged.connect(lambda name: self.open(name) if name else None)
        self.device_picker.currentIndexChanged.connect(self.set_device)
        self.opened = False  # True once the current scene's `scene.open` has been answered
        self.open(scene)

    def open(self, scene: Optional[str], afresh: bool = False) -> None:
        """Opens ``scene`` (None: the engine's first) in a new session on the picked device;
        unless ``afresh``, nothing happens when that scene is already open."""
        if not afresh and self.session and self.session.state and self.session.state.get("scene") == scene:
            return
        old, self.session = self.session, EngineSession(self.binary, self)
        if old:
            old.close()
            old.deleteLater()
        self.opened = False
        self.session.failed.connect(self.say)
        self.session.changed.connect(self.describe)
        self.screen.attach(self.session)
        self.session.open(scene, viewport=DEVICES[self.device_picker.currentIndex()][1], then=self.on_open)

    def on_open(self, _result: dict) -> None:
        session = self.session
        if self.scene_picker.count() == 0:
            self.scene_picker.blockSignals(True)
            self.scene_picker.addItems(session.scenes)
            self.scene_picker.blockSignals(False)
        self.scene_picker.blockSignals(True)
        self.scene_picker.setCurrentText(session.state.get("scene") or "")
        self.scene_picker.blockSignals(False)
        self.opened = True
        self.describe()

    def set_device(self, index: int) -> None:
        """A device picked: the live session's viewport changes (the scene lays out again)."""
        if self.session and self.opened:
            self.session.request("viewport.set", DEVICES[index][1])

    def describe(self) -> None:
        state = (self.session.state if self.session else None) or {}
        model = state.get("model") or {}
        title = model.get("title") or model.get("tab") or ""
        self.status.setText(" · ".join(str(part) for part in (state.get("scene") or "no scene", title, f"rev {self.session.rev}") if part))

    def say(self, message: str) -> None:
        self.status.setText(message)

    def closeEvent(self, event) -> None:
        if self.session:
            self.session.close()
        super().closeEvent(event)


def wait_until(predicate, seconds: float) -> bool:
    """Runs the event loop until ``predicate()`` holds or ``seconds`` pass; whether it held."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


def screenshots(binary: Optional[str], out: Path) -> int:
    """Opens every scene in the window (offscreen) and saves ``out/qt-SCENE.png`` of the window."""
    out.mkdir(parents=True, exist_ok=True)
    window = SceneryWindow(binary)
    window.resize(600, 880)
    window.show()
    if not wait_until(lambda: window.opened, 20):
        raise SystemExit("the first scene did not open")
    for scene in list(window.session.scenes):
        window.scene_picker.setCurrentText(scene)
        wait_until(lambda: window.opened and window.session.settled(quiet_ms=1000), 20)
        path = out / f"qt-{scene}.png"
        window.grab().save(str(path))
        print(f"wrote {path}")
    window.close()
    return 0
