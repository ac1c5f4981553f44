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
the figures (benchmarks report, they are not tests); 2 when the binary is missing.
Python 3.11 standard library only.
"""

import argparse
import bisect
import gc
import json
import math
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "Examples", "generators"))
import directory_data  # noqa: E402

ROW_ID = re.compile(r"^contacts\.person\.\d+$")


class BenchError(Exception):
    pass


# MARK: - Driving a process over raw pipes


class LineProcess:
    """A child process spoken to with os.write/os.read on unbuffered pipes, one line at a time."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.wfd = self.proc.stdin.fileno()
        self.rfd = self.proc.stdout.fileno()
        self.buf = b""
        self.pos = 0
        self.next_id = 1

    @property
    def pid(self):
        return self.proc.pid

    def write(self, data):
        view = memoryview(data)
        while view:
            n = os.write(self.wfd, view)
            view = view[n:]

    def readline(self):
        """The next line, without its newline; blocks; raises BenchError at end of output."""
        buf, pos = self.buf, self.pos
        end = buf.find(b"\n", pos)
        while end < 0:
            chunk = os.read(self.rfd, 1 << 16)
            if not chunk:
                raise BenchError("unexpected end of output from %s" % self.proc.args[0])
            search_from = len(buf) - pos
            buf = buf[pos:] + chunk
            pos = 0
            end = buf.find(b"\n", search_from)
        self.buf, self.pos = buf, end + 1
        return buf[pos:end]

    def close_input(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def finish(self, timeout=60):
        """Closes stdin, drains stdout to EOF and reaps the child; returns (exit status, ru_maxrss KiB)."""
        self.close_input()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not os.read(self.rfd, 1 << 16):
                break
        try:
            self.proc.stdout.close()
        except OSError:
            pass
        return reap(self.proc)

    def kill(self):
        if self.proc.returncode is None:
            try:
                self.proc.kill()
            except OSError:
                pass
            try:
                reap(self.proc)
            except ChildProcessError:
                pass


def reap(proc, usage_out=None):
    """Waits for `proc` with wait4, so the child's peak RSS (and CPU time, into `usage_out`) come back too."""
    if proc.returncode is not None:
        return proc.returncode, None
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if usage_out is not None:
        usage_out["cpu_s"] = usage.ru_utime + usage.ru_stime
    return proc.returncode, usage.ru_maxrss


class Engine(LineProcess):
    """A scenery process with a blocking request helper (for setup and probing, not the hot loops)."""

    def __init__(self, binary, args=()):
        super().__init__([binary] + list(args))
        self.binary = binary

    def request(self, method, params=None):
        """Sends a request; returns (response, notifications before it, round trip ns).

        Params are always sent (an empty object when there are none).
        """
        rid = self.next_id
        self.next_id += 1
        line = json.dumps({"jsonrpc": "2.0", "id": rid, "method": method,
                           "params": params if params is not None else {}}, separators=(",", ":"),
                          ensure_ascii=False).encode() + b"\n"
        notes = []
        t0 = time.perf_counter_ns()
        self.write(line)
        while True:
            raw = self.readline()
            msg = json.loads(raw)
            if msg.get("id") == rid:
                elapsed = time.perf_counter_ns() - t0
                break
            if "id" in msg:
                raise BenchError("%s: response for id %r while waiting for %r" % (method, msg.get("id"), rid))
            notes.append(msg)
        if "error" in msg:
            raise BenchError("%s %s: %s" % (method, json.dumps(params), msg["error"].get("message")))
        return msg["result"], notes, elapsed

    def peak_rss_kib(self):
        """VmHWM of the running engine, KiB."""
        with open("/proc/%d/status" % self.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return None

    def shutdown(self):
        self.request("shutdown", {})
        return self.finish()


def start_session(binary, open_params, contacts=True, args=()):
    """initialize + scene.open (timed) + switch to Contacts. Returns (engine, open ns)."""
    engine = Engine(binary, args)
    try:
        engine.request("initialize", {"seed": 1, "network": False})
        _, _, open_ns = engine.request("scene.open", open_params)
        if contacts:
            engine.request("tap", {"id": "tab.contacts"})
            # A request that changes nothing, so every notification of the setup has been read.
            engine.request("scroll", {"offsetY": 0})
    except BaseException:
        engine.kill()
        raise
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


def request_line(rid, method, params):
    """One request line (no newline), compact JSON."""
    return '{"jsonrpc":"2.0","id":%d,"method":"%s","params":%s}' % (rid, method, json.dumps(params, separators=(",", ":")))


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


# MARK: - Statistics and formatting


def percentile(sorted_values, p):
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, math.ceil(p / 100.0 * len(sorted_values)) - 1))
    return sorted_values[k]


def median(values):
    values = sorted(values)
    n = len(values)
    if n == 0:
        return float("nan")
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def us(ns):
    return "%.1f µs" % (ns / 1000.0)


def ms(ns):
    return "%.1f ms" % (ns / 1e6)


def secs(ns):
    return "%.3f s" % (ns / 1e9)


def ratio(a, b):
    return a / b if b else float("inf")


def verdict(ok):
    return "PASS" if ok else "FAIL"


class Report:
    def __init__(self):
        self.lines = []
        self.targets = []

    def add(self, text=""):
        self.lines.append(text)
        print(text, flush=True)

    def target(self, name, figure, target, ok, note=""):
        line = "- **%s**: %s; target %s: **%s**%s" % (name, figure, target, verdict(ok), (" (" + note + ")") if note else "")
        self.targets.append((name, ok, figure, target))
        self.add(line)

    def table(self, header, rows):
        self.add("| " + " | ".join(header) + " |")
        self.add("|" + "|".join(["---"] * len(header)) + "|")
        for row in rows:
            self.add("| " + " | ".join(str(c) for c in row) + " |")


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


# MARK: Placement

PLACEMENT_NOTE = """Where the processes run decides the round trip more than anything either program does. On a
machine whose idle CPUs sleep (a VM without guest halt polling), a reply that must wake the
driver's CPU costs tens of microseconds; one that wakes it on the CPU already running is cheap.
Left to itself the kernel puts each child beside the driver or on the other CPU by start order and
by how long the child runs per request (checked: a C echo doing 1 µs of work per line measured
6.5x `cat` in one run and `cat` 6.7x it in another, depending on which ended up beside the driver).
So the target compares scenery and `cat` placed alike: the driver and both children confined to
one CPU, where each round trip costs the same switches plus the child's own work. The two other
placements are shown for information."""


def cpu_pair():
    """Two CPUs this process may use, or None when there is no affinity control or one CPU only."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return (cpus[0], cpus[1]) if len(cpus) >= 2 else None


def pin_process(pid, cpu):
    """Confines every thread of process `pid` to `cpu`."""
    for task in os.listdir("/proc/%d/task" % pid):
        os.sched_setaffinity(int(task), {cpu})


def measure_placed(placement, start_engine, cases, iterations, warmup, block):
    """Runs ping-pong `cases` [(method, params, iterations)] with one fresh scenery and cat placed alike.

    Placements: "shared" (driver, cat and scenery confined to one CPU; scenery then does not spin,
    its default there), "split" (driver on one CPU, cat and scenery on another; scenery spins, its
    default with a CPU of its own), "kernel" (nothing pinned). Returns ([(times, stats)] per case,
    peak RSS KiB, exit status after shutdown).
    """
    cpus = cpu_pair()
    saved = os.sched_getaffinity(0) if cpus else None
    engine = cat = None
    try:
        if placement in ("shared", "split"):
            os.sched_setaffinity(0, {cpus[0]})  # children inherit it
        engine = start_engine(["run", "--spin-microseconds", "200"] if placement == "split" else [])
        cat = LineProcess(["cat"])
        if placement == "split":
            pin_process(engine.pid, cpus[1])
            pin_process(cat.pid, cpus[1])
        results = [measure_ping_pong(engine, cat, method, params, count, warmup, block)
                   for method, params, count in cases]
        rss = engine.peak_rss_kib()
        status, _ = engine.shutdown()
        return results, rss, status
    finally:
        if saved:
            os.sched_setaffinity(0, saved)
        if engine:
            engine.kill()
        if cat:
            cat.finish()


def placed_ping_pong(report, start_engine, tap, noop, iterations, warmup, block, what):
    """The ping-pong section: the target with driver, cat and scenery on one CPU, then information.

    `tap` and `noop` are (method, [params JSON, ...]); `noop` is a command that changes nothing
    (`patch: []`), the engine's fixed cost per command.
    """
    cpus = cpu_pair()
    for line in PLACEMENT_NOTE.splitlines():
        report.add(line)
    report.add()
    if cpus is None:
        report.add("(No CPU affinity control here, or one CPU only: nothing is pinned.)")
        report.add()
    main = "shared" if cpus else "kernel"
    cases = [(tap[0], tap[1], iterations), (noop[0], noop[1], iterations // 3)]
    results, rss, status = measure_placed(main, start_engine, cases, iterations, warmup, block)
    (times, stats), (noop_times, noop_stats) = results
    report_ping_pong(report, times, stats, status, rss, warmup, block,
                     what + (" with the driver, cat and scenery on CPU %d" % cpus[0] if cpus else ""))
    nm, ncat = median(noop_times["scenery"]), median(noop_times["cat"])
    report.add("- info: a command that changes nothing (`%s %s`, `patch: []`), same placement, %d round trips: "
               "median %s = %.2fx cat (%s), p99 %s; the tap's median is %.1fx it%s"
               % (noop[0], noop[1][0], len(noop_times["scenery"]), us(nm), ratio(nm, ncat), us(ncat),
                  us(percentile(sorted(noop_times["scenery"]), 99)), ratio(median(times["scenery"]), nm),
                  problems(noop_stats)))
    if cpus:
        for placement, label in (("split", "driver on CPU %d, cat and scenery (spinning) on CPU %d" % cpus),
                                 ("kernel", "nothing pinned, placement left to the kernel")):
            (placed, placed_stats), = measure_placed(placement, start_engine, [(tap[0], tap[1], iterations)],
                                                     iterations, warmup, block)[0]
            sm, cm = median(placed["scenery"]), median(placed["cat"])
            report.add("- info: the same taps, %s: median %s vs cat %s = %.2fx, p99 %s%s"
                       % (label, us(sm), us(cm), ratio(sm, cm), us(percentile(sorted(placed["scenery"]), 99)),
                          problems(placed_stats)))
    report.add()


def problems(stats):
    """A note for a report line when timed round trips met errors or notifications (none expected)."""
    if not (stats["errors"] or stats["notifications"]):
        return ""
    return " (%d errors, %d notifications)" % (stats["errors"], stats["notifications"])


def measure_ping_pong(engine, cat, method, params, iterations, warmup, block):
    """Round trips of `method` requests through `engine` and of the same lines through `cat`.

    `params` are compact JSON objects (strings), used in turn. Warm-up interleaved, then blocks of
    `block` round trips, cat and scenery alternating which goes first. Returns ({"cat": [ns, ...],
    "scenery": [ns, ...]}, {"errors", "notifications"} counted during the timed round trips).
    """
    base_id = engine.next_id + 1000
    total = warmup + iterations
    lines = [('{"jsonrpc":"2.0","id":%d,"method":"%s","params":%s}\n'
              % (base_id + i, method, params[i % len(params)])).encode() for i in range(total)]
    # Matching, the same for both: a scenery result line starts with {"id":N, (keys are
    # sorted); cat echoes the request. Anything else (a notification, an error) is parsed.
    prefixes = [b'{"id":%d,' % (base_id + i) for i in range(total)]

    def round_trip(proc, i):
        line = lines[i]
        prefix = prefixes[i]
        echo = line[:-1]
        t0 = time.perf_counter_ns()
        proc.write(line)
        while True:
            got = proc.readline()
            if got.startswith(prefix) or got == echo:
                break
            msg = json.loads(got)
            if msg.get("id") == base_id + i:
                stats["errors"] += 1
                break
            stats["notifications"] += 1
        return time.perf_counter_ns() - t0

    stats = {"errors": 0, "notifications": 0}
    times = {"cat": [], "scenery": []}
    procs = {"cat": cat, "scenery": engine}
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        # Warm-up, interleaved too.
        for i in range(warmup):
            round_trip(cat, i)
            round_trip(engine, i)
        stats["errors"] = stats["notifications"] = 0
        blocks = [(start, min(start + block, total)) for start in range(warmup, total, block)]
        for k, (start, stop) in enumerate(blocks):
            order = ("cat", "scenery") if k % 2 == 0 else ("scenery", "cat")
            for name in order:
                proc, out = procs[name], times[name]
                for i in range(start, stop):
                    out.append(round_trip(proc, i))
    finally:
        if gc_was_enabled:
            gc.enable()
    engine.next_id = base_id + total
    return times, stats


def report_ping_pong(report, times, stats, status, rss, warmup, block, what):
    """The ping-pong table and its two targets; `what` says which command went round."""
    c = sorted(times["cat"])
    s = sorted(times["scenery"])
    cm, c90, c99 = percentile(c, 50), percentile(c, 90), percentile(c, 99)
    sm, s90, s99 = percentile(s, 50), percentile(s, 90), percentile(s, 99)
    report.add("%s; %d round trips each after %d warm-up, scenery and cat alternated in blocks of %d. "
               "One line written, the response line read back (os.write/os.read, unbuffered pipes)."
               % (what, len(s), warmup, block))
    report.add()
    report.table(["", "median", "p90", "p99", "max"],
                 [["cat", us(cm), us(c90), us(c99), us(c[-1])],
                  ["scenery", us(sm), us(s90), us(s99), us(s[-1])],
                  ["scenery / cat", "%.2fx" % ratio(sm, cm), "%.2fx" % ratio(s90, c90), "%.2fx" % ratio(s99, c99), ""]])
    report.add()
    if stats["errors"] or stats["notifications"]:
        report.add("Note: %d error responses and %d notifications during the timed taps (expected none)."
                   % (stats["errors"], stats["notifications"]))
    if status != 0:
        report.add("Note: scenery exited with status %r after shutdown." % status)
    report.target("Ping-pong median", "scenery/cat = %.2fx (%s vs %s)" % (ratio(sm, cm), us(sm), us(cm)),
                  "<= 2x", ratio(sm, cm) <= 2.0)
    report.target("Ping-pong p99", "%s = %.2fx of 1 ms (cat p99 %s, scenery/cat %.2fx)" % (us(s99), s99 / 1e6, us(c99), ratio(s99, c99)),
                  "< 1 ms", s99 < 1e6)
    report.add("- info: peak RSS (VmHWM) after the run: %.1f MB" % (rss / 1024.0) if rss else "- info: peak RSS unavailable")
    report.add()


# MARK: - Streams


def run_stream(engine, lines, timeout=600):
    """Pipes `lines` (request lines without newlines) into a running engine, then `shutdown`.

    Returns (wall ns from the first write to EOF, output bytes of the timed period, VmHWM KiB read
    once the last command was answered and before shutdown, exit status, ru_maxrss KiB).
    """
    last_id = json.loads(lines[-1])["id"]
    marker = b'"id":%d,"jsonrpc"' % last_id  # canonical key order: {"id":N,"jsonrpc"... / {"error":..,"id":N,"jsonrpc"...
    payload = ("\n".join(lines) + "\n").encode()
    shutdown_line = ('{"jsonrpc":"2.0","id":%d,"method":"shutdown","params":{}}\n' % (last_id + 1)).encode()
    answered = threading.Event()
    hwm = [None]
    failure = []

    def writer():
        try:
            engine.write(payload)
            if not answered.wait(timeout):
                failure.append("no answer to the last command within %d s" % timeout)
            engine.write(shutdown_line)
            engine.close_input()
        except OSError as e:  # the engine died
            failure.append("writing: %s" % e)

    if engine.buf[engine.pos:]:
        raise BenchError("unread output before the stream: %r" % engine.buf[engine.pos:][:200])
    chunks = []
    tail = b""
    thread = threading.Thread(target=writer, daemon=True)
    t0 = time.perf_counter_ns()
    thread.start()
    rfd = engine.rfd
    while True:
        chunk = os.read(rfd, 1 << 20)
        if not chunk:
            break
        if not answered.is_set():
            window = tail[-64:] + chunk
            if marker in window:
                try:
                    hwm[0] = engine.peak_rss_kib()
                except OSError:
                    pass
                answered.set()
        tail = chunk
        chunks.append(chunk)
    elapsed = time.perf_counter_ns() - t0
    answered.set()
    thread.join()
    usage = {}
    status, maxrss = reap(engine.proc, usage)
    engine.cpu_s = usage.get("cpu_s")
    if failure:
        raise BenchError("; ".join(failure))
    output = b"".join(chunks)
    # Drop the shutdown response: it answers no command of the stream.
    out_lines = output.decode("utf-8").split("\n")
    if out_lines and out_lines[-1] == "":
        out_lines.pop()
    if out_lines and ('"id":%d,' % (last_id + 1)) in out_lines[-1]:
        out_lines.pop()
    return elapsed, out_lines, hwm[0], status, maxrss


def check_output(out_lines, command_count):
    """Counts responses, errors and notifications of a stream's output."""
    responses = errors = notes = 0
    first_error = None
    for line in out_lines:
        msg = json.loads(line)
        if "id" in msg:
            responses += 1
            if "error" in msg:
                errors += 1
                first_error = first_error or msg["error"].get("message")
        else:
            notes += 1
    problems = []
    if responses != command_count:
        problems.append("%d responses for %d commands" % (responses, command_count))
    if errors:
        problems.append("%d error responses (first: %s): the stream is meant to be all valid" % (errors, first_error))
    return {"responses": responses, "errors": errors, "notifications": notes, "problems": problems}


def mix_summary(lines):
    kinds = {}
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
        kinds[kind] = kinds.get(kind, 0) + 1
    return ", ".join("%s %.0f%%" % (k, 100.0 * v / len(lines)) for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))


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


def report_same_stream(report, small_label, large_label, same, free, limit=1.5, warn=0.10):
    """The per-command cost target on the same command stream piped through a session on each of
    two data sets, checked for doing the same work there; the free-range comparison as information.

    `same` and `free` are (small run, large run); a run is a dict with `per_cmd_ns`, `stream_ns`,
    `out_bytes`, `commands` and `errors`. The runs of `same` must have no error responses and
    write within `warn` of the same bytes per command, else a loud warning and the target fails.
    """
    sa, sb = same
    ba, bb = sa["out_bytes"] / sa["commands"], sb["out_bytes"] / sb["commands"]
    bytes_ratio = ratio(bb, ba)
    report.add("- same stream on both: %d commands; output per command %.0f B (%s) and %.0f B (%s) = %.3fx; "
               "error responses %d and %d" % (sa["commands"], ba, small_label, bb, large_label, bytes_ratio,
                                             sa["errors"], sb["errors"]))
    problems = []
    if sa["errors"] or sb["errors"]:
        problems.append("%d and %d error responses" % (sa["errors"], sb["errors"]))
    if abs(bytes_ratio - 1.0) > warn:
        problems.append("output per command differs by %.0f%% (more than %.0f%%)" % (100 * abs(bytes_ratio - 1.0), 100 * warn))
    if problems:
        message = ("WARNING: the same-stream runs do not do the same work (%s), so their per-command ratio is not the "
                   "cost of the data size alone" % "; ".join(problems))
        report.add("- **%s**" % message)
        print("\n*** %s ***\n" % message, file=sys.stderr, flush=True)
    per = ratio(sb["per_cmd_ns"], sa["per_cmd_ns"])
    per_byte = ratio(sb["stream_ns"] / sb["out_bytes"], sa["stream_ns"] / sa["out_bytes"])
    report.target("Per-command cost, %s vs %s (same stream)" % (large_label, small_label),
                  "%.2fx (%s vs %s; per byte written %.2fx)" % (per, us(sb["per_cmd_ns"]), us(sa["per_cmd_ns"]), per_byte),
                  "<= %gx" % limit, per <= limit and not problems,
                  "not comparable: " + "; ".join(problems) if problems else "")
    fa, fb = free
    report.add("- info (not a target): free-range streams, %.2fx (%s vs %s per command): each generated on its own data "
               "set over that set's whole offset range, so on the larger one (%s) scrolls are longer, never stop at the "
               "ends and draw new content: it writes %.2fx the bytes (%.0f vs %.0f B per command), %d and %d error "
               "responses"
               % (ratio(fb["per_cmd_ns"], fa["per_cmd_ns"]), us(fb["per_cmd_ns"]), us(fa["per_cmd_ns"]), large_label,
                  ratio(fb["out_bytes"] / fb["commands"], fa["out_bytes"] / fa["commands"]),
                  fb["out_bytes"] / fb["commands"], fa["out_bytes"] / fa["commands"], fb["errors"], fa["errors"]))


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
    try:
        stream_ns, out_lines, hwm, status, maxrss = run_stream(engine, lines)
    finally:
        engine.kill()
    check = check_output(out_lines, len(lines))
    if expected_offset is not None:
        final = last_patch_value(out_lines, "/model/offsetY")
        if final is None or abs(final - expected_offset) > 0.05:
            check["problems"].append("the list ended at offset %r, the stream's model expected %r"
                                     % (final, round(expected_offset, 1)))
    return {"stream_ns": stream_ns, "per_cmd_ns": stream_ns / len(lines), "commands": len(lines), "hwm": hwm,
            "maxrss": maxrss, "status": status, "check": check, "errors": check["errors"],
            "out_bytes": sum(len(l.encode()) + 1 for l in out_lines)}


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


def git_head():
    try:
        head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return head + (" (uncommitted changes)" if dirty else "")
    except OSError:
        return "unknown"


DEFAULT_BIN = os.environ.get("SCENERY_BIN", os.path.join(REPO, ".build", "release", "scenery"))


def check_binary(path):
    """The absolute path of a runnable binary, or None (after saying why on stderr); None too
    when `cat`, the ping-pong reference, is missing."""
    binary = os.path.abspath(path)
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        print("scenery binary not found at %s; build it with `swift build -c release` or pass --bin PATH" % binary,
              file=sys.stderr)
        return None
    if shutil.which("cat") is None:
        print("`cat` not found; the ping-pong reference needs it", file=sys.stderr)
        return None
    return binary


def add_run_info(report, binary):
    """The date, binary, commit and machine lines under a report's title."""
    mtime = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(os.path.getmtime(binary)))
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "n/a"
    report.add("- date: %s; binary: `%s` (built %s); commit: %s" % (time.strftime("%Y-%m-%d %H:%M:%S"), os.path.relpath(binary, REPO)
                                                                   if binary.startswith(REPO) else binary, mtime, git_head()))
    report.add("- machine: %s, %s CPUs, load average at start %s; Python %s"
               % (platform.platform(), os.cpu_count(), load, platform.python_version()))
    report.add()


def run_sections(report, sections):
    """Runs (name, callable) sections in turn; one that raises is reported as a failed target."""
    for name, run in sections:
        try:
            run()
        except (BenchError, OSError, ValueError, KeyError) as e:
            report.add("- **%s**: could not run: %s: %s: **FAIL**" % (name, type(e).__name__, e))
            report.targets.append((name, False, "error", ""))
            report.add()


def start_report(title, binary):
    """A report headed `title` and the run's facts (binary, commit, machine, load)."""
    report = Report()
    report.add("# " + title)
    report.add()
    add_run_info(report, binary)
    return report


def finish_report(report, started, filename):
    """The summary section, then the whole report written to bench-results/`filename`."""
    report.add("## Summary")
    report.add()
    try:
        report.add("Load average at the end: %.2f %.2f %.2f (the benchmark itself keeps one to two of the cores busy; more means other work competed)."
                   % os.getloadavg())
    except OSError:
        pass
    passed = sum(1 for t in report.targets if t[1])
    report.add("%d of %d targets met%s. Total benchmark time %.0f s."
               % (passed, len(report.targets),
                  "" if passed == len(report.targets) else "; failing: " + ", ".join(t[0] for t in report.targets if not t[1]),
                  time.monotonic() - started))

    out_dir = os.path.join(REPO, "bench-results")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, filename), "w", encoding="utf-8") as f:
        f.write("\n".join(report.lines) + "\n")
    print("\n(written to %s)" % os.path.relpath(os.path.join(out_dir, filename), os.getcwd()))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Scenery benchmarks (figures as ratios against references measured in the same run).")
    parser.add_argument("--quick", action="store_true", help="smaller counts, for a smoke run")
    parser.add_argument("--bin", default=DEFAULT_BIN,
                        help="the scenery binary (default: $SCENERY_BIN, else .build/release/scenery)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated data and command streams")
    args = parser.parse_args(argv)

    binary = check_binary(args.bin)
    if binary is None:
        return 2

    if args.quick:
        pp = dict(iterations=500, warmup=50, block=50)
        tp_count = 10_000
        sc = dict(small=(100, 50), large=(10_000, 200), stream_count=2_000, open_reps=1)
    else:
        pp = dict(iterations=3000, warmup=200, block=100)
        tp_count = 100_000
        sc = dict(small=(100, 50), large=(100_000, 1000), stream_count=20_000, open_reps=3)

    report = Report()
    report.add("# Scenery benchmarks%s" % (" (--quick: smaller counts, targets are meant for the full run)" if args.quick else ""))
    report.add()
    add_run_info(report, binary)

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
