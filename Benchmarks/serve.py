#!/usr/bin/env python3
"""Scenery benchmark for ``scenery serve``: 50 concurrent WebSocket sessions against one.

    python3 Benchmarks/serve.py [--quick] [--bin PATH] [--sessions N] [--commands N]

One ``scenery serve --port 0`` process (the release build). Figures, each against a reference
measured in the same run on the same server:

- Load: N sessions (default 50) at once, each on its own WebSocket, each sending M commands
  (default 1,000) of a mixed stream one after the other (send, wait for the answer): taps at
  random points, each scene's own gestures (scrolls, section jumps, pans, long presses, pages,
  reshuffles), clock steps, snapshots and a few taps on unknown ids, on the five scenes in turn
  (session k opens scene k mod 5). An error is an answer
  too. Every answer must arrive on its own session with its own id, none lost, none twice.
  The reference is the same streams sent by one session at a time. Reported: p50 and p99 round
  trip, concurrent against alone, and the commands per second the server sustained.
- Memory per session: the server's resident memory (VmRSS) with the N sessions open, minus
  before them, divided by N.
- permessage-deflate (RFC 7692): the first five streams (one per scene) sent over a plain
  session and over one that offers permessage-deflate as browsers do, in turns: bytes on the
  wire per command (what the client read off its socket), and the server's CPU time, compressed
  against plain. Then the memory a compressed session costs beside a plain one (N idle each).
- Idle: N sessions opened as the page opens them (``clock: real``, a scene open) and then left
  alone; once the opens' own work is done, the server's CPU time over 10 s, against the same
  server with no session. Target: the
  same within 1 % of one core (an idle session must not spin).

Writes ``bench-results/serve-report.md``. Python 3 standard library only (the WebSocket client
is ``Tests/Support/ws_client.py``).
"""

import json
import os
import random
import sys
import threading
import time

from bench import BenchError
from bench.engine import SUPPORT, argument_parser, parse_arguments, stopping
from bench.measure import cpu_seconds, percentile, rss_kib
from bench.report import finish_report, start_report

sys.path.insert(0, SUPPORT)
from serve_process import start_serve  # noqa: E402
from ws_client import WebSocket  # noqa: E402

SCENES = ["directory", "hoo", "exhibition", "shelf", "photos"]


# What each scene takes besides taps, clock steps and snapshots (the others answer -32007).
SCENE_MOVES = {
    "directory": ["scroll", "section"],
    "hoo": ["pan", "scroll"],
    "exhibition": ["reshuffle"],
    "shelf": ["longPress", "scroll"],
    "photos": ["scroll", "page"],
}


def quiet_cpu(pid, span):
    """The server's CPU seconds over `span` s, once the work already started has finished: from
    the first second in which it used under 1 ms (a spin never gets there, and is then measured
    anyway after 30 s)."""
    settle = time.monotonic() + 30
    while time.monotonic() < settle:
        c0 = cpu_seconds(pid)
        time.sleep(1)
        if cpu_seconds(pid) - c0 < 0.001:
            break
    c0 = cpu_seconds(pid)
    time.sleep(span)
    return cpu_seconds(pid) - c0


def make_stream(scene, count, seed):
    """`count` (method, params) of a mixed stream on `scene`: taps at random points (30 %), the
    scene's own gestures (40 %), clock steps (20 %), snapshots (8 %) and taps on an id that does
    not exist (2 %, answered -32003: a session that errs)."""
    rng = random.Random(seed)
    stream = []
    while len(stream) < count:
        roll = rng.random()
        point = {"x": round(rng.uniform(0, 375), 1), "y": round(rng.uniform(0, 812), 1)}
        if roll < 0.30:
            stream.append(("tap", point))
        elif roll < 0.70:
            move = rng.choice(SCENE_MOVES[scene])
            if move == "pan":
                x, y = rng.uniform(20, 355), rng.uniform(100, 700)
                stream.append(("pan", {"phase": "began", "x": x, "y": y}))
                stream.append(("pan", {"phase": "changed", "x": x + rng.uniform(-80, 80), "y": y + rng.uniform(-200, 200)}))
                stream.append(("pan", {"phase": "ended", "x": x, "y": y}))
            elif move == "scroll":
                stream.append(("scroll", {"deltaY": rng.choice([-300, -40, 40, 120, 300])}))
            elif move == "section":
                stream.append(("section", {"index": rng.randrange(0, 3)}))
            elif move == "page":
                stream.append(("page", {"direction": rng.choice(["next", "previous"])}))
            elif move == "longPress":
                stream.append(("longPress", point))
            else:
                stream.append((move, {}))
        elif roll < 0.90:
            stream.append(("clock.advance", {"ms": rng.choice([16, 250, 2000])}))
        elif roll < 0.98:
            stream.append(("snapshot", {}))
        else:
            stream.append(("tap", {"id": "no.such.node"}))
    return stream[:count]


class Session(threading.Thread):
    """One WebSocket session: initialize, open its scene, then its stream, timing each answer."""

    def __init__(self, port, tag, scene, stream, barrier=None, deflate=False):
        super().__init__(daemon=True)
        self.port, self.tag, self.scene, self.stream, self.barrier = port, tag, scene, stream, barrier
        self.deflate = deflate
        self.rtts, self.errors, self.problems = [], 0, []
        self.ws = None

    def call(self, rid, method, params):
        self.ws.send_text(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if "id" not in message:
                continue  # a notification of this session
            if message["id"] != rid:
                self.problems.append("answer %r on session %s while waiting for %r" % (message["id"], self.tag, rid))
                continue
            return message

    def open(self):
        self.ws = WebSocket(self.port, timeout=120, deflate=self.deflate)
        self.call("%s-init" % self.tag, "initialize", {"seed": 1})
        self.call("%s-open" % self.tag, "scene.open", {"scene": self.scene})

    def run(self):
        try:
            if self.ws is None:
                self.open()
            if self.barrier:
                self.barrier.wait()
            for index, (method, params) in enumerate(self.stream):
                t0 = time.perf_counter_ns()
                answer = self.call("%s-%d" % (self.tag, index), method, params)
                self.rtts.append(time.perf_counter_ns() - t0)
                if "error" in answer:
                    self.errors += 1
        except Exception as error:  # noqa: BLE001  (reported, not raised: the other sessions go on)
            self.problems.append("session %s: %r" % (self.tag, error))

    def close(self):
        if self.ws:
            self.ws.close()


def deflate_section(report, server, port, streams, count, rounds):
    """Plain against permessage-deflate on the same streams, in turns: wire bytes per command,
    server CPU, memory per session."""
    report.add("## permessage-deflate (RFC 7692)")
    report.add()
    wire, cpu, commands = {False: 0, True: 0}, {False: 0.0, True: 0.0}, {False: 0, True: 0}
    for _ in range(rounds):
        for deflate in (False, True):
            for k in range(min(len(SCENES), count)):
                session = Session(port, "z%d" % k, SCENES[k], streams[k], deflate=deflate)
                session.open()
                if deflate != ("permessage-deflate" in session.ws.extensions):
                    raise BenchError("permessage-deflate offered: %s, answered: %r" % (deflate, session.ws.extensions))
                w0, c0 = session.ws.wire_bytes, cpu_seconds(server.pid)
                session.run()
                cpu[deflate] += cpu_seconds(server.pid) - c0
                wire[deflate] += session.ws.wire_bytes - w0
                commands[deflate] += len(session.rtts)
                session.close()
                if session.problems:
                    raise BenchError("; ".join(session.problems[:3]))
    per = {d: wire[d] / commands[d] for d in wire}
    report.add("The first %d streams (one per scene), %d rounds of plain then compressed sessions on the same server."
               % (min(len(SCENES), count), rounds))
    report.target("bytes on the wire per command", "%.0f B compressed, %.0f B plain: %.3fx" % (per[True], per[False], per[True] / per[False]),
                  "< 0.5x plain", per[True] < 0.5 * per[False])
    report.add("- Server CPU for the same commands: %.2f s compressed, %.2f s plain: %.2fx." % (cpu[True], cpu[False], cpu[True] / max(cpu[False], 1e-9)))
    # Memory: N idle plain sessions, then N idle compressed ones beside them.
    rss0 = rss_kib(server.pid)
    plain = [WebSocket(port, timeout=60) for _ in range(count)]
    for ws in plain:
        ws.request("initialize", {"seed": 1})
    rss1 = rss_kib(server.pid)
    compressed = [WebSocket(port, timeout=60, deflate=True) for _ in range(count)]
    for ws in compressed:
        ws.request("initialize", {"seed": 1})
    rss2 = rss_kib(server.pid)
    for ws in plain + compressed:
        ws.close()
    report.add("- Memory per idle session: %.0f KiB compressed, %.0f KiB plain (%d of each, VmRSS)." % ((rss2 - rss1) / count, (rss1 - rss0) / count, count))
    report.add()


def main():
    parser = argument_parser("scenery serve under load: N WebSocket sessions against one.", "10 sessions of 200 commands")
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--commands", type=int, default=1000)
    args, binary = parse_arguments(parser)
    count, commands = (10, 200) if args.quick else (args.sessions, args.commands)
    started = time.monotonic()
    report = start_report("scenery serve benchmark", binary)
    server, port = start_serve(binary)
    with stopping(server):
        streams = [make_stream(SCENES[k % len(SCENES)], commands, 1000 + k) for k in range(count)]

        # Reference: the same streams, one session at a time (the first five: one per scene).
        alone = []
        for k in range(min(len(SCENES), count)):
            session = Session(port, "alone%d" % k, SCENES[k], streams[k])
            session.run()
            session.close()
            if session.problems:
                raise BenchError("; ".join(session.problems[:3]))
            alone += session.rtts
        alone.sort()

        rss_before = rss_kib(server.pid)
        barrier = threading.Barrier(count)
        sessions = [Session(port, "s%d" % k, SCENES[k % len(SCENES)], streams[k], barrier) for k in range(count)]
        for session in sessions:
            session.open()
        t0 = time.perf_counter()
        for session in sessions:
            session.start()
        for session in sessions:
            session.join(timeout=600)
        wall = time.perf_counter() - t0
        rss_open = rss_kib(server.pid)
        for session in sessions:
            session.close()

        report.add("## %d sessions at once, %d commands each" % (count, commands))
        report.add()
        problems = [p for s in sessions for p in s.problems]
        answered = sum(len(s.rtts) for s in sessions)
        errors = sum(s.errors for s in sessions)
        together = sorted(rtt for s in sessions for rtt in s.rtts)
        report.add("Scenes: session k opens %s[k mod 5]. %d answers of %d commands (%d of them errors: the mix's unknown ids, and gestures the screen of the moment refuses), %.0f commands/s over %.1f s."
                   % (SCENES, answered, count * commands, errors, answered / wall, wall))
        report.target("every answer on its own session, none lost", "%d of %d; %d problems%s" % (
            answered, count * commands, len(problems), (": " + "; ".join(problems[:3])) if problems else ""),
            "all, none misrouted", answered == count * commands and not problems)
        p50a, p99a = percentile(alone, 50), percentile(alone, 99)
        p50t, p99t = percentile(together, 50), percentile(together, 99)
        report.add("- Round trip alone: p50 %.2f ms, p99 %.2f ms (%d commands, one session at a time)." % (p50a / 1e6, p99a / 1e6, len(alone)))
        report.add("- Round trip with %d at once: p50 %.2f ms, p99 %.2f ms: p99 %.1fx alone, for %dx the sessions (a fair share of %d CPUs gives up to %.0fx)."
                   % (count, p50t / 1e6, p99t / 1e6, p99t / p99a, count, os.cpu_count() or 1, count / (os.cpu_count() or 1)))
        per_session = (rss_open - rss_before) / count
        report.target("memory per open session", "%.0f KiB (server %.1f MB before, %.1f MB with %d open)" % (
            per_session, rss_before / 1024, rss_open / 1024, count), "< 2 MiB", per_session < 2048)
        report.add()

        deflate_section(report, server, port, streams, count, 1 if args.quick else 3)

        # Idle: sessions opened as the page does, then left alone.
        report.add("## Idle")
        report.add()
        span = 3 if args.quick else 10
        none = quiet_cpu(server.pid, span)
        idle = []
        for k in range(count):
            ws = WebSocket(port, timeout=60)
            ws.request("initialize", {"clock": "real", "seed": 1})
            ws.request("scene.open", {"scene": ["directory", "hoo", "shelf"][k % 3]})  # scenes without a timer of their own
            idle.append(ws)
        busy = quiet_cpu(server.pid, span)
        for ws in idle:
            ws.close()
        report.target("server CPU with %d idle real-clock sessions" % count,
                      "%.1f ms per s, against %.1f ms per s with none" % (busy / span * 1e3, none / span * 1e3),
                      "within 10 ms per s (1 % of a core) of none", busy / span - none / span < 0.010)
        report.add()
    finish_report(report, started, "serve-report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
