"""A real Emacs (GTK) frame on a private Xvfb display, for the proofs under X.

    with XEmacs(width=2600, height=3000) as emacs:
        emacs.eval('(scenery-xtest-show-state "STATE.json")')   # -> the value, decoded
        emacs.screenshot(rect, "out.png")                          # import -window root -crop
        emacs.xdotool("mousemove", "100", "200", "click", "1")     # real X input (XTEST)

Xvfb picks a free display itself (``-displayfd``), so several runs (and other users of Xvfb on
the machine) never collide. Emacs is ``emacs -Q -L Clients/emacs -l Tests/Emacs/xtest.el`` with
its server on a socket in a fresh folder; ``eval`` asks it through ``emacsclient``. What the
user does is played with ``xdotool`` (the XTEST extension: real button, motion, wheel and key
events that Emacs reads as from a mouse and a keyboard); screenshots are ImageMagick's
``import`` of the root window, cropped to the image, written as 8-bit RGB PNG.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
TOOLS = {"emacs": "emacs-gtk", "emacsclient": "emacs-bin-common", "Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}


def missing_tools() -> list[str]:
    """The programs the proofs need that are not on the PATH, with their Debian packages."""
    return [f"{tool} ({package})" for tool, package in TOOLS.items() if shutil.which(tool) is None]


def lisp_string(text: str) -> str:
    """``text`` as an Emacs Lisp string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def decode(printed: str) -> Any:
    """What ``emacsclient --eval`` printed: a string (JSON when it parses), a number, t or nil."""
    printed = printed.strip()
    if printed.startswith('"') and printed.endswith('"'):
        text = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), printed[1:-1], flags=re.S)
        try:
            return json.loads(text)
        except ValueError:
            return text
    if printed == "nil":
        return None
    if printed == "t":
        return True
    try:
        return json.loads(printed)
    except ValueError:
        return printed


class XEmacs:
    def __init__(self, width: int = 1000, height: int = 1000, env: dict[str, str] | None = None,
                 load_path: Path = REPO / "Clients" / "emacs", extra: list[str] | None = None,
                 cwd: Path | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scenery-xemacs-"))
        self.log = open(self.folder / "emacs.log", "wb")
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                                      "-nolisten", "tcp", "-noreset"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    raise RuntimeError("Xvfb did not start")
                number += chunk
        self.display = ":" + number.decode().strip()
        self.socket = self.folder / "server" / "xtest"
        self.socket.parent.mkdir(mode=0o700)
        self.env = {**os.environ, **(env or {}), "DISPLAY": self.display, "SCENERY_XTEST_SOCKET": str(self.socket),
                    "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"}
        self.env.pop("WAYLAND_DISPLAY", None)
        command = ["emacs", "-Q", "-L", str(load_path), "-L", str(REPO / "Tests" / "Emacs"),
                   "--eval", "(setq inhibit-startup-screen t)", "-l", "xtest", "-f", "scenery-xtest-chrome-off", *(extra or [])]
        self.emacs = subprocess.Popen(command, env=self.env, stdout=self.log, stderr=subprocess.STDOUT, cwd=cwd or REPO)
        end = time.monotonic() + 60
        while not self.socket.exists():
            if self.emacs.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"emacs did not start its server: {(self.folder / 'emacs.log').read_text(errors='replace')}")
            time.sleep(0.05)
        # The frame is mapped and drawn (its X window exists) before anything is asked of it.
        self.wait_for(lambda: self.eval("(frame-visible-p (selected-frame))") is True, 30, "the frame to show")

    def __enter__(self) -> "XEmacs":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def eval(self, expression: str, timeout: float = 60) -> Any:
        run = subprocess.run(["emacsclient", "-s", str(self.socket), "--eval", expression], env=self.env,
                             capture_output=True, text=True, timeout=timeout)
        if run.returncode != 0:
            raise RuntimeError(f"emacsclient --eval {expression}: {run.stderr.strip()}")
        return decode(run.stdout)

    def wait_for(self, predicate: Any, seconds: float, what: str) -> Any:
        end = time.monotonic() + seconds
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > end:
                raise TimeoutError(f"waited {seconds} s for {what}")
            time.sleep(0.05)

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True, timeout=60)

    def screenshot(self, rect: dict[str, int], out: Path | str) -> None:
        """The screen's pixels in ``rect`` ({x, y, width, height}) as an 8-bit RGB PNG."""
        crop = f"{rect['width']}x{rect['height']}+{rect['x']}+{rect['y']}"
        subprocess.run(["import", "-display", self.display, "-window", "root", "-crop", crop, "+repage",
                        "-depth", "8", "-define", "png:color-type=2", f"PNG24:{out}"],
                       env=self.env, check=True, capture_output=True, timeout=60)

    def close(self) -> None:
        if self.emacs.poll() is None:
            try:
                self.eval("(kill-emacs 0)", timeout=10)
            except Exception:
                pass
            try:
                self.emacs.wait(10)
            except subprocess.TimeoutExpired:
                self.emacs.kill()
                self.emacs.wait()
        self.xvfb.terminate()
        try:
            self.xvfb.wait(10)
        except subprocess.TimeoutExpired:
            self.xvfb.kill()
            self.xvfb.wait()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)
