"""Walk the directory scene and print each screen as text.

    python3 Examples/python/directory_demo.py [--bin PATH]

Opens the directory scene with its built-in sample data, shows each tab, then on the contacts
tab jumps to section "M" and scrolls down 300 pt. After each step it prints the rev, the size of
the patch, and the text the user would see: text nodes inside the viewport, one line per row,
placed in columns of 7.5 pt, with bold runs between ``**``. The contacts' section index (the
letters down the right edge, ``index.A`` …) is printed on a line of its own above the box, not
mixed into the rows.

Needs the ``scenery`` package (``pip install Clients/python``, or ``PYTHONPATH=Clients/python``
in a checkout) and an engine (``swift build``, or ``--bin PATH``); without them it says so in one
line and exits 2.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from typing import Any

try:
    from scenery import SceneryClient, find_engine, screen_frame, visible_frame
except ImportError:
    if __name__ != "__main__":
        raise
    print("directory_demo.py: the scenery package is not installed: run `pip install Clients/python` "
          "(or PYTHONPATH=Clients/python) from the checkout, and `swift build` for the engine", file=sys.stderr)
    sys.exit(2)

BOLD_WEIGHTS = {"semibold", "bold", "heavy", "black"}
LINE_TOLERANCE = 4.0  # text whose vertical centres are this close (pt) shares a line
POINTS_PER_COLUMN = 7.5  # 50 columns across a 375 pt screen
VIEWPORT = {"width": 375, "height": 812, "scale": 3,
            "safeArea": {"top": 44, "left": 0, "bottom": 34, "right": 0}}


def is_bold(run: dict[str, Any]) -> bool:
    weight = run.get("weight", "regular")
    return weight in BOLD_WEIGHTS or (isinstance(weight, (int, float)) and weight >= 600)


def run_text(node: dict[str, Any]) -> str:
    """The node's runs concatenated, bold stretches wrapped in ``**`` (spaces kept outside)."""
    runs = node.get("text") or []
    if isinstance(runs, str):
        return str(runs)
    parts: list[str] = []
    for bold, group in itertools.groupby(runs, is_bold):
        text = "".join(run.get("text", "") for run in group)
        core = text.strip()
        if bold and core:
            start = text.index(core)
            text = f"{text[:start]}**{core}**{text[start + len(core):]}"
        parts.append(text)
    return "".join(parts)


def _column(x: float, width: float, align: str, length: int) -> int:
    if align == "center":
        return round((x + width / 2) / POINTS_PER_COLUMN - length / 2)
    if align == "right":
        return round((x + width) / POINTS_PER_COLUMN) - length
    return round(x / POINTS_PER_COLUMN)


def is_index(node_id: str) -> bool:
    """Whether ``node_id`` is an entry of the contacts' section index (``index.A`` …)."""
    return node_id.startswith("index.")


def index_letters(state: dict[str, Any]) -> list[str]:
    """The section index's letters on screen, top to bottom."""
    display = state["display"]
    viewport = (0, 0, state["viewport"]["width"], state["viewport"]["height"])
    entries = [(screen_frame(display, node)[1], run_text(node).replace("**", "")) for node_id, node in display.get("nodes", {}).items()
               if is_index(node_id) and visible_frame(display, node, viewport) is not None]
    return [letter for _, letter in sorted(entries)]


def screen_lines(state: dict[str, Any]) -> list[str]:
    """The visible text of ``state`` as a list of lines, top to bottom (the section index left
    out: ``index_letters``)."""
    display = state["display"]
    viewport = (0, 0, state["viewport"]["width"], state["viewport"]["height"])
    items: list[tuple[float, float, int, str]] = []  # (centre y, x, column, text)
    for node_id, node in display.get("nodes", {}).items():
        if is_index(node_id):
            continue
        text = run_text(node) if node.get("kind") == "text" else ""
        if not text.strip() or visible_frame(display, node, viewport) is None:
            continue
        x, y, w, h = screen_frame(display, node)
        length = len(text.replace("**", ""))
        column = _column(x, w, node.get("style", {}).get("align", "left"), length)
        items.append((y + h / 2, x, max(0, column), text))

    rows: list[list[tuple[float, float, int, str]]] = []
    for item in sorted(items):
        if rows and item[0] - rows[-1][0][0] <= LINE_TOLERANCE:
            rows[-1].append(item)
        else:
            rows.append([item])

    lines: list[str] = []
    for row in rows:
        line = ""
        for _, _, column, text in sorted(row, key=lambda item: item[1]):
            start = max(column, len(line) + 1) if line else column
            line = line.ljust(start) + text
        lines.append(line.rstrip())
    return lines


def boxed(lines: list[str], width: int) -> list[str]:
    """``lines`` in a box ``width`` characters wide inside, every right border in the same
    column: a line too long is cut, its last character an ellipsis."""
    cut = [line if len(line) <= width else line[:width - 1] + "…" for line in lines]
    return ["+" + "-" * width + "+"] + ["|" + line.ljust(width) + "|" for line in cut] + ["+" + "-" * width + "+"]


def show(engine: SceneryClient, step: str, result: Any, seen_notifications: int) -> int:
    """Print one step: rev, patch size, notifications since the last step, then the screen."""
    patch = result.get("patch", []) if isinstance(result, dict) else []
    patches = [n for n in engine.notifications[seen_notifications:] if n.get("method") == "patch"]
    model = engine.state.get("model", {})
    print(f"== {step}: rev {engine.rev}, patch {len(patch)} ops "
          f"({len(json.dumps(patch))} bytes), {len(patches)} patch notifications")
    print(f"   tab {model.get('tab')!r}, title {model.get('title')!r}, "
          f"offsetY {engine.state['display'].get('content', {}).get('offsetY')}")
    width = round(engine.state["viewport"]["width"] / POINTS_PER_COLUMN)
    letters = index_letters(engine.state)
    if letters:
        print(f"   section index down the right edge: {' '.join(letters)}")
    print("\n".join(boxed(screen_lines(engine.state), width)) + "\n")
    return len(engine.notifications)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bin", help="scenery binary (default: $SCENERY_BIN or .build/*/scenery)")
    args = parser.parse_args()
    if find_engine(args.bin) is None:
        print(f"directory_demo.py: no scenery binary{f' at {args.bin!r}' if args.bin else ''}: run `swift build` in the checkout "
              "(or pip install scenery, set SCENERY_BIN, or pass --bin PATH)", file=sys.stderr)
        sys.exit(2)

    with SceneryClient([args.bin] if args.bin else None) as engine:
        hello = engine.request("initialize", {"protocolVersion": "1.0", "viewport": VIEWPORT})
        print(f"{hello['engine']} {hello.get('version')}, protocol {hello['protocolVersion']}, "
              f"scenes {', '.join(hello.get('scenes', []))}\n")
        result = engine.request("scene.open", {"scene": "directory"})
        engine.drain(wait=0.2)  # image loads finishing right after the scene opens
        seen = show(engine, "scene.open directory", result, 0)

        for tab in ("recents", "featured", "contacts"):
            result = engine.request("tap", {"id": f"tab.{tab}"})
            seen = show(engine, f"tap tab.{tab}", result, seen)

        result = engine.request("section", {"title": "M"})
        seen = show(engine, "section M", result, seen)
        result = engine.request("scroll", {"deltaY": 300})
        seen = show(engine, "scroll +300", result, seen)

        engine.verify()
        print(f"verified: the client's state equals the engine's snapshot at rev {engine.rev}")


if __name__ == "__main__":
    main()
