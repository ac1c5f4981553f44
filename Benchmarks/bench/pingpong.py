"""Ping-pong: round trips of one command through scenery against the same line through ``cat``,
both driven the same way (one line written, one line read back) and placed alike on the CPUs,
and the report section with its two targets (median within 2x of cat, p99 under 1 ms)."""

import gc
import json
import os
import time

from .engine import LineProcess, request_text
from .measure import cpu_pair, median, percentile, pin_process, ratio
from .report import us

PLACEMENT_NOTE = """Where the processes run decides the round trip more than anything either program does. On a
machine whose idle CPUs sleep (a VM without guest halt polling), a reply that must wake the
driver's CPU costs tens of microseconds; one that wakes it on the CPU already running is cheap.
Left to itself the kernel puts each child beside the driver or on the other CPU by start order and
by how long the child runs per request (checked: a C echo doing 1 µs of work per line measured
6.5x `cat` in one run and `cat` 6.7x it in another, depending on which ended up beside the driver).
So the target compares scenery and `cat` placed alike: the driver and both children confined to
one CPU, where each round trip costs the same switches plus the child's own work. The two other
placements are shown for information."""


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
    lines = [(request_text(base_id + i, method, params[i % len(params)]) + "\n").encode() for i in range(total)]
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
