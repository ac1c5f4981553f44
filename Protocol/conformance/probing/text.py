"""A text node's probes: ink inside its box, none just outside, and none where its layout leaves
room (`align`, `verticalAlign`, `lines` and the ellipsis); ink in each line it must wrap into."""

import math

from .basics import INK_CONTRAST, MARGIN, distance, parse_colour, rect_distance
from .collector import through, uniform_under
from .text_layout import expected_span, run_pieces, wrapped_lines


def text_probes(probes, node):
    """Ink inside a text node's box, none in a band just outside it, and none where its layout
    leaves room: beside a short line as `align` places it, above or below the block of lines as
    `verticalAlign` places it, after the N-th line of `lines`, over the tail where the ellipsis
    is; ink in each line the text must wrap into. Widths are bounded per character for any font."""
    scene = probes.scene
    fx, fy, fw, fh = node.frame
    m = MARGIN / scene.scale
    if node.paint() is None or fw <= 4 * m or fh <= 4 * m:
        return
    bw, bh = node.text_box()
    corners = [node.box_to_screen(u, v) for u in (0, bw) for v in (0, bh)]
    if node.clip and any(rect_distance(node.clip, x, y) < 0 for x, y in corners):
        return
    if any(rect_distance(probes.screen, x, y) < 0 for x, y in corners):
        return
    step = 12 / scene.scale
    nx, ny = max(2, int(bw / step)), max(2, int(bh / step))
    inset = 1.5 * m  # clear of an edge shared with the node under (a label on its patch)
    grid = [node.box_to_screen(inset + (bw - 2 * inset) * i / nx, inset + (bh - 2 * inset) * j / ny)
            for i in range(nx + 1) for j in range(ny + 1)]
    if len(grid) > 600:
        grid = grid[::len(grid) // 600 + 1]
    under, veils = uniform_under(scene, node, grid, veils=True)
    runs = [run for run in node.raw.get("text") or []]
    colours = [parse_colour(run.get("color")) for run in runs if run.get("text", "").strip()]
    inked = under is not None and colours and all(c and distance(through(c, veils), under) >= INK_CONTRAST + 20 for c in colours)

    def quad(u0, v0, u1, v1):
        u0, u1 = max(u0, m), min(u1, bw - m)
        v0, v1 = max(v0, m), min(v1, bh - m)
        if (u1 - u0) * scene.scale < 2 or (v1 - v0) * scene.scale < 2:
            return None
        return [tuple(c * scene.scale for c in node.box_to_screen(u, v)) for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]

    if inked:
        layout_probes(probes, node, runs, under, quad, veils)
    # No ink outside: a band of points just outside each edge of the box, every 8 device pixels.
    out = 1.5 * m
    spacing = 8 / scene.scale
    for (u0, v0, u1, v1) in ((0, -out, bw, -out), (0, bh + out, bw, bh + out), (-out, 0, -out, bh), (bw + out, 0, bw + out, bh)):
        length = math.hypot(u1 - u0, v1 - v0)
        count = int(length / spacing)
        for i in range(1, count):
            x, y = node.box_to_screen(u0 + (u1 - u0) * i / count, v0 + (v1 - v0) * i / count)
            probes.colour(x, y, owner=node, rule="text.clip")


def layout_probes(probes, node, runs, under, quad, veils):
    """The probes of a text's layout where its ink is known (`quad` maps a box span to device pixels)."""
    style = node.style
    bw, bh = node.text_box()
    pieces = run_pieces(runs, style.get("fontFallback"))
    while pieces and pieces[-1][0].isspace():
        pieces.pop()
    while pieces and pieces[0][0].isspace():
        pieces.pop(0)
    sizes = [float(run.get("size", 17)) for run in runs]
    size = max(sizes)
    line = 1.2 * size
    whole = quad(0, 0, bw, bh)
    if whole is None:
        return
    # One colour: some pixel at least halfway toward it (a glyph's stem covers whole pixels).
    inks = {tuple(through(c, veils)) for c in node.inks()}
    probes.ink(node, "text.ink", whole, under, inks.pop() if len(inks) == 1 else None)
    if not pieces:
        return
    lines = int(style.get("lines") or 0)
    lo_w, hi_w = sum(p[1] for p in pieces), sum(p[2] for p in pieces)
    if lines == 1:
        least, most, free = (1, 1, 1 if lo_w <= bw else 2)
    else:
        least, most = wrapped_lines(pieces, bw, 1), wrapped_lines(pieces, bw, 2)
        if least is None or most is None:
            return
        free = least
        if lines > 1:
            least, most = min(least, lines), min(most, lines)
    clamped = lines >= 1 and free > lines
    vertical = style.get("verticalAlign", "center")

    def top(n):
        return 0.0 if vertical == "top" else bh - n * line if vertical == "bottom" else (bh - n * line) / 2

    pad_v = 0.2 * size + 1.5 / probes.scene.scale
    pad_h = 0.15 * size + 1.5 / probes.scene.scale
    first = min(top(n) for n in range(least, most + 1))
    last = max(top(n) + n * line for n in range(least, most + 1))
    name = "text.lines" if clamped else "text.verticalAlign"
    for box in (quad(0, 0, bw, first - pad_v), quad(0, last + pad_v, bw, bh)):
        if box:
            probes.clear(node, name, box, under)
    # Each line the text must fill has ink across the middle of its line box (x-height and caps),
    # where the block's place is known; one size of type only (mixed sizes share a baseline).
    same_size = max(sizes) - min(sizes) < 0.5
    if same_size and (least == most or vertical == "top"):
        for k in range(1, least + 1):
            centre = top(least) + (k - 0.5) * line
            if most == 1:
                # Ink at both ends of the span the text surely covers (a window of 1 em: wider than
                # a space and a glyph's bearings), short of where an ellipsis may be.
                u0, u1 = expected_span(style.get("align", "left"), bw, lo_w, min(hi_w, bw))
                if hi_w > bw:
                    u0, u1 = max(u0, 0), min(u1, bw - 1.5 * size)
                windows = [(u0, u0 + size), (u1 - size, u1)] if u1 - u0 > 2 * size else [(u0, u1)]
            else:
                windows = [(0, bw)]
            for w0, w1 in windows:
                box = quad(w0, centre - 0.3 * size, w1, centre + 0.05 * size)
                if box and k > 1:
                    probes.ink(node, "text.lines", box, under, None)
                elif box and most == 1:
                    probes.ink(node, "text.align", box, under, None)
        if clamped and bw > 3 * size:
            # The tail of the last line holds the ellipsis: dots on the baseline, nothing higher.
            centre = top(least) + (least - 0.5) * line
            box = quad(bw - 0.4 * size, centre - 0.2 * size, bw - 1.5 / probes.scene.scale, centre + 0.05 * size)
            if box:
                probes.clear(node, "text.ellipsis", box, under)
    if most == 1 and hi_w + 2 * pad_h < bw:
        # One line, narrower than the box: nothing beside it where `align` puts it.
        align = style.get("align", "left")
        spans = {"left": [(hi_w + pad_h, bw)], "right": [(0, bw - hi_w - pad_h)],
                 "center": [(0, (bw - hi_w) / 2 - pad_h), ((bw + hi_w) / 2 + pad_h, bw)]}.get(align, [])
        for u0, u1 in spans:
            box = quad(u0, 0, u1, bh)
            if box:
                probes.clear(node, "text.align", box, under)
