"""Where display-list nodes are on screen, what of them shows, and the order they are drawn in
(PROTOCOL.md section 4). Rectangles are ``(x, y, w, h)`` tuples in points."""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["Rect", "screen_frame", "intersect", "visible_frame", "draw_order", "asset_ids"]

Rect = tuple[float, float, float, float]


def screen_frame(display: Mapping[str, Any], node: Mapping[str, Any]) -> Rect:
    """A node's frame in screen points. Content-layer nodes move with the scroll offset: on
    screen, y is ``frame.y - content.offsetY + content.frame.y``."""
    x, y, w, h = node["frame"]
    if node.get("layer") == "content":
        content = display.get("content") or {}
        y = y - content.get("offsetY", 0) + content.get("frame", [0, 0, 0, 0])[1]
    return x, y, w, h


def intersect(a: Rect, b: Rect) -> Rect | None:
    """Overlap of two rectangles, or None if they share no area."""
    x, y = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x, y, right - x, bottom - y) if right > x and bottom > y else None


def visible_frame(display: Mapping[str, Any], node: Mapping[str, Any], viewport: Rect) -> Rect | None:
    """The part of a node the user sees: its screen frame clipped to ``content.frame`` (for the
    content layer) and to ``viewport``; None if nothing shows."""
    frame = intersect(screen_frame(display, node), viewport)
    content = display.get("content") or {}
    if frame and node.get("layer") == "content" and "frame" in content:
        cx, cy, cw, ch = content["frame"]
        frame = intersect(frame, (cx, cy, cw, ch))
    return frame


def draw_order(display: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``(id, node)`` pairs back to front: by ``z``, ties broken by id (code point order). The
    layer only says which coordinates ``frame`` is in, not the order."""
    nodes: Mapping[str, Any] = display.get("nodes") or {}
    return sorted(nodes.items(), key=lambda item: (item[1].get("z", 0), item[0]))


def asset_ids(document: Mapping[str, Any]) -> list[str]:
    """Every asset a node of the state document's display list names (an image node's `image`,
    a movie node's `style.movie`), sorted: what a screenshot reads with asset.read."""
    ids = set()
    for node in (document.get("display") or {}).get("nodes", {}).values():
        if node.get("kind") == "image" and node.get("image"):
            ids.add(node["image"])
        movie = (node.get("style") or {}).get("movie")
        if node.get("kind") == "movie" and movie:
            ids.add(movie)
    return sorted(ids)
