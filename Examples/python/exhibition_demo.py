"""Walk the exhibition scene and print its field as a character map.

    python3 Examples/python/exhibition_demo.py [--bin PATH] [--seed N]

Opens the exhibition scene on the mock's viewport (375x667 pt, no safe area), then reshuffles
by tapping the first mode button, reshuffles with the ``reshuffle`` method, taps the available
circle to change its size and advances the clock by 10 s. After each step it prints the rev, the
patch size, the model's cause, size and ring angle, and the field drawn from ``display`` alone:
``@`` the available circle, ``o`` its ring, ``*`` the grey dots, ``.`` the lines, 5 pt per
character across and 10 pt per line down.
"""

from __future__ import annotations

import argparse
from typing import Any

from scenery import SceneryClient

VIEWPORT = {"width": 375, "height": 667, "scale": 2,
            "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 0}}
CELL_X, CELL_Y = 5.0, 10.0


def field_map(state: dict[str, Any]) -> list[str]:
    """The field as lines of text, drawn from the display list (no scene knowledge needed)."""
    nodes = state["display"]["nodes"]
    fx, fy, fw, fh = nodes["field"]["frame"]
    columns, rows = int(fw / CELL_X) + 1, int(fh / CELL_Y) + 1
    grid = [[" "] * columns for _ in range(rows)]

    def put(x: float, y: float, mark: str) -> None:
        col, row = round((x - fx) / CELL_X), round((y - fy) / CELL_Y)
        if 0 <= row < rows and 0 <= col < columns:
            grid[row][col] = mark

    def disc(frame: list[float], mark: str, ring_only: bool = False) -> None:
        x, y, w, h = frame
        cx, cy, r = x + w / 2, y + h / 2, w / 2
        for row in range(rows):
            for col in range(columns):
                px, py = fx + col * CELL_X, fy + row * CELL_Y
                d = ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5
                if (r - CELL_X <= d <= r) if ring_only else d <= r:
                    grid[row][col] = mark

    # Draw order: z, then id, as any front end would.
    for node_id, node in sorted(nodes.items(), key=lambda item: (item[1]["z"], item[0])):
        style = node.get("style", {})
        if node["kind"] == "line" and "from" in style:
            (x1, y1), (x2, y2) = style["from"], style["to"]
            steps = int(max(abs(x2 - x1) / CELL_X, abs(y2 - y1) / CELL_Y)) + 1
            for i in range(steps + 1):
                put(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps, ".")
        elif node_id.endswith(".ring"):
            disc(node["frame"], "o", ring_only=True)
        elif node["kind"] == "image" and node.get("style", {}).get("role") == "button" and node_id.startswith("circle."):
            disc(node["frame"], "@")
        elif node["kind"] == "circle":
            x, y, w, h = node["frame"]
            put(x + w / 2, y + h / 2, "*")
    return ["".join(row).rstrip() for row in grid]


def show(engine: SceneryClient, step: str, result: Any) -> None:
    model = engine.state["model"]
    patch = result.get("patch", [])
    circle = model["circles"]["circle.0"]
    print(f"== {step}: rev {engine.rev}, patch {len(patch)} ops, cause {model['cause']!r}, "
          f"size {circle['size']}, ring {model['ring']['angle']} deg at {model['ring']['atMs']} ms")
    for line in field_map(engine.state):
        print("   |" + line)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bin", help="scenery binary (default: $SCENERY_BIN or .build/*/scenery)")
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()

    with SceneryClient([args.bin] if args.bin else None) as engine:
        engine.request("initialize", {"protocolVersion": "1.0", "seed": args.seed, "viewport": VIEWPORT})
        show(engine, "scene.open exhibition", engine.request("scene.open", {"scene": "exhibition"}))
        show(engine, "tap mode.nearme", engine.request("tap", {"id": "mode.nearme"}))
        show(engine, "reshuffle", engine.request("reshuffle", {}))
        show(engine, "tap circle.0", engine.request("tap", {"id": "circle.0"}))
        show(engine, "clock.advance 10000", engine.request("clock.advance", {"ms": 10000}))
        engine.verify()
        print(f"verified: the client's state equals the engine's snapshot at rev {engine.rev}")


if __name__ == "__main__":
    main()
