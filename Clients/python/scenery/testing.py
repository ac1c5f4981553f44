"""Golden transcripts for Python projects: replay one against the engine, rewrite it on request.

A transcript (README, "Golden transcripts") lists requests (``>`` lines) and the exact lines the
engine must answer (``<`` lines). ``replay`` runs the engine's own ``scenery replay``, whose
report names the request and shows the expected and actual lines; ``update=True`` (or
``SCENERY_UPDATE=1``) rewrites the expected lines with the actual output instead.

With pytest, this module is a plugin (installed with the package): the ``scenery_transcript``
fixture replays a file, and ``pytest --scenery-update`` rewrites instead of comparing::

    def test_golden(scenery_transcript):
        scenery_transcript("tests/session.transcript")
"""

from __future__ import annotations

import os
import subprocess
from typing import Any, Callable

from .engine import engine_path

__all__ = ["TranscriptMismatch", "replay", "pytest_addoption", "scenery_transcript"]


class TranscriptMismatch(AssertionError):
    """The engine's output differs from a transcript's expected lines; the message is the
    engine's report (the request, then the expected and the actual line)."""


def replay(path: str | os.PathLike[str], *, update: bool | None = None,
           engine: str | os.PathLike[str] | None = None, timeout: float = 120.0) -> str:
    """Replay the transcript at ``path`` and return the engine's report; raise
    ``TranscriptMismatch`` when the output differs. With ``update`` (default: whether
    ``SCENERY_UPDATE`` is set to something other than ``0``), rewrite its expected lines."""
    if update is None:
        update = os.environ.get("SCENERY_UPDATE", "0") not in ("", "0")
    argv = [engine_path(engine), "replay", *(["--update"] if update else []), os.fspath(path)]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    report = (run.stdout + run.stderr).strip()
    if run.returncode != 0:
        raise TranscriptMismatch(report or f"scenery replay exited with status {run.returncode}")
    return report


# --- pytest plugin (entry point ``pytest11``: ``scenery = scenery.testing``) --------------------

try:
    import pytest
except ImportError:  # pytest is optional: without it, replay() is the whole module
    pass
else:
    def pytest_addoption(parser: Any) -> None:
        """``--scenery-update``: rewrite transcripts instead of comparing them."""
        parser.addoption("--scenery-update", action="store_true", default=False,
                         help="rewrite golden transcripts with the engine's actual output")

    @pytest.fixture
    def scenery_transcript(request: Any) -> Callable[[str | os.PathLike[str]], str]:
        """A function replaying one transcript (rewriting it under ``--scenery-update``)."""
        update = bool(request.config.getoption("--scenery-update"))
        return lambda path: replay(path, update=update or None)
