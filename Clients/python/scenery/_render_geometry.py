"""scenery.render's sums: affine maps from a node's points to device pixels, the outlines of
rounded rects and ellipses, an animation's value at a time, and '#RRGGBB' colours."""

from __future__ import annotations

import math
from typing import Any, Collection, Mapping

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
Box = list[int]
Colour = tuple[int, ...]


def parse_colour(text: str) -> Colour:
    """(r, g, b) of '#RRGGBB'."""
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


# Affine maps as (a, b, c, d, e, f): x' = a x + b y + c, y' = d x + e y + f.

def compose(m: Matrix, n: Matrix) -> Matrix:
    """m after n."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * s, a * q + b * t, a * r + b * u + c, d * p + e * s, d * q + e * t, d * r + e * u + f)


def invert(m: Matrix) -> Matrix:
    """The inverse map."""
    a, b, c, d, e, f = m
    det = a * e - b * d
    return (e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det)


def apply(m: Matrix, x: float, y: float) -> Point:
    """The point (x, y) mapped by m."""
    return m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]


def translate(x: float, y: float) -> Matrix:
    """The map that moves by (x, y)."""
    return (1, 0, x, 0, 1, y)


def scaling(sx: float, sy: float | None = None) -> Matrix:
    """The map that scales by sx across and sy (default sx) down."""
    return (sx, 0, 0, 0, sy if sy is not None else sx, 0)


def turn(degrees: float, cx: float, cy: float) -> Matrix:
    """Clockwise on screen (y down) about (cx, cy)."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    return (c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy)


def animation_value(animation: Mapping[str, Any], now: float, faults: Collection[str]) -> float:
    """A rotation's value at scene time `now` (keyframes evenly spaced, linear), as `faults` allow."""
    frames: list[float] = animation.get("keyframes") or [0]
    duration: float = animation.get("durationMs") or 0
    t: float = now - animation.get("startMs", 0)
    if "animation-ignored" in faults or len(frames) == 1 or t <= 0 or duration <= 0:
        return frames[0]
    if animation.get("repeat") and "animation-no-repeat" not in faults:
        t = math.fmod(t, duration)
    elif t >= duration:
        return frames[-1]
    position = t / duration * (len(frames) - 1)
    i = min(int(position), len(frames) - 2)
    return frames[i] + (frames[i + 1] - frames[i]) * (position - i)


def rounded_rect(x: float, y: float, w: float, h: float, r: float, steps: int = 16) -> list[Point]:
    """The outline of a rectangle with corners of radius r (clamped to half the shorter side)."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for i in range(steps + 1):
            t = math.radians(start + 90 * i / steps)
            points.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return points


def ellipse(x: float, y: float, w: float, h: float, steps: int = 128) -> list[Point]:
    """The outline of the ellipse inscribed in the frame, `steps` points."""
    return [(x + w / 2 + w / 2 * math.cos(2 * math.pi * i / steps), y + h / 2 + h / 2 * math.sin(2 * math.pi * i / steps))
            for i in range(steps)]
