"""Several ``scenery serve`` processes behind a real nginx, started by ``Deploy/nginx/run.sh``:
sessions spread over the backends; a backend killed with SIGKILL ends only its own sessions; a
reconnect (a new WebSocket, as the page makes) lands on a live backend; new sessions open; and
SIGTERM stops every process; a backend that never listens is stopped with run.sh, so nothing is
left holding its output. Real sockets on 127.0.0.1, as a browser's page reaches nginx (its
Origin is nginx's address).
    SCENERY_BIN=.build/debug/scenery python3 -m unittest -v Tests/Web/test_nginx.py
Skipped, saying so, where nginx is not installed (apt-get install -y nginx-light).
"""

import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
from ws_client import Closed, Refused, WebSocket  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SCENERY_BIN", os.path.join(REPO, ".build", "debug", "scenery"))
RUN = os.path.join(REPO, "Deploy", "nginx", "run.sh")
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stats(port):
    with urllib.request.urlopen("http://127.0.0.1:%d/stats" % port, timeout=10) as response:
        return json.loads(response.read())


def default_signals():
    """In the child: SIGTERM and SIGINT as a shell started by hand has them. A test runner may
    start us with them ignored, and a shell cannot trap a signal ignored when it started."""
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (killed, not yet waited for by run.sh) is dead too.
    with open("/proc/%d/stat" % pid) as f:
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


class RunSh:
    """run.sh started in a process group of its own, its output read by a thread: a line is
    waited for with a deadline (a process that holds run.sh's output open cannot hang the test),
    and ``kill_all`` ends the whole group, whatever run.sh left behind."""

    def __init__(self, backends, port, binary):
        env = dict(os.environ, SCENERY_BIN=binary)
        self.process = subprocess.Popen([RUN, "--backends", str(backends), "--port", str(port)], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env, preexec_fn=default_signals,
                                        start_new_session=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)  # the end of run.sh's output: every writer has closed it

    def line(self, timeout):
        """run.sh's next line; None at the end of its output; raises queue.Empty after `timeout` s."""
        return self.lines.get(timeout=timeout)

    def kill_all(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        self.process.stdout.close()
        self.process.stderr.close()


@unittest.skipIf(NGINX is None, "skipped: needs nginx (apt-get install -y nginx-light); Scripts/test installs it")
class NginxTest(unittest.TestCase):
    def setUp(self):
        self.port = free_port()
        self.started = RunSh(3, self.port, BINARY)
        self.addCleanup(self.started.kill_all)  # runs when setUp fails too, unlike tearDown
        self.run_sh = self.started.process
        self.backends = []  # (port, pid)
        while True:
            line = self.started.line(timeout=90)
            if not line:
                self.fail("run.sh ended: " + self.run_sh.stderr.read())
            words = line.split()
            if words[0] == "backend":
                self.backends.append((int(words[1]), int(words[2])))
            elif words[0] == "nginx":
                self.nginx_pid = int(words[2])
                break
        self.origin = "http://127.0.0.1:%d" % self.port

    def session(self):
        """A session through nginx, as the page opens it; (socket, its id in a marker request)."""
        ws = WebSocket(self.port, origin=self.origin)
        self.assertIn("result", ws.request("initialize", {"network": False}))
        return ws

    def open_counts(self):
        return {port: stats(port)["open"] for port, pid in self.backends if alive(pid)}

    def test_sessions_spread_a_killed_backend_ends_only_its_own_and_reconnects_land_elsewhere(self):
        self.assertEqual(len(self.backends), 3)
        sessions = [self.session() for _ in range(30)]
        counts = self.open_counts()
        print("\n30 sessions over the backends: %s" % sorted(counts.values()), file=sys.stderr)
        self.assertEqual(sum(counts.values()), 30)
        self.assertGreater(sum(1 for n in counts.values() if n > 0), 1, "every session landed on one backend: %s" % counts)

        # An Origin other than nginx's page is still refused by the backend behind it.
        with self.assertRaises(Refused) as refused:
            WebSocket(self.port, origin="http://evil.example")
        self.assertIn("403", refused.exception.status)

        victim_port, victim_pid = max(self.backends, key=lambda b: counts[b[0]])
        victims = counts[victim_port]
        os.kill(victim_pid, signal.SIGKILL)
        ended, alive_sessions = [], []
        for ws in sessions:
            try:
                ws.sock.settimeout(5)
                ws.request("snapshot")
                alive_sessions.append(ws)
            except (Closed, OSError):
                ended.append(ws)
        self.assertEqual(len(ended), victims, "the sessions of the killed backend, and only those, end")
        self.assertEqual(len(alive_sessions), 30 - victims)

        # The page reconnects with a new WebSocket: it lands on a live backend.
        survivors = [b for b in self.backends if b[1] != victim_pid]
        before = {port: stats(port)["opened"] for port, _ in survivors}
        reconnected = [self.session() for _ in ended]
        after = {port: stats(port)["opened"] for port, _ in survivors}
        self.assertEqual(sum(after.values()) - sum(before.values()), victims, "the reconnects did not land on the live backends")
        for ws in reconnected + alive_sessions:
            self.assertIn("result", ws.request("scene.open", {"scene": "directory"}))
        # New sessions open as before.
        fresh = [self.session() for _ in range(6)]
        self.assertEqual(sum(self.open_counts().values()), 30 + 6)

        for ws in reconnected + alive_sessions + fresh:
            ws.close()

        # SIGTERM stops nginx and every backend, and run.sh exits 0.
        self.run_sh.send_signal(signal.SIGTERM)
        self.assertEqual(self.run_sh.wait(timeout=20), 0)
        for _, pid in survivors + [(0, self.nginx_pid)]:
            self.assertFalse(alive(pid) if os.path.exists("/proc/%d" % pid) else False, "process %d still runs" % pid)

    def test_sigterm_drains_the_backends_sessions_through_nginx(self):
        ws = self.session()
        self.run_sh.send_signal(signal.SIGTERM)
        # nginx stops first, which ends the client's connection; the backend's drain closes the
        # session behind it.
        self.assertIn(ws.close_code(timeout=10), (1012, None))
        self.assertEqual(self.run_sh.wait(timeout=20), 0)


@unittest.skipIf(NGINX is None, "skipped: needs nginx (apt-get install -y nginx-light); Scripts/test installs it")
class RunShFailureTest(unittest.TestCase):
    def test_a_backend_that_never_listens_is_stopped_and_run_sh_exits_1_naming_it(self):
        # An engine that starts and never listens (a machine too loaded, a wrong binary): run.sh
        # gives up after 30 s. The backend must go with it: left running, it would hold run.sh's
        # output open, and whoever reads it (this test, an operator's pipe) would wait forever.
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder, True)
        fake = os.path.join(folder, "scenery")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 'starting, never listening' >&2\nexec sleep 600\n")
        os.chmod(fake, 0o755)
        started = RunSh(1, free_port(), fake)
        self.addCleanup(started.kill_all)
        try:
            end = started.line(timeout=60)
        except queue.Empty:
            self.fail("run.sh's output is still open 60 s on: the backend it gave up on still holds it")
        self.assertIsNone(end, "run.sh printed %r for a backend that never listened" % end)
        self.assertEqual(started.process.wait(timeout=10), 1)
        self.assertIn("run.sh: backend 1 did not listen within 30 s", started.process.stderr.read())


if __name__ == "__main__":
    unittest.main()
