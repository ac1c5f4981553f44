"""Hatchling build hook: bundles the engine into a platform wheel (see pyproject.toml).

``SCENERY_ENGINE_DIR`` names a folder with the ``scenery`` binary and its resource bundle
(``Scenery_SceneryServe.resources``, the page ``scenery serve`` serves); every file in it goes to
``scenery/_engine/``. ``SCENERY_WHEEL_TAG`` is the wheel's tag (Scripts/package derives the
manylinux tag from the newest glibc symbol the binary needs).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class EngineBundle(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the engine folder to the wheel and makes the wheel platform-specific."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        folder = os.environ.get("SCENERY_ENGINE_DIR")
        if self.target_name != "wheel" or not folder:
            return
        root = Path(folder)
        if not (root / "scenery").is_file():
            raise RuntimeError(f"SCENERY_ENGINE_DIR={folder} has no scenery binary")
        for path in sorted(root.rglob("*")):
            if path.is_file():
                build_data["force_include"][str(path)] = f"scenery/_engine/{path.relative_to(root)}"
        build_data["pure_python"] = False
        build_data["tag"] = os.environ.get("SCENERY_WHEEL_TAG", "py3-none-linux_x86_64")
