"""What assistive technology is told about the screen, kept beside the drawing: the engine's
``snapshot {"as":"accessibility"}`` list (PROTOCOL.md section 3, "What assistive technology is
told"), which names the nodes a person is told of, in reading order, with their roles, names and
states. The window works out none of it: it asks the engine.

The list is asked for when a change has settled (no change for ``SETTLE_MS``, or ``LONGEST_MS``
after the first of a run of changes that never stops), at most one request in flight; when the
answer comes and the mirror's rev has moved past it, the list is asked for again. A drag, whose
every frame is a change, is asked about once it stops (or once a second while it goes on), not
once per frame.

Each new list is compared with the last of the same scene to say what a person must hear (the
spec's announcement rule: ``announcement``); the first list after a scene opens says nothing.
"""

from __future__ import annotations

import time
from typing import Any, Optional

from PySide6.QtCore import QObject, QTimer, Signal

from session import EngineError, EngineSession

#: A node of the list: ``{id, kind, role?, name?, asset?, states, depth, parent?, layer, frame}``.
Node = dict[str, Any]

SETTLE_MS = 120  # a change has settled when no other has come for this long
LONGEST_MS = 1000  # ...or when changes have kept coming for this long since the first unserved one


def announcement(before: list[Node], after: list[Node]) -> str:
    """What a person must hear after a change: the depth-0 text nodes of the screen layer in
    ``after`` that are new, or whose text changed, since ``before``, joined by ". "."""
    def spoken(nodes: list[Node]) -> dict[str, str]:
        return {node["id"]: str(node.get("name") or "") for node in nodes
                if node.get("kind") == "text" and not node.get("role") and node.get("depth") == 0
                and node.get("layer") == "screen"}
    said = spoken(before)
    return ". ".join(name for node_id, name in spoken(after).items() if name and said.get(node_id) != name)


class ScreenSemantics(QObject):
    """The live session's accessibility list (``nodes``, at ``rev``), refreshed as the module
    says. ``updated(old, new)`` is emitted with each new list, ``announced(text)`` after it when a
    person must hear something."""

    updated = Signal(object, object)
    announced = Signal(str)

    def __init__(self, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.session: Optional[EngineSession] = None
        self.nodes: list[Node] = []
        self.rev = -1  # the rev the list was made at (-1: none yet)
        self.asked = 0  # lists asked for in this session (tests count them)
        self.unsupported: Optional[str] = None  # why the engine cannot give the list, if it cannot
        self._asking = False
        self._first = True  # the next list is the first of its scene: nothing is announced
        self._since: Optional[float] = None  # when the first change not yet asked about came
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._ask)

    def attach(self, session: Optional[EngineSession]) -> None:
        """Follows ``session`` from now on (None: an empty screen); the old list is dropped."""
        if self.session is not None:
            self.session.changed.disconnect(self.on_change)
        self.session = session
        self._timer.stop()
        self._asking, self._first, self._since, self.asked, self.unsupported = False, True, None, 0, None
        self.rev = -1
        if self.nodes:
            old, self.nodes = self.nodes, []
            self.updated.emit(old, [])
        if session is not None:
            session.changed.connect(self.on_change)
            self.on_change()

    def on_change(self) -> None:
        """The mirror changed: ask for the list once the change has settled."""
        session = self.session
        if session is None or not (session.state or {}).get("scene") or self.unsupported:
            return  # before scene.open there is nothing to tell
        now = time.monotonic()
        if self._since is None:
            self._since = now
        waited_ms = (now - self._since) * 1000
        self._timer.start(round(max(0.0, min(SETTLE_MS, LONGEST_MS - waited_ms))))

    def _ask(self) -> None:
        session = self.session
        if session is None or self._asking:
            return  # the answer in flight asks again if the rev moved
        self._since = None
        if session.rev == self.rev:
            return
        self._asking = True
        self.asked += 1
        session.request("snapshot", {"as": "accessibility"},
                        lambda result: self._take(session, result), lambda error: self._refused(session, error))

    def _take(self, session: EngineSession, result: dict[str, Any]) -> None:
        if session is not self.session:
            return  # an answer of a session given up
        self._asking = False
        old, self.nodes, self.rev = self.nodes, list(result.get("nodes") or []), int(result.get("rev", -1))
        said = "" if self._first else announcement(old, self.nodes)
        self._first = False
        self.updated.emit(old, self.nodes)
        if said:
            self.announced.emit(said)
        if session.rev != self.rev:
            self.on_change()

    def _refused(self, session: EngineSession, error: EngineError) -> None:
        if session is not self.session:
            return
        self._asking = False
        self.unsupported = str(error)  # an engine older than the accessibility snapshot: say it once
        session.failed.emit(f"assistive technology is told nothing: {error}")
