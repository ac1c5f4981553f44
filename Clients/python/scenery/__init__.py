"""Scenery from Python: start the headless UI engine, drive it like a browser, read its state.

``SceneryClient`` (sync) and ``AsyncSceneryClient`` (asyncio) run one engine process over a pipe
and keep a ``Mirror`` of its state document by applying every RFC 6902 patch it sends
(``apply_patch``); ``verify`` checks the mirror against ``snapshot``. Every protocol method is a
typed method (``engine.tap(id=...)``, generated from the schema); ``get_by_text``, ``get_by_role``
and ``locator`` find nodes, ``expect`` asserts, waiting on the virtual or the real clock;
``screenshot`` draws a PNG (``scenery.render``, with Pillow). Error answers raise ``SceneryError``
with the JSON-RPC ``code``; every exception of the package derives from ``SceneryException``.
``scenery.types`` has the protocol's messages as TypedDicts generated from the schema;
``scenery.testing`` runs goldens (readable ``.golden`` files and protocol transcripts) and is a
pytest plugin; SCENES.md beside this file lists each scene's node ids, roles and model keys. The engine bundled in the platform wheel is found by itself; a
path or ``$SCENERY_BIN`` overrides.
"""

from ._methods import METHODS, SceneName
from .aio import AsyncSceneryClient
from .client import SceneryClient
from .engine import engine_path, find_engine
from .errors import (EngineExited, GapError, InvalidParams, PatchError, ProtocolError, SceneMismatch, SceneryError,
                     SceneryException, StrictModeViolation, TimeoutError)
from .geometry import Rect, asset_ids, draw_order, intersect, screen_frame, visible_frame
from .locator import AsyncLocator, ExpectationFailed, Locator, expect
from .mirror import Mirror
from .patch import apply_patch, first_difference, json_equal, parse_pointer, pointer, resolve
from .protocol import PROTOCOL_VERSION, Answer, Session

__all__ = [
    "AsyncSceneryClient", "SceneryClient", "engine_path", "find_engine",
    "EngineExited", "GapError", "InvalidParams", "PatchError", "ProtocolError", "SceneMismatch", "SceneryError",
    "SceneryException", "StrictModeViolation", "TimeoutError",
    "Rect", "asset_ids", "draw_order", "intersect", "screen_frame", "visible_frame",
    "AsyncLocator", "ExpectationFailed", "Locator", "expect",
    "METHODS", "SceneName",
    "Mirror", "apply_patch", "first_difference", "json_equal", "parse_pointer", "pointer", "resolve",
    "PROTOCOL_VERSION", "Answer", "Session",
]
