"""The synchronous client: one engine process over a pipe, requests answered in the caller's thread.

A background thread only splits the engine's stdout into lines; everything else happens in the
caller's thread, in arrival order:

* ``request()`` sends a request, then handles lines until its answer arrives. Notifications read
  on the way are applied (``patch``) or just recorded (anything else); answers to requests written
  earlier with ``send()`` are kept for ``receive()``.
* ``send()`` writes a request without waiting, and ``receive()`` handles the next line, returning
  it: several requests in flight at once (pipelining), each line seen as it arrives.
* Notifications that arrive *after* an answer (an image finishing loading right after
  ``scene.open``) stay queued and are applied at the start of the next ``request()``.
* ``drain(wait)`` applies queued notifications without sending anything, optionally waiting until
  no line has arrived for ``wait`` seconds (to watch a real-clock timer, say).
"""

from __future__ import annotations

import base64
import collections
import os
import queue
import subprocess
import threading
import time
from types import TracebackType
from typing import IO, Any, Literal, Mapping, Sequence

from .engine import engine_path
from .errors import ProtocolError
from .protocol import Answer, MirroredClient, Session

__all__ = ["SceneryClient", "engine_argv"]


def engine_argv(engine: str | os.PathLike[str] | Sequence[str] | None) -> list[str]:
    """The command line to start: ``engine`` as a path (``None``: ``find_engine``'s search) or,
    given as a list, a whole command line (a fake engine in tests, ``["scenery", "--flag"]``)."""
    if engine is None or isinstance(engine, (str, os.PathLike)):
        return [engine_path(engine)]
    return list(engine)


class SceneryClient(MirroredClient):
    """One engine process and a mirror of its state.

    ``state`` and ``rev`` follow every patch the engine sends; ``notifications`` lists every
    notification received. Use as a context manager: a clean exit sends ``shutdown`` and checks the
    exit status, an exception kills the process. ``engine`` is the binary (default: the bundled
    one, or ``$SCENERY_BIN``) or a whole command line; ``timeout`` bounds each wait for an answer;
    ``stderr`` goes to ``subprocess.Popen`` (the engine's logs); ``cwd`` is where it runs (scene
    params' relative paths are taken from there).

    Example::

        with SceneryClient() as engine:
            engine.request("initialize", {"protocolVersion": "1.0"})
            engine.request("scene.open", {"scene": "directory"})
            engine.request("tap", {"id": "tab.contacts"})
            engine.verify()

    ``send`` and ``receive`` pipeline: write several requests, then read each answer (and every
    notification) as it arrives; ``id=`` gives a request the caller's own id.
    """

    def __init__(self, engine: str | os.PathLike[str] | Sequence[str] | None = None, *,
                 timeout: float = 30.0, stderr: int | IO[Any] | None = None,
                 cwd: str | os.PathLike[str] | None = None) -> None:
        argv = engine_argv(engine)
        self.timeout = timeout
        self.session = Session()
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        # Answers that request() or drain() read past, in arrival order, for receive().
        self._answers: collections.deque[Answer] = collections.deque()
        self._process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=stderr, cwd=cwd)
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()

    @property
    def notifications(self) -> list[dict[str, Any]]:
        """Every notification received, in arrival order."""
        return self.session.notifications

    def __enter__(self) -> SceneryClient:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.close()
        else:
            self.kill()

    # Requests ------------------------------------------------------------------------------

    def request(self, method: str, params: Mapping[str, Any] | None = None, *,
                id: int | None = None) -> Any:
        """Send one request and return its ``result``; raise SceneryError for an error answer.
        Patches in the result, and in notifications read before it, are applied to ``state``.
        ``id`` is ``send``'s; answers to earlier ``send``s read on the way wait for ``receive``."""
        request_id = self.send(method, params, id=id)
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._handle(max(0.0, deadline - time.monotonic()))
            if answer is False:
                raise TimeoutError(f"no response to {method} within {self.timeout} s")
            if isinstance(answer, Answer):
                if answer.id == request_id:
                    return answer.value()
                self._answers.append(answer)

    def send(self, method: str, params: Mapping[str, Any] | None = None, *,
             id: int | None = None) -> int:
        """Write one request without waiting for its answer; return its id. ``receive`` reads the
        answer. ``id`` chooses the id (a transcript's, say): the client's own ids then stay above
        it. ValueError, and nothing is written, for an ``id`` that is not an int or that a
        request still awaits its answer under."""
        request_id, line = self.session.request(method, params, id=id)
        self._write(line)
        return request_id

    def receive(self, timeout: float | None = None) -> Answer | dict[str, Any] | None:
        """Handle the next line from the engine and return it: a response's ``Answer`` (an error
        answer is returned, not raised: ``Answer.value()`` raises it), a notification's message
        (a ``patch`` is already applied to ``state``), or None when no line came within
        ``timeout`` seconds (None: wait as long as it takes). Answers that ``request`` or
        ``drain`` read past come first."""
        if self._answers:
            return self._answers.popleft()
        handled = self._handle(timeout)
        if handled is False:
            return None
        return self.session.notifications[-1] if handled is None else handled

    def drain(self, wait: float = 0.0) -> int:
        """Apply the notifications already received; with ``wait``, keep going until no line has
        arrived for ``wait`` seconds. Returns how many notifications were handled; answers to
        ``send``s read meanwhile wait for ``receive``."""
        handled = 0
        while (answer := self._handle(wait)) is not False:
            if answer is None:
                handled += 1
            else:
                self._answers.append(answer)
        return handled

    def verify(self) -> Any:
        """Check the mirrored state against the engine's ``snapshot``; return the snapshot."""
        snapshot = self.request("snapshot")
        self.session.mirror.verify(snapshot)
        return snapshot

    def read_asset(self, asset_id: str) -> dict[str, Any]:
        """``asset.read``: the result with ``data`` decoded from base64 to bytes."""
        result = self.request("asset.read", {"id": asset_id})
        return dict(result, data=base64.b64decode(result["data"]))

    # Process -------------------------------------------------------------------------------

    def close(self) -> None:
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

    def kill(self) -> None:
        """End the process without ceremony (after an error)."""
        if self._process.poll() is None:
            self._process.kill()
        self._finish()

    def _finish(self) -> int:
        assert self._process.stdin is not None and self._process.stdout is not None
        try:
            self._process.stdin.close()
        except OSError:
            pass  # the engine may already be gone
        status = self._process.wait(timeout=self.timeout)
        self._reader.join(timeout=self.timeout)
        self._process.stdout.close()
        return status

    # Lines ---------------------------------------------------------------------------------

    def _write(self, line: bytes) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(line)
        self._process.stdin.flush()

    def _read_stdout(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)  # end of stream

    def _handle(self, timeout: float | None) -> Answer | None | Literal[False]:
        """Handle the next line: its Answer, None for a notification, False when no line came
        within ``timeout`` seconds (None: no limit)."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return False
        if line is None:
            self._lines.put(None)  # stay at end of stream for later calls
            raise ProtocolError("the engine closed its stdout")
        return self.session.receive(line)
