#!/usr/bin/env python3
"""Judges a front end's renders of collected states by the probes of probes.py.

    check.py --states DIR --renders DIR [--json] [--only SUBSTRING] [--max-failures N]

For each DIR/NAME.state.json, reads RENDERS/NAME.png (its size must be the viewport times the
scale, rounded), checks every probe and prints each failing one (state, node, rule, point,
expected against what the render shows) and `N of M probes pass` per state and in total.
Exit status: 0 when every probe passes, 1 when one fails, 2 when a render is missing or bad.
"""

import argparse
import glob
import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from png import PNGError, read_png
from probes import derive, distance


def hex_colour(rgb):
    return "#" + "".join(f"{round(c):02X}" for c in rgb[:3])


def inside(quad, x, y):
    """Whether (x, y) lies in the convex quad (either winding)."""
    sign = 0
    for (ax, ay), (bx, by) in zip(quad, quad[1:] + quad[:1]):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = cross
    return True


def upright(quad):
    """Whether the quad is an axis-aligned rectangle (to 0.01 device pixel)."""
    return len({round(p[0], 2) for p in quad}) == 2 and len({round(p[1], 2) for p in quad}) == 2


def quad_pixels(quad, image):
    """The (r, g, b) of each pixel whose centre lies in the quad, row by row."""
    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
    if upright(quad):  # the pixels whose centres lie in the box, a row slice at a time
        x0, x1 = max(0, math.ceil(min(xs) - 0.5)), min(image.width, math.floor(max(xs) - 0.5) + 1)
        y0, y1 = max(0, math.ceil(min(ys) - 0.5)), min(image.height, math.floor(max(ys) - 0.5) + 1)
        rgba, width = image.rgba, image.width
        for y in range(y0, y1 if x1 > x0 else y0):
            row = rgba[(y * width + x0) * 4:(y * width + x1) * 4]
            for i in range(0, len(row), 4):
                yield row[i], row[i + 1], row[i + 2]
        return
    for y in range(max(0, math.floor(min(ys))), min(image.height, math.ceil(max(ys)))):
        for x in range(max(0, math.floor(min(xs))), min(image.width, math.ceil(max(xs)))):
            if inside(quad, x + 0.5, y + 0.5):
                yield image.pixel(x, y)[:3]


def clear_pixels(quad, image, expected, tolerance):
    """The first pixel of `quad` that differs from `expected` by more than `tolerance` in a
    channel, with its position, or None. Rows of an upright quad are compared as bytes first."""
    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
    box = upright(quad)
    x0, x1 = max(0, math.floor(min(xs))), min(image.width, math.ceil(max(xs)))
    row = bytes(list(expected[:3]) + [255]) * max(0, x1 - x0)
    for y in range(max(0, math.floor(min(ys))), min(image.height, math.ceil(max(ys)))):
        if box:
            at = (y * image.width + x0) * 4
            if image.rgba[at:at + len(row)] == row:
                continue
        for x in range(x0, x1):
            if box or inside(quad, x + 0.5, y + 0.5):
                pixel = image.pixel(x, y)[:3]
                if max(abs(a - b) for a, b in zip(pixel, expected)) > tolerance:
                    return pixel, (x, y)
    return None


def judge(probe, image):
    """(passed, what the render shows) for one probe."""
    if probe["type"] == "colour":
        x, y = probe["x"], probe["y"]
        if not (0 <= x < image.width and 0 <= y < image.height):
            return False, "outside the render"
        got = image.pixel(x, y)[:3]
        ok = max(abs(a - b) for a, b in zip(got, probe["expected"])) <= probe["tolerance"]
        return ok, hex_colour(got)
    if probe["type"] == "clear":
        found = clear_pixels(probe["quad"], image, probe["expected"], probe["tolerance"])
        return found is None, "clear" if found is None else f"{hex_colour(found[0])} at {found[1]}"
    under, target, contrast = probe["under"], probe["target"], probe["contrast"]
    # Toward a known colour: at least halfway (2 for rounding); else differing by `contrast`.
    need = contrast if target is None else distance(under, target) / 2 - 2
    best, best_score = None, -math.inf
    for pixel in quad_pixels(probe["quad"], image):
        score = distance(pixel, under) if target is None else distance(under, target) - distance(pixel, target)
        if score >= need:
            return True, hex_colour(pixel)
        if score > best_score:
            best, best_score = pixel, score
    return False, (hex_colour(best) if best else "no pixels")


def blamed(probe, got):
    """The node whose pixels are wrong: a probe where one node must not paint (`ink`) over what
    another shows (`shows`; None: the backdrop) blames the first when the render moved toward its
    ink, else the second."""
    if "shows" not in probe or not probe.get("ink") or not got.startswith("#"):
        return probe["node"]  # no ink known (a picture, a movie): the owner
    found = tuple(int(got[i:i + 2], 16) for i in (1, 3, 5))
    expected = probe["expected"]
    toward = any(distance(found, ink) < distance(expected, ink) - probe["tolerance"] for ink in probe.get("ink") or [])
    return probe["node"] if toward else probe["shows"]


def describe(probe):
    if probe["type"] == "colour":
        return f"({probe['x']}, {probe['y']})", f"{hex_colour(probe['expected'])} ±{probe['tolerance']}"
    if probe["type"] == "clear":
        x, y = (sum(p[i] for p in probe["quad"]) / 4 for i in (0, 1))
        return f"quad around ({x:.0f}, {y:.0f})", f"no ink: {hex_colour(probe['expected'])} ±{probe['tolerance']}"
    x, y = (sum(p[i] for p in probe["quad"]) / 4 for i in (0, 1))
    want = f"ink toward {hex_colour(probe['target'])}" if probe["target"] else "ink"
    return f"quad around ({x:.0f}, {y:.0f})", f"{want} over {hex_colour(probe['under'])}"


def check_state(path, renders):
    """{name, total, passed, failures, error} for one state file."""
    with open(path) as file:
        state = json.load(file)
    name = state.get("name") or os.path.basename(path)[:-len(".state.json")]
    result = {"name": name, "total": 0, "passed": 0, "failures": [], "error": None}
    render = os.path.join(renders, name + ".png")
    viewport = state["document"]["viewport"]
    size = (round(viewport["width"] * state["scale"]), round(viewport["height"] * state["scale"]))
    try:
        with open(render, "rb") as file:
            image = read_png(file.read())
    except (OSError, PNGError) as error:
        result["error"] = f"{render}: {error}"
        return result
    if (image.width, image.height) != size:
        result["error"] = f"{render}: {image.width}x{image.height} pixels, expected {size[0]}x{size[1]} (viewport x scale)"
        return result
    for probe in derive(state):
        ok, got = judge(probe, image)
        result["total"] += 1
        if ok:
            result["passed"] += 1
        else:
            point, expected = describe(probe)
            result["failures"].append({"node": blamed(probe, got), "rule": probe["rule"], "point": point,
                                       "expected": expected, "got": got})
    return result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", required=True, help="the folder of NAME.state.json (collect.py --out)")
    parser.add_argument("--renders", required=True, help="the folder of NAME.png, one render per state")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON document")
    parser.add_argument("--only", action="append", default=[], help="only states whose name contains this")
    parser.add_argument("--max-failures", type=int, default=20, help="failures printed per state (default 20)")
    args = parser.parse_args(argv)
    paths = sorted(glob.glob(os.path.join(args.states, "*.state.json")))
    paths = [p for p in paths if not args.only or any(part in os.path.basename(p) for part in args.only)]
    if not paths:
        print(f"no *.state.json in {args.states}", file=sys.stderr)
        return 2
    with ProcessPoolExecutor(max_workers=max(1, min(len(paths), os.cpu_count() or 1))) as pool:
        results = list(pool.map(check_state, paths, [args.renders] * len(paths)))
    total = sum(r["total"] for r in results)
    passed = sum(r["passed"] for r in results)
    bad = [r for r in results if r["error"]]
    if args.json:
        json.dump({"states": results, "total": total, "passed": passed}, sys.stdout, indent=1)
        print()
    else:
        for r in results:
            if r["error"]:
                print(f"{r['name']}: bad render: {r['error']}")
                continue
            for f in r["failures"][:args.max_failures]:
                print(f"{r['name']}: FAIL {f['node'] or '(backdrop)'} {f['rule']} at {f['point']}: expected {f['expected']}, got {f['got']}")
            if len(r["failures"]) > args.max_failures:
                print(f"{r['name']}: ... and {len(r['failures']) - args.max_failures} more failures")
            print(f"{r['name']}: {r['passed']} of {r['total']} probes pass")
        print(f"total: {passed} of {total} probes pass in {len(results) - len(bad)} states"
              + (f"; {len(bad)} renders missing or bad" if bad else ""))
    if bad:
        return 2
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
