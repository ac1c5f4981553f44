"""One engine session over a pipe: the ``scenery`` process, requests by id, the mirrored state.

The engine is spawned with ``QProcess`` and spoken to in newline-delimited JSON-RPC 2.0 (PROTOCOL.md
sections 1 and 2), on Qt's event loop: nothing blocks the window. The mirror takes the whole state
from ``initialize`` and ``snapshot`` and applies every patch (in results and ``patch``
notifications) in the order it arrives; a rev that is not the next one, or a patch that does not
apply, is a gap, and the mirror resynchronises from ``snapshot``. ``snapshot`` also gives the
scene clock (``nowMs``), from which declared animations are played. Images are read once per id
with ``asset.read``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Callable, Optional

from PySide6.QtCore import QObject, QProcess, Signal

from assets import AssetStore
from json_patch import PatchError, apply_patch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
from scenery_client import find_engine  # noqa: E402  (the reference client's search for the binary)


class EngineError(Exception):
    """An error answer: its JSON-RPC ``code`` and ``message``."""

    def __init__(self, method: str, error: dict):
        super().__init__(f"{method}: {error.get('message')} (code {error.get('code')})")
        self.code, self.message = error.get("code"), error.get("message")


class EngineSession(QObject):
    """A ``scenery`` process (run in ``cwd``) and a mirror of its state (``state``, ``rev``).

    ``changed`` is emitted after every change of the mirror, ``failed`` with a message a user can
    read (an error answer nobody handled, the engine ending)."""

    changed = Signal()
    failed = Signal(str)

    def __init__(self, binary: Optional[str] = None, parent: Optional[QObject] = None, cwd: Optional[str] = None):
        super().__init__(parent)
        binary = binary or find_engine()
        if not binary:
            raise FileNotFoundError("no scenery binary: pass --scenery, set SCENERY_BIN or run `swift build`")
        binary = os.path.abspath(binary)  # the process may run in another folder (cwd)
        self.state: Optional[dict] = None
        self.rev = 0
        self.gestures: set[str] = set()
        self.scenes: list[str] = []
        self.resyncs = 0
        self.changed_at = time.monotonic()
        self._clock: Optional[tuple[float, float]] = None  # (nowMs, time.monotonic() when learned)
        self._resyncing = False
        self._next_id = 1
        self._waiting: dict[int, tuple[str, Callable, Callable]] = {}
        self._buffer = b""
        self.assets = AssetStore(fetch=self._read_asset)
        self.assets.on_arrival = lambda asset_id: self.changed.emit()
        self.process = QProcess(self)
        self.process.setProcessChannelMode(QProcess.ForwardedErrorChannel)
        self.process.readyReadStandardOutput.connect(self._read)
        self.process.finished.connect(lambda code, _status: self.failed.emit(f"the engine ended (status {code})")
                                      if not self._closing else None)
        self.process.errorOccurred.connect(
            lambda error: self.failed.emit(f"could not start {binary}: {self.process.errorString()}")
            if error == QProcess.FailedToStart else None)
        self._closing = False
        if cwd:
            self.process.setWorkingDirectory(cwd)  # the scene params' relative paths are taken from here
        self.process.start(binary, [])

    # Requests --------------------------------------------------------------------------------

    def request(self, method: str, params: Optional[dict] = None,
                then: Callable[[dict], None] = lambda result: None,
                otherwise: Optional[Callable[[EngineError], None]] = None) -> int:
        """Sends a request; ``then(result)`` runs once the answer has been applied to the mirror,
        ``otherwise(error)`` on an error answer (default: ``failed`` says it)."""
        request_id, self._next_id = self._next_id, self._next_id + 1
        self._waiting[request_id] = (method, then, otherwise or (lambda error: self.failed.emit(str(error))))
        line = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}},
                          ensure_ascii=False, separators=(",", ":"))
        self.process.write(line.encode("utf-8") + b"\n")
        return request_id

    def open(self, scene: Optional[str], params: Optional[dict] = None, viewport: Optional[dict] = None,
             then: Callable[[dict], None] = lambda result: None) -> None:
        """``initialize`` on the real clock, the scene clock (``snapshot``) so that animations start
        in phase, then ``scene.open`` (of the engine's first scene when ``scene`` is None): what the
        page does for each session."""
        init = {"protocolVersion": "1.0", "clock": "real"}
        if viewport:
            init["viewport"] = viewport

        def opened(result):
            self.gestures = set(result.get("gestures") or [])
            then(result)
        self.request("initialize", init,
                     lambda _: self.resync(lambda _: self.request(
            "scene.open", {"scene": scene or self.scenes[0], **(params or {})}, opened)))

    def accepts(self, method: str) -> bool:
        """Whether the open scene takes gesture ``method`` (``scene.open``'s ``gestures``)."""
        return method in self.gestures

    def resync(self, then: Callable[[dict], None] = lambda snapshot: None) -> None:
        """Replaces the mirror with ``snapshot`` and learns the scene clock."""
        self._resyncing = True

        def take(snapshot):
            self._resyncing = False
            self.resyncs += 1
            self._clock = (float(snapshot.get("nowMs", 0)), time.monotonic())
            self._take(snapshot["state"], snapshot["rev"])
            then(snapshot)

        def failed(error):
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
        if self.process.state() == QProcess.NotRunning:
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
        message = json.loads(line)
        if message.get("id") is not None:
            method, then, otherwise = self._waiting.pop(message["id"], ("?", lambda _: None, lambda _: None))
            if "error" in message:
                otherwise(EngineError(method, message["error"]))
                return
            result = message.get("result") or {}
            if method == "initialize":
                self.scenes = list(result.get("scenes") or [])
                self._take(result["state"], result["rev"])
            elif "patch" in result and "rev" in result:
                self._change(result["rev"], result["patch"])
            then(result)
        elif message.get("method") == "patch":
            params = message.get("params") or {}
            self._change(params.get("rev"), params.get("patch") or [])

    def _take(self, state: dict, rev: int) -> None:
        self.state, self.rev = state, rev
        self._changed()

    def _changed(self) -> None:
        self.changed_at = time.monotonic()
        self.changed.emit()

    def _change(self, rev: int, patch: list) -> None:
        """A patch from ``rev - 1`` to ``rev``; a gap (or a patch that does not apply) resyncs."""
        if self.state is None or (not patch and rev == self.rev):
            return
        if rev != self.rev + 1:
            if not self._resyncing:
                self.resync()
            return
        try:
            self.state = apply_patch(self.state, patch)
        except PatchError as error:
            print(f"scenery_qt: a patch did not apply ({error}); resynchronising", file=sys.stderr)
            if not self._resyncing:
                self.resync()
            return
        self.rev = rev
        self._changed()

    def _read_asset(self, asset_id: str) -> None:
        self.request("asset.read", {"id": asset_id}, lambda result: self.assets.put(asset_id, result),
                     lambda error: self.assets.failed(asset_id))
