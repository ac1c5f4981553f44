"""Reference client for Scenery, the headless UI engine (Python 3, standard library only).

The engine is a process that reads one JSON-RPC 2.0 request per line on stdin and writes one
JSON object per line on stdout: a response for every request, plus notifications such as
``{"method": "patch", "params": {"rev": n, "patch": [...], "cause": "image.loaded"}}``.

A front end keeps its own copy of the state document. ``initialize`` hands over the whole state
at rev 0; after that every change arrives as an RFC 6902 JSON Patch, either inside a response
(``result.rev`` and ``result.patch``) or in a ``patch`` notification. Applying them all, in the
order they arrive, must give exactly what ``snapshot`` returns; ``SceneryClient.verify`` checks
that.

Reading stdout. A background thread only splits stdout into lines; everything else happens in
the caller's thread, in arrival order:

* ``request()`` sends a request, then handles lines until the response with its id arrives.
  Notifications read on the way are applied (``patch``) or just recorded (anything else).
* Notifications that arrive *after* a response (an image finishing loading right after
  ``scene.open``) stay queued and are applied at the start of the next ``request()``: the engine
  writes its lines in order, so everything it wrote before that request's response has been read
  by the time the response is.
* ``drain(wait)`` applies queued notifications without sending anything, optionally waiting until
  no line has arrived for ``wait`` seconds (use it to watch a real-clock timer, for example).

Example::

    with SceneryClient() as engine:
        engine.request("initialize", {"protocolVersion": "1.0"})
        engine.request("scene.open", {"scene": "directory"})
        engine.request("tap", {"id": "tab.contacts"})
        engine.verify()
        print(engine.state["model"]["title"])
"""

from __future__ import annotations

import base64
import copy
import json
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

PROTOCOL_VERSION = "1.0"
REPO_ROOT = Path(__file__).resolve().parents[2]


class SceneryError(Exception):
    """An error response from the engine, with its JSON-RPC ``code`` and ``message``."""

    def __init__(self, code, message, data=None):
        super().__init__(f"{message} (code {code})")
        self.code, self.message, self.data = code, message, data


class ProtocolError(Exception):
    """The engine broke the protocol: a non-JSON line, a rev out of sequence, state drift, ..."""


class PatchError(ValueError):
    """A JSON Patch or JSON Pointer that cannot be applied to the document."""


# --- JSON Pointer (RFC 6901) --------------------------------------------------------------------

_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")  # no sign, no leading zeros, no exponent


def pointer(*tokens) -> str:
    """Build a JSON Pointer from raw tokens: ``pointer("display", "nodes", "a/b")`` is
    ``"/display/nodes/a~1b"``."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def parse_pointer(text) -> list[str]:
    """Split a JSON Pointer into unescaped tokens; ``""`` (the whole document) gives ``[]``."""
    if not isinstance(text, str):
        raise PatchError(f"a JSON Pointer is a string, not {text!r}")
    if text == "":
        return []
    if not text.startswith("/"):
        raise PatchError(f"JSON Pointer {text!r} must start with '/'")
    tokens = text[1:].split("/")
    if any(re.search(r"~(?![01])", t) for t in tokens):
        raise PatchError(f"JSON Pointer {text!r} has a '~' not followed by 0 or 1")
    # "~1" first, so that "~01" becomes "~1" and not "/".
    return [t.replace("~1", "/").replace("~0", "~") for t in tokens]


def _index(array, token, *, append_ok=False):
    if append_ok and token == "-":
        return len(array)
    if not _ARRAY_INDEX.fullmatch(token):
        raise PatchError(f"{token!r} is not an array index")
    index, size = int(token), len(array)
    if index > size or (index == size and not append_ok):
        raise PatchError(f"index {index} is out of range for an array of {size}")
    return index


def _child(value, token):
    if isinstance(value, dict):
        if token not in value:
            raise PatchError(f"no member {token!r}")
        return value[token]
    if isinstance(value, list):
        return value[_index(value, token)]
    raise PatchError(f"cannot look up {token!r} in {type(value).__name__}")


def resolve(doc, path):
    """The value at JSON Pointer ``path`` in ``doc``; PatchError if there is none."""
    for token in parse_pointer(path):
        doc = _child(doc, token)
    return doc


def _parent(doc, path):
    """``(container, last token)`` of a non-empty pointer; the container must exist."""
    *head, last = parse_pointer(path)
    for token in head:
        doc = _child(doc, token)
    return doc, last


# --- JSON Patch (RFC 6902) ----------------------------------------------------------------------


def json_equal(a, b) -> bool:
    """JSON equality: like ``==`` but ``true`` is not ``1`` (numbers compare by value)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(json_equal, a, b))
    return a == b


def _add(doc, path, value):
    if path == "":
        return value
    parent, key = _parent(doc, path)
    if isinstance(parent, dict):
        parent[key] = value
    elif isinstance(parent, list):
        parent.insert(_index(parent, key, append_ok=True), value)
    else:
        raise PatchError(f"cannot add {key!r} to {type(parent).__name__}")
    return doc


def _remove(doc, path):
    """Remove the value at ``path`` (which must exist) and return it."""
    if path == "":
        raise PatchError("cannot remove the whole document")
    parent, key = _parent(doc, path)
    if isinstance(parent, list):
        return parent.pop(_index(parent, key))
    value = _child(parent, key)  # raises if absent, or if parent is not a container
    del parent[key]
    return value


def _member(op, name):
    if name not in op:
        raise PatchError(f"{op.get('op')!r} operation has no {name!r} member")
    return op[name]


def _apply_op(doc, op):
    if not isinstance(op, dict):
        raise PatchError(f"an operation is a JSON object, not {op!r}")
    kind, path = op.get("op"), _member(op, "path")
    parse_pointer(path)  # reject a malformed path even where the op would not look it up
    if kind == "add":
        return _add(doc, path, copy.deepcopy(_member(op, "value")))
    if kind == "remove":
        _remove(doc, path)
        return doc
    if kind == "replace":
        value = copy.deepcopy(_member(op, "value"))
        if path == "":
            return value
        parent, key = _parent(doc, path)
        _child(parent, key)  # the target must exist
        parent[_index(parent, key) if isinstance(parent, list) else key] = value
        return doc
    if kind == "move":
        source = _member(op, "from")
        resolve(doc, source)
        if path == source:
            return doc
        if path.startswith(source + "/"):
            raise PatchError(f"cannot move {source!r} into its own child {path!r}")
        return _add(doc, path, _remove(doc, source))
    if kind == "copy":
        return _add(doc, path, copy.deepcopy(resolve(doc, _member(op, "from"))))
    if kind == "test":
        if not json_equal(resolve(doc, path), _member(op, "value")):
            raise PatchError(f"test failed at {path!r}")
        return doc
    raise PatchError(f"unknown operation {kind!r}")


def apply_patch(doc, patch):
    """Return ``doc`` with the RFC 6902 ``patch`` applied. The input is never modified, and a
    failing operation raises PatchError without a partial result."""
    if not isinstance(patch, list):
        raise PatchError("a JSON Patch is an array of operations")
    doc = copy.deepcopy(doc)
    for number, op in enumerate(patch):
        try:
            doc = _apply_op(doc, op)
        except PatchError as error:
            raise PatchError(f"operation {number} {json.dumps(op)[:200]}: {error}") from None
    return doc


def first_difference(a, b, path=""):
    """JSON Pointer of the first place where ``a`` and ``b`` differ, or None if they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys()):
            if key not in a or key not in b:
                return path + pointer(key)
            found = first_difference(a[key], b[key], path + pointer(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, path + pointer(i))
            if found is not None:
                return found
        return None
    return None if json_equal(a, b) else path


# --- Display list geometry ----------------------------------------------------------------------


def screen_frame(display, node):
    """A node's ``(x, y, w, h)`` in screen points. Content-layer nodes move with the scroll
    offset: on screen, y is ``frame.y - content.offsetY + content.frame.y``."""
    x, y, w, h = node["frame"]
    if node.get("layer") == "content":
        content = display.get("content", {})
        y = y - content.get("offsetY", 0) + content.get("frame", [0, 0, 0, 0])[1]
    return x, y, w, h


def intersect(a, b):
    """Overlap of two ``(x, y, w, h)`` rectangles, or None if they share no area."""
    x, y = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x, y, right - x, bottom - y) if right > x and bottom > y else None


def visible_frame(display, node, viewport):
    """The part of a node the user sees: its screen frame clipped to ``content.frame`` (for the
    content layer) and to ``viewport`` ``(x, y, w, h)``; None if nothing shows."""
    frame = intersect(screen_frame(display, node), viewport)
    if frame and node.get("layer") == "content" and "frame" in display.get("content", {}):
        frame = intersect(frame, display["content"]["frame"])
    return frame


def draw_order(display):
    """``(id, node)`` pairs back to front: by ``z``, ties broken by id (code point order).
    The layer only says which coordinates ``frame`` is in, not the order."""
    return sorted(display.get("nodes", {}).items(), key=lambda item: (item[1].get("z", 0), item[0]))


# --- The engine process -------------------------------------------------------------------------


def find_engine():
    """Path of the ``scenery`` binary: ``$SCENERY_BIN``, else ``.build/debug/scenery`` or
    ``.build/release/scenery`` under the repository root; None if there is none."""
    if os.environ.get("SCENERY_BIN"):
        return shutil.which(os.environ["SCENERY_BIN"])
    for config in ("debug", "release"):
        candidate = REPO_ROOT / ".build" / config / "scenery"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


class SceneryClient:
    """One engine process and a mirror of its state.

    ``state`` and ``rev`` follow every patch the engine sends; ``notifications`` lists every
    notification received (``patch`` and any other method), in arrival order. Use as a context
    manager: a clean exit sends ``shutdown`` and checks the exit status, an exception kills the
    process. ``argv`` defaults to ``[find_engine()]``; ``timeout`` bounds each wait for a
    response; ``stderr`` is passed to ``subprocess.Popen`` (the engine's logs go there).
    """

    def __init__(self, argv=None, *, timeout=30.0, stderr=None):
        if argv is None:
            engine = find_engine()
            if engine is None:
                raise FileNotFoundError(
                    "no scenery binary: set SCENERY_BIN or run `swift build` in " + str(REPO_ROOT))
            argv = [engine]
        self.timeout = timeout
        self.state, self.rev = None, None
        self.notifications = []
        self._next_id = 1
        self._lines = queue.Queue()
        self._process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
        else:
            self.kill()

    # Requests ------------------------------------------------------------------------------

    def request(self, method, params=None):
        """Send one request and return its ``result``; raise SceneryError for an error response.
        Patches in the result, and in notifications read before it, are applied to ``state``."""
        request_id, self._next_id = self._next_id, self._next_id + 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._receive(max(0.0, deadline - time.monotonic()))
            if message is None:
                raise TimeoutError(f"no response to {method} within {self.timeout} s")
            if "id" not in message:
                self._on_notification(message)
                continue
            if message["id"] != request_id:
                raise ProtocolError(f"expected the response to request {request_id}, got {message}")
            if "error" in message:
                error = message["error"]
                raise SceneryError(error.get("code"), error.get("message"), error.get("data"))
            result = message.get("result")
            if method == "initialize":
                self.state, self.rev = result["state"], result["rev"]
            elif isinstance(result, dict) and "patch" in result:
                self._apply(result["patch"], result.get("rev"), f"the response to {method}")
            return result

    def drain(self, wait=0.0):
        """Apply the notifications already received; with ``wait``, keep going until no line has
        arrived for ``wait`` seconds. Returns how many notifications were handled."""
        handled = 0
        while (message := self._receive(wait)) is not None:
            if "id" in message:
                raise ProtocolError(f"a response no request is waiting for: {message}")
            self._on_notification(message)
            handled += 1
        return handled

    def verify(self):
        """Check the mirrored state against the engine's ``snapshot``; return the snapshot."""
        snapshot = self.request("snapshot")
        if snapshot["rev"] != self.rev or not json_equal(snapshot["state"], self.state):
            where = first_difference(self.state, snapshot["state"])
            raise ProtocolError(
                f"state drift: client rev {self.rev}, engine rev {snapshot['rev']}, "
                f"first difference at {where!r}")
        return snapshot

    def read_asset(self, asset_id):
        """``asset.read``: the result with ``data`` decoded from base64 to bytes."""
        result = self.request("asset.read", {"id": asset_id})
        return dict(result, data=base64.b64decode(result["data"]))

    # Process -------------------------------------------------------------------------------

    def close(self):
        """Send ``shutdown``, wait for the process to end and check it exited with status 0."""
        if self._process.poll() is None:
            try:
                self.request("shutdown")
            except BaseException:
                self.kill()
                raise
        status = self._finish()
        if status != 0:
            raise ProtocolError(f"engine exited with status {status}")

    def kill(self):
        """End the process without ceremony (after an error)."""
        if self._process.poll() is None:
            self._process.kill()
        self._finish()

    def _finish(self):
        try:
            self._process.stdin.close()
        except OSError:
            pass  # the engine may already be gone
        status = self._process.wait(timeout=self.timeout)
        self._reader.join(timeout=self.timeout)
        self._process.stdout.close()
        return status

    # Lines ---------------------------------------------------------------------------------

    def _send(self, message):
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        self._process.stdin.write(line.encode("utf-8"))
        self._process.stdin.flush()

    def _read_stdout(self):
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)  # end of stream

    def _receive(self, timeout):
        """The next message from the engine, or None if none arrives within ``timeout`` s."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self._lines.put(None)  # stay at end of stream for later calls
            raise ProtocolError("the engine closed its stdout")
        try:
            message = json.loads(line)
        except ValueError:
            raise ProtocolError(f"not a JSON line on stdout: {line[:200]!r}") from None
        if not isinstance(message, dict):
            raise ProtocolError(f"not a JSON object on stdout: {line[:200]!r}")
        return message

    def _on_notification(self, message):
        self.notifications.append(message)
        if message.get("method") == "patch":
            params = message.get("params", {})
            cause = params.get("cause", "unknown cause")
            self._apply(params.get("patch"), params.get("rev"), f"a patch notification ({cause})")

    def _apply(self, patch, rev, source):
        if self.state is None:
            raise ProtocolError(f"{source} came before initialize")
        expected = self.rev + 1 if patch else self.rev
        if rev != expected:
            raise ProtocolError(
                f"{source} has rev {rev} after rev {self.rev} ({len(patch or [])} ops); "
                f"expected {expected}")
        self.state, self.rev = apply_patch(self.state, patch), rev
