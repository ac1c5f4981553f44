#!/usr/bin/env python3
"""Scenery benchmarks for the Hoo scene: loading archives, scaling to 100k Hoos, ping-pong.

    python3 Benchmarks/hoo.py [--quick] [--bin PATH] [--seed S] [--keep-data DIR] [--real-sets PATH]

Prints a report and writes it to ``bench-results/hoo-report.md`` (gitignored). As in
``Benchmarks/run.py`` (the pipe driver, stream runner, ping-pong, statistics and report come from
the shared package ``Benchmarks/bench``), every figure is given against a reference measured in the same run:

- Real archives: ``scene.open {"scene":"hoo","sets":PATH}`` on the nine seed archives
  (``../shared/seed-data/HooView/HooSets``), request to response with the virtual clock (the load
  job runs before the response; its ``progress`` notifications come first and are skipped), in
  fresh processes, median of N, against Python's ``zipfile`` reading every entry of the same
  archives into memory (``ZipFile.read``), median of N, the two interleaved.
- Scale: sets from ``Examples/generators/hoo_sets.py`` (1,000 sets of 100 Hoos against 1 set of
  100): ``scene.open`` time (against 2 s, and against ``zipfile`` reading the same archives), peak
  resident memory (VmHWM), and the per-command cost of a piped stream of mixed ``pan`` (scrubs
  and vertical pans with release), ``tap`` (by point and by id) and ``scroll`` commands, wall time
  until EOF after ``shutdown``. The target's stream is ONE stream run on both data sets: it keeps
  the offset where both render the same cells (set 1, with the engine's half screen of overscan
  below; ``common_grid``) and never scrolls or pans to an end, so both sessions do the same screen
  work; both runs must answer without errors and write within 10% of the same bytes per command
  (``bench.report.report_same_stream``). Each data set's own free-range stream of the same generator (over
  its whole offset range, so longer scrolls and more bytes on the larger one) and one stream per
  kind of command are reported for information. Every command is valid: the streams are
  generated against a model of the grid (layout probed from a ``snapshot``), and the output is
  checked for error responses and for the final offset the model expects.
- Ping-pong: a ``tap`` by id on the 100k-Hoo grid against the same line through ``cat``.

Each target line shows the figure, the target and PASS or FAIL. The exit status is 0 whatever
the figures; 2 when the binary is missing. Python 3 standard library only.
"""

import json
import math
import os
import random
import shutil
import sys
import tempfile
import time
import zipfile

from bench import REPO, BenchError
from bench.engine import argument_parser, generate, open_scene, parse_arguments, piped, request_line
from bench.measure import median, ratio
from bench.pingpong import placed_ping_pong
from bench.report import finish_report, ms, report_same_stream, run_sections, secs, share_summary, start_report, us

REAL_SETS = os.path.normpath(os.path.join(REPO, "..", "shared", "seed-data", "HooView", "HooSets"))
CELL_ID = "cell.%d.%d"
KIND_LABELS = {"scrub": "pan (scrub)", "vpan": "pan (scroll)"}


# MARK: - Data


def archives_in(folder):
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.lower().endswith(".zip"))


def zipfile_read_all(paths):
    """Python's reference: every entry of every archive read fully into memory. Returns (ns, entries, bytes)."""
    t0 = time.perf_counter_ns()
    entries = total = 0
    for path in paths:
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                total += len(archive.read(info))
                entries += 1
    return time.perf_counter_ns() - t0, entries, total


def generated_sets(sets, hoos, seed, data_dir):
    """A folder of `sets` generated sets of `hoos` Hoos, reused when `data_dir` already holds one
    (a `.done` file next to it marks a complete generation). Returns (folder, seconds spent, reused)."""
    name = "hoo-sets-%dx%d-seed%d" % (sets, hoos, seed)
    folder = os.path.join(data_dir, name)
    done = folder + ".done"
    if os.path.isfile(done) and os.path.isdir(folder):
        return folder, 0.0, True
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    t0 = time.monotonic()
    generate("hoo_sets.py", "--sets", sets, "--hoos", hoos, "--out", folder, "--seed", seed)
    with open(done, "w") as f:
        f.write("hoo_sets.py --sets %d --hoos %d --seed %d\n" % (sets, hoos, seed))
    return folder, time.monotonic() - t0, False


def folder_bytes(paths):
    return sum(os.path.getsize(p) for p in paths)


# MARK: - Sessions


def open_hoo(binary, path, args=()):
    """A fresh engine with the Hoo scene open on `path`: (engine, open ns, notifications before the response)."""
    return open_scene(binary, {"scene": "hoo", "sets": path}, args=args)


def check_open_notes(notes, expected):
    """Problems with the notifications a `scene.open` wrote before its response (one `progress` per archive)."""
    progress = [n for n in notes if n.get("method") == "progress"]
    others = [n for n in notes if n.get("method") != "progress"]
    problems = []
    if len(progress) != expected:
        problems.append("%d progress notifications for %d archives" % (len(progress), expected))
    if others:
        problems.append("%d unexpected notifications before the response (first: %s)"
                        % (len(others), json.dumps(others[0])[:200]))
    done = [n["params"].get("done") for n in progress]
    if done != list(range(1, len(progress) + 1)):
        problems.append("progress `done` counts out of order: %s" % done[:20])
    return problems


def probe_grid(engine, hoos_per_set, sets):
    """The grid's geometry from a snapshot at offset 0, checked against the flow of uniform sets
    (set s, Hoo h at flow index (s - 1) * hoos_per_set + h - 1)."""
    snap, _, _ = engine.request("snapshot", {})
    state = snap["state"]
    model = state["model"]
    content = state["display"]["content"]
    total = sets * hoos_per_set
    if model.get("counts") != {"sets": sets, "hoos": total}:
        raise BenchError("probe: expected %d sets and %d Hoos, the model says %r (loadErrors %s)"
                         % (sets, total, model.get("counts"), json.dumps(model.get("loadErrors"))[:300]))
    if model.get("loadErrors"):
        raise BenchError("probe: load errors: %s" % json.dumps(model["loadErrors"])[:300])
    first = state["display"]["nodes"].get(CELL_ID % (1, 1))
    if first is None or first.get("layer") != "content":
        raise BenchError("probe: no content node %s at offset 0" % (CELL_ID % (1, 1)))
    x0, y0, cell, _ = first["frame"]
    grid = {
        "frame": content["frame"], "offset": content["offsetY"], "max_offset": model["maxOffsetY"],
        "columns": model["columns"], "x0": x0, "y0": y0, "cell": cell, "total": total, "per_set": hoos_per_set,
    }
    grid["rows"] = (total + grid["columns"] - 1) // grid["columns"]
    # Every cell the snapshot holds must sit where the model puts it.
    checked = 0
    for node_id, node in state["display"]["nodes"].items():
        parts = node_id.split(".")
        if len(parts) == 3 and parts[0] == "cell":
            s, h = int(parts[1]), int(parts[2])
            want = cell_frame(grid, (s - 1) * hoos_per_set + h - 1)
            if [round(v, 3) for v in node["frame"]] != [round(v, 3) for v in want]:
                raise BenchError("probe: %s at %s, the model expects %s" % (node_id, node["frame"], want))
            checked += 1
    if checked < grid["columns"]:
        raise BenchError("probe: only %d cells in the first snapshot" % checked)
    if grid["offset"] != 0:
        raise BenchError("probe: the grid opened at offset %r" % grid["offset"])
    return grid


def cell_frame(grid, index):
    row, col = divmod(index, grid["columns"])
    return [grid["x0"] + col * grid["cell"], grid["y0"] + row * grid["cell"], grid["cell"], grid["cell"]]


def cell_id(grid, index):
    s, h = divmod(index, grid["per_set"])
    return CELL_ID % (s + 1, h + 1)


# MARK: - Command streams


class StreamModel:
    """Generates a valid command stream for a grid and tracks the offset it leads to.

    Kinds of gesture (each kind's share of the lines is reported): scrubs (a horizontal pan across
    several cells: began, changed..., ended), vertical pans (a scroll with release: sometimes with
    speed, so the grid starts coasting, sometimes after a pause, sometimes cancelled), taps by point
    on a cell, taps by id on a cell wholly visible, scrolls by `deltaY` and by `offsetY`. The clock is
    virtual and never advanced, so a coasting grid stays where it was released until the next tap,
    scroll or pan stops it. `t` grows by 16 ms per pan event and never goes back.

    With `bounds` (lowest, highest offset), no scroll or pan takes the offset out of them, not even
    part way through a pan, so nothing stops at an end: a scroll that would leave them goes the
    other way (or shorter), a pan the other way (or with shorter moves). Without, the random draws
    are the same as ever, so the free-range streams do not change.
    """

    # Gesture weights; with their lengths this gives about a third of the lines in scrubs, a
    # fifth in vertical pans, 30% taps and 20% scrolls.
    WEIGHTS = [("scrub", 0.06), ("vpan", 0.05), ("tap point", 0.30), ("tap id", 0.25),
               ("scroll deltaY", 0.28), ("scroll offsetY", 0.06)]

    def __init__(self, grid, rng, only=None, bounds=None):
        self.g = grid
        self.rng = rng
        self.bounds = bounds
        self.offset = 0.0
        self.t = 1000
        self.only = only
        kinds = [(k, w) for k, w in self.WEIGHTS if only is None or k == only]
        total = sum(w for _, w in kinds)
        self.kinds = [(k, w / total) for k, w in kinds]

    def clamp(self, offset):
        return min(max(offset, 0.0), float(self.g["max_offset"]))

    def visible_rows(self):
        """First and last row wholly inside the visible band, or None."""
        g = self.g
        top, bottom = self.offset, self.offset + g["frame"][3]
        first = max(0, math.ceil((top - g["y0"]) / g["cell"]))
        last = min(g["rows"] - 1, math.floor((bottom - g["y0"]) / g["cell"]) - 1)
        return (first, last) if first <= last else None

    def visible_cell(self):
        """A random Hoo wholly visible on screen (flow index), or None."""
        rows = self.visible_rows()
        if rows is None:
            return None
        first, last = rows
        last_index = min(self.g["total"] - 1, (last + 1) * self.g["columns"] - 1)
        first_index = first * self.g["columns"]
        if first_index > last_index:
            return None
        return self.rng.randint(first_index, last_index)

    def screen_centre(self, index):
        x, y, w, h = cell_frame(self.g, index)
        fx, fy = self.g["frame"][0], self.g["frame"][1]
        return fx + x + w / 2, fy + y + h / 2 - self.offset

    def gesture(self):
        """[(method, params)], kind."""
        r = self.rng.random()
        for kind, w in self.kinds:
            r -= w
            if r < 0:
                break
        return getattr(self, "g_" + kind.replace(" ", "_"))(), kind

    def tick(self, ms_=16):
        self.t += ms_
        return self.t

    def g_scrub(self):
        rng = self.rng
        index = self.visible_cell()
        if index is None:
            return self.g_scroll_offsetY()
        x, y = self.screen_centre(index)
        x += rng.uniform(-15, 15)
        y += rng.uniform(-15, 15)
        fx, _, fw, _ = self.g["frame"]
        direction = 1 if x < fx + fw / 2 else -1
        cmds = [("pan", {"phase": "began", "x": round(x, 1), "y": round(y, 1), "t": self.tick()})]
        drift = rng.choice([0, 0, 0, 1, -1]) * rng.uniform(20, 80)  # sometimes across a row
        steps = rng.randint(4, 12)
        for i in range(steps):
            x += direction * rng.uniform(18, 45)
            if i > 0:  # the first move decides the pan: clearly horizontal
                y += drift / steps + rng.uniform(-3, 3)
            if i > 0 and rng.random() < 0.15:
                direction = -direction  # scrubbing back
            cmds.append(("pan", {"phase": "changed", "x": round(x, 1), "y": round(y, 1), "t": self.tick()}))
        cmds.append(("pan", {"phase": "ended", "x": round(x, 1), "y": round(y, 1), "t": self.tick()}))
        return cmds

    def g_vpan(self):
        rng = self.rng
        fx, fy, fw, fh = self.g["frame"]
        x = rng.uniform(fx + 10, fx + fw - 10)
        y0 = rng.uniform(fy + 0.25 * fh, fy + 0.75 * fh)
        direction = rng.choice([1, -1])  # +1: the finger moves up, the content scrolls down
        moves = [(rng.uniform(15, 60), rng.uniform(-4, 4)) for _ in range(rng.randint(3, 10))]
        end = rng.random()
        flick = rng.uniform(20, 60) if end >= 0.4 else 0.0
        began_offset = self.offset
        if self.bounds:
            direction, scale = self.fit_pan(direction, sum(dy for dy, _ in moves) + flick)
            moves = [(dy * scale, dx) for dy, dx in moves]
            flick *= scale
        y = y0
        cmds = [("pan", {"phase": "began", "x": round(x, 1), "y": round(y, 1), "t": self.tick()})]
        for dy, dx in moves:
            y -= direction * dy
            x += dx
            cmds.append(("pan", {"phase": "changed", "x": round(x, 1), "y": round(y, 1), "t": self.tick()}))
        if end < 0.1:
            cmds.append(("pan", {"phase": "cancelled", "t": self.tick()}))
            self.offset = self.clamp(began_offset)
            return cmds
        if end < 0.4:
            # Stopped, then lifted: no speed, no coasting.
            cmds.append(("pan", {"phase": "ended", "x": round(x, 1), "y": round(y, 1), "t": self.tick(150)}))
        else:
            # A flick: released moving; the grid starts coasting (never advanced here).
            y -= direction * flick
            cmds.append(("pan", {"phase": "ended", "x": round(x, 1), "y": round(y, 1), "t": self.tick()}))
        # As the engine computes it: offset at began + (y at began - y), from the values sent.
        self.offset = self.clamp(began_offset + (round(y0, 1) - round(y, 1)))
        return cmds

    def g_tap_point(self):
        index = self.visible_cell()
        if index is None:
            return self.g_scroll_offsetY()
        x, y = self.screen_centre(index)
        return [("tap", {"x": round(x + self.rng.uniform(-20, 20), 1), "y": round(y + self.rng.uniform(-20, 20), 1)})]

    def g_tap_id(self):
        index = self.visible_cell()
        if index is None:
            return self.g_scroll_offsetY()
        return [("tap", {"id": cell_id(self.g, index)})]

    def g_scroll_deltaY(self):
        rng = self.rng
        size = rng.uniform(10, 250) if rng.random() < 0.7 else rng.uniform(250, 1500)
        delta = round(size if rng.random() < 0.55 else -size, 1)
        if self.bounds:
            direction, scale = self.fit_pan(1 if delta > 0 else -1, abs(delta))
            delta = direction * (abs(delta) if scale == 1.0 else math.floor(abs(delta) * scale * 10) / 10)
        self.offset = self.clamp(self.offset + delta)
        return [("scroll", {"deltaY": delta})]

    def g_scroll_offsetY(self):
        low, high = self.bounds or (0, self.g["max_offset"])
        offset = self.rng.randrange(math.ceil(low), int(high) + 1)
        self.offset = self.clamp(offset)
        return [("scroll", {"offsetY": offset})]

    def fit_pan(self, direction, distance):
        """(direction, scale): a move of `distance` points from the offset that stays within
        `bounds` (1 pt clear of them, for the rounding of the finger's positions): as asked if it
        fits, else the other way, else shortened on the side with more room."""
        low, high = self.bounds
        room = {1: high - 1 - self.offset, -1: self.offset - (low + 1)}
        for d in (direction, -direction):
            if distance <= room[d]:
                return d, 1.0
        d = 1 if room[1] >= room[-1] else -1
        return d, max(0.0, room[d]) / distance


def make_hoo_stream(grid, rng, count, first_id, only=None, bounds=None):
    """(`count` request lines, their kinds, the offset the model expects at the end).

    Only whole gestures: when the next one would not fit, the stream is filled up with taps by id
    (which move nothing), so no pan is left in progress and the expected offset is exact.
    `bounds`: see ``StreamModel``.
    """
    model = StreamModel(grid, rng, only, bounds)
    lines, kinds = [], []
    rid = first_id
    while len(lines) < count:
        before = model.offset
        cmds, kind = model.gesture()
        if len(lines) + len(cmds) > count:
            model.offset = before  # that gesture is dropped
            cmds, kind = model.g_tap_id(), "tap id"
        for method, params in cmds:
            lines.append(request_line(rid, method, params))
            kinds.append(KIND_LABELS.get(kind, kind))
            rid += 1
    return lines, kinds, model.offset


def check_hoo_output(out_lines, count, kinds, first_id):
    """Responses, errors (by kind, with the first messages), notifications, and the last
    `/model/offsetY` a patch set."""
    responses = errors = notes = 0
    by_kind = {}
    first_errors = []
    final_offset = None
    note_methods = {}
    for line in out_lines:
        msg = json.loads(line)
        if "id" not in msg:
            notes += 1
            key = msg.get("method", "?") + "/" + str((msg.get("params") or {}).get("cause", ""))
            note_methods[key] = note_methods.get(key, 0) + 1
            continue
        responses += 1
        if "error" in msg:
            errors += 1
            i = msg["id"] - first_id if isinstance(msg["id"], int) else -1
            kind = kinds[i] if 0 <= i < len(kinds) else "?"
            by_kind[kind] = by_kind.get(kind, 0) + 1
            if len(first_errors) < 3:
                first_errors.append("id %s (%s): %s" % (msg["id"], kind, msg["error"].get("message")))
            continue
        for op in msg["result"].get("patch", ()):
            if op["path"] == "/model/offsetY":
                final_offset = op["value"]
    problems = []
    if responses != count:
        problems.append("%d responses for %d commands" % (responses, count))
    if errors:
        problems.append("%d error responses (%s; first: %s): the stream is meant to be all valid"
                        % (errors, ", ".join("%s %d" % kv for kv in sorted(by_kind.items())), "; ".join(first_errors)))
    if notes:
        problems.append("%d notifications (%s); none expected with the virtual clock"
                        % (notes, ", ".join("%s %d" % kv for kv in sorted(note_methods.items()))))
    return {"responses": responses, "errors": errors, "notifications": notes, "problems": problems,
            "final_offset": final_offset if final_offset is not None else 0}


def run_hoo_stream(binary, path, lines, kinds, expected_offset, first_id):
    """A fresh session on `path`, the stream piped through it. Returns a dict of figures."""
    engine, open_ns, _ = open_hoo(binary, path)
    hwm_open = engine.peak_rss_kib()
    run = piped(engine, lines, lambda out_lines: check_hoo_output(out_lines, len(lines), kinds, first_id))
    check = run["check"]
    if abs(check["final_offset"] - expected_offset) > 0.01:
        check["problems"].append("the grid ended at offset %r, the stream's model expected %r (the stream may have "
                                 "tapped ids off screen)" % (check["final_offset"], expected_offset))
    return dict(run, open_ns=open_ns, hwm_open=hwm_open)


# MARK: - 1. The nine real archives


def real_archives(report, binary, folder, reps):
    report.add("## Loading the nine real archives")
    report.add()
    if not os.path.isdir(folder):
        raise BenchError("no folder %s (pass --real-sets PATH)" % folder)
    paths = archives_in(folder)
    if not paths:
        raise BenchError("no .zip archives in %s" % folder)

    # Warm-up (page cache, binary pages), untimed.
    zipfile_read_all(paths)
    engine, _, notes = open_hoo(binary, folder)
    try:
        snap, _, _ = engine.request("snapshot", {})
        model = snap["state"]["model"]
        rss = engine.peak_rss_kib()
        status, _ = engine.shutdown()
    finally:
        engine.kill()
    problems = check_open_notes(notes, len(paths))
    if model.get("loadErrors"):
        problems.append("load errors: %s" % json.dumps(model["loadErrors"])[:300])
    if model.get("counts", {}).get("sets") != len(paths):
        problems.append("%r sets loaded from %d archives" % (model.get("counts"), len(paths)))
    if status != 0:
        problems.append("scenery exited with status %r after shutdown" % status)

    engine_times, python_times = [], []
    entries = nbytes = 0
    for i in range(reps):
        # Interleaved, alternating which goes first, so drift hits both alike.
        for which in (("engine", "python") if i % 2 == 0 else ("python", "engine")):
            if which == "python":
                ns, entries, nbytes = zipfile_read_all(paths)
                python_times.append(ns)
            else:
                engine, open_ns, notes = open_hoo(binary, folder)
                try:
                    engine.shutdown()
                finally:
                    engine.kill()
                engine_times.append(open_ns)
                for p in check_open_notes(notes, len(paths)):
                    if p not in problems:
                        problems.append(p)

    e, p = sorted(engine_times), sorted(python_times)
    em, pm = median(e), median(p)
    report.add("`scene.open {\"scene\":\"hoo\",\"sets\":\"%s\"}` (%d archives, %.2f MB, %d entries, %.2f MB "
               "uncompressed; %d Hoos), request to response with the virtual clock (the `progress` notifications "
               "come first and are read and skipped), each in a fresh process after `initialize`; reference: Python's "
               "`zipfile` opening each archive and `ZipFile.read`ing every entry into memory. %d runs each, "
               "interleaved, after one untimed warm-up of each."
               % (os.path.relpath(folder, REPO), len(paths), folder_bytes(paths) / 1e6, entries, nbytes / 1e6,
                  model.get("counts", {}).get("hoos", 0), reps))
    report.add()
    report.table(["", "median", "min", "max"],
                 [["scenery scene.open", ms(em), ms(e[0]), ms(e[-1])],
                  ["python zipfile read", ms(pm), ms(p[0]), ms(p[-1])],
                  ["scenery / python", "%.2fx" % ratio(em, pm), "%.2fx" % ratio(e[0], p[0]), ""]])
    report.add()
    for problem in problems:
        report.add("Note: %s." % problem)
    r = ratio(em, pm)
    report.target("Load, nine real archives", "scenery/python zipfile = %.2fx (%s vs %s, medians)" % (r, ms(em), ms(pm)),
                  "< 1x", r < 1.0)
    if rss:
        report.add("- info: peak RSS (VmHWM) after loading them: %.1f MB" % (rss / 1024.0))
    report.add()


# MARK: - 2. Scale


def common_grid(grids):
    """The grid and the offset bounds of one stream for several data sets: the first grid (all
    must lay out alike), and offsets from 0 to the highest at which every session renders the same
    cells: the engine renders the visible band and half its height above and below (as
    ``HooRender.renderedBand``), so that band must end above the first row holding a cell that
    not every data set has (on 1 set of 100 Hoos in 4 columns, row 25)."""
    keys = ("frame", "columns", "x0", "y0", "cell", "per_set")
    g = grids[0]
    for other in grids[1:]:
        if any(other[k] != g[k] for k in keys):
            raise BenchError("the grids differ: %s against %s" % ({k: g[k] for k in keys}, {k: other[k] for k in keys}))
    shared = min(x["total"] for x in grids)
    first_unshared_row_top = g["y0"] + (shared // g["columns"]) * g["cell"]
    high = min(math.floor(first_unshared_row_top - 1.5 * g["frame"][3]), min(x["max_offset"] for x in grids))
    if high < g["frame"][3]:
        raise BenchError("the data sets share too little of the grid for one stream (offsets up to %r)" % high)
    return dict(g, total=shared, rows=(shared + g["columns"] - 1) // g["columns"]), (0, high)


def scale(report, binary, data_dir, large_sets, hoos, seed, stream_count, open_reps, kind_count, state):
    report.add("## Scale: %d sets of %d Hoos against 1 set" % (large_sets, hoos))
    report.add()
    small_path, small_gen, small_reused = generated_sets(1, hoos, seed, data_dir)
    large_path, large_gen, large_reused = generated_sets(large_sets, hoos, seed, data_dir)
    state["large_path"], state["large_sets"] = large_path, large_sets

    results = {}
    for name, path, sets in (("small", small_path, 1), ("large", large_path, large_sets)):
        paths = archives_in(path)
        # Python's reference (once for the large data: it takes seconds).
        py_reps = 1 if sets > 100 else max(3, open_reps)
        py_times = [zipfile_read_all(paths)[0] for _ in range(py_reps)]
        # Probe: the grid's geometry (this session's open counts too).
        engine, open_ns, notes = open_hoo(binary, path)
        open_times, hwm_opens, problems = [open_ns], [], check_open_notes(notes, sets)
        try:
            hwm_opens.append(engine.peak_rss_kib())
            grid = probe_grid(engine, hoos, sets)
            engine.shutdown()
        finally:
            engine.kill()
        if name == "large":
            state["grid"] = grid
        # Sessions only opening, in fresh processes.
        for _ in range(open_reps):
            engine, open_ns, notes = open_hoo(binary, path)
            try:
                hwm_opens.append(engine.peak_rss_kib())
                engine.shutdown()
            finally:
                engine.kill()
            open_times.append(open_ns)
            for p in check_open_notes(notes, sets):
                if p not in problems:
                    problems.append(p)
        # The free-range mixed stream (information): same generator and seed on both, each over
        # its own grid's whole offset range.
        lines, kinds, expected = make_hoo_stream(grid, random.Random("hoo-mix/%d" % seed), stream_count, 1000)
        mixed = run_hoo_stream(binary, path, lines, kinds, expected, 1000)
        open_times.append(mixed["open_ns"])
        # One stream per kind of command (information: where the cost is).
        per_kind = {}
        if kind_count:
            for kind, _ in StreamModel.WEIGHTS:
                klines, kkinds, kexpected = make_hoo_stream(grid, random.Random("hoo-%s/%d" % (kind, seed)),
                                                            kind_count, 1000, only=kind)
                per_kind[kind] = run_hoo_stream(binary, path, klines, kkinds, kexpected, 1000)
        results[name] = {
            "path": path, "grid": grid, "max_offset": grid["max_offset"], "sets": sets, "hoos": grid["total"],
            "bytes": folder_bytes(paths), "py_ns": median(py_times), "py_reps": py_reps, "open_times": open_times,
            "hwm_opens": hwm_opens, "mixed": mixed, "mix": share_summary(kinds), "problems": problems,
            "per_kind": per_kind, "gen": large_gen if name == "large" else small_gen,
            "reused": large_reused if name == "large" else small_reused,
        }

    a, b = results["small"], results["large"]
    # The target's stream: one stream, run on both, within the offsets where both render the same cells.
    grid, bounds = common_grid([a["grid"], b["grid"]])
    same_lines, same_kinds, same_expected = make_hoo_stream(grid, random.Random("hoo-same/%d" % seed), stream_count,
                                                            1000, bounds=bounds)
    for d in (a, b):
        d["same"] = run_hoo_stream(binary, d["path"], same_lines, same_kinds, same_expected, 1000)
        d["open_times"].append(d["same"]["open_ns"])
        d["open_ns"], d["open_min_ns"] = median(d["open_times"]), min(d["open_times"])
        d["hwm_open"] = max(h for h in d["hwm_opens"] if h) if any(d["hwm_opens"]) else None

    report.add("Data from `Examples/generators/hoo_sets.py --hoos %d --seed %d` (%s). `scene.open` request to "
               "response, median of %d fresh processes; Python's `zipfile` full read of the same archives, median of "
               "%d (1 set) and %d (%d sets). Per-command cost: ONE stream of %d commands (%s), piped through a session "
               "on each data set, wall time until EOF after `shutdown`. It keeps the offset between %d and %d pt, where "
               "both render the same cells (set 1; the engine renders half a screen above and below the visible band), "
               "and no scroll or pan reaches an end, so it is valid on both and does the same screen work; taps and "
               "scrubs land on cells both have. Each data set's own free-range stream (the same generator over its whole "
               "offset range: %s) is run too, for information. Peak RSS is VmHWM, read after the load and once the "
               "last command was answered (the larger is shown)."
               % (hoos, seed, "reused from --keep-data" if b["reused"] else "generated for this run",
                  len(b["open_times"]), a["py_reps"], b["py_reps"], large_sets, stream_count,
                  share_summary(same_kinds), bounds[0], bounds[1], b["mix"]))
    report.add()

    def peak(d):
        hwms = [h for h in (d["hwm_open"], d["mixed"]["hwm"], d["same"]["hwm"]) if h]
        return max(hwms) if hwms else None

    report.table(["sets x Hoos", "archives", "python zipfile", "scene.open (median, min)", "same stream", "per command",
                  "output per command", "own stream: per command", "own: output per command", "errors (same / own)",
                  "notifications", "peak RSS"],
                 [["%d x %d" % (d["sets"], hoos), "%.1f MB" % (d["bytes"] / 1e6), ms(d["py_ns"]),
                   "%s, %s" % (ms(d["open_ns"]), ms(d["open_min_ns"])), secs(d["same"]["stream_ns"]),
                   us(d["same"]["per_cmd_ns"]), "%.0f B" % (d["same"]["out_bytes"] / stream_count),
                   us(d["mixed"]["per_cmd_ns"]), "%.0f B" % (d["mixed"]["out_bytes"] / stream_count),
                   "%d / %d" % (d["same"]["check"]["errors"], d["mixed"]["check"]["errors"]),
                   str(d["same"]["check"]["notifications"] + d["mixed"]["check"]["notifications"]),
                   "%.1f MB" % (peak(d) / 1024.0) if peak(d) else "n/a"] for d in (a, b)])
    report.add()
    if a["per_kind"] and b["per_kind"]:
        report.add("Per kind of command (information), %d commands each, one free-range stream per kind and data size:"
                   % kind_count)
        report.add()
        rows = []
        for kind, _ in StreamModel.WEIGHTS:
            ka, kb = a["per_kind"][kind], b["per_kind"][kind]
            rows.append([KIND_LABELS.get(kind, kind), us(ka["per_cmd_ns"]), us(kb["per_cmd_ns"]), "%.2fx" % ratio(kb["per_cmd_ns"], ka["per_cmd_ns"]),
                         "%.0f / %.0f B" % (ka["out_bytes"] / kind_count, kb["out_bytes"] / kind_count),
                         "%.1f / %.1f µs" % (ka["stream_ns"] / 1e3 / (ka["out_bytes"] / 1e3), kb["stream_ns"] / 1e3 / (kb["out_bytes"] / 1e3)),
                         "%d / %d" % (ka["check"]["errors"], kb["check"]["errors"])])
        report.table(["kind", "1 set", "%d sets" % large_sets, "ratio", "output per command", "time per KB written",
                      "errors"], rows)
        report.add()
        report.add("A command's cost follows what it writes: on 1 set the content is %d pt tall, so scroll jumps often "
                   "land on rows already rendered and write fewer nodes (output per command above)."
                   % (a["max_offset"] + state["grid"]["frame"][3]))
        report.add()

    total_errors = 0
    for label, d in (("1 set", a), ("%d sets" % large_sets, b)):
        for problem in d["problems"]:
            report.add("Note (%s, scene.open): %s." % (label, problem))
        for stream in ("same", "mixed"):
            for problem in d[stream]["check"]["problems"]:
                report.add("Note (%s, %s stream): %s." % (label, "same" if stream == "same" else "own mixed", problem))
            if d[stream]["status"] != 0:
                report.add("Note (%s): scenery exited with status %r after shutdown." % (label, d[stream]["status"]))
            total_errors += d[stream]["check"]["errors"]
        for kind, k in d["per_kind"].items():
            total_errors += k["check"]["errors"]
            for problem in k["check"]["problems"]:
                report.add("Note (%s, %s stream): %s." % (label, kind, problem))

    report_same_stream(report, "1 set", "%d sets" % large_sets, (a["same"], b["same"]), (a["mixed"], b["mixed"]))
    report.target("scene.open, %d sets (%d Hoos)" % (large_sets, b["hoos"]),
                  "%s = %.2fx of 2 s; %.2fx Python's zipfile full read of the same archives (%s); %.1fx the 1-set open (%s)"
                  % (ms(b["open_ns"]), b["open_ns"] / 2e9, ratio(b["open_ns"], b["py_ns"]), ms(b["py_ns"]),
                     ratio(b["open_ns"], a["open_ns"]), ms(a["open_ns"])),
                  "< 2 s", b["open_ns"] < 2e9)
    pb, pa = peak(b), peak(a)
    if pb:
        report.target("Peak RSS, %d sets" % large_sets,
                      "%.1f MB = %.2fx of 100 MB; %.1fx the 1-set run (%.1f MB)"
                      % (pb / 1024.0, pb / 1024.0 / 100.0, ratio(pb, pa or 0), (pa or 0) / 1024.0),
                      "< 100 MB", pb / 1024.0 < 100.0)
    else:
        report.add("- **Peak RSS**: could not be read: **FAIL**")
        report.targets.append(("Peak RSS", False, "n/a", "< 100 MB"))
    n_commands = 4 * stream_count + 2 * len(StreamModel.WEIGHTS) * kind_count
    report.target("Stream validity", "%d error responses in %d generated commands" % (total_errors, n_commands),
                  "0", total_errors == 0)
    if total_errors > max(10, n_commands // 100):
        print("\n*** %d error responses in the generated streams: the benchmark's command model and the engine "
              "disagree; the per-command figures are not meaningful. See the notes above. ***\n" % total_errors,
              file=sys.stderr, flush=True)
    if b["same"]["cpu_s"]:
        report.add("- info: engine CPU time of the %d-set same-stream session (user+sys, incl. load): %.2f s for a "
                   "%.3f s stream after a %s open" % (large_sets, b["same"]["cpu_s"], b["same"]["stream_ns"] / 1e9,
                                                      ms(b["same"]["open_ns"])))
    report.add("- info: all %d-set opens: %s" % (large_sets, ", ".join(ms(t) for t in b["open_times"])))
    gens = []
    for label, d in (("1 set", a), ("%d sets" % large_sets, b)):
        gens.append("%s %s" % (label, "reused" if d["reused"] else "%.1f s" % d["gen"]))
    report.add("- info: data generation: %s" % ", ".join(gens))
    report.add()


# MARK: - 3. Ping-pong


def ping_pong(report, binary, state, iterations, warmup, block):
    report.add("## Ping-pong")
    report.add()
    path, grid = state.get("large_path"), state.get("grid")
    if not path or not grid:
        raise BenchError("no large data set (the scale section failed)")
    a, b = cell_id(grid, 0), cell_id(grid, 1)
    placed_ping_pong(report, lambda args: open_hoo(binary, path, args)[0],
                     ("tap", ['{"id":"%s"}' % a, '{"id":"%s"}' % b]), ("scroll", ['{"offsetY":0}']),
                     iterations, warmup, block,
                     "`tap` by id alternating between `%s` and `%s` (moves the selection: title, poem line, "
                     "overlay, disc) on the Hoo grid with %d sets (%d Hoos) loaded"
                     % (a, b, state["large_sets"], grid["total"]))


# MARK: - Main


def main(argv=None):
    parser = argument_parser("Scenery Hoo-scene benchmarks (figures as ratios against references measured in the same run).",
                             "smaller counts (100 sets, fewer commands), for a smoke run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated sets and command streams")
    parser.add_argument("--keep-data", metavar="DIR",
                        help="generate the sets into DIR and reuse them on later runs (default: a temporary folder)")
    parser.add_argument("--real-sets", metavar="PATH", default=REAL_SETS,
                        help="the folder of the nine real archives (default: ../shared/seed-data/HooView/HooSets)")
    args, binary = parse_arguments(parser, argv)

    if args.quick:
        real_reps = 7
        sc = dict(large_sets=100, hoos=100, stream_count=4_000, open_reps=2, kind_count=1_000)
        pp = dict(iterations=500, warmup=50, block=50)
    else:
        real_reps = 21
        sc = dict(large_sets=1000, hoos=100, stream_count=20_000, open_reps=4, kind_count=5_000)
        pp = dict(iterations=3000, warmup=200, block=100)

    report = start_report("Scenery benchmarks: Hoo scene", binary, quick=args.quick)
    if args.keep_data:
        data_dir = os.path.abspath(args.keep_data)
        os.makedirs(data_dir, exist_ok=True)
        temp = None
    else:
        data_dir = temp = tempfile.mkdtemp(prefix="scenery-hoo-bench-")
    started = time.monotonic()
    state = {}
    try:
        run_sections(report, [
            ("Real archives", lambda: real_archives(report, binary, os.path.abspath(args.real_sets), real_reps)),
            ("Scale", lambda: scale(report, binary, data_dir, seed=args.seed, state=state, **sc)),
            ("Ping-pong", lambda: ping_pong(report, binary, state, **pp)),
        ])
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    finish_report(report, started, "hoo-report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
