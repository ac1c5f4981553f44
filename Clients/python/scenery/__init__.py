"""Scenery from Python: start the headless UI engine, mirror its state, drive it by requests.

``SceneryClient`` (sync) and ``AsyncSceneryClient`` (asyncio) run one engine process over a pipe
and keep a ``Mirror`` of its state document by applying every RFC 6902 patch it sends
(``apply_patch``); ``verify`` checks the mirror against ``snapshot``. Error answers raise
``SceneryError`` with the JSON-RPC ``code``. ``scenery.types`` has the protocol's messages as
TypedDicts generated from the schema; ``scenery.testing`` replays golden transcripts. The
engine bundled in the platform wheel is found by itself; a path or ``$SCENERY_BIN`` overrides.
"""

from .aio import AsyncSceneryClient
from .client import SceneryClient
from .engine import engine_path, find_engine
from .errors import GapError, PatchError, ProtocolError, SceneryError
from .geometry import Rect, draw_order, intersect, screen_frame, visible_frame
from .mirror import Mirror
from .patch import apply_patch, first_difference, json_equal, parse_pointer, pointer, resolve
from .protocol import PROTOCOL_VERSION, Answer, Session

__all__ = [
    "AsyncSceneryClient", "SceneryClient", "engine_path", "find_engine",
    "GapError", "PatchError", "ProtocolError", "SceneryError",
    "Rect", "draw_order", "intersect", "screen_frame", "visible_frame",
    "Mirror", "apply_patch", "first_difference", "json_equal", "parse_pointer", "pointer", "resolve",
    "PROTOCOL_VERSION", "Answer", "Session",
]
