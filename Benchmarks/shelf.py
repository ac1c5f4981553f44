#!/usr/bin/env python3
"""Scenery benchmark for the Shelf scene: 10,000 books against 10, in one run.

    python3 Benchmarks/shelf.py [--quick] [--bin PATH] [--reps N]

Books files from ``Examples/generators/shelf_books.py`` (covers are the engine's drawings), in a
temporary folder. Figures, each against a reference measured in the same run:

- ``scene.open`` of 10,000 books, request to response (median of the fresh processes), against
  the 10-book open; target under 0.3 s.
- Peak resident memory (VmHWM) after the command stream, 10,000 books against 10; target under 60 MB.
- Per-command cost: ONE stream of taps (books, settings, tabs, alert buttons), long presses,
  Dismiss, scrolls and viewport changes, generated so that every command is valid on both shelves
  (scrolls stay within the 10-book shelf's range, so both render the same rows), piped into each
  session; wall time from the first byte to the last answer, divided by the commands. Target: the
  10,000-book session within 1.2x of the 10-book one.
- A delete in the middle of 10,000: the patch's operations and the book ids they touch, against
  the books that are nodes; target: only visible books' nodes are touched.

Writes ``bench-results/shelf-report.md``. Python 3 standard library only.
"""

import json
import os
import random
import sys
import tempfile
import time

from bench.engine import argument_parser, generate, open_scene, parse_arguments, request_line, same_stream_costs, stream_cost
from bench.measure import interleaved, median, ratio
from bench.report import finish_report, ms, start_report


def make_books(folder, count):
    """A books file of `count` books from ``Examples/generators/shelf_books.py``."""
    path = os.path.join(folder, "books-%d.json" % count)
    generate("shelf_books.py", "--books", count, "--out", path)
    return path


def open_session(binary, books):
    """A fresh engine with the Shelf open on `books`: (engine, open ns, request to response)."""
    # The scroll changes nothing: every notification of the open has been read.
    engine, open_ns, _ = open_scene(binary, {"scene": "shelf", "books": books}, then=[("scroll", {"offsetY": 0})])
    return engine, open_ns


def make_stream(count, first_id, seed, viewports=False):
    """A stream every command of which is valid on a shelf of 10 books and of 10,000: ids of the
    first nine books only, the alert's button right after each alert, Dismiss right after each
    long press, scrolls within 0..100 pt (where neither shelf's band of rows changes: the 10
    books stay all nodes, the 10,000 keep their first five rows). With `viewports`, viewport
    changes between two phones too (for information: a relayout builds every visible book,
    ten against fifteen)."""
    rng = random.Random(seed)
    lines, rid = [], first_id
    phones = [{"width": 375, "height": 812, "scale": 3, "safeArea": {"top": 44, "left": 0, "bottom": 34, "right": 0}},
              {"width": 390, "height": 844, "scale": 3, "safeArea": {"top": 47, "left": 0, "bottom": 34, "right": 0}}]

    def add(method, params):
        nonlocal rid
        lines.append(request_line(rid, method, params))
        rid += 1

    while len(lines) < count:
        kind = rng.randrange(6)
        book = "book.%d" % rng.randrange(9)
        if kind == 0:
            add("tap", {"id": rng.choice([book + ".cover", book + ".title", "settings", "tab.search.label", "tab.browse"])})
            add("tap", {"id": "alert.action.0"})
        elif kind == 1:
            add("longPress", {"id": book})
            add("tap", {"id": book + ".dismiss"})
        elif kind in (2, 3):
            add("scroll", {"offsetY": rng.randrange(0, 100)})
        elif kind == 4 and viewports:
            add("viewport.set", rng.choice(phones))
        else:
            add("scroll", {"offsetY": 0})
    return lines[:count]


def delete_in_the_middle(binary, books, count):
    """Deletes the middle book of those that are nodes at a sixth of the shelf; what its patch touches."""
    engine, _ = open_session(binary, books)
    try:
        engine.request("scroll", {"offsetY": 205 * (count // 6)})
        snapshot, _, _ = engine.request("snapshot")
        nodes = snapshot["state"]["display"]["nodes"]
        visible = sorted({int(i.split(".")[1]) for i in nodes if i.startswith("book.")})
        target = visible[len(visible) // 2]
        engine.request("longPress", {"id": "book.%d" % target})
        result, _, delete_ns = engine.request("tap", {"id": "book.%d.delete" % target})
        touched = {int(op["path"].split("/")[3].split(".")[1]) for op in result["patch"] if op["path"].startswith("/display/nodes/book.")}
        return {"visible": visible, "target": target, "ops": len(result["patch"]), "touched": touched,
                "bytes": len(json.dumps(result["patch"])), "ns": delete_ns}
    finally:
        engine.kill()


def main():
    parser = argument_parser("Shelf benchmark (10,000 books against 10, in one run).", "600 commands a stream instead of 3,000")
    parser.add_argument("--reps", type=int, default=5, help="fresh processes per open measurement")
    args, binary = parse_arguments(parser)
    started = time.monotonic()
    report = start_report("Shelf benchmark", binary)
    small, large = 10, 10_000
    commands = 600 if args.quick else 3000
    with tempfile.TemporaryDirectory() as tmp:
        small_books, large_books = make_books(tmp, small), make_books(tmp, large)

        report.add("## scene.open")
        books = {small: small_books, large: large_books}

        def open_once(count, rep):
            engine, open_ns = open_session(binary, books[count])
            engine.kill()
            return open_ns

        opens = interleaved(max(1, args.reps), (small, large), open_once)
        small_open, large_open = median(opens[small]), median(opens[large])
        report.target("scene.open, 10,000 books", "%s (10 books: %s, %.1fx)" % (ms(large_open), ms(small_open), ratio(large_open, small_open)),
                      "< 300 ms", large_open < 300e6)
        report.add()

        report.add("## Per command, the same stream on both shelves")
        lines = make_stream(commands, 100, 7)
        # Interleaved runs, the median of each: the machine is shared and noisy.
        runs = same_stream_costs(lambda count: open_session(binary, books[count])[0], (small, large), lines)
        small_cost, large_cost = runs[small]["per_cmd_ns"], runs[large]["per_cmd_ns"]
        hwms = {count: run["hwm"] for count, run in runs.items()}
        report.add("%d commands; output %d bytes (10 books) and %d (10,000): the same screen work." % (len(lines), runs[small]["chars"], runs[large]["chars"]))
        report.target("per command, 10,000 books vs 10", "%.1f µs vs %.1f µs: %.2fx" % (large_cost / 1e3, small_cost / 1e3, ratio(large_cost, small_cost)),
                      "within 1.2x", ratio(large_cost, small_cost) <= 1.2)
        info = make_stream(commands // 2, 100, 8, viewports=True)
        small_info = stream_cost(open_session(binary, small_books)[0], info)[0]
        large_info = stream_cost(open_session(binary, large_books)[0], info)[0]
        report.add("For information, a stream with viewport changes: %.1f µs vs %.1f µs per command, %.2fx."
                   % (large_info / 1e3, small_info / 1e3, ratio(large_info, small_info)))
        report.target("peak RSS, 10,000 books", "%.1f MB (10 books: %.1f MB, %.2fx)" % (hwms[large] / 1024, hwms[small] / 1024, ratio(hwms[large], hwms[small])),
                      "< 60 MB", hwms[large] / 1024 < 60)
        report.add()

        report.add("## Delete in the middle of 10,000")
        d = delete_in_the_middle(binary, large_books, large)
        outside = sorted(d["touched"] - set(d["visible"]) - {max(d["visible"]) + 1})
        report.add("book.%d deleted at offset %d: %d operations (%d bytes) touching %d books; %d books were nodes (book.%d to book.%d); %s"
                   % (d["target"], 205 * (large // 6), d["ops"], d["bytes"], len(d["touched"]), len(d["visible"]), d["visible"][0], d["visible"][-1], ms(d["ns"])))
        report.target("a delete patches only visible nodes", "%d books touched outside the visible band (and the one entering it)" % len(outside),
                      "0", not outside)
        report.add()
    finish_report(report, started, "shelf-report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
