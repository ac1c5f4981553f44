"""Where the ``scenery`` binary is: the one this package bundles, or one the caller names."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

__all__ = ["find_engine", "engine_path", "BUNDLED"]

#: The engine a platform wheel carries (with its resource bundle beside it); absent in a source tree.
BUNDLED = Path(__file__).resolve().parent / "_engine" / "scenery"
# A checkout's build (Clients/python/scenery/engine.py -> the repository root), for development.
_CHECKOUT = Path(__file__).resolve().parents[3]


def _runnable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def find_engine(path: str | os.PathLike[str] | None = None) -> str | None:
    """The ``scenery`` binary to run: ``path`` when given, else ``$SCENERY_BIN``, else the engine
    bundled in this package, else a checkout's ``.build/debug`` or ``.build/release`` build;
    None when there is none. ``path`` and ``$SCENERY_BIN`` may name a command on ``PATH``."""
    named = os.fspath(path) if path is not None else os.environ.get("SCENERY_BIN")
    if named:
        return shutil.which(named)
    if _runnable(BUNDLED):
        return str(BUNDLED)
    for config in ("debug", "release"):
        candidate = _CHECKOUT / ".build" / config / "scenery"
        if (_CHECKOUT / "Package.swift").is_file() and _runnable(candidate):
            return str(candidate)
    return None


def engine_path(path: str | os.PathLike[str] | None = None) -> str:
    """``find_engine(path)``, or FileNotFoundError saying how to get an engine."""
    found = find_engine(path)
    if found is None:
        named = path if path is not None else os.environ.get("SCENERY_BIN")
        if named:
            raise FileNotFoundError(f"no scenery binary at {named!r}")
        raise FileNotFoundError(
            "no scenery binary: install the platform wheel (pip install scenery-engine), pass a path, "
            "or set SCENERY_BIN")
    return found
