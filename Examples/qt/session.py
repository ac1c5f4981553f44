"""One engine session over a pipe: the ``scenery`` process on Qt's event loop.

The engine is spawned with ``QProcess``, so nothing blocks the window. The protocol is the Python
package's (``scenery.Session``: request lines, answers by id, the mirror kept by applying every
patch in arrival order); this module only carries its lines and calls back. A gap (a rev that
is not the next one, a patch that does not apply) resynchronises from ``snapshot``, which also
gives the scene clock (``nowMs``), from which declared animations are played. Images are read
once per id with ``asset.read``.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable, Optional

#: A request's result or params, as JSON.
JSON = dict[str, Any]
#: What runs with a result: its return value is ignored.
Then = Callable[[JSON], object]

from PySide6.QtCore import QObject, QProcess, Signal
from scenery import GapError, SceneryError, Session, find_engine

from assets import AssetStore

#: An error answer: its JSON-RPC ``code``, ``message`` and the ``method`` it answered.
EngineError = SceneryError


class EngineSession(QObject):
    """A ``scenery`` process (run in ``cwd``) and a mirror of its state (``state``, ``rev``).

    ``changed`` is emitted after every change of the mirror, ``failed`` with a message a user can
    read (an error answer nobody handled, the engine failing to start), ``ended`` with the exit
    status when the engine ends by itself (-1: it could not start); not after ``close``."""

    changed = Signal()
    failed = Signal(str)
    ended = Signal(int)

    def __init__(self, binary: Optional[str] = None, parent: Optional[QObject] = None, cwd: Optional[str] = None,
                 record: Optional[str] = None):
        """``record``: run the engine as ``scenery record -o RECORD`` (a readable golden when it
        ends in ``.golden``, else a protocol transcript), so the file holds what the engine got."""
        super().__init__(parent)
        binary = binary or find_engine()
        if not binary:
            raise FileNotFoundError("no scenery binary: pass --scenery, set SCENERY_BIN or run `swift build`")
        binary = os.path.abspath(binary)  # the process may run in another folder (cwd)
        self.protocol = Session(on_gap=self._gap)
        self.gestures: set[str] = set()
        self.scenes: list[str] = []
        self.resyncs = 0
        self.changed_at = time.monotonic()
        self._clock: Optional[tuple[float, float]] = None  # (nowMs, time.monotonic() when learned)
        self._resyncing = False
        self._waiting: dict[int, tuple[Then, Callable[[EngineError], object]]] = {}
        self._buffer = b""
        self.assets = AssetStore(fetch=self._read_asset)
        self.assets.on_arrival = lambda asset_id: self.changed.emit()
        self.process = QProcess(self)
        self.process.setProcessChannelMode(QProcess.ProcessChannelMode.ForwardedErrorChannel)
        self.process.readyReadStandardOutput.connect(self._read)
        self._closing = False
        self.process.finished.connect(lambda code, _status: self.ended.emit(code) if not self._closing else None)

        def error_occurred(error: QProcess.ProcessError) -> None:
            if error == QProcess.ProcessError.FailedToStart:
                self.failed.emit(f"could not start {binary}: {self.process.errorString()}")
                self.ended.emit(-1)
        self.process.errorOccurred.connect(error_occurred)
        if cwd:
            self.process.setWorkingDirectory(cwd)  # the scene params' relative paths are taken from here
        self.process.start(binary, ["record", "-o", os.path.abspath(record)] if record else [])

    @property
    def state(self) -> Any:
        """The mirrored state (None before ``initialize``)."""
        return self.protocol.mirror.state

    @property
    def rev(self) -> int:
        """The mirrored state's rev."""
        return self.protocol.mirror.rev or 0

    # Requests --------------------------------------------------------------------------------

    def request(self, method: str, params: Optional[dict[str, Any]] = None,
                then: Then = lambda result: None,
                otherwise: Optional[Callable[[EngineError], object]] = None) -> int:
        """Sends a request; ``then(result)`` runs once the answer has been applied to the mirror,
        ``otherwise(error)`` on an error answer (default: ``failed`` says it)."""
        request_id, line = self.protocol.request(method, params or {})
        self._waiting[request_id] = (then, otherwise or (lambda error: self.failed.emit(str(error))))
        self.process.write(line)
        return request_id

    def open(self, scene: Optional[str], params: Optional[dict[str, Any]] = None, viewport: Optional[dict[str, Any]] = None,
             then: Then = lambda result: None) -> None:
        """``initialize`` on the real clock, the scene clock (``snapshot``) so that animations start
        in phase, then ``scene.open`` (of the engine's first scene when ``scene`` is None): what the
        page does for each session."""
        init: JSON = {"protocolVersion": "1.0", "clock": "real"}
        if viewport:
            init["viewport"] = viewport

        def opened(result: JSON) -> None:
            self.gestures = set(result.get("gestures") or [])
            then(result)
        self.request("initialize", init,
                     lambda _: self.resync(lambda _: self.request(
            "scene.open", {"scene": scene or self.scenes[0], **(params or {})}, opened)))

    def accepts(self, method: str) -> bool:
        """Whether the open scene takes gesture ``method`` (``scene.open``'s ``gestures``)."""
        return method in self.gestures

    def resync(self, then: Then = lambda snapshot: None) -> None:
        """Replaces the mirror with ``snapshot`` and learns the scene clock."""
        self._resyncing = True

        def take(snapshot: JSON) -> None:
            self._resyncing = False
            self.resyncs += 1
            self._clock = (float(snapshot.get("nowMs", 0)), time.monotonic())
            self.protocol.mirror.reset(snapshot["state"], snapshot["rev"])
            self._changed()
            then(snapshot)

        def failed(error: EngineError) -> None:
            self._resyncing = False
            self.failed.emit(str(error))
        self.request("snapshot", None, take, failed)

    def settled(self, quiet_ms: float = 0) -> bool:
        """Whether nothing is in flight: no answer awaited, no picture still loading (on the real
        clock the state says what is still running: PROTOCOL.md section 2) and, with
        ``quiet_ms``, no change for that long (jobs whose progress only a scene's model tells)."""
        if self._waiting or self.state is None or (time.monotonic() - self.changed_at) * 1000 < quiet_ms:
            return False
        nodes = (self.state.get("display") or {}).get("nodes") or {}
        return not any((node.get("style") or {}).get("imageState") == "loading" for node in nodes.values())

    def scene_now(self) -> float:
        """The scene clock now, in ms: the last ``snapshot``'s ``nowMs`` plus the time since."""
        if self._clock is None:
            return 0.0
        now_ms, at = self._clock
        return now_ms + (time.monotonic() - at) * 1000

    def close(self) -> None:
        """Ends the session: ``shutdown``, then the process is waited for (killed after 2 s)."""
        if self.process.state() == QProcess.ProcessState.NotRunning:
            return
        self._closing = True
        self.request("shutdown", None, lambda _: None, lambda _: None)
        self.process.closeWriteChannel()
        if not self.process.waitForFinished(2000):
            self.process.kill()
            self.process.waitForFinished(1000)

    # Lines -----------------------------------------------------------------------------------

    def _read(self) -> None:
        self._buffer += bytes(self.process.readAllStandardOutput().data())
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            if line.strip():
                self.handle_line(line)

    def handle_line(self, line: bytes | str) -> None:
        """One protocol line from the engine (public so that tests can feed one, e.g. a gap)."""
        mirror = self.protocol.mirror
        rev, state = mirror.rev, mirror.state
        answer = self.protocol.receive(line)
        if mirror.rev != rev or mirror.state is not state:  # patches copy what they change
            self._changed()
        if answer is None:
            return
        then, otherwise = self._waiting.pop(answer.id, (lambda _: None, lambda _: None))
        if answer.error is not None:
            otherwise(answer.error)
            return
        if answer.method == "initialize":
            self.scenes = list(answer.result.get("scenes") or [])
        then(answer.result if answer.result is not None else {})

    def _changed(self) -> None:
        self.changed_at = time.monotonic()
        self.changed.emit()

    def _gap(self, error: GapError) -> None:
        """A patch the mirror could not take: resynchronise from ``snapshot`` (once at a time)."""
        if not self._resyncing:
            print(f"scenery_qt: {error}; resynchronising", file=sys.stderr)
            self.resync()

    def _read_asset(self, asset_id: str) -> None:
        self.request("asset.read", {"id": asset_id}, lambda result: self.assets.put(asset_id, result),
                     lambda error: self.assets.failed(asset_id))
