"""The checker fails renders that are wrong, and passes the right one. A small state of every
rule (fills, opacity, a rounded corner, a circle, a clipped content node, a node turned by its
animation, two overlapping nodes, a text, an image) is drawn by a plain rasteriser written here;
then drawn again with one defect at a time (a wrong colour, no content clip, the z order
reversed, the turn left out), and check.py must name the rule that catches each."""

import base64
import json
import math
import re
import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KIT = os.path.join(REPO, "Protocol", "conformance")
sys.path.insert(0, KIT)

from png import write_png  # noqa: E402

SCALE = 2
WIDTH, HEIGHT = 80, 100


def node(kind, frame, z, style, layer="screen", **extra):
    return {"kind": kind, "frame": frame, "z": z, "layer": layer, "style": style, **extra}


def two_tone_png():
    """A 16x6 image: left half red, right half blue (opaque)."""
    row = bytes([255, 0, 0, 255] * 8 + [0, 0, 255, 255] * 8)
    return base64.b64encode(write_png(16, 6, row * 6)).decode()


def state():
    nodes = {
        "back": node("rect", [0, 0, 80, 100], 0, {"background": "#EEEEEE"}),
        "card": node("rect", [5, 5, 40, 30], 1, {"background": "#3366CC", "cornerRadius": 8}),
        "veil": node("rect", [25, 10, 40, 20], 2, {"background": "#FF0000", "opacity": 0.5}),
        "dot": node("circle", [50, 40, 24, 24], 1, {"background": "#00AA00"}),
        "under": node("rect", [5, 40, 30, 20], 1, {"background": "#222222"}),
        "over": node("rect", [15, 45, 30, 20], 1, {"background": "#DDDD00"}),
        "row": node("rect", [0, -10, 40, 30], 1, {"background": "#AA00AA"}, layer="content"),
        "spin": node("rect", [45, 75, 30, 8], 3, {"background": "#000000"},
                     animation={"property": "rotation", "keyframes": [0, 90], "durationMs": 1000, "startMs": 0, "repeat": False}),
        "label": node("text", [5, 3, 30, 0], 4, {}),  # a text of no height: nothing to probe
        "words": node("text", [8, 82, 30, 12], 1, {}, text=[{"text": "Hi", "font": "x", "size": 10, "weight": "bold", "color": "#000000"}]),
        "picture": node("image", [40, 86, 36, 12], 1, {"contentMode": "scaleToFill"}, image="two"),
    }
    document = {"scene": "test", "viewport": {"width": WIDTH, "height": HEIGHT, "scale": SCALE, "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 0}},
                "model": {}, "display": {"content": {"frame": [0, 66, 44, 14], "width": 44, "height": 100, "offsetY": 0}, "nodes": nodes}}
    return {"name": "sample", "scale": SCALE, "nowMs": 500, "document": document,
            "assets": {"two": {"mime": "image/png", "width": 16, "height": 6, "data": two_tone_png()}}}


def rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def draw(doc, now, clip=True, turn=True, reverse=(), recolour=None):
    """A plain rasteriser of the display list (pixel centres, no antialiasing), with defects."""
    display = doc["display"]
    content = display["content"]
    order = sorted(display["nodes"], key=lambda i: (display["nodes"][i]["z"], i))
    for a, b in reverse:
        i, j = order.index(a), order.index(b)
        order[i], order[j] = order[j], order[i]
    pixels = bytearray(b"\xff" * (WIDTH * SCALE * HEIGHT * SCALE * 4))
    for py in range(HEIGHT * SCALE):
        for px in range(WIDTH * SCALE):
            x, y = (px + 0.5) / SCALE, (py + 0.5) / SCALE
            colour = (255, 255, 255)
            for ident in order:
                n = display["nodes"][ident]
                fx, fy, fw, fh = n["frame"]
                if n["layer"] == "content":
                    cx, cy, cw, ch = content["frame"]
                    fx, fy = fx + cx, fy + cy - content["offsetY"]
                    if clip and not (cx <= x < cx + cw and cy <= y < cy + ch):
                        continue
                lx, ly = x, y
                animation = n.get("animation")
                if animation and turn:
                    t = min(1, max(0, (now - animation["startMs"]) / animation["durationMs"]))
                    angle = math.radians(-(animation["keyframes"][0] + (animation["keyframes"][1] - animation["keyframes"][0]) * t))
                    ax, ay = fx + fw / 2, fy + fh / 2
                    lx = ax + (x - ax) * math.cos(angle) - (y - ay) * math.sin(angle)
                    ly = ay + (x - ax) * math.sin(angle) + (y - ay) * math.cos(angle)
                if not (fx <= lx < fx + fw and fy <= ly < fy + fh):
                    continue
                style = n["style"]
                r = style.get("cornerRadius", 0)
                if n["kind"] == "circle":
                    r = fw / 2
                if r:
                    qx, qy = min(max(lx, fx + r), fx + fw - r), min(max(ly, fy + r), fy + fh - r)
                    if math.hypot(lx - qx, ly - qy) > r:
                        continue
                if n["kind"] == "text":
                    if abs(ly - (fy + fh / 2)) < 3 and lx < fx + 12:
                        colour = rgb(n["text"][0]["color"])
                    continue
                if n["kind"] == "image":
                    paint = (255, 0, 0) if lx < fx + fw / 2 else (0, 0, 255)
                else:
                    paint = rgb(recolour.get(ident, style["background"]) if recolour else style["background"])
                a = style.get("opacity", 1)
                colour = tuple(round(c * (1 - a) + p * a) for c, p in zip(colour, paint))
            i = (py * WIDTH * SCALE + px) * 4
            pixels[i:i + 3] = bytes(colour)
    return write_png(WIDTH * SCALE, HEIGHT * SCALE, pixels)


def check(tmp_path, **defects):
    states, renders = tmp_path / "states", tmp_path / "renders"
    states.mkdir(exist_ok=True)
    renders.mkdir(exist_ok=True)
    s = state()
    (states / "sample.state.json").write_text(json.dumps(s))
    (renders / "sample.png").write_bytes(draw(s["document"], s["nowMs"], **defects))
    run = subprocess.run([sys.executable, os.path.join(KIT, "check.py"), "--states", str(states), "--renders", str(renders), "--json"],
                         capture_output=True, text=True)
    result = json.loads(run.stdout) if run.stdout.strip().startswith("{") else None
    return run.returncode, result, run


def failing(result):
    return {(f["node"], f["rule"].split("[")[0]) for f in result["states"][0]["failures"]}


def test_a_right_render_passes_every_probe_of_every_rule(tmp_path):
    status, result, run = check(tmp_path)
    assert status == 0, run.stdout[-3000:] + run.stderr
    from probes import derive
    rules = {probe["rule"].split("[")[0] for probe in derive(state())}
    assert {"fill", "cornerRadius.outside", "circle.outside", "clip", "text.ink", "text.clip", "image.scaleToFill"} <= rules, rules
    assert result["passed"] == result["total"] > 50


def test_a_wrong_colour_fails_its_fill(tmp_path):
    status, result, _ = check(tmp_path, recolour={"dot": "#00AB00", "card": "#3366DD"})
    assert status == 1
    assert ("card", "fill") in failing(result) and ("dot", "fill") not in failing(result)  # within ±4 is a pass


def test_a_missing_content_clip_fails_the_clip_rule(tmp_path):
    status, result, _ = check(tmp_path, clip=False)
    assert status == 1 and ("row", "clip") in failing(result)


def test_a_reversed_z_order_fails(tmp_path):
    status, result, _ = check(tmp_path, reverse=[("under", "over")])
    assert status == 1 and any(node in ("over", "under") for node, _ in failing(result))


def test_an_unturned_animated_node_fails(tmp_path):
    status, result, _ = check(tmp_path, turn=False)
    assert status == 1 and any(node in ("spin", "back") for node, _ in failing(result))


def test_a_missing_or_wrong_sized_render_is_status_2(tmp_path):
    (tmp_path / "states").mkdir()
    (tmp_path / "renders").mkdir()
    (tmp_path / "states" / "sample.state.json").write_text(json.dumps(state()))
    run = subprocess.run([sys.executable, os.path.join(KIT, "check.py"), "--states", str(tmp_path / "states"), "--renders", str(tmp_path / "renders")],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "sample" in run.stdout
    (tmp_path / "renders" / "sample.png").write_bytes(write_png(10, 10, bytes(400)))
    run = subprocess.run([sys.executable, os.path.join(KIT, "check.py"), "--states", str(tmp_path / "states"), "--renders", str(tmp_path / "renders")],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "160x200" in run.stdout


@pytest.mark.parametrize("now, angle", [(-5, 0), (0, 0), (250, 22.5), (1000, 90), (5000, 90)])
def test_an_animation_holds_its_first_keyframe_before_start_and_its_last_after(now, angle):
    from probes import rotation_at
    assert rotation_at({"keyframes": [0, 90], "durationMs": 1000, "startMs": 0, "repeat": False}, now) == pytest.approx(angle)
    assert rotation_at({"keyframes": [0, 2, -2, 0], "durationMs": 300, "startMs": 100, "repeat": True}, 500) == pytest.approx(2)


# A second state for the rules of text layout, lines, edges and blame: texts placed by `align`,
# `verticalAlign`, `lines` (with its ellipsis), wrapping and a static rotation, a stroke, a
# hairline, a movie's background, and a label over a row. Its rasteriser draws a text's lines as
# solid bars of ink, 0.55 em a character (within any font's bounds), centred in 1.2 em line boxes.

LW, LH = 120, 170
LONG = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll"


def run(text, size, color="#000000"):
    return [{"text": text, "font": "x", "size": size, "weight": "regular", "color": color}]


def layout_state():
    nodes = {
        "left": node("text", [5, 5, 110, 20], 1, {"align": "left", "lines": 1}, text=run("abc", 10)),
        "right": node("text", [5, 28, 110, 20], 1, {"align": "right", "lines": 1}, text=run("abc", 10)),
        "mid": node("text", [5, 51, 110, 20], 1, {"align": "center", "lines": 1}, text=run("abc", 10)),
        "bottom": node("text", [5, 74, 50, 40], 1, {"verticalAlign": "bottom", "lines": 1}, text=run("abc", 10)),
        "clamp": node("text", [60, 74, 55, 40], 1, {"verticalAlign": "top", "lines": 2}, text=run(LONG, 8)),
        "wrap": node("text", [5, 118, 50, 30], 1, {"verticalAlign": "top"}, text=run("aaaa bbbb cccc dddd eeee ffff", 8)),
        "turned": node("text", [60, 118, 16, 44], 1, {"rotation": -90, "lines": 1}, text=run("abc", 8)),
        "film": node("movie", [95, 118, 20, 14], 1, {"background": "#5856D6"}),
        "row": node("rect", [80, 136, 38, 14], 1, {"background": "#AACCEE"}),
        "row.label": node("text", [82, 137, 34, 12], 2, {"lines": 1}, text=run("ab", 8)),
        "stroke": node("line", [5, 152, 50, 0], 1, {"color": "#000000", "from": [5, 154], "to": [55, 154], "lineWidth": 3}),
        "hair": node("line", [5, 164, 50, 0.5], 1, {"color": "#000000"}),
    }
    document = {"scene": "test", "viewport": {"width": LW, "height": LH, "scale": SCALE, "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 0}},
                "model": {}, "display": {"content": None, "nodes": nodes}}
    return {"name": "layout", "scale": SCALE, "nowMs": 0, "document": document, "assets": {}}


def text_bars(n, defects):
    """The ink of a text node as rectangles in its layout box (u, v), and the box's size."""
    style, size = n["style"], n["text"][0]["size"]
    fx, fy, fw, fh = n["frame"]
    turned = style.get("rotation") and "rotation_ignored" not in defects
    bw, bh = (fh, fw) if turned else (fw, fh)
    advance, line = 0.55 * size, 1.2 * size
    words, rows = n["text"][0]["text"].split(" "), [""]
    for word in words:
        candidate = (rows[-1] + " " + word).strip()
        if len(candidate) * advance <= bw or not rows[-1] or "no_wrap" in defects:
            rows[-1] = candidate
        else:
            rows.append(word)
    limit = style.get("lines", 0)
    cut = limit and len(rows) > limit and "lines_ignored" not in defects
    if cut:
        rows = rows[:limit]
    align = "left" if "align_ignored" in defects else style.get("align", "left")
    valign = "center" if "valign_ignored" in defects else style.get("verticalAlign", "center")
    top = {"top": 0, "bottom": bh - len(rows) * line}.get(valign, (bh - len(rows) * line) / 2)
    bars = []
    for k, text in enumerate(rows):
        width = min(len(text) * advance, bw)
        centre = top + (k + 0.5) * line
        if cut and k == len(rows) - 1 and "no_ellipsis" in defects:
            width = bw  # the rest of the text on one line, cut by the box's edge
        elif cut and k == len(rows) - 1:
            width = bw - 0.9 * size
            bars.append((width, centre + 0.18 * size, bw - 0.1 * size, centre + 0.3 * size))  # the dots
        x0 = {"left": 0, "right": bw - width}.get(align, (bw - width) / 2)
        bars.append((x0, centre - 0.35 * size, x0 + width, centre + 0.3 * size))
    return bars, bw, bh, turned


def draw_layout(state, defects=(), shift=None, recolour=None):
    """The layout state rasterised at pixel centres, with the named defects."""
    doc = state["document"]
    nodes = doc["display"]["nodes"]
    order = sorted(nodes, key=lambda i: (nodes[i]["z"], i))
    prepared = {}
    for ident in order:
        n = nodes[ident]
        if n["kind"] == "text" and "no_text" not in defects:
            prepared[ident] = text_bars(n, defects)
    pixels = bytearray(b"\xff" * (LW * SCALE * LH * SCALE * 4))
    for py in range(LH * SCALE):
        for px in range(LW * SCALE):
            x, y = (px + 0.5) / SCALE, (py + 0.5) / SCALE
            colour = (255, 255, 255)
            for ident in order:
                n, style = nodes[ident], nodes[ident]["style"]
                fx, fy, fw, fh = n["frame"]
                if shift and shift[0] == ident:
                    fx += shift[1] / SCALE
                if n["kind"] == "text":
                    if ident not in prepared:
                        continue
                    bars, bw, bh, turned = prepared[ident]
                    u, v = x - fx - fw / 2, y - fy - fh / 2
                    if turned:  # rotation -90: the box turned anticlockwise about the centre
                        u, v = -v, u
                    u, v = u + bw / 2, v + bh / 2
                    if 0 <= u < bw and 0 <= v < bh and any(a <= u < c and b <= v < d for a, b, c, d in bars):
                        colour = rgb(n["text"][0]["color"])
                    continue
                if n["kind"] == "line" and "from" in style:
                    (ax, ay), (bx, by) = style["from"], style["to"]
                    half = (1 if "line_width_ignored" in defects else style["lineWidth"]) / 2
                    if ax <= x <= bx and abs(y - ay) <= half:
                        colour = rgb(style["color"])
                    continue
                if not (fx <= x < fx + fw and fy <= y < fy + fh):
                    continue
                if n["kind"] == "line":
                    colour = (0xDC, 0xDC, 0xE0) if "hairline_grey" in defects else rgb(style["color"])
                elif n["kind"] == "movie":
                    if "movie_background_ignored" not in defects:
                        colour = rgb(style["background"])
                else:
                    paint = rgb(style["background"])
                    if recolour and recolour[0] == ident:
                        paint = tuple(min(255, max(0, c + recolour[1])) for c in paint)
                    colour = paint
            i = (py * LW * SCALE + px) * 4
            pixels[i:i + 3] = bytes(colour)
    return write_png(LW * SCALE, LH * SCALE, pixels)


def check_layout(tmp_path, *defects, shift=None, recolour=None):
    states, renders = tmp_path / "states", tmp_path / "renders"
    states.mkdir(exist_ok=True)
    renders.mkdir(exist_ok=True)
    s = layout_state()
    (states / "layout.state.json").write_text(json.dumps(s))
    (renders / "layout.png").write_bytes(draw_layout(s, defects, shift, recolour))
    run = subprocess.run([sys.executable, os.path.join(KIT, "check.py"), "--states", str(states), "--renders", str(renders), "--json"],
                         capture_output=True, text=True)
    return run.returncode, json.loads(run.stdout), run


def test_the_layout_state_drawn_right_passes_every_rule(tmp_path):
    status, result, run = check_layout(tmp_path)
    assert status == 0, json.dumps(result["states"][0]["failures"][:10])
    from probes import derive
    rules = {probe["rule"].split("[")[0] for probe in derive(layout_state())}
    assert {"text.align", "text.verticalAlign", "text.lines", "text.ellipsis", "text.ink", "line", "line.width",
            "hairline.ink", "movie.background", "edge.inside", "edge.outside", "backdrop"} <= rules, rules


@pytest.mark.parametrize("defect, caught", [
    ("no_text", {("left", "text.ink"), ("right", "text.align"), ("bottom", "text.ink"), ("turned", "text.ink"), ("row.label", "text.ink")}),
    ("align_ignored", {("right", "text.align"), ("mid", "text.align")}),
    ("valign_ignored", {("bottom", "text.verticalAlign"), ("clamp", "text.lines")}),
    ("lines_ignored", {("clamp", "text.lines")}),
    ("no_ellipsis", {("clamp", "text.ellipsis")}),
    ("no_wrap", {("wrap", "text.lines")}),
    ("rotation_ignored", {("turned", "text.align")}),
    ("line_width_ignored", {("stroke", "line.width")}),
    ("hairline_grey", {("hair", "hairline.ink")}),
    ("movie_background_ignored", {("film", "movie.background")}),
])
def test_each_layout_defect_fails_its_rule_on_its_node(tmp_path, defect, caught):
    status, result, _ = check_layout(tmp_path, defect)
    assert status == 1
    assert caught <= failing(result), failing(result)


@pytest.mark.parametrize("ident", ["film", "row"])
def test_a_node_1_5_device_pixels_off_its_frame_fails_its_edges_and_half_a_pixel_passes(tmp_path, ident):
    status, result, _ = check_layout(tmp_path, shift=(ident, 0.5))
    assert status == 0, json.dumps(result["states"][0]["failures"][:5])
    # This rasteriser samples pixel centres: 1.5 puts the edge on the probe's centre (an
    # antialiased edge half covers it); just past it, the probe's pixel changes sides.
    status, result, _ = check_layout(tmp_path, shift=(ident, 1.55))
    assert status == 1
    assert {(ident, "edge.inside"), (ident, "edge.outside")} & failing(result), failing(result)


def test_a_row_off_by_30_is_blamed_on_the_row_not_the_label_over_it(tmp_path):
    status, result, _ = check_layout(tmp_path, recolour=("row", 30))
    assert status == 1
    failures = result["states"][0]["failures"]
    assert {f["node"] for f in failures} == {"row"}, failures
    assert all(f["expected"].startswith("#AACCEE") and f["got"] != "#AACCEE" for f in failures if f["rule"] == "fill")


FAKE_ENGINE = '''#!/usr/bin/env python3
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request.get("method") == "scene.open":
        reply = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32602, "message": "params.people: no such file"}}
    else:
        state = {"scene": None, "viewport": {"width": 10, "height": 10, "scale": 1}, "model": {}, "display": {"content": None, "nodes": {}}}
        reply = {"jsonrpc": "2.0", "id": request["id"], "result": {"scenes": [], "state": state, "rev": 0, "nowMs": 0}}
    print(json.dumps(reply), flush=True)
'''


def test_a_transcript_answered_with_an_error_fails_collection_instead_of_writing_a_state(tmp_path):
    engine = tmp_path / "scenery"
    engine.write_text(FAKE_ENGINE)
    engine.chmod(0o755)
    run = subprocess.run([sys.executable, os.path.join(KIT, "collect.py"), "--scenery", str(engine), "--out", str(tmp_path / "out"),
                          "--only", "directory-recents"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "directory/sample.transcript" in run.stderr and "scene.open" in run.stderr and "no such file" in run.stderr
    assert not list((tmp_path / "out").glob("*.state.json"))


def test_collect_reads_the_briefs_data_from_data_and_skips_naming_the_path_when_it_is_missing(tmp_path):
    engine = tmp_path / "scenery"
    engine.write_text(FAKE_ENGINE)
    engine.chmod(0o755)
    missing = tmp_path / "no-shared"
    run = subprocess.run([sys.executable, os.path.join(KIT, "collect.py"), "--scenery", str(engine), "--out", str(tmp_path / "out"),
                          "--data", str(missing), "--only", "directory-gotest"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1  # nothing written
    assert f"needs {missing}/seed-data/GoTest" in run.stderr, run.stderr


def test_the_usage_line_names_every_option():
    run = subprocess.run([sys.executable, os.path.join(KIT, "check.py"), "--help"], capture_output=True, text=True)
    assert "--max-failures" in run.stdout.split("\n\n")[0] and "--only" in run.stdout.split("\n\n")[0]


def test_the_rule_table_in_protocol_md_names_every_rule_the_probes_use():
    from probes import derive
    text = open(os.path.join(REPO, "Protocol", "PROTOCOL.md")).read()
    section = text[text.index("### Prove your front end"):text.index("## 5. Scenes")]
    named = set()
    for line in section.split("\n"):
        if line.startswith("| `"):
            named |= set(re.findall(r"`([a-zA-Z.\-]+)`", line.split("|")[1]))
    used = {probe["rule"].split("[")[0] for s in (state(), layout_state()) for probe in derive(s)}
    assert used <= named, used - named


def test_the_upright_quad_fast_path_reads_the_pixels_the_general_one_does():
    """check.quad_pixels reads an axis-aligned quad a row slice at a time; it must give the
    pixels, in order, whose centres the general inside() test accepts, edges and image bounds
    included."""
    import random
    from check import inside, quad_pixels
    from png import Image
    rng = random.Random(27)
    image = Image(50, 40, bytearray(rng.randrange(256) for _ in range(50 * 40 * 4)))

    def general(quad):
        xs, ys = [p[0] for p in quad], [p[1] for p in quad]
        return [image.pixel(x, y)[:3]
                for y in range(max(0, math.floor(min(ys))), min(image.height, math.ceil(max(ys))))
                for x in range(max(0, math.floor(min(xs))), min(image.width, math.ceil(max(xs))))
                if inside(quad, x + 0.5, y + 0.5)]

    def edge(low, high):  # a mix of arbitrary, whole and half positions, some outside the image
        return rng.choice([rng.uniform(low, high), rng.randrange(low, high) + rng.choice([0, 0.5])])

    for _ in range(5000):
        left, right = sorted(edge(-5, 55) for _ in range(2))
        top, bottom = sorted(edge(-5, 45) for _ in range(2))
        quad = [(left, top), (right, top), (right, bottom), (left, bottom)]
        quad = quad[::-1] if rng.random() < 0.5 else quad
        assert [tuple(p) for p in quad_pixels(quad, image)] == general(quad), quad
