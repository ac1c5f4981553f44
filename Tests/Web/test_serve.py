"""``scenery serve`` from outside, as a browser (or an attacker) would reach it: sessions over
WebSockets, the Origin check, the data root, isolation between sessions, a client that stops
reading, closed tabs, the real clock.
    SCENERY_BIN=.build/debug/scenery python3 -m unittest Tests/Web/test_serve.py
"""

import json
import os
import shutil
import sys
import tempfile
import threading
import time
import unittest
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
import jsonpatch  # noqa: E402
from serve_process import start_serve  # noqa: E402
from ws_client import Closed, Refused, WebSocket  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SCENERY_BIN", os.path.join(REPO, ".build", "debug", "scenery"))


def start(*args):
    """`scenery serve --port 0 ARGS`: (process, port)."""
    return start_serve(BINARY, *args)


def stats(port):
    with urllib.request.urlopen("http://127.0.0.1:%d/stats" % port, timeout=10) as response:
        return json.loads(response.read())


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
        # The upgrade is refused before any session exists: 400 and the connection closed (what
        # NIO's upgrader answers for a refused upgrade; PROTOCOL.md, serve).
        self.assertIn(" 400 ", refused.exception.status)
        with self.assertRaises(Refused):
            self.session(origin="http://127.0.0.1:%d.evil.example" % self.port)
        # The page's own origin, and a program that sends none, are taken.
        self.session(origin="http://127.0.0.1:%d" % self.port).close()
        self.session().close()

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
            with self.assertRaises(Closed) as closed:  # the tab that reads sees a normal close
                while True:
                    reading.receive()
            self.assertIn(closed.exception.code, (1000, None))
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
        ws.send_text('{"jsonrpc":"2.0","id":5,"method":"snapshot","params":{"x":"' + "a" * (2 << 20) + '"}}')
        with self.assertRaises(Closed) as closed:
            while True:
                ws.receive()
        self.assertEqual(closed.exception.code, 1009)
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


if __name__ == "__main__":
    unittest.main()
