"""Starts ``scenery serve`` on a free port of 127.0.0.1, for the tests and the load benchmark.

    proc, port = start_serve(binary, "--data-root", folder)
"""

import os
import re
import subprocess
import sys
import threading


def start_serve(binary, *args, preexec_fn=None, banner=None):
    """`BINARY serve --port 0 ARGS`: (process, port) once it listens. Its stderr is read on (so
    it never blocks) and shown with SERVE_LOG=1 (sessions dropped and why) while debugging.
    ``preexec_fn`` runs in the child before it starts (to lower its limits, say); ``banner``, a
    list, gets the line it printed when it started listening (what it takes on)."""
    proc = subprocess.Popen([binary, "serve", "--port", "0", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=preexec_fn)
    while True:
        line = proc.stderr.readline()
        if not line:
            raise RuntimeError("scenery serve did not start")
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if match:
            if banner is not None:
                banner.append(line)
            echo = os.environ.get("SERVE_LOG") == "1"
            threading.Thread(target=lambda: [sys.stderr.write(text) for text in proc.stderr if echo], daemon=True).start()
            return proc, int(match.group(1))
