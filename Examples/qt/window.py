"""The window: a scene picker and a device picker over the screen, as the page has them (the
presets of presets.py); one
engine session per opened scene (the old one is shut down), the screen drawn from its mirror.

The screen itself (drawing, gestures, what assistive technology is told) is screen.py's. The
window opens at the picked device's size and takes each device picked (bounded by the
screen's free area); the screen draws the device whole, scaled down when the window is smaller
(clicks are mapped back to points), and a status never resizes anything (it is cut, whole in its
tooltip). When the engine ends by itself the screen dims under a banner, and a new engine opens
the same scene on the same device after a backoff, as the page does when its connection is lost.

``screenshots`` opens every scene in the window offscreen and saves each window as a PNG (the
pictures in Docs/qt.md).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Optional

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QLabel, QMainWindow, QSizePolicy,
                               QVBoxLayout, QWidget)

from presets import DEVICES, Preset, first, presets, sample
from screen import ScreenWidget
from session import EngineSession

__all__ = ["ScreenWidget", "SceneryWindow", "StatusLabel", "screenshots", "wait_until"]

RESTART_FIRST_S, RESTART_MAX_S = 0.5, 8.0  # the backoff of restarts after the engine ended
NOTICE_MS = 6000  # how long "started afresh" stays up


class StatusLabel(QLabel):
    """A one-line status that never widens the window: cut with an ellipsis at its width, the
    whole text in its tooltip."""

    def __init__(self, text: str = ""):
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.full = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self.full = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:  # noqa: N802
        return self.full

    def shown(self) -> str:
        """The text as drawn (maybe cut)."""
        return super().text()

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        return QSize(0, super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._elide()
        super().resizeEvent(event)

    def _elide(self) -> None:
        QLabel.setText(self, self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, max(0, self.width() - 2)))


class SceneryWindow(QMainWindow):
    """Scene and device pickers, a status line, and the screen of the live session."""

    screen: ScreenWidget  # type: ignore[assignment]  # the drawn session; shadows QWidget.screen()

    def __init__(self, binary: Optional[str] = None, scene: Optional[str] = None, device: int = 0,
                 data_root: Optional[Path] = None, photos_endpoint: Optional[str] = None, record: Optional[Path] = None):
        super().__init__()
        self.binary = binary
        self.record = record  # --record FILE: each engine session written as FILE, FILE-2, ...
        self.sessions_started = 0
        self.data_root = data_root
        self.photos_endpoint = photos_endpoint  # --photos-endpoint: the photos scene on it comes first
        self.presets: list[Preset] = []  # known once the first session says the engine's scenes
        self.setWindowTitle("Scenery")
        self.session: Optional[EngineSession] = None
        self.scene_picker = QComboBox()
        self.device_picker = QComboBox()
        for title, _ in DEVICES:
            self.device_picker.addItem(title)
        self.device_picker.setCurrentIndex(max(0, min(device, len(DEVICES) - 1)))
        self.status = StatusLabel("starting…")
        self.screen = ScreenWidget()
        self.screen.on_error = self.say
        bar = QHBoxLayout()
        bar.setContentsMargins(8, 6, 8, 0)
        bar.setSpacing(6)
        bar.addWidget(QLabel("<b>Scenery</b>"))
        for label, picker in (("Scene", self.scene_picker), ("Device", self.device_picker)):
            picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            picker.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)  # never cut below its longest entry
            bar.addSpacing(8)
            bar.addWidget(QLabel(label))
            bar.addWidget(picker)
        bar.addStretch(1)
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addLayout(bar)
        self.status.setContentsMargins(8, 0, 8, 0)
        column.addWidget(self.status)
        column.addWidget(self.screen, 1)
        central = QWidget()
        central.setStyleSheet("background: #e9e9ee")
        central.setLayout(column)
        self.setCentralWidget(central)
        # The engine ending by itself: the screen dims under a banner and a new engine opens the
        # same scene on the same device after 0.5 s, 1 s, 2 s … (at most RESTART_MAX_S apart).
        self.restarts = 0  # engines started after one ended
        self.restart_delay = 0.0  # seconds before the next restart (0: none pending)
        self.restart_timer = QTimer(self)
        self.restart_timer.setSingleShot(True)
        self.restart_timer.timeout.connect(lambda: self.open(self.preset, afresh=True))
        self.notice_timer = QTimer(self)
        self.notice_timer.setSingleShot(True)
        self.notice_timer.timeout.connect(lambda: self.screen.show_banner(None))
        self.scene_picker.currentIndexChanged.connect(lambda index: self.open(self.presets[index]) if index >= 0 else None)
        self.device_picker.currentIndexChanged.connect(self.set_device)
        # A picker holds the keys only while it is open: once a choice is made (or the popup is
        # dismissed on the same entry) the focus goes back to the screen, so the arrow keys page.
        for picker in (self.scene_picker, self.device_picker):
            picker.activated.connect(lambda _index: self.screen.setFocus(Qt.FocusReason.OtherFocusReason))
        self.opened = False  # True once the current scene's `scene.open` has been answered
        self.preset: Optional[Preset] = first(scene, data_root, photos_endpoint)  # what the user named, else the sample
        self.fit_device()
        self.open(self.preset)

    def pick(self, scene: str) -> None:
        """Picks ``scene``'s built-in sample in the scene picker (which opens it)."""
        self.scene_picker.setCurrentIndex(self.presets.index(sample(scene)))

    def open(self, preset: Optional[Preset], afresh: bool = False) -> None:
        """Opens ``preset`` (None: the engine's first scene) in a new session on the picked
        device; unless ``afresh``, nothing happens when it is the one open."""
        if not afresh and self.session and preset == self.preset and self.opened:
            return
        self.restart_timer.stop()  # a scene picked while the engine was down opens now
        self.preset = preset
        old = self.session
        self.sessions_started += 1
        record = None
        if self.record:
            n = self.sessions_started
            record = str(self.record if n == 1 else self.record.with_name(f"{self.record.stem}-{n}{self.record.suffix}"))
        self.session = EngineSession(self.binary, self, cwd=str(self.data_root) if self.data_root else None, record=record)
        if old:
            old.close()
            old.deleteLater()
        self.opened = False
        self.session.failed.connect(self.say)
        self.session.ended.connect(self.engine_ended)
        self.session.changed.connect(self.describe)
        self.screen.attach(self.session)
        self.session.open(preset.scene if preset else None, preset.params if preset else None,
                          viewport=DEVICES[self.device_picker.currentIndex()][1], then=self.on_open)

    def on_open(self, _result: dict[str, Any]) -> None:
        session = self.session
        assert session is not None  # this answers its scene.open
        self.preset = self.preset or sample(session.state.get("scene") or "")
        self.scene_picker.blockSignals(True)
        if not self.presets:
            self.presets = presets(session.scenes, self.data_root, self.photos_endpoint)
            self.scene_picker.addItems([preset.title for preset in self.presets])
        if self.preset in self.presets:
            self.scene_picker.setCurrentIndex(self.presets.index(self.preset))
        self.scene_picker.blockSignals(False)
        self.opened = True
        picked = DEVICES[self.device_picker.currentIndex()][1]
        if (session.state.get("viewport") or {}).get("width") != picked["width"] or \
                (session.state.get("viewport") or {}).get("height") != picked["height"]:
            session.request("viewport.set", picked)  # a device picked while the scene was opening
        self.describe()
        if self.restart_delay:  # a restart after the engine ended: say what the user got
            self.restart_delay = 0.0
            self.restarts += 1
            device = DEVICES[self.device_picker.currentIndex()][0]
            self.screen.show_banner(f"The engine started afresh: \"{self.preset.title if self.preset else ''}\" "
                                    f"on {device}; nothing you did before was kept.")
            self.notice_timer.start(NOTICE_MS)

    def engine_ended(self, code: int) -> None:
        """The engine ended by itself (killed, crashed, or could not start): the screen dims under
        a banner, and a new one is started after a backoff."""
        self.opened = False
        self.notice_timer.stop()
        self.restart_delay = min(RESTART_MAX_S, self.restart_delay * 2) if self.restart_delay else RESTART_FIRST_S
        why = f"status {code}" if code >= 0 else "it could not start"
        self.screen.show_banner(f"The engine stopped ({why}). Restarting in {self.restart_delay:g} s…", dim=True)
        self.say(f"the engine stopped ({why}); restarting in {self.restart_delay:g} s")
        self.restart_timer.start(round(self.restart_delay * 1000))

    def set_device(self, index: int) -> None:
        """A device picked: the live session's viewport changes (the scene lays out again) and the
        window takes the device's size."""
        if self.session and self.opened:
            self.session.request("viewport.set", DEVICES[index][1])
        self.fit_device()

    def fit_device(self) -> None:
        """Sizes the window to show the picked device whole at 1:1, or as large as the screen's
        free area allows (the screen then draws it scaled to fit)."""
        viewport = DEVICES[self.device_picker.currentIndex()][1]
        self.screen.set_device(QSize(viewport["width"], viewport["height"]))
        layout = self.centralWidget().layout()
        assert layout is not None  # the column set up in __init__
        layout.activate()
        wanted = self.sizeHint().expandedTo(self.minimumSizeHint())
        screen = self.screen.screen() or QApplication.primaryScreen()
        room = screen.availableGeometry().size() if screen else wanted
        frame = self.frameGeometry().size() - self.geometry().size() if self.isVisible() else QSize(0, 0)
        self.resize(wanted.boundedTo(room - frame))

    def describe(self) -> None:
        state = (self.session.state if self.session else None) or {}
        model = state.get("model") or {}
        title = model.get("title") or model.get("tab") or ""
        self.status.setText(" · ".join(str(part) for part in (state.get("scene") or "no scene", title, f"rev {self.session.rev if self.session else 0}") if part))

    def say(self, message: str) -> None:
        self.status.setText(message)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.restart_timer.stop()  # no engine is started for a closed window
        self.notice_timer.stop()
        if self.session:
            self.session.close()
        super().closeEvent(event)


def wait_until(predicate: Callable[[], object], seconds: float) -> bool:
    """Runs the event loop until ``predicate()`` holds or ``seconds`` pass; whether it held."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        if predicate():
            return True
        time.sleep(0.005)
    return bool(predicate())


def screenshots(binary: Optional[str], out: Path) -> int:
    """Opens every scene in the window (offscreen) and saves ``out/qt-SCENE.png`` of the window."""
    out.mkdir(parents=True, exist_ok=True)
    window = SceneryWindow(binary)
    window.show()
    if not wait_until(lambda: window.opened, 20):
        raise SystemExit("the first scene did not open")
    assert window.session is not None  # it opened
    for scene in list(window.session.scenes):
        window.pick(scene)
        wait_until(lambda: window.opened and window.session is not None and window.session.settled(quiet_ms=1000), 20)
        window.resize(window.sizeHint())  # the device at 1:1, however small the offscreen screen
        wait_until(lambda: False, 0.1)
        path = out / f"qt-{scene}.png"
        window.grab().save(str(path))
        print(f"wrote {path}")
    window.close()
    return 0
