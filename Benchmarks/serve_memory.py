#!/usr/bin/env python3
"""Scenery benchmark for ``scenery serve``: is memory given back, and do the threads go, once
sessions end?

    python3 Benchmarks/serve_memory.py [--quick] [--bin PATH] [--idle N] [--bursts N] [--heavy N] [--people N]

One ``scenery serve --port 0`` process (the release build). Its resident memory (VmRSS) and
thread count at the start (after one session, so that what every server allocates once is
counted), then, with one tab open all along: N idle sessions (default 1,000) opened and left
open; 200 clients breaking the frame rules; B bursts (default 3) of H sessions (default 40) each
opening a directory of P people (default 100,000, made by Examples/generators/directory_data.py);
a client that never reads its answers (dropped with 1008); then the idle sessions closed, then
the tab. After each step the figures 8 s later (the server trims within a second; idle dispatch
threads end after about 5 s). Targets (issues 30 and 36): after the bursts, within 64 MiB of
before them with the idle sessions still open; once they closed, within 64 MiB of the start; the
idle thread count again.

Writes ``bench-results/serve-memory-report.md``.
"""

import os
import subprocess
import sys
import tempfile
import threading
import time

from bench.engine import REPO, SUPPORT, argument_parser, parse_arguments, stopping
from bench.measure import rss_kib
from bench.report import finish_report, start_report

sys.path.insert(0, SUPPORT)
from serve_process import start_serve  # noqa: E402
from ws_client import WebSocket  # noqa: E402


def threads(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(next(line for line in f if line.startswith("Threads:")).split()[1])


def settled(pid, seconds=8):
    """(RSS MiB, threads) after `seconds` with no session open."""
    time.sleep(seconds)
    return rss_kib(pid) / 1024, threads(pid)


def abuse(port, count):
    """`count` clients that break the frame rules: a frame over the line limit (1009), a message
    fragmented into many frames, a binary frame, invalid UTF-8 (1007), lines that are not JSON."""
    for i in range(count):
        ws = WebSocket(port, timeout=30)
        kind = i % 4
        try:
            if kind == 0:
                ws.send_text("x" * ((1 << 20) + 2048))
            elif kind == 1:
                for n in range(1100):  # past 1,024 frames: 1009
                    ws._send(0x1 if n == 0 else 0x0, b"[" * 64, fin=False)
            elif kind == 2:
                ws._send(0x2, b"\x00" * 4096)
                ws._send(0x1, b"\xff\xfe")
            else:
                for _ in range(50):
                    ws.send_text("{not json " * 100)
                ws.close()
                continue
            ws.close_code(timeout=5)
        except Exception:
            pass
        finally:
            try:
                ws.sock.close()
            except Exception:
                pass


def never_reads(port, pid):
    """A client that asks for large answers and never reads them: the server drops it once 8 MiB
    wait (1008). Returns the peak RSS MiB meanwhile."""
    ws = WebSocket(port, timeout=60)
    ws.request("initialize", {"network": False})
    ws.request("scene.open", {"scene": "directory", "people": "people.json"})
    ws.sock.settimeout(10)
    peak = 0
    request = '{"jsonrpc":"2.0","id":%d,"method":"snapshot","params":{}}'
    try:
        for i in range(4000):
            ws.send_text(request % (i + 10))
            if i % 100 == 0:
                peak = max(peak, rss_kib(pid) / 1024)
    except OSError:
        pass  # dropped: the server closed the connection
    peak = max(peak, rss_kib(pid) / 1024)
    time.sleep(3)
    ws.sock.close()
    return peak


def main():
    parser = argument_parser("scenery serve: memory and threads given back after sessions end.", "200 idle sessions, 2 bursts of 8 sessions of 20,000 people")
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--bursts", type=int, default=3)
    parser.add_argument("--heavy", type=int, default=40)
    parser.add_argument("--people", type=int, default=100_000)
    parser.add_argument("--abusers", type=int, default=200)
    args, binary = parse_arguments(parser)
    idle, bursts, heavy, people = (200, 2, 8, 20_000) if args.quick else (args.idle, args.bursts, args.heavy, args.people)
    if args.quick:
        args.abusers = 40
    started = time.monotonic()
    report = start_report("scenery serve: memory given back", binary)
    root = tempfile.mkdtemp(prefix="serve-memory-")
    subprocess.run([sys.executable, os.path.join(REPO, "Examples", "generators", "directory_data.py"), "--people", str(people),
                    "--events", "10", "--out", root], check=True, stdout=subprocess.DEVNULL)
    # Pings every 10 minutes: the idle sessions, which read nothing while the bursts run, stay.
    server, port = start_serve(binary, "--data-root", root, "--max-sessions", str(idle + heavy + 20), "--ping-seconds", "600")
    rows = []
    with stopping(server):
        first = WebSocket(port)
        first.request("initialize", {"network": False})
        first.request("scene.open", {"scene": "directory"})
        first.close()
        start_rss, start_threads = settled(server.pid)
        rows.append(("start (one session opened and closed)", start_rss, start_rss, start_threads, start_threads))
        # The operator's tab that stays open through all that follows.
        survivor = WebSocket(port, timeout=60)
        survivor.request("initialize", {"network": False})
        survivor.request("scene.open", {"scene": "directory"})

        # Idle sessions that stay open through the abuse and the bursts: the server must give
        # back what the heavy sessions held while others live beside it, not only once it is empty.
        sessions = []
        for _ in range(idle):
            ws = WebSocket(port, timeout=60)
            ws.request("initialize", {"network": False})
            sessions.append(ws)
        open_rss, count = settled(server.pid)
        rows.append(("%d idle sessions open (and the one tab)" % idle, open_rss, open_rss, count, count))

        abuse(port, args.abusers)
        rss, count = settled(server.pid)
        rows.append(("%d clients abusing frames (oversized, fragmented, binary, invalid), closed" % args.abusers, rss, rss, count, count))

        for burst in range(bursts):
            sockets = [WebSocket(port, timeout=600) for _ in range(heavy)]
            answers = []

            def open_heavy(ws):
                ws.request("initialize", {"network": False})
                answers.append(ws.request("scene.open", {"scene": "directory", "people": "people.json"}))
            workers = [threading.Thread(target=open_heavy, args=(ws,)) for ws in sockets]
            peak, peak_threads = 0, 0
            for worker in workers:
                worker.start()
            while any(worker.is_alive() for worker in workers):
                peak, peak_threads = max(peak, rss_kib(server.pid) / 1024), max(peak_threads, threads(server.pid))
                time.sleep(0.2)
            bad = [a for a in answers if "result" not in a]
            if bad:
                raise SystemExit("scene.open failed: %r" % bad[0])
            for ws in sockets:
                ws.close()
            rss, count = settled(server.pid)
            rows.append(("burst %d: %d sessions opening %d people, closed" % (burst + 1, heavy, people), peak, rss, peak_threads, count))

        peak = never_reads(port, server.pid)
        rss, count = settled(server.pid, 10)
        rows.append(("a client that never reads, dropped (1008)", peak, rss, count, count))
        open_after = rss
        for ws in sessions:
            ws.close()
        rss, count = settled(server.pid, 10)
        rows.append(("the idle sessions closed; the one tab left open", rss, rss, count, count))
        survivor.request("snapshot")  # still served
        survivor.close()
        rss, count = settled(server.pid)
        rows.append(("the last session closed", rss, rss, count, count))

    report.add("| after | peak RSS MiB | RSS MiB once closed | peak threads | threads once closed |")
    report.add("|---|---|---|---|---|")
    for name, peak, rss, peak_threads, count in rows:
        report.add("| %s | %.0f | %.0f | %d | %d |" % (name, peak, rss, peak_threads, count))
    report.add()
    worst = max(rss for _, _, rss, _, _ in rows[-2:])
    most = rows[-1][4]  # with every session closed (an open one holds a thread or two)
    report.target("RSS after the bursts, the idle sessions still open", "%.0f MiB, %.0f MiB before the bursts" % (open_after, open_rss),
                  "within 64 MiB of before", open_after - open_rss <= 64)
    report.target("RSS once the idle sessions closed", "at most %.0f MiB, start %.0f MiB" % (worst, start_rss), "within 64 MiB of the start",
                  worst - start_rss <= 64)
    report.target("threads once every session closed", "%d, start %d" % (most, start_threads), "the start's", most <= start_threads)
    finish_report(report, started, "serve-memory-report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
