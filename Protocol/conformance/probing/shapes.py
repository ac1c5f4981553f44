"""Every probe of one node: its fill, lines and hairlines, edges, rounded corners and circles,
images, and where its content clip hides it."""

import math

from .basics import MARGIN, rect_distance
from .collector import local_points, rule_name
from .edges import edge_probes, straight_edges, thin_probes
from .images import turning_image_probes
from .scene import edge_margin
from .text import text_probes


def node_probes(probes, node):
    """Every probe of one node: a text's by text_probes; a line's or a hairline's along it; else
    its edges, fill, rounded corners or circle, and where its content clip hides it."""
    scene = probes.scene
    m = MARGIN / scene.scale
    fx, fy, fw, fh = node.frame
    paint = node.paint()
    if node.kind == "text":
        text_probes(probes, node)
        return
    if paint is None:
        return
    ends = node.line_ends()
    if ends:
        (ax, ay), (bx, by) = ends
        length = math.hypot(bx - ax, by - ay)
        if length < 4 * m:
            return
        half = node.line_width() / 2
        normal = (-(by - ay) / length, (bx - ax) / length)
        t = math.radians(node.angle)
        screen_normal = (normal[0] * math.cos(t) - normal[1] * math.sin(t), normal[0] * math.sin(t) + normal[1] * math.cos(t))
        margin = edge_margin(node)
        sides = []
        for f in (0.25, 0.5, 0.75):
            mx, my = ax + (bx - ax) * f, ay + (by - ay) * f
            centre = node.to_screen(mx, my)
            if 2 * half * scene.scale >= 4:
                # A colour probe on the stroke's centre, at the pixel deepest inside it.
                deepest = max(((node.distance((px + 0.5) / scene.scale, (py + 0.5) / scene.scale), px, py)
                               for px in range(int(centre[0] * scene.scale) - 1, int(centre[0] * scene.scale) + 2)
                               for py in range(int(centre[1] * scene.scale) - 1, int(centre[1] * scene.scale) + 2)))
                if deepest[0] * scene.scale >= margin:
                    probes.pixel(deepest[1], deepest[2], generator=node, rule="line", exact=(node, margin))
            else:
                thin_probes(probes, node, centre, screen_normal, half)
            sides += [((mx + normal[0] * half, my + normal[1] * half), normal),
                      ((mx - normal[0] * half, my - normal[1] * half), (-normal[0], -normal[1]))]
        # The width: just inside and just outside both sides of the stroke; the butt caps: just
        # inside and outside each end, on the centre line.
        edge_probes(probes, node, sides, "line.width", "line.width")
        ux, uy = (bx - ax) / length, (by - ay) / length
        edge_probes(probes, node, [((ax, ay), (-ux, -uy)), ((bx, by), (ux, uy))], "line.ends", "line.ends")
        return
    if node.kind == "line" and min(fw, fh) <= 3 * m:
        if max(fw, fh) > 4 * m:
            horizontal = fw >= fh
            for t in (0.25, 0.5, 0.75):
                centre = node.to_screen(fx + fw * (t if horizontal else 0.5), fy + fh * (0.5 if horizontal else t))
                thin_probes(probes, node, centre, (0, 1) if horizontal else (1, 0), min(fw, fh) / 2)
            edge_probes(probes, node, straight_edges(node), "hairline.width", "hairline.width")
        return
    if node.kind in ("rect", "circle", "movie", "image", "line"):
        edge_probes(probes, node, straight_edges(node), "edge.inside", "edge.outside")
    fractions = (0.1, 0.3, 0.5, 0.7, 0.9) if node.kind == "image" else (0.2, 0.5, 0.8)
    if node.kind == "image" and node.animated:
        turning_image_probes(probes, node)
    for x, y in local_points(node, fractions):
        letterbox = node.letterbox_ink(x, y, scene.scale)
        if letterbox is not None:
            # Inside the frame, beside an aspectFit image: what is under shows; the image's
            # nearest colour there says the image spilled (blame).
            probes.colour(x, y, owner=node, rule=rule_name(node), inks=letterbox)
        else:
            probes.colour(x, y, generator=node)
    # Rounded corners and circles: clear of the curve inside, and what is under just outside it.
    r = min(node.radius or 0, fw / 2, fh / 2) if node.kind != "circle" else min(fw, fh) / 2
    if r * scene.scale >= 4 * MARGIN:
        rule = "circle.outside" if node.kind == "circle" else "cornerRadius.outside"
        d = r * (1 - math.sqrt(0.5)) / 2
        for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            cx = fx + d if sx == 0 else fx + fw - d
            cy = fy + d if sy == 0 else fy + fh - d
            x, y = node.to_screen(cx, cy)
            if -node.shape_distance(*node.to_local(x, y)) >= m:
                probes.colour(x, y, owner=node, rule=rule)
            if node.kind != "circle":
                ix, iy = node.to_screen(fx + r if sx == 0 else fx + fw - r, fy + 2 * m if sy == 0 else fy + fh - 2 * m)
                probes.colour(ix, iy, generator=node, rule="cornerRadius.inside")
    # The content clip: where the node would show unclipped, what is under must show.
    if node.clip:
        cx, cy, cw, ch = node.clip
        for x, y in local_points(node, (0.1, 0.3, 0.5, 0.7, 0.9)):
            if rect_distance(node.clip, x, y) <= -m and node.distance(x, y, clipped=False) >= m:
                probes.colour(x, y, owner=node, rule="clip", unclipped=node, must_differ=True)
