#!/usr/bin/env python3
"""A local HTTP server that goes wrong on purpose, one way per path, for the HTTP client's tests.

    python3 Tests/Support/http_faults.py [--port P]

Listens on 127.0.0.1 (a free port unless --port) and prints ``PORT n`` on stdout once ready.

- ``/png``: a small PNG. ``/text``: a 200 with text (not an image).
- ``/status/N``: that status.
- ``/declared/N``: a 200 declaring ``Content-Length: N``, then the body as fast as the client
  takes it (a client must refuse it at the headers when N is over its limit).
- ``/endless``: a 200 without a length whose body never ends (the connection closes the body).
- ``/loop``: a 302 to ``/loop?hop=K+1``, without end. ``/redirect``: a 302 to ``/png``.
- ``/stall``: the headers, then nothing for ``?s=`` seconds (default 60).
- ``/drip``: a body of 1000 declared bytes, one byte every ``?ms=`` (default 250) milliseconds.
- ``/short``: ``Content-Length: 1000``, 500 bytes, then the connection closes.
- ``/late``: waits ``?ms=`` milliseconds, then a PNG (``?k=`` picks its colour; when it was sent,
  as ``time.time()``, is kept under ``sentAt[k]``).
- ``/hang``: accepts and never answers (until the server stops).
- ``/stats``: ``{"sent": {path: bytes}, "requests": {path: count}, "sentAt": {k: time}}``: body
  bytes written and requests per path, and when each ``/late`` picture went out.

Python 3 standard library only.
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlparse

import photo_server

LOCK = threading.Lock()
STATS = {"sent": {}, "requests": {}, "sentAt": {}}


def png(k=1):
    """A small PNG in a colour of its own."""
    return photo_server.png(k, 16)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # see photo_server.Handler

    def log_message(self, *args):
        pass

    def count(self, path, n):
        with LOCK:
            STATS["sent"][path] = STATS["sent"].get(path, 0) + n

    def head(self, status, length=None, content_type="application/octet-stream", extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        for key, value in extra:
            self.send_header(key, value)
        self.end_headers()

    def body(self, path, data):
        self.wfile.write(data)
        self.wfile.flush()
        self.count(path, len(data))

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        path = url.path
        with LOCK:
            STATS["requests"][path] = STATS["requests"].get(path, 0) + 1
        try:
            self.route(path, query)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self, path, query):
        if path == "/png":
            data = png()
            self.head(200, len(data), "image/png")
            self.body(path, data)
        elif path == "/text":
            data = b"this is not an image"
            self.head(200, len(data), "text/plain")
            self.body(path, data)
        elif path.startswith("/status/"):
            self.head(int(path.rsplit("/", 1)[1]), 2, "text/plain")
            self.body(path, b"no")
        elif path.startswith("/declared/"):
            total = int(path.rsplit("/", 1)[1])
            self.head(200, total, "image/png")
            chunk = b"\0" * 65536
            left = total
            while left > 0:
                piece = chunk[:min(left, len(chunk))]
                self.body(path, piece)
                left -= len(piece)
        elif path == "/endless":
            self.head(200, None, "image/png", [("Connection", "close")])
            self.close_connection = True
            chunk = png() + b"\0" * 65536
            while True:
                self.body(path, chunk)
        elif path == "/loop":
            hop = int(query.get("hop", ["0"])[0])
            self.head(302, 0, extra=[("Location", "/loop?hop=%d" % (hop + 1))])
        elif path == "/redirect":
            self.head(302, 0, extra=[("Location", "/png")])
        elif path == "/stall":
            self.head(200, 1000, "image/png")
            self.wfile.flush()
            time.sleep(float(query.get("s", ["60"])[0]))
        elif path == "/drip":
            ms = int(query.get("ms", ["250"])[0])
            self.head(200, 1000, "image/png")
            for _ in range(1000):
                self.body(path, b"\0")
                time.sleep(ms / 1000)
        elif path == "/short":
            self.head(200, 1000, "image/png")
            self.body(path, b"\0" * 500)
            self.close_connection = True
        elif path == "/late":
            time.sleep(int(query.get("ms", ["0"])[0]) / 1000)
            k = query.get("k", ["1"])[0]
            data = png(int(k))
            self.head(200, len(data), "image/png")
            self.body(path, data)
            with LOCK:
                STATS["sentAt"][k] = time.time()
        elif path == "/hang":
            time.sleep(3600)
        elif path == "/stats":
            with LOCK:
                data = json.dumps(STATS).encode()
            self.head(200, len(data), "application/json")
            self.wfile.write(data)
        else:
            self.head(404, 2, "text/plain")
            self.body(path, b"no")


def main():
    photo_server.serve(Handler, "A local HTTP server that fails on purpose.")


if __name__ == "__main__":
    sys.exit(main())
