"""The ``scenery`` command a wheel installs: runs the bundled engine with the same arguments."""

from __future__ import annotations

import os
import sys

from .engine import engine_path


def main() -> None:
    """Replace this process with the engine (``$SCENERY_BIN`` overrides the bundled one)."""
    try:
        engine = engine_path()
    except FileNotFoundError as error:
        sys.exit(f"scenery: {error}")
    os.execv(engine, [engine, *sys.argv[1:]])
