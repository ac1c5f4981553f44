#!/usr/bin/env python3
"""Scenery benchmarks: ping-pong latency, piped throughput, and scaling with the data size.

    python3 Benchmarks/run.py [--quick] [--bin PATH] [--seed S]

Prints a report and writes it to ``bench-results/report.md`` (gitignored). Machines running
this are shared and noisy, so every figure is given as a ratio against a reference measured in
the same run by the same driver:

- Ping-pong: the round trip of a ``tap`` through ``scenery`` against the same line through
  ``cat``, both driven the same way (one line written, one line read back), interleaved in
  blocks so drift hits both alike.
- Throughput: the wall time of the engine on a piped stream of commands against a Python loop
  that only decodes and re-encodes (``json``) the same input lines and the lines the engine wrote.
- Scale: per-command cost and ``scene.open`` time with 100k people against 100 people (data from
  ``Examples/generators/directory_data.py``), ``scene.open`` also against Python's ``json.load``
  of the same file; peak resident memory (VmHWM) of the engine process. The per-command target
  pipes ONE command stream through a session on each data set, generated against both probed
  layouts so that it is valid on both and moves the screen the same way (``make_common_stream``:
  the same length of content rendered by every scroll and jump on both, no scroll stopping at an
  end, jumps only to sections both have, taps on rows visible in both); both runs must answer
  without errors and write within 10% of the same bytes per command. Each data set's own
  free-range stream (longer scrolls on the larger one, so more bytes) is reported for information.

Each target line shows the figure, the target and PASS or FAIL. The exit status is 0 whatever
the figures (benchmarks report, they are not tests); 2 when the binary is missing. The pipe
driver, stream runner, ping-pong, statistics and report are the package ``Benchmarks/bench``,
shared with the other scripts. Python 3.11 standard library only.
"""

import bisect
import json
import math
import os
import random
import re
import shutil
import sys
import tempfile
import time

from bench import BenchError
from bench.engine import GENERATORS, argument_parser, check_output, open_scene, parse_arguments, piped, request_line, run_stream
from bench.measure import median, ratio
from bench.pingpong import placed_ping_pong
from bench.report import finish_report, ms, report_same_stream, run_sections, secs, share_summary, start_report, us

sys.path.insert(0, GENERATORS)
import directory_data  # noqa: E402

ROW_ID = re.compile(r"^contacts\.person\.\d+$")


# MARK: - A session on the Contacts tab


def start_session(binary, open_params, contacts=True, args=()):
    """initialize + scene.open (timed) + switch to Contacts. Returns (engine, open ns)."""
    # After the tab, a request that changes nothing, so every notification of the setup has been read.
    then = [("tap", {"id": "tab.contacts"}), ("scroll", {"offsetY": 0})] if contacts else []
    engine, open_ns, _ = open_scene(binary, open_params, then=then, args=args)
    return engine, open_ns


# MARK: - Probing a data set so generated streams stay valid


def visible_row_tops(state):
    """(content y, id) of the contacts rows wholly inside the list's visible band, top first."""
    content = state["display"]["content"]
    top = content["offsetY"]
    bottom = top + content["frame"][3]
    rows = []
    for node_id, node in state["display"]["nodes"].items():
        if ROW_ID.match(node_id):
            y, h = node["frame"][1], node["frame"][3]
            if y >= top and y + h <= bottom:
                rows.append((y, node_id))
    return sorted(rows)


def visible_rows(state):
    """Ids of contacts rows wholly inside the list's visible band."""
    return [node_id for _, node_id in visible_row_tops(state)]


def probed_stream(binary, open_params, rng_name, count):
    """A valid command stream for a scene opened with `open_params`: a probe session learns the
    visible rows, then the stream is generated from them. Returns (lines, the probe's open time)."""
    lines, _, open_ns = probed_stream_info(binary, open_params, rng_name, count)
    return lines, open_ns


def probed_stream_info(binary, open_params, rng_name, count):
    """As ``probed_stream``, and the probe's findings too: (lines, info, open ns)."""
    engine, open_ns = start_session(binary, open_params)
    try:
        info = probe(engine)
        engine.shutdown()
    finally:
        engine.kill()
    return make_stream(random.Random(rng_name), count, info, first_id=1000), info, open_ns


def probe(engine):
    """What a command stream on the Contacts tab needs to know: index titles, the offset range,
    the list frame on screen, and the rows visible at the top and after each index jump; for
    ``ListLayout`` also the sections, the header and row heights, where each jump lands and
    where each of those visible rows is."""
    snap, _, _ = engine.request("snapshot", {})
    state = snap["state"]
    model = state["model"]
    if model.get("tab") != "contacts":
        raise BenchError("probe: expected the contacts tab, got %r" % model.get("tab"))
    nodes = state["display"]["nodes"]
    header = next((n for i, n in nodes.items() if i.startswith("contacts.header.") and i.count(".") == 2), None)
    row = next((n for i, n in nodes.items() if ROW_ID.match(i)), None)
    if header is None or row is None:
        raise BenchError("probe: no section header or row on the Contacts tab at offset 0")
    info = {
        "titles": list(model["sectionIndex"]),
        "max_offset": model["maxOffsetY"],
        "list_frame": state["display"]["content"]["frame"],
        "visible": {"__top__": visible_rows(state)},
        "people": model["counts"]["people"],
        "sections": [(s["id"], s["rows"]) for s in model["sections"]],
        "content_height": state["display"]["content"]["height"],
        "header_height": header["frame"][3], "row_height": row["frame"][3],
        "jump": {"__top__": 0},
        "row_y": {node_id: y for y, node_id in visible_row_tops(state)},
    }
    for title in info["titles"]:
        engine.request("section", {"title": title})
        snap, _, _ = engine.request("snapshot", {})
        rows = visible_row_tops(snap["state"])
        info["visible"][title] = [node_id for _, node_id in rows]
        info["row_y"].update((node_id, y) for y, node_id in rows)
        info["jump"][title] = snap["state"]["model"]["offsetY"]
    engine.request("scroll", {"offsetY": 0})
    return info


def make_stream(rng, count, info, first_id):
    """`count` request lines: a realistic mix of scrolls, index jumps and taps on the Contacts tab.

    Every command is valid: taps by row id only name rows known to be visible (right after an
    index jump or a scroll to the top, and until the next scroll); point taps land inside the list.
    """
    titles = info["titles"]
    visible = info["visible"]
    max_offset = info["max_offset"]
    fx, fy, fw, fh = info["list_frame"]
    known = visible["__top__"]  # the stream starts at offset 0
    lines = []
    rid = first_id
    for _ in range(count):
        r = rng.random()
        if r < 0.45:
            # A flick or a drag: mostly short, sometimes long, a little more often downwards.
            size = rng.uniform(10, 250) if rng.random() < 0.7 else rng.uniform(250, 1500)
            params = {"deltaY": round(size if rng.random() < 0.55 else -size, 1)}
            method, known = "scroll", None
        elif r < 0.50:
            method, params, known = "scroll", {"offsetY": rng.randrange(0, int(max_offset) + 1)}, None
        elif r < 0.60:
            title = rng.choice(titles)
            method, params, known = "section", {"title": title}, visible[title]
        elif r < 0.65:
            title = rng.choice(titles)
            method, params, known = "tap", {"id": "index." + title}, visible[title]
        elif r < 0.67:
            method, params, known = "tap", {"id": "tab.contacts"}, visible["__top__"]  # scrolls to the top
        elif r < 0.82 and known:
            method, params = "tap", {"id": rng.choice(known)}
        else:
            # A tap on the list: a row (selects it) or a section header (nothing happens).
            x = round(rng.uniform(fx + 16, fx + fw - 32), 1)
            y = round(rng.uniform(fy + 1, fy + fh - 1), 1)
            method, params = "tap", {"x": x, "y": y}
        lines.append(request_line(rid, method, params))
        rid += 1
    return lines


def mix_summary(lines):
    """The share of each kind of command in a stream on the Contacts tab."""
    kinds = []
    for line in lines:
        msg = json.loads(line)
        p = msg["params"]
        if msg["method"] == "scroll":
            kind = "scroll deltaY" if "deltaY" in p else "scroll offsetY"
        elif msg["method"] == "section":
            kind = "section"
        elif "x" in p:
            kind = "tap point"
        elif p["id"].startswith("index."):
            kind = "tap index"
        elif p["id"].startswith("tab."):
            kind = "tap tab"
        else:
            kind = "tap row"
        kinds.append(kind)
    return share_summary(kinds)


# MARK: - One command stream for two data sets


class ListLayout:
    """The Contacts list of one data set as the engine lays it out, rebuilt from a probe: each
    section a header and then its rows (heights from the probe's nodes), the band of content the
    engine renders around an offset (the visible part and half its height above and below), and
    what a point tap hits. Checked against the probe: the content height, where every index jump
    landed and where every row seen was."""

    def __init__(self, info):
        self.header = float(info["header_height"])
        self.row = float(info["row_height"])
        self.frame = info["list_frame"]
        self.height = float(self.frame[3])
        self.max_offset = float(info["max_offset"])
        self.ids = [section_id for section_id, _ in info["sections"]]
        self.tops = [0.0]
        for _, rows in info["sections"]:
            self.tops.append(self.tops[-1] + self.header + rows * self.row)
        self.content = self.tops[-1]
        if abs(self.content - info["content_height"]) > 0.01:
            raise BenchError("layout: sections add up to %r pt, the content is %r" % (self.content, info["content_height"]))
        if abs(self.max_offset - max(0.0, self.content - self.height)) > 0.01:
            raise BenchError("layout: max offset %r, expected %r" % (self.max_offset, self.content - self.height))
        self.jump = dict(info["jump"])
        for title, offset in self.jump.items():
            if title in self.ids:
                want = min(self.tops[self.ids.index(title)], self.max_offset)
                if abs(offset - want) > 0.01:
                    raise BenchError("layout: the jump to %s landed at %r, the layout expects %r" % (title, offset, want))
        self.row_y = dict(info["row_y"])
        for node_id, y in self.row_y.items():
            i = self.section_at(y)
            if (y - self.tops[i] - self.header) % self.row > 0.01 or y < self.tops[i] + self.header:
                raise BenchError("layout: %s at y %r is not on a row of section %s" % (node_id, y, self.ids[i]))

    def section_at(self, y):
        return min(max(0, bisect.bisect_right(self.tops, y) - 1), len(self.ids) - 1)

    def band(self, offset):
        return max(0.0, offset - self.height / 2), min(self.content, offset + 1.5 * self.height)

    def hit(self, offset, screen_y, selection):
        """What a point tap at `screen_y` (a screen point inside the list) does at `offset`:
        ("header",) or ("row", the row's top, already selected, the old selection rendered);
        None within 1 pt of an edge (too close to call)."""
        y = offset + screen_y - self.frame[1]
        if y < 0 or y >= self.content:
            return None
        i = self.section_at(y)
        pinned = min(max(self.tops[i], offset), self.tops[i + 1] - self.header)  # the sticky header
        if pinned <= y < pinned + self.header:
            return ("header",) if min(y - pinned, pinned + self.header - y) >= 1 else None
        r = math.floor((y - self.tops[i] - self.header) / self.row)
        top = self.tops[i] + self.header + r * self.row
        if min(y - top, top + self.row - y) < 1 or (pinned + self.header <= y < pinned + self.header + 1):
            return None
        return self.row_tap(offset, top, selection)

    def row_tap(self, offset, top, selection):
        low, high = self.band(offset)
        old_rendered = selection is not None and selection < high and selection + self.row > low
        return ("row", top, top == selection, old_rendered)


def band_change(layout, old, new):
    """(points of content entering the rendered band, points leaving it) when the offset moves."""
    a0, a1 = layout.band(old)
    b0, b1 = layout.band(new)
    overlap = max(0.0, min(a1, b1) - max(a0, b0))
    return (b1 - b0) - overlap, (a1 - a0) - overlap


def same_move(layouts, olds, news, tol=1.0):
    """True when moving every session from its offset in `olds` to the one in `news` renders as
    many new points of content and drops as many as in the first session (within `tol`)."""
    changes = [band_change(l, o, n) for l, o, n in zip(layouts, olds, news)]
    return all(abs(c[0] - changes[0][0]) <= tol and abs(c[1] - changes[0][1]) <= tol for c in changes)


def make_common_stream(rng, count, infos, first_id, tries=20):
    """`count` request lines valid on every data set probed in `infos` (a probe per data set)
    that move the screen the same way on each: the mix of ``make_stream``, with every scroll
    and jump kept to moves that render and drop the same length of content in every session
    (``same_move``: scrolls within every offset range and clear of the ends, where one content
    would stop drawing and another not), jumps only to sections all data sets have, taps by id
    only on rows visible in all sessions at once, and point taps where every session hits the
    same kind of thing (a header; or a row, selected or not). A command that finds no such
    variant in `tries` draws becomes a point tap. Returns (lines, the predicted final offsets,
    {kind: how many commands fell back to a point tap})."""
    layouts = [ListLayout(info) for info in infos]
    titles = [t for t in infos[0]["titles"] if all(t in l.ids and t in l.jump for l in layouts)]
    max_offset = min(l.max_offset for l in layouts)
    fx, fy, fw, fh = layouts[0].frame
    if any(l.frame != layouts[0].frame for l in layouts):
        raise BenchError("common stream: the list frames differ: %s" % [l.frame for l in layouts])
    offsets = [0.0] * len(layouts)
    selection = [None] * len(layouts)  # the selected row's top in each session

    def visible_in_all(key):
        others = [set(info["visible"].get(key, ())) for info in infos[1:]]
        return [node_id for node_id in infos[0]["visible"].get(key, ()) if all(node_id in o for o in others)]

    def move(news):
        if all(0 <= n <= l.max_offset for l, n in zip(layouts, news)) and same_move(layouts, offsets, news):
            offsets[:] = news
            return True
        return False

    def select(taps):
        for k, tap in enumerate(taps):
            selection[k] = tap[1]

    known = visible_in_all("__top__")  # the stream starts at offset 0
    fallbacks = {}
    lines = []
    rid = first_id
    for _ in range(count):
        r = rng.random()
        method = params = None
        if r < 0.45:
            kind = "scroll deltaY"
            for _ in range(tries):
                size = rng.uniform(10, 250) if rng.random() < 0.7 else rng.uniform(250, 1500)
                delta = round(size if rng.random() < 0.55 else -size, 1)
                for d in (delta, -delta):  # the other way when that one does not fit
                    if move([o + d for o in offsets]):
                        method, params, known = "scroll", {"deltaY": d}, None
                        break
                if method:
                    break
        elif r < 0.50:
            kind = "scroll offsetY"
            for _ in range(tries):
                target = rng.randrange(0, int(max_offset) + 1)
                if move([float(target)] * len(layouts)):
                    method, params, known = "scroll", {"offsetY": target}, None
                    break
        elif r < 0.67:
            kind = "section" if r < 0.60 else "tap index" if r < 0.65 else "tap tab"
            for _ in range(tries if kind != "tap tab" else 1):
                title = rng.choice(titles) if kind != "tap tab" else "__top__"
                if move([float(l.jump[title]) for l in layouts]):
                    known = visible_in_all(title)
                    method, params = {"section": ("section", {"title": title}),
                                      "tap index": ("tap", {"id": "index." + title}),
                                      "tap tab": ("tap", {"id": "tab.contacts"})}[kind]  # the tab: scrolls to the top
                    break
        elif r < 0.82 and known:
            kind = "tap row"
            for _ in range(tries):
                node_id = rng.choice(known)
                taps = [l.row_tap(o, l.row_y[node_id], sel) for l, o, sel in zip(layouts, offsets, selection)]
                if all(t[2:] == taps[0][2:] for t in taps):
                    method, params = "tap", {"id": node_id}
                    select(taps)
                    break
        else:
            kind = None
        if method is None:
            if kind is not None:
                fallbacks[kind] = fallbacks.get(kind, 0) + 1
            # A tap on the list: a row (selects it) or a section header (nothing happens), the same in all.
            for _ in range(200):
                x = round(rng.uniform(fx + 16, fx + fw - 32), 1)
                y = round(rng.uniform(fy + 1, fy + fh - 1), 1)
                taps = [l.hit(o, y, sel) for l, o, sel in zip(layouts, offsets, selection)]
                if taps[0] is not None and all(t is not None and t[0] == taps[0][0] and t[2:] == taps[0][2:] for t in taps):
                    method, params = "tap", {"x": x, "y": y}
                    if taps[0][0] == "row":
                        select(taps)
                    break
            else:
                raise BenchError("common stream: no point on the list hits the same kind of thing in every session "
                                 "at offsets %s" % offsets)
        lines.append(request_line(rid, method, params))
        rid += 1
    return lines, offsets, fallbacks


# MARK: - 1. Ping-pong


def ping_pong(report, binary, iterations, warmup, block):
    report.add("## Ping-pong")
    report.add()
    probe_engine, _ = start_session(binary, {"scene": "directory"})
    try:
        info_snap, _, _ = probe_engine.request("snapshot", {})
    finally:
        probe_engine.kill()
    rows = visible_rows(info_snap["state"])
    if len(rows) < 2:
        raise BenchError("ping-pong: fewer than two visible contacts rows in the sample")
    row_a, row_b = rows[0], rows[1]
    tap = ("tap", ['{"id":"%s"}' % row_a, '{"id":"%s"}' % row_b])
    noop = ("scroll", ['{"offsetY":0}'])
    placed_ping_pong(report, lambda args: start_session(binary, {"scene": "directory"}, args=args)[0],
                     tap, noop, iterations, warmup, block,
                     "`tap` by id alternating between `%s` and `%s` (moves the selection) on the Contacts tab of "
                     "the built-in sample" % (row_a, row_b))


# MARK: - 2. Throughput


def throughput(report, binary, count, seed):
    report.add("## Throughput")
    report.add()
    lines, _ = probed_stream(binary, {"scene": "directory"}, "throughput/%d" % seed, count)

    engine, _ = start_session(binary, {"scene": "directory"})
    try:
        engine_ns, out_lines, hwm, status, _ = run_stream(engine, lines)
    finally:
        engine.kill()
    check = check_output(out_lines, count)

    all_lines = lines + out_lines
    t0 = time.perf_counter_ns()
    for line in all_lines:
        json.dumps(json.loads(line))
    python_ns = time.perf_counter_ns() - t0

    in_bytes = sum(len(l) + 1 for l in lines)
    out_bytes = sum(len(l.encode()) + 1 for l in out_lines)
    report.add("%d commands on the Contacts tab of the built-in sample (%s), written from a thread into the "
               "engine's stdin while its stdout is read, until EOF after `shutdown`. Reference: a Python loop "
               "`json.dumps(json.loads(line))` over the %d input lines and the %d lines the engine wrote for them."
               % (count, mix_summary(lines), len(lines), len(out_lines)))
    report.add()
    report.table(["", "time", "per command", "commands/s"],
                 [["scenery (pipe, wall)", secs(engine_ns), us(engine_ns / count), "%.0f" % (count / (engine_ns / 1e9))],
                  ["python json decode+encode", secs(python_ns), us(python_ns / count), "%.0f" % (count / (python_ns / 1e9))]])
    report.add()
    report.add("Input %.1f MB, output %.1f MB (%d responses, %d patch notifications)."
               % (in_bytes / 1e6, out_bytes / 1e6, check["responses"], check["notifications"]))
    for problem in check["problems"]:
        report.add("Note: %s." % problem)
    if status != 0:
        report.add("Note: scenery exited with status %r after shutdown." % status)
    r = ratio(engine_ns, python_ns)
    if getattr(engine, "cpu_s", None):
        report.add("- info: engine CPU time (user+sys, whole process incl. setup): %.2f s = %.2fx the stream's wall time"
                   % (engine.cpu_s, engine.cpu_s / (engine_ns / 1e9)))
    report.target("Throughput", "scenery/python = %.2fx (%s vs %s)" % (r, secs(engine_ns), secs(python_ns)), "< 1x", r < 1.0)
    if hwm:
        report.add("- info: peak RSS (VmHWM) before shutdown: %.1f MB" % (hwm / 1024.0))
    report.add()


# MARK: - 3. Scale


def last_patch_value(out_lines, path):
    """The value the last response patch set at `path` (None if none did)."""
    value = None
    needle = '"%s"' % path
    for line in out_lines:
        if needle in line:
            msg = json.loads(line)
            for op in (msg.get("result") or {}).get("patch", ()):
                if op["path"] == path:
                    value = op.get("value")
    return value


def scale_prepare(binary, people, events, tmp, seed, stream_count, open_reps):
    """A data set, Python's json.load of it, sessions only opening, and the probe (its findings and
    the data set's own free-range stream); the timed streams come later (``scale_stream``)."""
    folder = os.path.join(tmp, "p%d" % people)
    t0 = time.perf_counter_ns()
    people_path, events_path = directory_data.generate(folder, people, events, seed)
    gen_ns = time.perf_counter_ns() - t0
    open_params = {"scene": "directory", "people": people_path, "events": events_path}

    load_times = []
    for _ in range(max(3, open_reps)):
        t0 = time.perf_counter_ns()
        with open(people_path, "rb") as f:
            json.load(f)
        load_times.append(time.perf_counter_ns() - t0)

    open_times = []
    # Sessions only opening (each in a fresh process, the file in the page cache).
    for _ in range(open_reps):
        engine, open_ns = start_session(binary, open_params, contacts=False)
        open_times.append(open_ns)
        try:
            engine.shutdown()
        finally:
            engine.kill()
    # The probe session (opens too).
    free_lines, info, open_ns = probed_stream_info(binary, open_params, "scale/%d" % seed, stream_count)
    open_times.append(open_ns)
    return {
        "people": people, "events": events, "bytes": os.path.getsize(people_path), "gen_ns": gen_ns,
        "open_params": open_params, "open_times": open_times, "load_ns": median(load_times), "info": info,
        "free_lines": free_lines,
    }


def scale_stream(binary, d, lines, expected_offset=None):
    """A timed session (it opens too) with `lines` piped through it. Returns the run's figures."""
    engine, open_ns = start_session(binary, d["open_params"])
    d["open_times"].append(open_ns)

    def check(out_lines):
        checked = check_output(out_lines, len(lines))
        if expected_offset is not None:
            final = last_patch_value(out_lines, "/model/offsetY")
            if final is None or abs(final - expected_offset) > 0.05:
                checked["problems"].append("the list ended at offset %r, the stream's model expected %r"
                                           % (final, round(expected_offset, 1)))
        return checked
    return piped(engine, lines, check)


def scale(report, binary, small, large, stream_count, open_reps, seed):
    report.add("## Scale")
    report.add()
    tmp = tempfile.mkdtemp(prefix="scenery-bench-")
    try:
        a = scale_prepare(binary, small[0], small[1], tmp, seed, stream_count, open_reps)
        b = scale_prepare(binary, large[0], large[1], tmp, seed, stream_count, open_reps)
        same_lines, offsets, fallbacks = make_common_stream(random.Random("scale-same/%d" % seed), stream_count,
                                                            [a["info"], b["info"]], first_id=1000)
        # The same stream on both, one after the other; then each data set's own free-range stream.
        for d, offset in ((a, offsets[0]), (b, offsets[1])):
            d["same"] = scale_stream(binary, d, same_lines, offset)
        for d in (a, b):
            d["free"] = scale_stream(binary, d, d["free_lines"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for d in (a, b):
        d["open_ns"], d["open_min_ns"] = median(d["open_times"]), min(d["open_times"])
        hwms = [h for h in (d["same"]["hwm"], d["free"]["hwm"]) if h]
        d["hwm"] = max(hwms) if hwms else None
    report.add("Data from `Examples/generators/directory_data.py` (seed %d). `scene.open` timed request to response, "
               "median of %d fresh processes. Per-command cost: ONE stream of %d commands on the Contacts tab (%s), "
               "piped through a session on each data set, wall time until EOF after `shutdown`. It is generated against "
               "both probed layouts so that it is valid on both and moves the screen the same way: every scroll and "
               "jump renders and drops the same length of content on both (scrolls within both offset ranges and clear "
               "of the ends, jumps only to sections both have), taps by id only on rows visible in both, point taps "
               "only where both hit the same kind of thing%s. The content still differs: the %d-person list has a "
               "section header every few rows, the %d-person one almost none. Each data set's own free-range stream "
               "(the same mix over its whole offset range) is run too, for information. Peak RSS is VmHWM read once "
               "the last command was answered, before `shutdown` (the larger of the two streams)."
               % (seed, len(b["open_times"]), stream_count, mix_summary(same_lines),
                  "; commands with no such variant became point taps (%s)"
                  % ", ".join("%s %d" % kv for kv in sorted(fallbacks.items())) if fallbacks else "",
                  a["people"], b["people"]))
    report.add()
    report.table(["people / events", "people.json", "python json.load", "scene.open (median, min)",
                  "same stream", "per command", "output per command", "own stream: per command",
                  "own: output per command", "notifications (same / own)", "peak RSS"],
                 [["%d / %d" % (d["people"], d["events"]), "%.2f MB" % (d["bytes"] / 1e6), ms(d["load_ns"]),
                   "%s, %s" % (ms(d["open_ns"]), ms(d["open_min_ns"])), secs(d["same"]["stream_ns"]),
                   us(d["same"]["per_cmd_ns"]), "%.0f B" % (d["same"]["out_bytes"] / stream_count),
                   us(d["free"]["per_cmd_ns"]), "%.0f B" % (d["free"]["out_bytes"] / stream_count),
                   "%d / %d" % (d["same"]["check"]["notifications"], d["free"]["check"]["notifications"]),
                   "%.1f MB" % (d["hwm"] / 1024.0) if d["hwm"] else "n/a"] for d in (a, b)])
    report.add()
    for d in (a, b):
        for name in ("same", "free"):
            for problem in d[name]["check"]["problems"]:
                report.add("Note (%d people, %s stream): %s." % (d["people"], name, problem))
            if d[name]["status"] != 0:
                report.add("Note (%d people, %s stream): scenery exited with status %r after shutdown."
                           % (d["people"], name, d[name]["status"]))
    report_same_stream(report, "%d people" % a["people"], "%d people" % b["people"],
                       (a["same"], b["same"]), (a["free"], b["free"]))
    report.target("scene.open, %d people" % b["people"],
                  "%s = %.2fx of 1 s; %.1fx the %d-person open (%s); %.2fx Python's json.load of the same file (%s)"
                  % (ms(b["open_ns"]), b["open_ns"] / 1e9, ratio(b["open_ns"], a["open_ns"]), a["people"], ms(a["open_ns"]),
                     ratio(b["open_ns"], b["load_ns"]), ms(b["load_ns"])),
                  "< 1 s", b["open_ns"] < 1e9)
    if b["hwm"]:
        report.target("Peak RSS, %d people" % b["people"],
                      "%.1f MB = %.2fx of 100 MB; %.1fx the %d-person run (%.1f MB)"
                      % (b["hwm"] / 1024.0, b["hwm"] / 1024.0 / 100.0, ratio(b["hwm"], a["hwm"] or 0), a["people"],
                         (a["hwm"] or 0) / 1024.0),
                      "< 100 MB", b["hwm"] / 1024.0 < 100.0)
    else:
        report.add("- **Peak RSS**: could not be read: **FAIL**")
        report.targets.append(("Peak RSS", False, "n/a", "< 100 MB"))
    report.add("- info: generating the data took %s (%d people) and %s (%d people)"
               % (secs(a["gen_ns"]), a["people"], secs(b["gen_ns"]), b["people"]))
    report.add()


# MARK: - Main


def main(argv=None):
    parser = argument_parser("Scenery benchmarks (figures as ratios against references measured in the same run).",
                             "smaller counts, for a smoke run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated data and command streams")
    args, binary = parse_arguments(parser, argv)

    if args.quick:
        pp = dict(iterations=500, warmup=50, block=50)
        tp_count = 10_000
        sc = dict(small=(100, 50), large=(10_000, 200), stream_count=2_000, open_reps=1)
    else:
        pp = dict(iterations=3000, warmup=200, block=100)
        tp_count = 100_000
        sc = dict(small=(100, 50), large=(100_000, 1000), stream_count=20_000, open_reps=3)

    report = start_report("Scenery benchmarks", binary, quick=args.quick)
    started = time.monotonic()
    run_sections(report, [
        ("Ping-pong", lambda: ping_pong(report, binary, **pp)),
        ("Throughput", lambda: throughput(report, binary, tp_count, args.seed)),
        ("Scale", lambda: scale(report, binary, seed=args.seed, **sc)),
    ])
    finish_report(report, started, "report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
