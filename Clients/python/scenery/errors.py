"""The exceptions the client raises: the engine's error answers, protocol breaches, bad patches."""

from __future__ import annotations

from typing import Any

__all__ = ["SceneryError", "ProtocolError", "GapError", "PatchError"]


class SceneryError(Exception):
    """An error answer from the engine: its JSON-RPC ``code`` (``-32602`` for invalid params, the
    Scenery codes of PROTOCOL.md section 3), its ``message`` (naming the field and what was
    expected), the ``method`` it answered and any ``data``."""

    def __init__(self, code: int, message: str, data: Any = None, method: str | None = None) -> None:
        where = f"{method}: " if method else ""
        super().__init__(f"{where}{message} (code {code})")
        self.code, self.message, self.data, self.method = code, message, data, method


class ProtocolError(Exception):
    """The engine broke the protocol: a line that is not a JSON object, an answer nobody asked
    for, a rev out of sequence, a mirror that differs from ``snapshot``."""


class GapError(ProtocolError):
    """A patch the mirror cannot take: its rev is not the next one, or it does not apply. A
    front end that keeps running resynchronises from ``snapshot`` (``Mirror.reset``)."""


class PatchError(ValueError):
    """A JSON Patch or JSON Pointer that cannot be applied to the document."""
