"""``scenery serve`` from outside, as a browser (or an attacker) would reach it: sessions over
WebSockets, the Host and Origin checks, the data root, isolation between sessions, a client that
stops reading, closed tabs, the real clock; and under abuse: the session cap, the memory budget,
the file descriptor limit, half-sent requests, hostile frames, heavy sessions beside a light one,
sessions waiting their turn for a heavy request (pings answered, answers in order) or flooding
while it runs.
    SCENERY_BIN=.build/debug/scenery python3 -m unittest Tests/Web/test_serve.py
"""

import http.client
import json
import os
import re
import resource
import shutil
import socket
import sys
import tempfile
import subprocess
import threading
import time
import unittest
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
import jsonpatch  # noqa: E402
from serve_process import start_serve  # noqa: E402
from ws_client import Closed, Refused, WebSocket, frame  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SCENERY_BIN", os.path.join(REPO, ".build", "debug", "scenery"))


def start(*args):
    """`scenery serve --port 0 ARGS`: (process, port)."""
    return start_serve(BINARY, *args)


def stats(port):
    with urllib.request.urlopen("http://127.0.0.1:%d/stats" % port, timeout=10) as response:
        return json.loads(response.read())


def get(port, path="/", host=None):
    """(status, body) of GET PATH, with ``host`` as the Host header (default: the address used)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": host} if host else {})
        response = connection.getresponse()
        return response.status, response.read().decode(errors="replace")
    finally:
        connection.close()


def rss_mib(pid):
    """The process's resident set in MiB (VmRSS of /proc/PID/status)."""
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1)) / 1024


def cpu_seconds(pid):
    """User plus system CPU time the process has used, in seconds (/proc/PID/stat)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop(server):
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def write_people(path, count):
    """A directory scene's people file of ``count`` people (a heavy `scene.open`)."""
    with open(path, "w") as f:
        json.dump([{"firstName": "First%d" % i, "lastName": "Last%d" % (i * 7919 % count), "age": i % 90} for i in range(count)], f)


# People in a heavy session's directory (big-people.json): tens of MiB each, a few seconds to open
# in a debug build on two shared CPUs. The canary's heavy neighbours open more, smaller ones
# (people-40k.json): more of them than threads is what stalled it.
HEAVY_PEOPLE = 100000

# Set by the Swift wrapper when it runs against a build with AddressSanitizer (Scripts/test's
# second pass): there a heavy request takes many times as long and RSS is the sanitizer
# allocator's (freed memory waits in its quarantine), so the heavy loads are smaller and what
# measures time or memory is skipped, saying so. The same requests still run, for the sanitizer.
SANITIZED = os.environ.get("SCENERY_SANITIZED") == "1"


class ServeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="serve-root-")
        cls.outside = tempfile.mkdtemp(prefix="serve-outside-")
        shutil.copy(os.path.join(REPO, "Tests", "Fixtures", "people.json"), os.path.join(cls.root, "people.json"))
        shutil.copy(os.path.join(REPO, "Tests", "Fixtures", "people.json"), os.path.join(cls.outside, "secret.json"))
        os.symlink(os.path.join(cls.outside, "secret.json"), os.path.join(cls.root, "link-out.json"))
        cls.server, cls.port = start("--data-root", cls.root)

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait()
        shutil.rmtree(cls.root, ignore_errors=True)
        shutil.rmtree(cls.outside, ignore_errors=True)

    def session(self, **kw):
        return WebSocket(self.port, **kw)

    def open_directory(self, ws, **params):
        ws.request("initialize", {"network": False})
        return ws.request("scene.open", {"scene": "directory", **params})

    def test_a_session_is_a_protocol_client_whose_patches_rebuild_the_snapshot(self):
        ws = self.session()
        state = ws.request("initialize", {})["result"]["state"]
        ws.send_text(json.dumps({"jsonrpc": "2.0", "id": "open", "method": "scene.open", "params": {"scene": "shelf"}}))
        ws.send_text(json.dumps({"jsonrpc": "2.0", "id": "tap", "method": "tap", "params": {"id": "settings"}}))
        ws.send_text(json.dumps({"jsonrpc": "2.0", "id": "snap", "method": "snapshot"}))
        while True:
            message = json.loads(ws.receive())
            change = message.get("result") if "id" in message else message.get("params")
            if message.get("id") == "snap":
                self.assertEqual(message["result"]["state"], state)
                self.assertIsNotNone(state["model"]["alert"])
                break
            if change and "patch" in change:
                state = jsonpatch.apply_patch(state, change["patch"])
        ws.close()

    def test_an_upgrade_from_another_origin_is_refused(self):
        with self.assertRaises(Refused) as refused:
            self.session(origin="http://evil.example")
        # The upgrade is refused before any session exists: 403, the reason, and the connection
        # closed (PROTOCOL.md, serve).
        self.assertIn(" 403 ", refused.exception.status)
        self.assertIn("Origin http://evil.example is not this server's page", refused.exception.body)
        for origin in ["http://127.0.0.1:%d.evil.example" % self.port, "http://127.0.0.1:%d" % (self.port + 1), "null",
                       "https://127.0.0.1:%d" % self.port]:
            with self.assertRaises(Refused, msg=origin) as refused:
                self.session(origin=origin)
            self.assertIn(" 403 ", refused.exception.status, origin)
        # The page's own origin, by any name the server listens as, and a program that sends
        # none, are taken.
        self.session(origin="http://127.0.0.1:%d" % self.port).close()
        self.session(origin="http://localhost:%d" % self.port, host_header="localhost:%d" % self.port).close()
        self.session().close()

    def test_a_page_reached_through_another_name_is_refused(self):
        # DNS rebinding: a page of rebind.example whose name now points at 127.0.0.1. The
        # browser names rebind.example in Host and in Origin, which used to match each other.
        rebind = "rebind.example:%d" % self.port
        with self.assertRaises(Refused) as refused:
            self.session(origin="http://" + rebind, host_header=rebind)
        self.assertIn(" 403 ", refused.exception.status)
        self.assertIn("Host %s is not a name this server answers as" % rebind, refused.exception.body)
        # Every plain request is judged by its Host too: the page, the presets, the stats.
        for path in ["/", "/presets.json", "/stats", "/app.js"]:
            status, body = get(self.port, path, host=rebind)
            self.assertEqual(status, 403, path)
            self.assertIn("DNS rebinding", body, path)
        # The names the server listens as are answered.
        for host in ["127.0.0.1:%d" % self.port, "localhost:%d" % self.port, "[::1]:%d" % self.port, "127.0.0.1"]:
            self.assertEqual(get(self.port, "/presets.json", host=host)[0], 200, host)

    def test_allow_origin_names_an_origin_whose_pages_may_open_sessions(self):
        server, port = start("--allow-origin", "https://scenery.example/")
        try:
            WebSocket(port, origin="https://scenery.example", host_header="scenery.example").close()
            self.assertEqual(get(port, "/presets.json", host="scenery.example")[0], 200)
            with self.assertRaises(Refused) as refused:
                WebSocket(port, origin="https://other.example", host_header="scenery.example")
            self.assertIn(" 403 ", refused.exception.status)
            self.assertEqual(get(port, "/", host="other.example")[0], 403)
        finally:
            stop(server)

    def test_files_are_read_under_the_data_root_only(self):
        ws = self.session()
        self.assertIn("result", self.open_directory(ws, people="people.json"))
        for path in ["../" + os.path.basename(self.outside) + "/secret.json", os.path.join(self.outside, "secret.json"), "link-out.json",
                     "/etc/passwd"]:
            answer = ws.request("scene.open", {"scene": "directory", "people": path})
            self.assertEqual(answer["error"]["code"], -32005, path)
            self.assertIn("outside the data root", answer["error"]["message"], path)
        # Every other param that reads a file, pointed outside the root.
        secret = os.path.join(self.outside, "secret.json")
        for scene, params in [("directory", {"events": secret}), ("hoo", {"sets": self.outside}),
                              ("shelf", {"books": secret}), ("shelf", {"resources": self.outside}),
                              ("exhibition", {"resources": self.outside}), ("hoo", {"resources": self.outside}),
                              ("photos", {"endpoint": "file:" + secret}), ("photos", {"endpoint": "file://" + secret})]:
            answer = ws.request("scene.open", {"scene": scene, **params})
            self.assertEqual(answer.get("error", {}).get("code"), -32005, (scene, params, answer))
            self.assertIn("outside the data root", answer["error"]["message"], (scene, params))
        self.assertIn("result", ws.request("scene.open", {"scene": "hoo"}))
        answer = ws.request("sets.load", {"path": self.outside})
        self.assertEqual(answer["error"]["code"], -32005)
        self.assertIn("outside the data root", answer["error"]["message"])
        # A cache folder outside the root is refused, and not written.
        cache = os.path.join(self.outside, "cache")
        answer = ws.request("scene.open", {"scene": "photos", "endpoint": "file:people.json", "cacheDir": cache})
        self.assertEqual(answer["error"]["code"], -32005)
        self.assertIn("params.cacheDir", answer["error"]["message"])
        self.assertFalse(os.path.exists(cache))
        ws.close()

    def test_pictures_named_by_file_urls_are_read_under_the_data_root_only(self):
        # A people file inside the root whose pictures point inside and outside it: the inside
        # one loads, the outside one fails with the reason, and its bytes are never served.
        shutil.copy(os.path.join(REPO, "Tests", "Fixtures", "images", "tiny-4x3.png"), os.path.join(self.root, "inside.png"))
        shutil.copy(os.path.join(REPO, "Tests", "Fixtures", "images", "tiny-4x3.png"), os.path.join(self.outside, "outside.png"))
        people = [{"firstName": "In", "lastName": "Side", "age": 1, "profilePicture": "file:inside.png"},
                  {"firstName": "Out", "lastName": "Side", "age": 2, "profilePicture": "file:" + os.path.join(self.outside, "outside.png")}]
        with open(os.path.join(self.root, "people-pictures.json"), "w") as f:
            json.dump(people, f)
        ws = self.session()
        self.assertIn("result", self.open_directory(ws, people="people-pictures.json"))
        ws.request("tap", {"id": "tab.contacts"})
        nodes = ws.request("snapshot")["result"]["state"]["display"]["nodes"]
        states = {node["image"]: node["style"].get("imageState") for node in nodes.values() if node["kind"] == "image" and "imageState" in node["style"]}
        self.assertIn("loaded", states.values(), states)
        self.assertIn("failed", states.values(), states)
        ws.close()

    def test_without_a_data_root_no_file_is_read(self):
        server, port = start()
        try:
            ws = WebSocket(port)
            ws.request("initialize", {})
            answer = ws.request("scene.open", {"scene": "directory", "people": "people.json"})
            self.assertEqual(answer["error"]["code"], -32005)
            self.assertIn("started without --data-root", answer["error"]["message"])
            self.assertIn("result", ws.request("scene.open", {"scene": "hoo"}))  # the samples work
            ws.close()
        finally:
            server.terminate()
            server.wait()

    def test_a_flooding_client_that_stops_reading_is_closed_and_the_others_keep_their_pace(self):
        before = stats(self.port)
        flooder = self.session()
        flooder.request("initialize", {})
        flooder.request("scene.open", {"scene": "directory"})
        quiet = self.session()
        self.open_directory(quiet)
        calm = []
        for _ in range(20):
            t0 = time.perf_counter()
            quiet.request("tap", {"id": "tab.featured"})
            calm.append(time.perf_counter() - t0)
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "snapshot"})
        stop = threading.Event()

        def flood():
            try:
                while not stop.is_set():
                    flooder.send_text(line)
            except OSError:
                pass
        thread = threading.Thread(target=flood, daemon=True)
        thread.start()
        busy = []
        for _ in range(20):
            t0 = time.perf_counter()
            quiet.request("tap", {"id": "tab.contacts"})
            busy.append(time.perf_counter() - t0)
        # The flooder never reads: its outbox fills and the server drops it with 1008 (counted
        # in /stats). Its close frame waits behind the answers it never read, and the connection
        # goes with the unread requests, so the client may see a reset instead of the frame.
        deadline = time.time() + 60
        while stats(self.port)["dropped"] == before["dropped"] and time.time() < deadline:
            time.sleep(0.2)
        self.assertEqual(stats(self.port)["dropped"], before["dropped"] + 1, "the flooder was not dropped within 60 s")
        stop.set()
        closed = None
        try:
            flooder.sock.settimeout(30)
            while True:
                flooder.receive()
        except Closed as error:
            closed = error
        except OSError:
            closed = Closed(None, "reset")
        if closed.code is not None:
            self.assertEqual(closed.code, 1008)
            self.assertIn("stopped reading", closed.reason)
        deadline = time.time() + 30
        while stats(self.port)["open"] != before["open"] + 1 and time.time() < deadline:  # the quiet one stays
            time.sleep(0.2)
        self.assertEqual(stats(self.port)["open"], before["open"] + 1)
        calm.sort(); busy.sort()
        self.assertLess(busy[len(busy) // 2], max(0.25, 20 * calm[len(calm) // 2]), "the quiet session slowed: %s vs %s" % (busy, calm))
        self.assertIn("result", quiet.request("snapshot"))
        quiet.close()

    def test_sigterm_stops_the_server_with_sessions_open(self):
        server, port = start()
        try:
            reading, idle = WebSocket(port), WebSocket(port)
            for ws in (reading, idle):
                ws.request("initialize", {})
                ws.request("scene.open", {"scene": "photos"})
            t0 = time.time()
            server.terminate()
            server.wait(timeout=20)
            self.assertEqual(server.returncode, 0)
            self.assertLess(time.time() - t0, 10, "shutdown waited for its clients")
            with self.assertRaises(Closed) as closed:  # the tab that reads sees the drain's close (test_operate.py)
                while True:
                    reading.receive()
            self.assertIn(closed.exception.code, (1012, None))
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()

    def test_frames_that_are_not_one_request_are_answered_as_on_a_pipe(self):
        ws = self.session()
        ws.request("initialize", {})
        ws._send(0x2, b'{"jsonrpc":"2.0","id":1,"method":"snapshot"}')  # a binary frame is not a request
        answer = json.loads(ws.receive())
        self.assertEqual(answer["error"]["code"], -32600)
        ws.send_text('{"jsonrpc":"2.0","id":"a","method":"snapshot"}\n{"jsonrpc":"2.0","id":"b","method":"snapshot"}')
        self.assertEqual([json.loads(ws.receive())["id"] for _ in range(2)], ["a", "b"])  # two lines, two answers, in order
        ws.send_text("{" * 100000)  # deep nesting: refused, and the session goes on
        self.assertEqual(json.loads(ws.receive())["error"]["code"], -32700)
        self.assertIn("result", ws.request("snapshot"))
        ws.close()

    def test_a_frame_over_the_line_limit_closes_that_session_with_1009(self):
        ws = self.session()
        ws.request("initialize", {})
        try:
            ws.send_text('{"jsonrpc":"2.0","id":5,"method":"snapshot","params":{"x":"' + "a" * (2 << 20) + '"}}')
        except (ConnectionResetError, BrokenPipeError):
            pass  # the server refused the frame from its header and closed while the rest was sent
        with self.assertRaises(Closed) as closed:
            while True:
                ws.receive()
        self.assertEqual(closed.exception.code, 1009)
        other = self.session()  # the server goes on
        self.assertIn("result", other.request("initialize", {}))
        other.close()

    def test_a_fragmented_message_over_the_line_limit_closes_with_1009(self):
        # Each fragment is under the frame limit; together they are over the message limit.
        ws = self.session()
        ws.request("initialize", {})
        ws.send_raw(frame(0x1, b"a" * 600000, fin=False) + frame(0x0, b"a" * 600000, fin=False))
        self.assertEqual(ws.close_code(), 1009)

    def test_invalid_utf8_closes_with_1007(self):
        ws = self.session()
        ws.request("initialize", {})
        ws.send_raw(frame(0x1, b'{"jsonrpc":"2.0","id":1,"method":"snapshot","params":{"x":"\xff\xfe"}}'))
        self.assertEqual(ws.close_code(), 1007)
        # Split across fragments, a character cut in two is still valid once joined.
        ws = self.session()
        ws.request("initialize", {})
        line = '{"jsonrpc":"2.0","id":"\u00e9","method":"snapshot"}'.encode()
        cut = line.index(b"\xc3") + 1
        ws.send_raw(frame(0x1, line[:cut], fin=False) + frame(0x0, line[cut:]))
        self.assertEqual(json.loads(ws.receive())["id"], "\u00e9")
        ws.close()

    def test_an_unmasked_frame_closes_with_1002_unanswered(self):
        # RFC 6455 5.1: a client must mask every frame, and the server must close on one that is not.
        ws = self.session()
        ws.request("initialize", {})
        ws.send_raw(frame(0x1, b'{"jsonrpc":"2.0","id":"unmasked","method":"snapshot"}', masked=False))
        with self.assertRaises(Closed) as closed:
            ws.receive()  # the close frame comes first: no answer to the unmasked request
        self.assertEqual(closed.exception.code, 1002)
        self.assertIn("masked", closed.exception.reason)

    def test_a_message_of_too_many_frames_is_closed_and_memory_stays_bounded(self):
        # Two million empty continuation frames used to cost 202 MiB on one open connection: the
        # limit counted bytes, not frames.
        before = rss_mib(self.server.pid)
        ws = self.session()
        ws.request("initialize", {})
        ws.send_raw(frame(0x1, b"", fin=False) + frame(0x0, b"", fin=False) * 2000)
        self.assertEqual(ws.close_code(), 1009)
        flood = self.session()
        batch = frame(0x1, b"", fin=False) + frame(0x0, b"", fin=False) * 20000
        sent = 0
        try:
            for _ in range(100):  # up to two million frames, until the server has closed
                flood.send_raw(batch)
                sent += 1
        except OSError:
            pass
        self.assertLess(sent, 100, "the connection stayed open through two million frames")
        self.assertLess(rss_mib(self.server.pid) - before, 30)
        other = self.session()  # the server goes on
        self.assertIn("result", other.request("initialize", {}))
        other.close()

    def test_a_closed_tab_frees_its_session(self):
        before = stats(self.port)["open"]
        sockets = [self.session() for _ in range(5)]
        for ws in sockets:
            ws.request("initialize", {})
        self.assertEqual(stats(self.port)["open"], before + 5)
        for ws in sockets:
            ws.close()
        deadline = time.time() + 10
        while stats(self.port)["open"] != before and time.time() < deadline:
            time.sleep(0.05)
        self.assertEqual(stats(self.port)["open"], before)

    def test_real_clock_sessions_get_timers_as_notifications(self):
        ws = self.session()
        ws.request("initialize", {"clock": "real"})
        ws.request("scene.open", {"scene": "photos"})
        ws.request("tap", {"id": "photo.4"})
        deadline = time.time() + 10
        while time.time() < deadline:
            message = json.loads(ws.receive())
            if message.get("method") == "patch" and message["params"]["cause"] == "timer.advance":
                self.assertIn({"op": "replace", "path": "/model/title", "value": "6/16"}, message["params"]["patch"])
                break
        else:
            self.fail("no timer.advance notification within 10 s")
        ws.close()


class ServeRecordTest(unittest.TestCase):
    """`serve --record FOLDER --record-as golden`: each session becomes a readable golden when its
    tab closes, which replays as written."""

    def test_a_closed_session_is_written_as_a_readable_golden_that_replays(self):
        folder = tempfile.mkdtemp(prefix="serve-record-")
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        server, port = start("--record", folder, "--record-as", "golden")
        self.addCleanup(stop, server)
        ws = WebSocket(port)
        ws.request("initialize", {"network": False})
        ws.request("scene.open", {"scene": "directory"})
        ws.request("tap", {"id": "recents.event.2"})
        ws.close()
        golden = os.path.join(folder, "session-1.golden")
        deadline = time.time() + 10
        while time.time() < deadline and "screen changes" not in (open(golden).read() if os.path.exists(golden) else ""):
            time.sleep(0.05)
        text = open(golden).read()
        self.assertIn('> scene.open {"scene":"directory"}\n', text)
        self.assertIn('    ~ row "Turf 18 Mar, 2018" [selected]  #recents.event.2\n', text)
        replay = subprocess.run([BINARY, "replay", golden], capture_output=True, text=True)
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        refused = subprocess.run([BINARY, "serve", "--record", folder, "--record-as", "yaml"], capture_output=True, text=True)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("--record-as: expected transcript or golden", refused.stderr)


class ServeUnderAbuseTest(unittest.TestCase):
    """Each test starts a server of its own, with the limit it tries."""

    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="serve-abuse-")
        write_people(os.path.join(cls.root, "big-people.json"), HEAVY_PEOPLE)
        write_people(os.path.join(cls.root, "people-40k.json"), 4000 if SANITIZED else 40000)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, ignore_errors=True)

    def start(self, *args, **kw):
        server, port = start_serve(BINARY, "--data-root", self.root, *args, **kw)
        self.addCleanup(stop, server)
        return server, port

    def open_heavy(self, ws, people="big-people.json"):
        # Heavy opens take turns (one at a time on 2 CPUs): the last of 8 waits for the 7 before
        # it, over 30 s on a loaded machine with the debug build; the canary, not this, is timed.
        ws.sock.settimeout(120)
        ws.request("initialize", {"network": False})
        return ws.request("scene.open", {"scene": "directory", "people": people})

    def test_past_the_session_cap_a_session_is_refused_with_503_until_one_closes(self):
        server, port = self.start("--max-sessions", "3")
        sessions = [WebSocket(port) for _ in range(3)]
        with self.assertRaises(Refused) as refused:
            WebSocket(port)
        self.assertIn(" 503 ", refused.exception.status)
        self.assertIn("session cap: 3 sessions are open", refused.exception.body)
        self.assertEqual(stats(port)["refused"], 1)
        sessions.pop().close()
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                sessions.append(WebSocket(port))
                break
            except Refused:
                time.sleep(0.1)
        self.assertEqual(len(sessions), 3, "a closed session's slot was not given back")
        for ws in sessions:
            self.assertIn("result", ws.request("initialize", {}))
            ws.close()

    def test_at_a_low_file_descriptor_limit_sessions_are_capped_below_it_and_the_server_stays_idle(self):
        banner = []
        server, port = self.start(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64)), banner=banner)
        match = re.search(r"at most (\d+) sessions and (\d+) connections \((\d+) file descriptors\)", banner[0])
        self.assertIsNotNone(match, banner)
        cap, connections = int(match.group(1)), int(match.group(2))
        self.assertEqual(int(match.group(3)), 64)
        self.assertLess(cap, connections)
        sessions = [WebSocket(port) for _ in range(cap)]
        for _ in range(3):
            with self.assertRaises(Refused) as refused:
                WebSocket(port)
            self.assertIn(" 503 ", refused.exception.status)
            self.assertIn("session cap", refused.exception.body)
        # More idle connections than the descriptors allow: the server stops accepting at its
        # connection cap (the rest wait in the kernel) instead of spinning on EMFILE.
        idle = []
        for _ in range(80):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError:
                break
        time.sleep(0.5)
        t0, c0 = time.time(), cpu_seconds(server.pid)
        time.sleep(1.5)
        busy = (cpu_seconds(server.pid) - c0) / (time.time() - t0)
        print("\nat 64 descriptors: %d sessions, %d connections; %d idle connections opened; CPU %.1f%% of a core"
              % (cap, connections, len(idle), busy * 100), file=sys.stderr)
        self.assertLess(busy, 0.2, "the server used %.0f%% of a core with its descriptors taken" % (busy * 100))
        for sock in idle:
            sock.close()
        for ws in sessions:
            self.assertIn("result", ws.request("initialize", {}))  # the sessions went on
            ws.close()
        deadline = time.time() + 15
        while time.time() < deadline:
            try:
                WebSocket(port).close()
                break
            except (Refused, OSError):
                time.sleep(0.2)
        else:
            self.fail("no session could be opened once the connections closed")

    def test_a_request_head_that_never_completes_is_closed(self):
        server, port = self.start("--request-timeout", "1")
        half, silent = (socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(2))
        half.sendall(b"GET /session HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        t0 = time.time()
        answer = b""
        while True:
            chunk = half.recv(4096)
            if not chunk:
                break
            answer += chunk
        self.assertLess(time.time() - t0, 4)
        self.assertIn(b" 408 ", answer)
        self.assertEqual(silent.recv(4096)[:12], b"HTTP/1.1 408")
        self.assertLess(time.time() - t0, 4)
        ws = WebSocket(port)  # new sessions are taken meanwhile
        self.assertIn("result", ws.request("initialize", {}))
        ws.close()
        # A head that goes on and on is refused once it is over 64 KiB.
        long = socket.create_connection(("127.0.0.1", port), timeout=10)
        try:
            long.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Filler: " + b"x" * 70000)
        except OSError:
            pass
        self.assertIn(b" 431 ", long.recv(4096))
        long.close()

    def test_sigterm_exits_at_once_with_a_half_sent_request_open(self):
        server, port = self.start()
        half = socket.create_connection(("127.0.0.1", port), timeout=10)
        half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        silent = socket.create_connection(("127.0.0.1", port), timeout=10)
        ws = WebSocket(port)
        ws.request("initialize", {})
        time.sleep(0.2)
        t0 = time.time()
        server.terminate()
        try:
            server.wait(timeout=8)
        except subprocess.TimeoutExpired:
            self.fail("scenery serve still ran 8 s after SIGTERM with a half-sent request open")
        self.assertLess(time.time() - t0, 5)
        self.assertEqual(server.returncode, 0)
        half.close(); silent.close()

    def open_heavy_sessions(self, port, count, people):
        """``count`` sessions opening the directory of ``people`` at once, on threads: (sessions,
        the threads, the answers so far)."""
        heavy = [WebSocket(port) for _ in range(count)]
        answers = []
        threads = [threading.Thread(target=lambda ws=ws: answers.append(self.open_heavy(ws, people))) for ws in heavy]
        for thread in threads:
            thread.start()
        return heavy, threads, answers

    def test_a_quiet_session_keeps_its_pace_beside_heavy_ones(self):
        server, port = self.start()
        canary = WebSocket(port)
        canary.request("initialize", {})
        canary.request("scene.open", {"scene": "directory"})

        def tap_times(count, busy_while=None):
            times = []
            for i in range(count):
                if busy_while is not None and not any(thread.is_alive() for thread in busy_while):
                    break
                t0 = time.perf_counter()
                canary.request("tap", {"id": "tab.contacts" if i % 2 else "tab.featured"})
                times.append(time.perf_counter() - t0)
            return sorted(times)
        idle = tap_times(40)
        heavy, threads, answers = self.open_heavy_sessions(port, 8, "people-40k.json")
        busy = tap_times(3000, busy_while=threads)
        for thread in threads:
            thread.join(120)
        self.assertEqual([("result" in a) for a in answers], [True] * 8, answers[:1])
        p99 = lambda times: times[min(len(times) - 1, int(len(times) * 0.99))]
        print("\ncanary p99: idle %.1f ms, beside 8 heavy sessions %.1f ms (%d taps)" % (p99(idle) * 1000, p99(busy) * 1000, len(busy)),
              file=sys.stderr)
        self.assertGreater(len(busy), 5, "the canary could not tap while the heavy sessions opened")
        # Without the gate on heavy requests the canary's p99 was 385 ms here (idle: 18 ms; debug
        # build, 2 shared CPUs); with it, 9 to 30 ms.
        if not SANITIZED:
            self.assertLess(p99(busy), max(0.15, 6 * p99(idle)), "the quiet session stalled: %s" % busy[-5:])
        for ws in heavy + [canary]:
            ws.close()

    def test_sessions_waiting_their_turn_for_a_heavy_request_answer_pings_and_get_their_answers_in_order(self):
        # One heavy request at a time and a ping every second: a session whose socket is not read
        # while its request waits (or runs) misses its client's pongs and is closed with 1001
        # within two pings. It was seen at the default 30 s with 40 tabs opening 100,000 people.
        ping = 1.0
        server, port = self.start("--heavy-requests", "1", "--ping-seconds", str(ping))

        def open_line(rid):
            return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "scene.open", "params": {"scene": "directory", "people": "people-40k.json"}})
        # The waiter's lines on a pipe: the bytes its answers must have, and how long this build
        # takes to open the file, so that the holder's one frame of opens holds the gate for
        # about 6 s (a frame's lines take one turn).
        lines = [json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {"network": False}}), open_line("open")]
        t0 = time.perf_counter()
        piped = subprocess.run([os.path.abspath(BINARY)], input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=self.root, timeout=120)
        # Aimed at twice the 6 s needed: a calibration slowed by other work on the machine would
        # otherwise give too few opens once it is quiet again (seen: 3.6 s, fewer than 4 pings).
        count = max(2, min(60, int(12.0 / (time.perf_counter() - t0)) + 1))
        holder, waiter, leaver = WebSocket(port), WebSocket(port), WebSocket(port)
        answers, ended = {}, {}

        def read(name, ws):
            """Reads as a browser does, all along (answering pings): the answers, as sent and
            as read, in the order they came; then how the session ended."""
            answers[name] = []
            try:
                while True:
                    text = ws.receive()
                    message = json.loads(text)
                    if "id" in message:
                        answers[name].append((text, message))
            except (Closed, OSError) as error:
                ended[name] = error
        readers = {}
        for name, ws in (("holder", holder), ("waiter", waiter), ("leaver", leaver)):
            readers[name] = threading.Thread(target=read, args=(name, ws), daemon=True)
            readers[name].start()

        def wait_for(name, number, limit):
            deadline = time.time() + limit
            while len(answers[name]) < number and name not in ended and time.time() < deadline:
                time.sleep(0.02)
        for ws in (holder, waiter, leaver):
            ws.send_text(json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {"network": False}}))
        for name in answers:
            wait_for(name, 1, 10)
        hold_ids = ["hold-%d" % i for i in range(count)]
        holder.send_text("\n".join(open_line(rid) for rid in hold_ids))
        time.sleep(0.3)  # the holder's frame is at the gate first
        # The leaver's open waits behind it, then its client leaves: the server sees the close
        # while the holder still holds the gate.
        leaver.send_text(open_line("leave"))
        time.sleep(0.3)
        # The waiter: a heavy request that waits, then a light one, answered after it.
        waited = time.perf_counter()
        waiter.send_text(open_line("open"))
        waiter.send_text(json.dumps({"jsonrpc": "2.0", "id": "snap", "method": "snapshot", "params": {}}))
        before = stats(port)["open"]
        leaver.close()
        deadline = time.time() + 3
        while stats(port)["open"] == before and time.time() < deadline:
            time.sleep(0.05)
        seen_leaving = stats(port)["open"] == before - 1
        holding = len(answers["holder"]) < 1 + count
        wait_for("waiter", 3, 60 + 40 * count)
        waited = time.perf_counter() - waited
        wait_for("holder", 1 + count, 30)
        print("\nheavy requests 1, pings every %.1f s: the waiter waited %.1f s behind %d opens, answered %d pings"
              % (ping, waited, count, waiter.pings), file=sys.stderr)
        self.assertNotIn("holder", ended, "the holder's session ended: %r" % ended.get("holder"))
        self.assertNotIn("waiter", ended, "the waiting session ended: %r" % ended.get("waiter"))
        self.assertEqual([m.get("id") for _, m in answers["holder"]], ["init"] + hold_ids)
        self.assertEqual([m.get("id") for _, m in answers["waiter"]], ["init", "open", "snap"])
        self.assertGreater(waited, 4 * ping, "the waiter did not wait long enough to miss pings: the test proves nothing")
        self.assertGreaterEqual(waiter.pings, 3, "the server did not ping the waiter while it waited")
        self.assertTrue(holding, "the holder was done before the leaver left: the test proves nothing")
        self.assertTrue(seen_leaving, "a session that left while its request waited was still open 3 s later")
        # The answers are those of the same lines on a pipe, byte for byte.
        self.assertEqual(piped.stdout.splitlines()[1], answers["waiter"][1][0])
        self.assertEqual(answers["waiter"][2][1]["result"]["rev"], answers["waiter"][1][1]["result"]["rev"])
        for ws in (holder, waiter):
            ws.close()

    def test_a_session_flooding_while_its_request_runs_is_read_no_further_than_a_frame_ahead(self):
        # The socket is read on while a request runs (pings, a close), but what the client sends
        # meanwhile waits in the server only up to a frame's limit (1 MiB here); the rest of a
        # flood waits in the kernel, not in memory.
        server, port = self.start()
        flooder = WebSocket(port)
        flooder.request("initialize", {"network": False})
        opens = [json.dumps({"jsonrpc": "2.0", "id": i, "method": "scene.open", "params": {"scene": "directory", "people": "people-40k.json"}})
                 for i in range(20)]
        flooder.send_text("\n".join(opens))  # about half a minute's work in the debug build
        big = frame(0x1, json.dumps({"jsonrpc": "2.0", "id": "flood", "method": "snapshot", "params": {"x": "a" * (512 << 10)}}).encode())
        offered, sent = 400 * len(big), 0  # 200 MiB
        flooder.sock.settimeout(2)
        try:
            while sent < offered:
                sent += flooder.sock.send(big[sent % len(big):])
        except OSError:
            pass
        print("\nwhile its request ran, a flooding client got %.1f MiB of %.0f MiB into the server and the kernel" % (sent / 2**20, offered / 2**20),
              file=sys.stderr)
        self.assertLess(sent, 48 << 20, "the server read the flood into memory")
        flooder.sock.close()
        other = WebSocket(port)  # the server goes on
        self.assertIn("result", other.request("initialize", {}))
        other.close()

    def test_closed_heavy_sessions_give_their_memory_back(self):
        if SANITIZED:
            self.skipTest("under AddressSanitizer RSS is its allocator's: freed memory waits in quarantine, malloc_trim does not apply")
        server, port = self.start()
        baseline = rss_mib(server.pid)
        heavy, threads, answers = self.open_heavy_sessions(port, 4, "big-people.json")
        for thread in threads:
            thread.join(120)
        self.assertEqual([("result" in a) for a in answers], [True] * 4, answers[:1])
        peak = rss_mib(server.pid)
        self.assertGreater(peak - baseline, 40, "the heavy sessions did not cost memory: the test proves nothing")
        for ws in heavy:
            ws.close()
        # Without malloc_trim, 141 MiB stayed 125 MiB here (baseline 43); with it, 44 to 63 MiB of
        # 119 to 130 (baseline 40: what stays is live memory scattered over the freed pages).
        bound = baseline + 0.4 * (peak - baseline)
        deadline = time.time() + 10
        while time.time() < deadline and rss_mib(server.pid) > bound:
            time.sleep(0.25)
        after = rss_mib(server.pid)
        print("\nRSS %.0f MiB, %.0f with four heavy sessions, %.0f once they closed" % (baseline, peak, after), file=sys.stderr)
        self.assertLess(after, bound, "RSS %.0f -> %.0f -> %.0f MiB" % (baseline, peak, after))

    def test_past_the_memory_budget_scene_open_is_refused_and_so_are_new_sessions(self):
        probe, _ = self.start()
        budget = int(rss_mib(probe.pid)) + 60  # a fresh server's memory, and room for about one heavy scene
        stop(probe)
        server, port = self.start("--max-memory-mib", str(budget))
        sessions = [WebSocket(port) for _ in range(6)]
        refusal, opened = None, []
        for ws in sessions:
            answer = self.open_heavy(ws)
            opened.append(ws)
            if "error" in answer:
                refusal = answer["error"]
                break
        self.assertIsNotNone(refusal, "six heavy scenes fit in %d MiB: RSS %.0f MiB" % (budget, rss_mib(server.pid)))
        self.assertEqual(refusal["code"], -32010)
        self.assertIn("memory budget", refusal["message"])
        self.assertIn("%d MiB of --max-memory-mib" % budget, refusal["message"])
        with self.assertRaises(Refused) as refused:
            WebSocket(port)
        self.assertIn(" 503 ", refused.exception.status)
        self.assertIn("memory budget", refused.exception.body)
        for ws in opened:
            self.assertIn("result", ws.request("snapshot"))  # the open sessions go on
        for ws in sessions:
            ws.close()


if __name__ == "__main__":
    unittest.main()
