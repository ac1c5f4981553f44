"""The front end's copy of the engine's state document, kept by applying every patch in order."""

from __future__ import annotations

from typing import Any

from .errors import GapError, PatchError, ProtocolError
from .patch import apply_patch, first_difference, json_equal

__all__ = ["Mirror"]


class Mirror:
    """The state document and its rev as the front end knows them.

    ``initialize`` and ``snapshot`` hand over the whole state (``reset``); every patch after that
    goes through ``apply`` in arrival order. ``apply`` raises ``GapError`` when a rev is not the
    next one or a patch does not apply; the mirror is then unchanged, and a long-running front
    end resynchronises from ``snapshot``. ``verify`` compares the mirror with a snapshot."""

    def __init__(self) -> None:
        self.state: Any = None
        self.rev: int | None = None

    def reset(self, state: Any, rev: int) -> None:
        """Take the whole state at ``rev`` (from ``initialize`` or ``snapshot``)."""
        self.state, self.rev = state, rev

    def apply(self, patch: list[Any], rev: int, source: str = "a patch") -> bool:
        """Apply the patch from ``rev - 1`` to ``rev``; returns whether the state changed (an
        empty patch at the current rev changes nothing). ``source`` names it in errors."""
        if self.rev is None:
            raise ProtocolError(f"{source} came before initialize")
        if not patch and rev == self.rev:
            return False
        if rev != self.rev + 1:
            raise GapError(f"{source} has rev {rev} after rev {self.rev} ({len(patch)} ops); "
                           f"expected {self.rev + 1}")
        try:
            state = apply_patch(self.state, patch)
        except PatchError as error:
            raise GapError(f"{source} does not apply: {error}") from None
        self.state, self.rev = state, rev
        return True

    def verify(self, snapshot: Any) -> None:
        """Raise ProtocolError unless the mirror equals ``snapshot`` (``{"rev", "state", ...}``)."""
        if snapshot["rev"] != self.rev or not json_equal(snapshot["state"], self.state):
            where = first_difference(self.state, snapshot["state"])
            raise ProtocolError(
                f"state drift: client rev {self.rev}, engine rev {snapshot['rev']}, "
                f"first difference at {where!r}")
