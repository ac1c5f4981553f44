#!/usr/bin/env python3
"""Scenery benchmark for the Photos scene: an endpoint of 10,000 photos against one of 16, in
one run, over real HTTP (``Tests/Support/photo_server.py`` on 127.0.0.1).

    python3 Benchmarks/photos.py [--quick] [--bin PATH] [--reps N]

- **Usable grid**: with the real clock, from sending ``scene.open`` to the ``job.photos.list``
  notification, which carries the list's thumbnails with their first downloads started (the
  list's fetch over loopback, its parsing, the cache write and the render all included), median
  of fresh processes, against the 16-photo endpoint; target under 0.3 s for 10,000.
- **Per command**: ONE stream of gallery commands (a thumbnail, page next and previous, the 2 s
  advance, back) and scrolls, on the virtual clock, piped into a session on each endpoint, on a
  landscape phone (812x375), where both grids show the same first rows at the offsets the stream
  uses; wall time per command, 10,000 against 16; target within 1.2x.
- **Memory**: peak RSS (VmHWM) of the 10,000-photo session after the stream, against the 16;
  target under 100 MB. Photos live in the cache on disk; the engine keeps the records.

Writes ``bench-results/photos-report.md``. Python 3 standard library only.
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time

from bench.engine import SUPPORT, Engine, argument_parser, open_scene, parse_arguments, request_line, same_stream_costs, stopping
from bench.measure import interleaved, median, ratio
from bench.report import finish_report, ms, start_report

SERVER = os.path.join(SUPPORT, "photo_server.py")
LANDSCAPE = {"width": 812, "height": 375, "scale": 3, "safeArea": {"top": 0, "left": 44, "bottom": 21, "right": 44}}


def start_server():
    """The tests' photo server on a free port of 127.0.0.1: (process, base URL)."""
    proc = subprocess.Popen([sys.executable, SERVER], stdout=subprocess.PIPE, text=True)
    port = int(proc.stdout.readline().split()[1])
    return proc, "http://127.0.0.1:%d" % port


def usable(binary, endpoint, cache):
    """Real clock: ns from scene.open to the job.photos.list notification, and that state's downloads."""
    engine = Engine(binary)
    try:
        engine.request("initialize", {"clock": "real", "viewport": LANDSCAPE})
        t0 = time.perf_counter_ns()
        engine.request("scene.open", {"scene": "photos", "endpoint": endpoint, "cacheDir": cache})
        while True:
            msg = json.loads(engine.readline())
            if msg.get("params", {}).get("cause") == "job.photos.list":
                elapsed = time.perf_counter_ns() - t0
                downloads = [op["value"] for op in msg["params"]["patch"] if op["path"] == "/model/downloads/loading"]
                return elapsed, downloads[0] if downloads else None
    finally:
        engine.kill()


def make_stream(count, first_id, seed):
    """`count` request lines: a thumbnail opened, pages next and previous and 2 s advances, back, a scroll."""
    rng = random.Random(seed)
    lines, rid = [], first_id

    def add(method, params):
        nonlocal rid
        lines.append(request_line(rid, method, params))
        rid += 1
    while len(lines) < count:
        add("tap", {"id": "photo.%d" % rng.randrange(6)})
        for _ in range(rng.randrange(2, 6)):
            kind = rng.randrange(3)
            if kind == 0:
                add("page", {"direction": "next"})
            elif kind == 1:
                add("page", {"direction": "previous"})
            else:
                add("clock.advance", {"ms": 2000})
        add("tap", {"id": "gallery.back"})
        add("scroll", {"offsetY": rng.randrange(0, 50)})
    return lines[:count]


def open_session(binary, endpoint, cache):
    """A fresh engine on the virtual clock with the landscape grid of `endpoint` open."""
    engine, _, _ = open_scene(binary, {"scene": "photos", "endpoint": endpoint, "cacheDir": cache},
                              initialize={"seed": 1, "viewport": LANDSCAPE}, then=[("scroll", {"offsetY": 0})])
    return engine


def main():
    parser = argument_parser("Photos benchmark (10,000 photos against 16, in one run).", "600 commands a stream instead of 3,000")
    parser.add_argument("--reps", type=int, default=5)
    args, binary = parse_arguments(parser)
    started = time.monotonic()
    report = start_report("Photos benchmark", binary)
    server, base = start_server()
    with stopping(server):
        with tempfile.TemporaryDirectory() as tmp:
            endpoints = {16: base + "/photos.json?n=16", 10_000: base + "/photos.json?n=10000"}
            report.add("## Usable grid after the list arrives")
            runs = interleaved(max(1, args.reps), endpoints,
                               lambda count, rep: usable(binary, endpoints[count], os.path.join(tmp, "usable-%d-%d" % (count, rep))))
            small, large = (median([elapsed for elapsed, _ in runs[count]]) for count in (16, 10_000))
            loading = {count: runs[count][-1][1] for count in endpoints}
            report.target("scene.open to the grid with downloads started, 10,000 photos",
                          "%s (16 photos: %s, %.1fx); downloads running when it arrives: %s" % (ms(large), ms(small), ratio(large, small), loading[10_000]),
                          "< 300 ms", large < 300e6 and (loading[10_000] or 0) > 0)
            report.add()

            report.add("## Per command, the same stream on both endpoints")
            lines = make_stream(600 if args.quick else 3000, 100, 5)
            runs = same_stream_costs(lambda count: open_session(binary, endpoints[count], os.path.join(tmp, "stream-%d" % count)),
                                     endpoints, lines)
            small, large = runs[16]["per_cmd_ns"], runs[10_000]["per_cmd_ns"]
            hwm = {count: run["hwm"] for count, run in runs.items()}
            report.add("%d commands; output %d bytes (16 photos) and %d (10,000)." % (len(lines), runs[16]["chars"], runs[10_000]["chars"]))
            report.target("per command, 10,000 photos vs 16", "%.1f µs vs %.1f µs: %.2fx" % (large / 1e3, small / 1e3, ratio(large, small)),
                          "within 1.2x", ratio(large, small) <= 1.2)
            report.target("peak RSS, 10,000 photos", "%.1f MB (16 photos: %.1f MB, %.2fx)" % (hwm[10_000] / 1024, hwm[16] / 1024, ratio(hwm[10_000], hwm[16])),
                          "< 100 MB", hwm[10_000] / 1024 < 100)
            report.add()
    finish_report(report, started, "photos-report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
