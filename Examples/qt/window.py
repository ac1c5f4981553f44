"""The window: a scene picker and a device picker over the screen, as the page has them (the
presets of presets.py); one
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
from presets import DEVICES, Preset, presets, sample
from renderer import SceneRenderer
from session import EngineSession

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

    def __init__(self, binary: Optional[str] = None, scene: Optional[str] = None, device: int = 0,
                 data_root: Optional[Path] = None):
        super().__init__()
        self.binary = binary
        self.data_root = data_root
        self.presets: list[Preset] = []  # known once the first session says the engine's scenes
        self.setWindowTitle("Scenery")
        self.session: Optional[EngineSession] = None
        self.scene_picker = QComboBox()
        self.scene_picker.setSizeAdjustPolicy(QComboBox.AdjustToContents)
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
        self.scene_picker.currentIndexChanged.connect(lambda index: self.open(self.presets[index]) if index >= 0 else None)
        self.device_picker.currentIndexChanged.connect(self.set_device)
        # A picker holds the keys only while it is open: once a choice is made (or the popup is
        # dismissed on the same entry) the focus goes back to the screen, so the arrow keys page.
        for picker in (self.scene_picker, self.device_picker):
            picker.activated.connect(lambda _index: self.screen.setFocus(Qt.OtherFocusReason))
        self.opened = False  # True once the current scene's `scene.open` has been answered
        self.preset: Optional[Preset] = sample(scene) if scene else None
        self.open(self.preset)

    def pick(self, scene: str) -> None:
        """Picks ``scene``'s built-in sample in the scene picker (which opens it)."""
        self.scene_picker.setCurrentIndex(self.presets.index(sample(scene)))

    def open(self, preset: Optional[Preset], afresh: bool = False) -> None:
        """Opens ``preset`` (None: the engine's first scene) in a new session on the picked
        device; unless ``afresh``, nothing happens when it is the one open."""
        if not afresh and self.session and preset == self.preset and self.opened:
            return
        self.preset = preset
        old = self.session
        self.session = EngineSession(self.binary, self, cwd=str(self.data_root) if self.data_root else None)
        if old:
            old.close()
            old.deleteLater()
        self.opened = False
        self.session.failed.connect(self.say)
        self.session.changed.connect(self.describe)
        self.screen.attach(self.session)
        self.session.open(preset.scene if preset else None, preset.params if preset else None,
                          viewport=DEVICES[self.device_picker.currentIndex()][1], then=self.on_open)

    def on_open(self, _result: dict) -> None:
        session = self.session
        self.preset = self.preset or sample(session.state.get("scene") or "")
        self.scene_picker.blockSignals(True)
        if not self.presets:
            self.presets = presets(session.scenes, self.data_root)
            self.scene_picker.addItems([preset.title for preset in self.presets])
        if self.preset in self.presets:
            self.scene_picker.setCurrentIndex(self.presets.index(self.preset))
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
        window.pick(scene)
        wait_until(lambda: window.opened and window.session.settled(quiet_ms=1000), 20)
        path = out / f"qt-{scene}.png"
        window.grab().save(str(path))
        print(f"wrote {path}")
    window.close()
    return 0
