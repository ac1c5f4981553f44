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

Above the wire: every protocol method as a typed method (``scenery._methods``, generated from the
schema), locators, waits and ``expect`` (``scenery.locator``, run from ``_run``), and
``screenshot`` (``scenery.render``).
"""

from __future__ import annotations

import base64
import collections
import os
import queue
import subprocess
import sys
import threading
import time
from types import TracebackType
from typing import IO, Any, Literal, Mapping, Sequence, TypeVar, cast

from . import _flow
from ._methods import Role, SyncMethods
from .engine import engine_path
from .errors import EngineExited, SceneryException, TimeoutError
from .locator import Locator, id_query, role_query, text_query
from .protocol import Answer, MirroredClient, Session

T = TypeVar("T")

#: How many of the engine's last stderr lines an EngineExited error carries.
STDERR_TAIL = 20

__all__ = ["SceneryClient", "engine_argv"]


def engine_argv(engine: str | os.PathLike[str] | Sequence[str] | None) -> list[str]:
    """The command line to start: ``engine`` as a path (``None``: ``find_engine``'s search) or,
    given as a list, a whole command line (a fake engine in tests, ``["scenery", "--flag"]``)."""
    if engine is None or isinstance(engine, (str, os.PathLike)):
        return [engine_path(engine)]
    return list(engine)


class SceneryClient(MirroredClient, SyncMethods):
    """One engine process and a mirror of its state.

    ``state`` and ``rev`` follow every patch the engine sends; ``notifications`` lists every
    notification received. Use as a context manager: a clean exit sends ``shutdown`` and checks the
    exit status, an exception kills the process. ``engine`` is the binary (default: the bundled
    one, or ``$SCENERY_BIN``) or a whole command line; ``timeout`` bounds each wait for an answer
    (seconds); ``stderr`` goes to ``subprocess.Popen`` (the engine's logs; by default they are
    passed on to ``sys.stderr`` and their tail kept for ``EngineExited``); ``cwd`` is where it
    runs (scene params' relative paths are taken from there).

    Example::

        with SceneryClient() as engine:
            engine.initialize()
            engine.scene_open(scene="directory")
            engine.get_by_role("button", name="Contacts").tap()
            expect(engine).to_have_model("tab", "contacts")

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
        #: Seconds a locator, ``wait_for`` or ``expect`` waits when not told (``set_default_timeout``).
        self.default_timeout = _flow.DEFAULT_TIMEOUT
        self._stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        self._process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE if stderr is None else stderr, cwd=cwd)
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        self._stderr_reader: threading.Thread | None = None
        if stderr is None:
            self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
            self._stderr_reader.start()

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
                raise TimeoutError(f"no response to {method} within {self.timeout} s",
                                   _flow.NO_SCREEN.format("it did not answer in time"))
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

    # Locators, waits, screenshots ------------------------------------------------------------

    def get_by_text(self, text: str, *, exact: bool = False) -> Locator:
        """The text nodes that read ``text``: a case-insensitive substring, or with ``exact`` the
        whole text, case and all (white space runs count as one space either way)."""
        return Locator(self, text_query(text, exact))

    def get_by_role(self, role: Role, *, name: str | None = None, exact: bool = False) -> Locator:
        """The nodes of ``role`` ("button", "row"), with ``name`` their accessible name (the text
        a person reads on them) matched as ``get_by_text`` matches text."""
        return Locator(self, role_query(role, name, exact))

    def locator(self, id: str) -> Locator:
        """The node with this id (``locator("tab.contacts")``: the button, not its label too) or,
        when no node has it, the nodes whose ids extend it by whole components:
        ``locator("contacts.person")`` matches ``contacts.person.17`` and ``contacts.person.17.name``."""
        return Locator(self, id_query(id))

    def set_default_timeout(self, seconds: float) -> None:
        """How long locators, ``wait_for`` and ``expect`` wait when not told (default 5 s; on the
        virtual clock, that much scene time)."""
        self.default_timeout = seconds

    def screen_text(self, ids: list[str] | None = None, *, limit: int | None = None) -> str:
        """The screen as text, as the engine renders it (``snapshot`` as "text"; the goldens
        and failure messages show the same): one node a line in screen order, its role or kind,
        what it reads, its state (``[selected]``) and its id, the nodes inside it indented.
        ``ids``: only those nodes and the nodes whose ids extend them (a region of the screen);
        ``limit``: at most that many lines, then a line saying how many more."""
        return _flow.shorten(self.snapshot(as_="text", ids=ids)["text"], limit)

    def screenshot(self, path: str | os.PathLike[str] | None = None, *, scale: float | None = None) -> bytes:
        """A PNG of the state as it is now, drawn by ``scenery.render`` (needs Pillow: ``pip
        install "scenery-engine[screenshot]"``); written to ``path`` too when given. ``scale``
        is device pixels per point (default: the viewport's scale)."""
        from .render import asset_ids, screenshot
        snapshot = self.request("snapshot")
        assets = {asset: self.request("asset.read", {"id": asset}) for asset in asset_ids(snapshot["state"])}
        return screenshot(snapshot, assets, path=path, scale=scale)

    def _run(self, flow: _flow.Flow[T]) -> T:
        """Run a flow of ``scenery._flow``: its requests sent here, its waits done here; an
        error (an error answer, a timeout, the engine gone) is raised into the flow."""
        value: Any = None
        error: SceneryException | None = None
        try:
            while True:
                step = flow.send(value) if error is None else flow.throw(error)
                value, error = None, None
                try:
                    if isinstance(step, _flow.Call):
                        value = self.request(step.method, step.params)
                    else:
                        value = self._await(step.seen, step.timeout)
                except SceneryException as failure:  # raised into the flow, which may say so
                    error = failure
        except StopIteration as stop:
            return cast(T, stop.value)

    def _await(self, seen: int, timeout: float) -> bool:
        """Handle lines until more than ``seen`` notifications have come; False at the timeout."""
        deadline = time.monotonic() + timeout
        while len(self.session.notifications) <= seen:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            answer = self._handle(remaining)
            if answer is False:
                return False
            if isinstance(answer, Answer):
                self._answers.append(answer)
        return True

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
            raise EngineExited("on shutdown", status, "".join(self._stderr_tail))

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
        if self._stderr_reader is not None:
            self._stderr_reader.join(timeout=self.timeout)
        return status

    def _exited(self, doing: str) -> EngineExited:
        """The error for an engine found gone: its status (waited for a moment) and stderr's tail."""
        try:
            status: int | None = self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            status = None
        if self._stderr_reader is not None:
            self._stderr_reader.join(timeout=2)
        return EngineExited(doing, status, "".join(self._stderr_tail))

    # Lines ---------------------------------------------------------------------------------

    def _write(self, line: bytes) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(line)
            self._process.stdin.flush()
        except (OSError, ValueError):  # a broken pipe, or stdin closed already
            raise self._exited("before the request was written") from None

    def _read_stdout(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)  # end of stream

    def _read_stderr(self) -> None:
        """Pass the engine's stderr on to ours, keeping its last lines for EngineExited."""
        assert self._process.stderr is not None
        for raw in self._process.stderr:
            line = raw.decode("utf-8", "replace")
            self._stderr_tail.append(line)
            try:
                sys.stderr.write(line)
                sys.stderr.flush()
            except (OSError, ValueError):
                pass  # our stderr is gone: keep the tail only
        self._process.stderr.close()

    def _handle(self, timeout: float | None) -> Answer | None | Literal[False]:
        """Handle the next line: its Answer, None for a notification, False when no line came
        within ``timeout`` seconds (None: no limit)."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return False
        if line is None:
            self._lines.put(None)  # stay at end of stream for later calls
            raise self._exited("before answering")
        return self.session.receive(line)
