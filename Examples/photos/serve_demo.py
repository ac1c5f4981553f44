#!/usr/bin/env python3
"""Serve a demo endpoint for the Photos scene, so you can watch it load over real HTTP.

    python3 Examples/photos/serve_demo.py [--port 8765] [--photos 40] [--delay-ms 150]

Serves ``/photos.json`` (the brief's shape: ``[{imageName, imageDescription, imageURL}]``) and
``/photo/N.png``, a generated 600x400 picture each (a sky, a sun and hills in colours of its own),
each answered after ``--delay-ms`` so the thumbnails visibly arrive one by one. It prints the
commands that open the photos scene on it, in another terminal (``--port 0``: a free port)::

    swift run scenery serve --photos-endpoint http://127.0.0.1:8765/photos.json   # then open http://127.0.0.1:8080/
    python3 Examples/qt/scenery_qt.py --photos-endpoint http://127.0.0.1:8765/photos.json

Both front ends open on the photos scene on that endpoint (it is the first of their scene
pickers). Stop this server and pick the scene again: the cached list and photos show, marked
offline. Python 3 standard library only.
"""

import argparse
import json
import math
import struct
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NAMES = ["Toad", "Leopard", "", "Madeiran", "Tiger", "Dodo", "Quagga", "Moa", "Auk", "", "Thylacine", "Ibex"]


def picture(n, width=600, height=400):
    """A landscape as an RGB PNG: sky gradient, a sun, two ridges of hills."""
    sky = ((n * 37) % 120 + 100, (n * 53) % 100 + 130, 220)
    hills = ((n * 29) % 80 + 40, (n * 17) % 80 + 100, (n * 11) % 60 + 40)
    sun_x, sun_y = 80 + (n * 97) % 440, 70 + (n * 31) % 80
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            far = 240 - 40 * math.sin(x / 70 + n)
            near = 300 - 30 * math.sin(x / 45 + 2 * n)
            if y > near:
                color = tuple(max(0, c - 30) for c in hills)
            elif y > far:
                color = hills
            elif (x - sun_x) ** 2 + (y - sun_y) ** 2 < 900:
                color = (255, 230, 150)
            else:
                t = y / height
                color = tuple(int(c * (1 - 0.3 * t)) for c in sky)
            rows += bytes(color)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


def commands(endpoint):
    """The lines that say how to watch the scene load from ``endpoint``, in each front end."""
    return ["Watch it load, in another terminal:",
            "  the page:  swift run scenery serve --photos-endpoint %s   then open http://127.0.0.1:8080/" % endpoint,
            "  Qt:        python3 Examples/qt/scenery_qt.py --photos-endpoint %s" % endpoint]


def main():
    parser = argparse.ArgumentParser(description="Demo endpoint for the Photos scene.")
    parser.add_argument("--port", type=int, default=8765, help="0: a free port (printed)")
    parser.add_argument("--photos", type=int, default=40)
    parser.add_argument("--delay-ms", type=int, default=150)
    args = parser.parse_args()
    cache = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def send(self, status, body, content_type):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            base = "http://127.0.0.1:%d" % port
            if self.path == "/photos.json":
                records = [{"imageName": NAMES[n % len(NAMES)], "imageDescription": "" if n % 5 == 4 else "Demo photo %d" % (n + 1),
                            "imageURL": "%s/photo/%d.png" % (base, n)} for n in range(args.photos)]
                self.send(200, json.dumps(records, indent=1).encode(), "application/json")
            elif self.path.startswith("/photo/") and self.path.endswith(".png"):
                n = int(self.path[len("/photo/"):-4])
                time.sleep(args.delay_ms / 1000)
                if n not in cache:
                    cache[n] = picture(n)
                self.send(200, cache[n], "image/png")
            else:
                self.send(404, b"not here", "text/plain")

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    port = server.server_address[1]
    endpoint = "http://127.0.0.1:%d/photos.json" % port
    print("serving %d photos at %s (Ctrl-C stops)" % (args.photos, endpoint), flush=True)
    print("\n".join(commands(endpoint)), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
