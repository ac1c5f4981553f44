"""Edge probes (just inside and just outside a node's straight edges) and ink checks across lines
too thin for a colour probe."""

import math

from .basics import INK_CONTRAST, MARGIN, UNKNOWN, blend, distance, rect_distance
from .collector import uniform_under
from .scene import edge_margin


def thin_probes(probes, node, centre, normal, half):
    """An ink check across a line too thin for a colour probe, at `centre` (screen points)."""
    scene = probes.scene
    m = MARGIN / scene.scale
    nx, ny = normal
    if rect_distance(probes.screen, *centre) < half + 3 * m or (node.clip and rect_distance(node.clip, *centre) < half + 3 * m):
        return
    sides = [(centre[0] + nx * (half + 2 * m) * s, centre[1] + ny * (half + 2 * m) * s) for s in (-1, 1)]
    under = uniform_under(scene, node, sides + [centre])
    paint = node.paint()
    if under is None or paint in (None, UNKNOWN):
        return
    target = blend(under, paint, node.opacity)
    if distance(target, under) < INK_CONTRAST:
        return
    across, along = half + 1.5 / scene.scale, 2 / scene.scale
    tx, ty = -ny, nx
    quad = [((centre[0] + nx * a * across + tx * b * along) * scene.scale,
             (centre[1] + ny * a * across + ty * b * along) * scene.scale) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    probes.ink(node, ("line" if node.line_ends() else "hairline") + ".ink", quad, under, target)


def edge_pixel(node, scale, point, normal, inside, margin):
    """The device pixel nearest `point` + `normal` (screen points, unit outward normal) whose
    centre lies between `margin` and `margin + 1` device pixels inside (or outside) the node's
    shape; None when there is none."""
    sx, sy = point[0] * scale, point[1] * scale
    step = -(margin + 0.5) if inside else margin + 0.5
    tx, ty = sx + normal[0] * step, sy + normal[1] * step
    best = None
    for px in range(int(math.floor(tx)) - 1, int(math.floor(tx)) + 2):
        for py in range(int(math.floor(ty)) - 1, int(math.floor(ty)) + 2):
            d = node.distance((px + 0.5) / scale, (py + 0.5) / scale) * scale
            d = d if inside else -d
            if margin <= d < margin + 1:
                off = math.hypot(px + 0.5 - tx, py + 0.5 - ty)
                if best is None or off < best[0]:
                    best = (off, px, py)
    return best and best[1:]


def edge_probes(probes, node, edges, rule_in, rule_out):
    """Just inside and just outside straight edges of a node that paints a flat colour, at a pixel
    whose centre is EDGE to EDGE + 1 device pixels from the edge: a node drawn 1.5 device pixels
    or more off its place fails one of them when its edges lie on the pixel grid (2 when they lie
    anywhere), while antialiasing and snapping to whole pixels pass. `edges`: (point, outward
    normal) in the node's own space."""
    scene = probes.scene
    paint = node.paint()
    # An image that covers its frame, or a movie: only the outside probes (what lies under its
    # edge is known; its own pixels there may not be).
    covers = (node.kind == "image" and paint == "image" and node.style.get("contentMode") in ("aspectFill", "scaleToFill")) \
        or (node.kind == "movie" and paint == UNKNOWN)
    if not isinstance(paint, tuple) and not covers:
        return
    margin = edge_margin(node)
    t = math.radians(node.angle)
    c, s = math.cos(t), math.sin(t)
    for (lx, ly), (nx, ny) in edges:
        point = node.to_screen(lx, ly)
        if rect_distance(probes.screen, *point) < 4 * MARGIN / scene.scale or \
                (node.clip and rect_distance(node.clip, *point) < 4 * MARGIN / scene.scale):
            continue
        normal = (nx * c - ny * s, nx * s + ny * c)
        inner = edge_pixel(node, scene.scale, point, normal, True, margin)
        outer = edge_pixel(node, scene.scale, point, normal, False, margin)
        if outer is None:
            continue
        exact = (node, margin)
        outside, _, _ = scene.stack((outer[0] + 0.5) / scene.scale, (outer[1] + 0.5) / scene.scale, exact=exact)
        if outside is None:
            continue
        if covers:
            probes.pixel(*outer, owner=node, rule=rule_out, exact=exact,
                         top_is=lambda top: top is None or top.index < node.index)
            continue
        if inner is not None:  # a line too thin for a pixel inside has only the outside probe
            probes.pixel(*inner, generator=node, rule=rule_in, exact=exact, top_is=lambda top: top is node,
                         contrast=outside)
        probes.pixel(*outer, owner=node, rule=rule_out, exact=exact, contrast=blend(outside, paint, node.opacity),
                     top_is=lambda top: top is None or top.index < node.index)


def straight_edges(node):
    """Points along a rect's (or hairline's) straight edges, clear of rounded corners, and a
    circle's four extremes, each with its outward normal, in the node's own space."""
    fx, fy, fw, fh = node.frame
    if node.kind == "circle":
        return [((fx + fw / 2, fy), (0, -1)), ((fx + fw / 2, fy + fh), (0, 1)),
                ((fx, fy + fh / 2), (-1, 0)), ((fx + fw, fy + fh / 2), (1, 0))]
    r = min(node.radius or 0, fw / 2, fh / 2)
    edges = []
    for t in (0.25, 0.5, 0.75):
        if fw - 2 * r > 0:
            x = fx + r + (fw - 2 * r) * t
            edges += [((x, fy), (0, -1)), ((x, fy + fh), (0, 1))]
        if fh - 2 * r > 0:
            y = fy + r + (fh - 2 * r) * t
            edges += [((fx, y), (-1, 0)), ((fx + fw, y), (1, 0))]
    return edges
