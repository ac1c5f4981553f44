"""Shared helpers of the real-clock tests in ``Tests/Live/``: sessions on a pipe and over
``scenery serve``'s WebSockets whose every line is checked as it arrives, the local HTTP server
(``Tests/Support/http_faults.py``), and generated data.

A ``Mirror`` takes the lines of one session in arrival order, as PROTOCOL.md section 2 says a
client may: every line that carries a ``rev`` must be the previous rev (an empty patch, or a
``snapshot``) or the previous + 1 (a non-empty patch), each patch must apply (``jsonpatch``), and
each ``snapshot`` must equal the mirror at the moment it arrives. Python 3 standard library plus
``jsonpatch``.
"""

import atexit
import collections
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Tests", "Support"))
import jsonpatch  # noqa: E402
from photo_server import png  # noqa: E402
from serve_process import start_serve  # noqa: E402
from ws_client import Closed, WebSocket  # noqa: E402

BINARY = os.environ.get("SCENERY_BIN", os.path.join(REPO, ".build", "debug", "scenery"))

# Under `swift test` this program is started with SIGTERM, SIGINT and others blocked (the mask
# of the test runner's thread), and every child inherits the mask: a server stopped with
# SIGTERM would never stop. Start from a clean mask, as a shell gives.
signal.pthread_sigmask(signal.SIG_SETMASK, set())
# `Scripts/test` runs the suite again on an AddressSanitizer build, several times slower; the Swift
# wrapper says so with SCENERY_SANITIZED=1, as it tells Tests/Web's programs. The stress test then
# runs fewer sessions for longer, and what measures time is printed, not held.
SANITIZED = os.environ.get("SCENERY_SANITIZED") == "1"
SLOW = SANITIZED or os.environ.get("LIVE_SLOW") == "1"
HOO_SETS = os.path.join(REPO, "Examples", "generators", "hoo_sets.py")
HTTP_FAULTS = os.path.join(REPO, "Tests", "Support", "http_faults.py")


def test_seed():
    """The run's seed: $LIVE_SEED when set (to reproduce a failure), else from the time."""
    value = os.environ.get("LIVE_SEED")
    return int(value) if value else int(time.time() * 1000) % 1_000_000_007


def short(line, limit=400):
    line = line.rstrip("\n")
    return line if len(line) <= limit else line[:limit] + "... (%d bytes)" % len(line)


# MARK: - Data


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f)


def hoo_sets(out, sets=9, hoos=12, seed=4, unzipped=False):
    """`Examples/generators/hoo_sets.py` into `out`."""
    argv = [sys.executable, HOO_SETS, "--sets", str(sets), "--hoos", str(hoos), "--out", out, "--seed", str(seed)]
    subprocess.run(argv + (["--unzipped"] if unzipped else []), check=True, stdout=subprocess.DEVNULL)


def make_pictures(root, count=6):
    """`images/pic-K.png` for K < count, and `images/tiny-4x3.png` from the fixtures."""
    os.makedirs(os.path.join(root, "images"), exist_ok=True)
    for k in range(count):
        with open(os.path.join(root, "images", "pic-%d.png" % k), "wb") as f:
            f.write(png(k + 1, 8))
    shutil.copy(os.path.join(REPO, "Tests", "Fixtures", "images", "tiny-4x3.png"), os.path.join(root, "images", "tiny-4x3.png"))


# MARK: - The local HTTP server


class FaultServer:
    """`Tests/Support/http_faults.py` on a free port (`/late?ms=N&k=K`: a PNG after N ms)."""

    def __init__(self):
        # Its stderr is dropped: a client that goes away mid-request (an engine shut down) makes
        # http.server print a traceback.
        self.proc = subprocess.Popen([sys.executable, HTTP_FAULTS], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.proc.stdout.readline().split()[1])
        self.base = "http://127.0.0.1:%d" % self.port
        self.k = 0
        self.lock = threading.Lock()
        atexit.register(self.stop)  # also when a test dies on the way

    def late(self, ms):
        """A URL of its own (a new k) for a PNG sent `ms` milliseconds after it is asked for."""
        with self.lock:
            self.k += 1
            return "%s/late?ms=%d&k=%d" % (self.base, ms, self.k)

    def stats(self):
        with urllib.request.urlopen(self.base + "/stats", timeout=10) as response:
            return json.loads(response.read())

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()


# MARK: - A session's lines, checked as they arrive


class Mirror:
    """One session's state, rebuilt from its lines in arrival order; `problems` lists the first
    line that broke section 2's rules (the mirror stops there), with the lines before it."""

    def __init__(self, name):
        self.name = name
        self.cond = threading.Condition()
        self.state = None
        self.rev = None
        self.problems = []
        self.recent = collections.deque(maxlen=6)
        self.first = []           # the first lines, as they arrived
        self.responses = {}
        self.revs = []            # (rev, "result" | "patch CAUSE" | "snapshot"), in arrival order
        self.counts = collections.Counter()
        self.ended = False

    def problem(self, text, line):
        context = "\n".join("    earlier: " + short(earlier) for earlier in list(self.recent)[:-1][-3:])
        self.problems.append("%s: %s\n%s\n    OFFENDING: %s" % (self.name, text, context, short(line)))

    def take(self, line):
        try:
            msg = json.loads(line)
        except ValueError as error:
            with self.cond:
                self.problem("not JSON (%s)" % error, line)
                self.cond.notify_all()
            return
        with self.cond:
            self.recent.append(line)
            if len(self.first) < 4:
                self.first.append(line)
            self.check(msg, line)
            if "id" in msg:
                if msg["id"] in self.responses:
                    self.problem("a second response for id %r" % msg["id"], line)
                self.responses[msg["id"]] = msg
                if "error" in msg:
                    self.counts["error %s" % msg["error"].get("code")] += 1
            self.cond.notify_all()

    def check(self, msg, line):
        if "id" in msg and isinstance(msg.get("result"), dict):
            carrier, kind = msg["result"], "result"
        elif msg.get("method") == "patch":
            carrier, kind = msg.get("params") or {}, "patch " + str((msg.get("params") or {}).get("cause"))
        else:
            return
        if "rev" not in carrier:
            if kind != "result":
                self.problem("a patch notification without rev", line)
            return
        rev = carrier["rev"]
        self.counts["lines with a rev"] += 1
        if kind.startswith("patch"):
            self.counts["notifications"] += 1
            self.counts[kind.replace("patch ", "cause ")] += 1
        if self.state is None:  # initialize's response: rev 0 and the state
            if "state" in carrier and rev == 0:
                self.state, self.rev = carrier["state"], rev
                self.revs.append((rev, "initialize"))
            else:
                self.revs.append((rev, kind))
                self.problem("rev %s arrived before initialize's response (rev 0)" % rev, line)
            return
        if self.problems:
            return  # the mirror is no longer trustworthy; the first problem says why
        if "state" in carrier:
            self.revs.append((rev, "snapshot"))
            if rev != self.rev:
                self.problem("snapshot rev %s arrived when the mirror is at rev %s" % (rev, self.rev), line)
            elif carrier["state"] != self.state:
                diff = jsonpatch.make_patch(self.state, carrier["state"]).patch[:6]
                self.problem("snapshot at rev %s differs from the mirror (mirror -> snapshot: %s)" % (rev, short(json.dumps(diff), 600)), line)
            else:
                self.counts["snapshots equal"] += 1
            return
        patch = carrier.get("patch")
        self.revs.append((rev, kind if patch is None or patch else kind + " (empty)"))
        expected = self.rev + 1 if patch else self.rev
        if rev != expected:
            self.problem("rev %s arrived after rev %s (%s patch, so expected %s)" % (rev, self.rev, "a non-empty" if patch else "an empty", expected), line)
            return
        if patch:
            try:
                self.state = jsonpatch.JsonPatch(patch).apply(self.state, in_place=True)
            except Exception as error:  # noqa: BLE001  (jsonpatch raises several kinds)
                self.problem("the patch of rev %s does not apply to the mirror at rev %s: %s" % (rev, self.rev, error), line)
                return
        self.rev = rev

    def wait_for(self, predicate, timeout):
        """Waits until predicate(self) (called under the lock) holds; False after timeout."""
        end = time.monotonic() + timeout
        with self.cond:
            while not predicate(self):
                left = end - time.monotonic()
                if left <= 0 or self.ended:
                    return predicate(self)
                self.cond.wait(min(left, 0.1))
            return True


def busy(state):
    """Work still running by the state (PROTOCOL.md section 2, "When have a request's
    notifications all arrived?"): an image node loading, a scene's `model.loading`, the photos'
    downloads."""
    if not state:
        return True
    model = state.get("model") or {}
    if model.get("loading"):
        return True
    downloads = model.get("downloads")
    if isinstance(downloads, dict) and downloads.get("loading"):
        return True
    for node in ((state.get("display") or {}).get("nodes") or {}).values():
        if (node.get("style") or {}).get("imageState") == "loading":
            return True
    return False


class Session:
    """One engine session: `send` writes a request line, a reader thread feeds the mirror."""

    def __init__(self, name):
        self.name = name
        self.mirror = Mirror(name)
        self.next_id = 1
        self.sent = []
        self.send_lock = threading.Lock()

    def send(self, method, params=None):
        with self.send_lock:
            rid = self.next_id
            self.next_id += 1
            self.sent.append(rid)
            self.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params or {}}))
        return rid

    def response(self, rid, timeout=15):
        if self.mirror.wait_for(lambda m: rid in m.responses, timeout):
            return self.mirror.responses[rid]
        return None

    def request(self, method, params=None, timeout=15):
        return self.response(self.send(method, params), timeout)

    def settle(self, timeout):
        """Waits until the mirror shows nothing loading (or the mirror broke); False after timeout."""
        return self.mirror.wait_for(lambda m: bool(m.problems) or (m.state is not None and not busy(m.state)), timeout)

    def read_lines(self, lines):
        try:
            for line in lines:
                if line.strip():
                    self.mirror.take(line)
        finally:
            with self.mirror.cond:
                self.mirror.ended = True
                self.mirror.cond.notify_all()

    def unanswered(self):
        with self.mirror.cond:
            return [rid for rid in self.sent if rid not in self.mirror.responses]


class PipeSession(Session):
    """`scenery` on stdin/stdout, in folder `cwd`."""

    def __init__(self, name, cwd, env=None):
        super().__init__(name)
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([BINARY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                     cwd=cwd, env=env, text=True, encoding="utf-8", bufsize=1)
        self.reader = threading.Thread(target=self.read_lines, args=(self.proc.stdout,), daemon=True)
        self.reader.start()

    def write(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    def close(self, timeout=10):
        """`shutdown`, then end of input; the exit status (None if it had to be killed)."""
        self.send("shutdown")
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            status = None
        self.reader.join(5)
        for stream in (self.proc.stdout, self.proc.stdin):
            try:
                stream.close()
            except OSError:
                pass
        return status

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stderr_tail(self, limit=1500):
        if self.stderr.closed:
            return ""
        self.stderr.seek(0)
        return self.stderr.read()[-limit:].decode(errors="replace")

    def __del__(self):
        self.stderr.close()


class SocketSession(Session):
    """One `scenery serve` session over a WebSocket (`Tests/Support/ws_client.py`)."""

    def __init__(self, name, port):
        super().__init__(name)
        self.ws = WebSocket(port)
        self.ws.sock.settimeout(None)
        self.reader = threading.Thread(target=self.read_lines, args=(self.messages(),), daemon=True)
        self.reader.start()

    def messages(self):
        while True:
            try:
                yield self.ws.receive()
            except (Closed, OSError, struct.error, ValueError):
                return

    def write(self, line):
        try:
            self.ws.send_text(line)
        except OSError:
            pass

    def close(self, timeout=5):
        try:
            self.ws._send(0x8, struct.pack(">H", 1000))  # a close frame; the server answers it
        except OSError:
            pass
        self.reader.join(timeout)
        try:
            self.ws.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.ws.sock.close()
        self.reader.join(2)
        return 0

    kill = close

    def stderr_tail(self, limit=0):
        return ""


def start_server(root):
    """`scenery serve --data-root ROOT` on a free port: (process, port)."""
    proc, port = start_serve(BINARY, "--data-root", root)
    atexit.register(stop_server, proc)  # also when a test dies on the way
    return proc, port


def stop_server(proc):
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def random_seed_rng(seed, name):
    return random.Random("%s/%s" % (seed, name))
