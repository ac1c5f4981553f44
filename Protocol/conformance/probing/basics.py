"""The probes' tolerances and margins, and the small sums every part shares: colours, a
rectangle's signed distance, a declared rotation's value now."""

import math


MARGIN = 2.0          # device pixels between a probe and any edge it could fall on
BACKDROP = (255, 255, 255)  # what lies under every node (PROTOCOL.md, section 4)
TOLERANCE = {"solid": 4, "blend": 6, "image": 12}
INK_CONTRAST = 40     # an ink check needs this much between the ink and what lies under it
EDGE = 1.0            # device pixels between an edge probe's pixel and the edge (pixel snapping: 0.5)
CURVED = 0.5          # device pixels more for an edge probe beside a curve (a circle's extremes)
EDGE_CONTRAST = 24    # an edge probe needs this much between the two sides of its edge
CLEAR_TOLERANCE = 12  # per channel, for every pixel of a `clear` quad
BACKDROP_STEP = 16.0  # points between the probes of what no node covers
TURNING_GRID = 60     # points a side of the grid of `image.turn` probes in an image that turns
TURNING_NEAR = 6      # source pixels: a clear spot of a turning image this near its ink is probed
UNIFORM = 4           # RGB distance within which what lies under a text or a thin line is one colour
UNKNOWN = "unknown"   # a node's effect at a point that cannot be computed
CELL = 32.0           # points: the side of the buckets of the spatial index


def parse_colour(text):
    """(r, g, b) of '#RRGGBB', or None."""
    if not isinstance(text, str) or len(text) != 7 or text[0] != "#":
        return None
    try:
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return None


def blend(under, over, alpha):
    """`over` drawn over `under` with `alpha` (0 to 1), per channel."""
    return tuple(u * (1 - alpha) + o * alpha for u, o in zip(under, over))


def distance(a, b):
    """The Euclidean distance between two colours (r, g, b)."""
    return math.dist(a[:3], b[:3])


def rotation_at(animation, now):
    """The declared rotation's value at scene time `now` (keyframes evenly spaced, linear)."""
    frames = animation.get("keyframes") or [0]
    duration = animation.get("durationMs") or 0
    t = now - animation.get("startMs", 0)
    if len(frames) == 1 or t <= 0 or duration <= 0:
        return frames[0]
    if animation.get("repeat"):
        t = math.fmod(t, duration)
    elif t >= duration:
        return frames[-1]
    position = t / duration * (len(frames) - 1)
    i = min(int(position), len(frames) - 2)
    return frames[i] + (frames[i + 1] - frames[i]) * (position - i)


def rect_distance(rect, x, y):
    """Signed distance from (x, y) to the rectangle's edge: positive inside."""
    fx, fy, fw, fh = rect
    return min(x - fx, fx + fw - x, y - fy, fy + fh - y)
