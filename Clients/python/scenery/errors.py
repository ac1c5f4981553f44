"""The exceptions the package raises. Every one derives from ``SceneryException``, so one
``except SceneryException`` catches anything the package raises on purpose:

* ``SceneryError``: an error answer from the engine (its JSON-RPC ``code``), and
  ``InvalidParams``, params the client refuses before sending (also a ``TypeError``);
* ``ProtocolError``: the engine broke the protocol (``GapError``: a patch the mirror cannot
  take), or ``EngineExited``: it is gone, with its exit status and the tail of its stderr;
* ``TimeoutError``: a wait ran out (also the builtin ``TimeoutError``), saying what was awaited
  and what the screen held;
* ``StrictModeViolation``: a locator an action needs one node of matched several;
* ``SceneMismatch``: ``model(scene)`` of a scene that is not the open one.

``PatchError`` (a ``ValueError``) is the patch applier's, for patches and pointers that do not
apply; the client turns it into a ``GapError``.
"""

from __future__ import annotations

import builtins
from typing import Any

__all__ = ["SceneryException", "SceneryError", "InvalidParams", "ProtocolError", "GapError", "EngineExited",
           "TimeoutError", "StrictModeViolation", "SceneMismatch", "PatchError"]


class SceneryException(Exception):
    """The base of every exception this package raises on purpose."""


class SceneryError(SceneryException):
    """An error answer from the engine: its JSON-RPC ``code`` (``-32602`` for invalid params, the
    Scenery codes of PROTOCOL.md section 3), its ``message`` (naming the field and what was
    expected), the ``method`` it answered and any ``data``."""

    def __init__(self, code: int, message: str, data: Any = None, method: str | None = None) -> None:
        where = f"{method}: " if method else ""
        super().__init__(f"{where}{message} (code {code})")
        self.code, self.message, self.data, self.method = code, message, data, method


class InvalidParams(SceneryError, TypeError):
    """Params the client refuses before sending anything: not a mapping, or a value JSON cannot
    carry. Its ``code`` is JSON-RPC's invalid params (-32602), as the engine's own answer would be."""

    def __init__(self, message: str, method: str | None = None) -> None:
        super().__init__(-32602, message, None, method)


class ProtocolError(SceneryException):
    """The engine broke the protocol: a line that is not a JSON object, an answer nobody asked
    for, a rev out of sequence, a mirror that differs from ``snapshot``."""


class GapError(ProtocolError):
    """A patch the mirror cannot take: its rev is not the next one, or it does not apply. A
    front end that keeps running resynchronises from ``snapshot`` (``Mirror.reset``)."""


class EngineExited(ProtocolError):
    """The engine process ended (or closed its pipes) while the client still needed it: its exit
    ``status`` (None when it had not exited yet) and ``stderr``, the last lines it wrote there
    (empty when its stderr was not the client's to read)."""

    def __init__(self, doing: str, status: int | None, stderr: str) -> None:
        how = f"exited with status {status}" if status is not None else "closed its pipes"
        tail = f"; the end of its stderr:\n{stderr}" if stderr.strip() else ""
        super().__init__(f"the engine {how} {doing}{tail}")
        self.status, self.stderr = status, stderr


class TimeoutError(SceneryException, builtins.TimeoutError):
    """A wait ran out: no answer in time, or a locator, ``wait_for`` or assertion not satisfied
    within its timeout. The message says what was awaited and what the screen showed at the
    end (``screen``: the screen as text, as the engine writes it)."""

    def __init__(self, message: str, screen: str = "") -> None:
        super().__init__(message + (f"\nThe screen shows:\n{screen}" if screen else ""))
        self.screen = screen


class StrictModeViolation(SceneryException):
    """An action that needs one node (``tap``, ``text_content``, ...) on a locator that matches
    several: the message names the locator and its first matches. Narrow it (``exact=True``, a
    role or a name) or pick one (``first``, ``nth(i)``)."""


class SceneMismatch(SceneryException, LookupError):
    """``model(scene)`` asked for the model of a scene that is not the open one."""


class PatchError(ValueError):
    """A JSON Patch or JSON Pointer that cannot be applied to the document."""
