"""Finding the binary, the shared command line, the data generators, and driving processes:
scenery over its pipes (requests, sessions, piped command streams and their checks) and helpers.

The engine is found (``scenery.find_engine``) and ``Engine.request`` framed (``scenery.Session``)
by the Python package. What is timed stays raw: the package's clients read stdout on a thread and
apply every patch to a mirror, work that is not the engine's and would be counted in each round
trip and stream, so the timed loops write and read the pipes themselves (os.write/os.read)."""

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import threading
import time

from scenery import Session, find_engine

from . import REPO, BenchError
from .measure import interleaved, median, peak_rss_kib

# The release build unless $SCENERY_BIN names one: the package's own search (find_engine with no
# path) prefers a bundled engine or the debug build, neither of which is what a benchmark measures.
DEFAULT_BIN = os.environ.get("SCENERY_BIN", os.path.join(REPO, ".build", "release", "scenery"))
GENERATORS = os.path.join(REPO, "Examples", "generators")
SUPPORT = os.path.join(REPO, "Tests", "Support")


# MARK: - The command line and the binary


def argument_parser(description, quick_help=None, quick=True):
    """An argument parser with the options every script takes: ``--bin`` (default: $SCENERY_BIN,
    else .build/release/scenery) and, with `quick`, ``--quick`` (help `quick_help`)."""
    parser = argparse.ArgumentParser(description=description)
    if quick:
        parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--bin", default=DEFAULT_BIN,
                        help="the scenery binary (default: $SCENERY_BIN, else .build/release/scenery)")
    return parser


def parse_arguments(parser, argv=None, reference_cat=True):
    """(arguments, the binary's absolute path) from the command line; exits with status 2 when the
    binary is missing (``check_binary`` says why)."""
    args = parser.parse_args(argv)
    binary = check_binary(args.bin, reference_cat)
    if binary is None:
        sys.exit(2)
    return args, binary


def check_binary(path, reference_cat=True):
    """The absolute path of a runnable binary, or None (after saying why on stderr); with
    `reference_cat`, None too when `cat`, the ping-pong reference, is missing."""
    found = find_engine(path)  # a runnable file, or a command on PATH, as the package takes it
    if found is None:
        print("scenery binary not found at %s; build it with `swift build -c release` or pass --bin PATH"
              % os.path.abspath(path), file=sys.stderr)
        return None
    binary = os.path.abspath(found)
    if reference_cat and shutil.which("cat") is None:
        print("`cat` not found; the ping-pong reference needs it", file=sys.stderr)
        return None
    return binary


# MARK: - Data and helper processes


def generate(script, *args):
    """Runs ``Examples/generators/SCRIPT ARGS`` with this Python; raises BenchError (with the end of
    its stderr) when it fails."""
    result = subprocess.run([sys.executable, os.path.join(GENERATORS, script)] + [str(a) for a in args],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BenchError("%s failed (%d): %s" % (script, result.returncode, result.stderr.strip()[-500:]))


def stop(proc, timeout=30):
    """Terminates a helper process (a server) and reaps it; kills it when it takes over `timeout` s."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextlib.contextmanager
def stopping(proc, timeout=30):
    """A block at whose end (or failure) a helper process is stopped (``stop``)."""
    try:
        yield proc
    finally:
        stop(proc, timeout)


# MARK: - Request lines


def request_text(rid, method, params_json):
    """One request line (no newline) whose params are already compact JSON text. Piped streams are
    built ahead of the timed period, thousands of lines from params serialised once, with ids the
    caller numbers (the `check`s and the last-answer marker need them) and no mirror reading them
    back: ``scenery.Session.request`` would serialise each and keep each awaiting its answer.
    ``Engine.request`` frames with the package."""
    return '{"jsonrpc":"2.0","id":%d,"method":"%s","params":%s}' % (rid, method, params_json)


def request_line(rid, method, params):
    """One request line (no newline), compact JSON."""
    return request_text(rid, method, json.dumps(params, separators=(",", ":")))


# MARK: - Driving a process over raw pipes


class LineProcess:
    """A child process spoken to with os.write/os.read on unbuffered pipes, one line at a time
    (started in `cwd` when given)."""

    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, cwd=cwd)
        self.wfd = self.proc.stdin.fileno()
        self.rfd = self.proc.stdout.fileno()
        self.buf = b""
        self.pos = 0
        self.next_id = 1

    @property
    def pid(self):
        """The child's process id."""
        return self.proc.pid

    def write(self, data):
        """Writes all of `data` (bytes) to the child's stdin."""
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
        """Closes the child's stdin (it sees end of input)."""
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
        """Kills and reaps the child unless it has already been reaped."""
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
        # Frames the requests (ids, the line). Its mirror is not kept: answers are read raw below,
        # and scripts also read this engine's output themselves (LineProcess.readline).
        self.protocol = Session()

    def request(self, method, params=None):
        """Sends a request; returns (response, notifications before it, round trip ns).

        Params are always sent (an empty object when there are none).
        """
        rid, line = self.protocol.request(method, params if params is not None else {})
        self.next_id = rid + 1  # raw streams (pingpong) number their ids from here on
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
        return peak_rss_kib(self.pid)

    def shutdown(self):
        """Sends `shutdown`, then as ``finish``: returns (exit status, ru_maxrss KiB)."""
        self.request("shutdown", {})
        return self.finish()


def open_scene(binary, open_params, initialize=None, then=(), args=()):
    """A fresh engine (`args` after the binary) with a scene open: ``initialize`` (default seed 1, no
    network), ``scene.open`` with `open_params` (timed, request to response), then the (method,
    params) requests of `then`. Returns (engine, open ns, the notifications before the open's
    response); the engine is killed when any of it fails."""
    engine = Engine(binary, args)
    try:
        engine.request("initialize", initialize if initialize is not None else {"seed": 1, "network": False})
        _, notes, open_ns = engine.request("scene.open", open_params)
        for method, params in then:
            engine.request(method, params)
    except BaseException:
        engine.kill()
        raise
    return engine, open_ns, notes


# MARK: - Piped command streams


def run_stream(engine, lines, timeout=600):
    """Pipes `lines` (request lines without newlines) into a running engine, then `shutdown`.

    Returns (wall ns from the first write to EOF, output lines of the timed period, VmHWM KiB read
    once the last command was answered and before shutdown, exit status, ru_maxrss KiB). The
    engine's CPU time (user + sys, whole process) is left in ``engine.cpu_s``.
    """
    last_id = json.loads(lines[-1])["id"]
    marker = b'"id":%d,"jsonrpc"' % last_id  # canonical key order: {"id":N,"jsonrpc"... / {"error":..,"id":N,"jsonrpc"...
    payload = ("\n".join(lines) + "\n").encode()
    shutdown_line = (request_text(last_id + 1, "shutdown", "{}") + "\n").encode()
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
    """Counts responses, errors and notifications of a stream's output, with the problems found
    (not one response per command, error responses)."""
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


def piped(engine, lines, check=None):
    """`lines` piped through an open session (``run_stream``); the engine is killed whatever happens.
    ``check(output lines)`` judges the output (default ``check_output``: one response per command,
    no errors). Returns the run's figures: ``stream_ns``, ``per_cmd_ns``, ``commands``, ``hwm``
    (VmHWM KiB after the last answer), ``maxrss``, ``status``, ``cpu_s``, ``out_bytes`` (UTF-8,
    newlines included), ``chars`` (characters, newlines not counted), ``check`` and its ``errors``."""
    try:
        stream_ns, out_lines, hwm, status, maxrss = run_stream(engine, lines)
    finally:
        engine.kill()
    checked = check(out_lines) if check else check_output(out_lines, len(lines))
    return {"stream_ns": stream_ns, "per_cmd_ns": stream_ns / len(lines), "commands": len(lines), "hwm": hwm,
            "maxrss": maxrss, "status": status, "cpu_s": getattr(engine, "cpu_s", None), "check": checked,
            "errors": checked["errors"], "out_bytes": sum(len(l.encode()) + 1 for l in out_lines),
            "chars": sum(len(l) for l in out_lines)}


def stream_cost(engine, lines):
    """`lines` piped through an open session (``piped``), every command answered without an error
    (else BenchError). Returns (wall ns per command, VmHWM KiB after the last answer, characters
    written, newlines not counted)."""
    run = piped(engine, lines)
    if run["check"]["problems"]:
        raise BenchError("; ".join(run["check"]["problems"]))
    return run["per_cmd_ns"], run["hwm"], run["chars"]


def same_stream_costs(open_session, keys, lines, reps=3):
    """The same `lines` piped through a fresh session ``open_session(key)`` of each key (each a data
    set), the keys interleaved `reps` times. Returns {key: {"per_cmd_ns": the median, "hwm": the
    highest VmHWM KiB, "chars": characters written by the last run}}."""
    runs = interleaved(reps, keys, lambda key, rep: stream_cost(open_session(key), lines))
    return {key: {"per_cmd_ns": median([cost for cost, _, _ in runs[key]]),
                  "hwm": max([0] + [hwm or 0 for _, hwm, _ in runs[key]]),
                  "chars": runs[key][-1][2]} for key in keys}
