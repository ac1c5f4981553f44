"""The protocol without the I/O: request lines out, engine lines in, the mirror kept.

The sync client (``client.py``) and the asyncio client (``aio.py``) both drive one ``Session``;
they only differ in how lines travel. A line from the engine is a response (its ``id`` names the
request) or a notification; every patch, in a result or a ``patch`` notification, goes to the
mirror in arrival order, which is the order the engine wrote them (PROTOCOL.md section 2).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import GapError, InvalidParams, ProtocolError, SceneMismatch, SceneryError
from .mirror import Mirror

__all__ = ["PROTOCOL_VERSION", "Answer", "Session"]

#: The protocol version this package speaks.
PROTOCOL_VERSION = "1.0"


@dataclass
class Answer:
    """The response to one request: its ``result``, or the ``error`` the engine answered."""

    id: int
    method: str
    result: Any = None
    error: SceneryError | None = None

    def value(self) -> Any:
        """The result; the error answer raised as ``SceneryError``."""
        if self.error is not None:
            raise self.error
        return self.result


class Session:
    """Request ids, the requests awaiting an answer, the mirror and every notification received
    (``notifications``, ``patch`` and any other method, in arrival order). Several requests may
    await their answers at once (pipelining); ids are the session's own or the caller's.

    A patch the mirror cannot take raises ``GapError`` from ``receive``, unless ``on_gap`` is
    given: then it is called with the error, and the line is handled otherwise as usual (a front
    end that keeps running resynchronises from ``snapshot`` there)."""

    def __init__(self, on_gap: Callable[[GapError], None] | None = None) -> None:
        self.mirror = Mirror()
        self._on_gap = on_gap
        self.notifications: list[dict[str, Any]] = []
        self._next_id = 1
        self._pending: dict[int, str] = {}
        #: The session's clock as ``initialize`` asked for it: "virtual" (the default) or "real".
        self.clock = "virtual"

    def request(self, method: str, params: Mapping[str, Any] | None = None, *,
                id: int | None = None) -> tuple[int, bytes]:
        """A new request's id and its line (UTF-8, newline-terminated), now awaiting its answer.

        ``id`` is the caller's choice of id (a transcript's, say); the session's own ids then
        stay above it, so they never meet. ValueError, and nothing changes, for an ``id`` that is
        not an int or that a request still awaits its answer under. ``InvalidParams`` (nothing
        written) for params that are not a mapping or hold a value JSON cannot carry."""
        if params is not None and not isinstance(params, Mapping):
            raise InvalidParams(f"params must be a mapping of names to values, not {type(params).__name__}: "
                                f"{params!r:.100}", method)
        if id is None:
            request_id = self._next_id
        elif isinstance(id, bool) or not isinstance(id, int):
            raise ValueError(f"a request id must be an int, not {id!r}")
        elif id in self._pending:
            raise ValueError(f"request id {id} still awaits its answer ({self._pending[id]})")
        else:
            request_id = id
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = dict(params)
        try:
            line = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
        except (TypeError, ValueError) as error:
            raise InvalidParams(f"params: {error}", method) from None
        if method == "initialize" and params is not None and params.get("clock") in ("virtual", "real"):
            self.clock = params["clock"]
        self._next_id = max(self._next_id, request_id + 1)
        self._pending[request_id] = method
        return request_id, line.encode("utf-8")

    @property
    def waiting(self) -> bool:
        """Whether a request still awaits its answer."""
        return bool(self._pending)

    def receive(self, line: bytes | str) -> Answer | None:
        """Handle one line from the engine: the ``Answer`` it completes, or None for a
        notification (applied when it is a ``patch``, recorded either way)."""
        try:
            message = json.loads(line)
        except ValueError:
            raise ProtocolError(f"not a JSON line on stdout: {line[:200]!r}") from None
        if not isinstance(message, dict):
            raise ProtocolError(f"not a JSON object on stdout: {line[:200]!r}")
        if "id" not in message:
            self._notification(message)
            return None
        method = self._pending.pop(message["id"], None) if isinstance(message["id"], int) else None
        if method is None:
            raise ProtocolError(f"a response no request is waiting for: {str(message)[:200]}")
        if "error" in message:
            error = message["error"] if isinstance(message["error"], dict) else {}
            code = error["code"] if isinstance(error.get("code"), int) else 0
            return Answer(message["id"], method, error=SceneryError(
                code, str(error.get("message")), error.get("data"), method))
        result = message.get("result")
        if method == "initialize" and isinstance(result, dict):
            self.mirror.reset(result["state"], result["rev"])
        elif isinstance(result, dict) and "patch" in result:
            self._apply(result["patch"], result.get("rev", -1), f"the response to {method}")
        return Answer(message["id"], method, result)

    def _apply(self, patch: list[Any], rev: int, source: str) -> None:
        try:
            self.mirror.apply(patch, rev, source)
        except GapError as gap:
            if self._on_gap is None:
                raise
            self._on_gap(gap)

    def _notification(self, message: dict[str, Any]) -> None:
        self.notifications.append(message)
        if message.get("method") == "patch":
            params = message.get("params") or {}
            cause = params.get("cause", "unknown cause")
            self._apply(params.get("patch") or [], params.get("rev", -1), f"a patch notification ({cause})")


class MirroredClient:
    """What the sync and the asyncio client both show of their session's mirror."""

    session: Session

    @property
    def state(self) -> Any:
        """The mirrored state document (None before ``initialize``)."""
        return self.session.mirror.state

    @property
    def rev(self) -> int | None:
        """The mirrored state's rev (None before ``initialize``)."""
        return self.session.mirror.rev

    def _scene_model(self, scene: str) -> Any:
        """The open scene's model, or SceneMismatch when ``scene`` is not the open one."""
        state = self.state
        open_scene = state.get("scene") if isinstance(state, dict) else None
        if open_scene != scene:
            raise SceneMismatch(f"model({scene!r}): the open scene is {open_scene!r}")
        return state["model"]
