#!/usr/bin/env python3
"""A local HTTP server for the Photos scene's tests: an endpoint in the brief's shape serving
generated images, with knobs for what can go wrong.

    python3 Tests/Support/photo_server.py [--port P]

Listens on 127.0.0.1 (a free port unless --port) and prints ``PORT n`` on stdout once ready.

- ``GET /photos.json?n=N&KNOB=...``: a JSON array of N records ``{imageName, imageDescription,
  imageURL}`` (every third name and every fourth description empty, as in the brief's data); each
  imageURL is ``/img/K.png`` on this server, carrying the knobs that concern photo K:
  ``slow=K,..`` (the body drips for longer than the client waits), ``fail=K,..`` (HTTP 500),
  ``notimage=K,..`` (a 200 with text), ``truncate=K,..`` (a Content-Length the body never
  reaches), ``redirect=K,..`` (a 302 to the image), ``loop=K,..`` (redirects without end),
  ``big=K,..`` (a body over the client's limit), ``reverse=MS`` (photo K answers after
  (N-K)*MS ms, so later photos finish first), ``latency=MS`` (every image waits that long).
- ``GET /list-status/CODE``: that status, for the list. ``GET /not-json``: a 200 with text.
- ``GET /flaky.json?n=N``: 503 the first time it is asked, the list afterwards (for Retry).
- ``GET /stats``: ``{"requests": {path: count}, "maxConcurrent": n, "active": n}`` over the image
  requests (paths without the query), for the tests of "once per URL" and the concurrency bound.

Python 3 standard library only. Images are small PNGs in a colour of their own.
"""

import argparse
import json
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOCK = threading.Lock()
STATS = {"requests": {}, "maxConcurrent": 0, "active": 0}
FLAKY = {"asked": 0}


def png(k, size=48):
    """A size x size PNG in a colour of its own."""
    rgb = ((k * 67) % 256, (k * 131) % 256, (k * 29 + 90) % 256)
    row = b"\x00" + bytes(rgb) * size

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b""))


def numbers(query, key):
    return {int(x) for x in query.get(key, [""])[0].split(",") if x.strip().isdigit()}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are separate writes: without this, Nagle's algorithm and the client's
    # delayed ACK hold the body back 40 ms on a reused connection.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", length=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path == "/photos.json":
            self.send(200, json.dumps(self.listing(query)).encode())
        elif url.path == "/flaky.json":
            with LOCK:
                FLAKY["asked"] += 1
                first = FLAKY["asked"] == 1
            if first:
                self.send(503, b"try again")
            else:
                self.send(200, json.dumps(self.listing(query)).encode())
        elif url.path.startswith("/list-status/"):
            self.send(int(url.path.rsplit("/", 1)[1]), b"{}")
        elif url.path == "/not-json":
            self.send(200, b"<html>not a list</html>", "text/html")
        elif url.path == "/stats":
            with LOCK:
                self.send(200, json.dumps(STATS).encode())
        elif url.path.startswith("/img/"):
            self.image(url, query)
        else:
            self.send(404, b"no such thing", "text/plain")

    def listing(self, query):
        n = int(query.get("n", ["16"])[0])
        base = "http://127.0.0.1:%d" % self.server.server_address[1]
        knobs = [key for key in ("slow", "fail", "notimage", "truncate", "redirect", "loop", "big") if key in query]
        records = []
        for k in range(n):
            parts = ["%s=1" % key for key in knobs if k in numbers(query, key)]
            if "reverse" in query:
                parts.append("wait=%d" % ((n - k) * int(query["reverse"][0])))
            elif "latency" in query:
                parts.append("wait=%s" % query["latency"][0])
            records.append({"imageName": "" if k % 3 == 2 else "Photo %d" % k,
                            "imageDescription": "" if k % 4 == 3 else "Generated photo number %d" % k,
                            "imageURL": "%s/img/%d.png%s" % (base, k, ("?" + "&".join(parts)) if parts else "")})
        return records

    def image(self, url, query):
        k = int(url.path[len("/img/"):].split(".")[0])
        with LOCK:
            STATS["requests"][url.path] = STATS["requests"].get(url.path, 0) + 1
            STATS["active"] += 1
            STATS["maxConcurrent"] = max(STATS["maxConcurrent"], STATS["active"])
        try:
            if "wait" in query:
                time.sleep(int(query["wait"][0]) / 1000)
            if "fail" in query:
                self.send(500, b"server error", "text/plain")
            elif "notimage" in query:
                self.send(200, b"this is not an image", "text/plain")
            elif "redirect" in query:
                self.send_response(302)
                self.send_header("Location", "/img/%d.png" % k)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif "loop" in query:
                self.send_response(302)
                self.send_header("Location", "/img/%d.png?loop=1&hop=%d" % (k, int(query.get("hop", ["0"])[0]) + 1))
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif "big" in query:
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(64 << 20))
                self.end_headers()
                self.wfile.write(png(k)[:100])
            elif "truncate" in query:
                body = png(k)
                self.send(200, body[:len(body) // 2], "image/png", length=len(body))
                self.close_connection = True
            elif "slow" in query:
                body = png(k)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1.0)
            else:
                self.send(200, png(k), "image/png")
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with LOCK:
                STATS["active"] -= 1


def serve(handler, description):
    """Serves ``handler`` on 127.0.0.1 (``--port``, else a free port), printing ``PORT n`` once
    ready; the test servers here share it."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    # A deep listen backlog: a test opens many connections at once, and while one handler
    # streams a body as fast as it can, the accepting thread may wait for the GIL (the default
    # backlog of 5 then drops connections, which a client sees as a connect timeout).
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def main():
    serve(Handler, "Local endpoint for the Photos scene's tests.")


if __name__ == "__main__":
    sys.exit(main())
