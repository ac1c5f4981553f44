"""The asyncio client, for GUI and server loops: the same session as ``SceneryClient``, on an event loop.

A reader task handles every line the engine writes as it arrives: patches (in answers and
``patch`` notifications) reach the mirror in the engine's order, an answer completes the awaiting
``request()``, and each notification is also put on a queue that ``notification()`` reads (it
passes over those the state has moved beyond).

The typed methods, locators, waits and ``expect`` are the sync client's, awaited: the same
generated methods (``AsyncMethods``) and the same flows (``scenery._flow``, run by ``_run``).

Pipelining needs no ``send()`` here: requests awaited together (``asyncio.gather``) are written
in the order they start, each before the first one's answer is read, and each completes when
its own answer arrives.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import os
import sys
from types import TracebackType
from typing import Any, Mapping, Sequence, TypeVar, cast

from . import _flow
from ._methods import AsyncMethods, Role
from .client import STDERR_TAIL, engine_argv
from .errors import EngineExited, ProtocolError, SceneryException, TimeoutError
from .locator import AsyncLocator, id_query, role_query, text_query
from .protocol import MirroredClient, Session

T = TypeVar("T")

__all__ = ["AsyncSceneryClient"]


class AsyncSceneryClient(MirroredClient, AsyncMethods):
    """One engine process spoken to from asyncio, and a mirror of its state.

    ``async with AsyncSceneryClient() as engine:`` starts the engine; a clean exit sends
    ``shutdown`` and checks the exit status, an exception kills the process. The arguments are
    ``SceneryClient``'s.

    Example::

        async with AsyncSceneryClient() as engine:
            await engine.initialize()
            await engine.scene_open(scene="directory")
            await engine.get_by_role("button", name="Contacts").tap()
            await expect(engine).to_have_model("tab", "contacts")
    """

    def __init__(self, engine: str | os.PathLike[str] | Sequence[str] | None = None, *,
                 timeout: float = 30.0, stderr: int | None = None,
                 cwd: str | os.PathLike[str] | None = None) -> None:
        self._argv = engine_argv(engine)
        self.timeout = timeout
        self.session = Session()
        self._stderr, self._cwd = stderr, cwd
        self._process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        # Each notification with the mirror's rev once it was handled.
        self._queue: asyncio.Queue[tuple[int | None, dict[str, Any]]] = asyncio.Queue()
        self._failure: BaseException | None = None
        self._notified = asyncio.Event()
        self._stderr_reader: asyncio.Task[None] | None = None
        self._stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        #: Seconds a locator, ``wait_for`` or ``expect`` waits when not told (``set_default_timeout``).
        self.default_timeout = _flow.DEFAULT_TIMEOUT

    async def start(self) -> AsyncSceneryClient:
        """Start the engine process (``async with`` does it)."""
        self._process = await asyncio.create_subprocess_exec(
            *self._argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE if self._stderr is None else self._stderr, cwd=self._cwd, limit=1 << 26)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        if self._stderr is None:
            self._stderr_reader = asyncio.get_running_loop().create_task(self._read_stderr())
        return self

    async def __aenter__(self) -> AsyncSceneryClient:
        return await self.start()

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if exc_type is None:
            await self.close()
        else:
            await self.kill()

    async def request(self, method: str, params: Mapping[str, Any] | None = None, *,
                      id: int | None = None) -> Any:
        """Send one request and return its ``result`` once the mirror has taken it; raise
        SceneryError for an error answer. ``id`` chooses the request's id, as
        ``SceneryClient.send`` does (ValueError, nothing written, for a bad one)."""
        process = self._running()
        request_id, line = self.session.request(method, params, id=id)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = answer
        assert process.stdin is not None
        try:
            process.stdin.write(line)
            await process.stdin.drain()
        except (OSError, RuntimeError):  # a broken pipe, or a transport closed already
            self._waiting.pop(request_id, None)
            raise await self._exited("before the request was written") from None
        try:
            return (await asyncio.wait_for(answer, self.timeout)).value()
        except asyncio.TimeoutError:
            raise TimeoutError(f"no response to {method} within {self.timeout} s",
                               _flow.NO_SCREEN.format("it did not answer in time")) from None
        finally:
            self._waiting.pop(request_id, None)

    async def notification(self, timeout: float | None = None) -> dict[str, Any]:
        """The next notification (already applied to the mirror), waiting for one: never one the
        state has moved beyond. A notification received while the mirror was at an older rev
        than now (a request's answer came after it) is passed over, so the one returned is
        always about the state as it is. ``timeout`` in seconds (None: no limit): TimeoutError."""
        deadline = None if timeout is None else asyncio.get_running_loop().time() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - asyncio.get_running_loop().time())
            try:
                rev, message = await asyncio.wait_for(self._queue.get(), left)
            except asyncio.TimeoutError:
                raise TimeoutError(f"no notification within {timeout} s") from None
            if rev == self.rev:
                return message

    # Locators, waits, screenshots ------------------------------------------------------------

    def get_by_text(self, text: str, *, exact: bool = False) -> AsyncLocator:
        """The text nodes that read ``text`` (see ``SceneryClient.get_by_text``)."""
        return AsyncLocator(self, text_query(text, exact))

    def get_by_role(self, role: Role, *, name: str | None = None, exact: bool = False) -> AsyncLocator:
        """The nodes of ``role`` named ``name`` (see ``SceneryClient.get_by_role``)."""
        return AsyncLocator(self, role_query(role, name, exact))

    def locator(self, id: str) -> AsyncLocator:
        """The node with this id, else the nodes whose ids extend it (see ``SceneryClient.locator``)."""
        return AsyncLocator(self, id_query(id))

    def set_default_timeout(self, seconds: float) -> None:
        """How long locators, ``wait_for`` and ``expect`` wait when not told (default 5 s)."""
        self.default_timeout = seconds

    async def screen_text(self, ids: list[str] | None = None, *, limit: int | None = None) -> str:
        """The screen as text, as the engine renders it (see ``SceneryClient.screen_text``)."""
        return _flow.shorten((await self.snapshot(as_="text", ids=ids))["text"], limit)

    async def screenshot(self, path: str | os.PathLike[str] | None = None, *, scale: float | None = None) -> bytes:
        """A PNG of the state as it is now (see ``SceneryClient.screenshot``)."""
        from .render import asset_ids, screenshot
        snapshot = await self.request("snapshot")
        assets = {asset: await self.request("asset.read", {"id": asset}) for asset in asset_ids(snapshot["state"])}
        return screenshot(snapshot, assets, path=path, scale=scale)

    async def _run(self, flow: _flow.Flow[T]) -> T:
        """Run a flow of ``scenery._flow``: its requests awaited here, its waits done here; an
        error (an error answer, a timeout, the engine gone) is raised into the flow."""
        value: Any = None
        error: SceneryException | None = None
        try:
            while True:
                step = flow.send(value) if error is None else flow.throw(error)
                value, error = None, None
                try:
                    if isinstance(step, _flow.Call):
                        value = await self.request(step.method, step.params)
                    else:
                        value = await self._await(step.seen, step.timeout)
                except SceneryException as failure:  # raised into the flow, which may say so
                    error = failure
        except StopIteration as stop:
            return cast(T, stop.value)

    async def _await(self, seen: int, timeout: float) -> bool:
        """Wait until more than ``seen`` notifications have come; False at the timeout."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self.session.notifications) <= seen:
            self._notified.clear()
            left = deadline - loop.time()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self._notified.wait(), left)
            except asyncio.TimeoutError:
                return False
            if self._failure is not None:
                raise self._failure
        return True

    async def verify(self) -> Any:
        """Check the mirrored state against the engine's ``snapshot``; return the snapshot."""
        snapshot = await self.request("snapshot")
        self.session.mirror.verify(snapshot)
        return snapshot

    async def read_asset(self, asset_id: str) -> dict[str, Any]:
        """``asset.read``: the result with ``data`` decoded from base64 to bytes."""
        result = await self.request("asset.read", {"id": asset_id})
        return dict(result, data=base64.b64decode(result["data"]))

    async def close(self) -> None:
        """Send ``shutdown``, wait for the process to end and check it exited with status 0."""
        if self._process is None:
            raise RuntimeError("the engine is not started: use `async with` or await start()")
        if self._process.returncode is None and self._failure is None:
            try:
                await self.request("shutdown")
            except BaseException:
                await self.kill()
                raise
        status = await self._finish()
        if status != 0:
            raise EngineExited("on shutdown", status, "".join(self._stderr_tail))

    async def kill(self) -> None:
        """End the process without ceremony (after an error)."""
        if self._process is not None and self._process.returncode is None:
            self._process.kill()
        await self._finish()

    def _running(self) -> asyncio.subprocess.Process:
        if self._process is None:
            raise RuntimeError("the engine is not started: use `async with` or await start()")
        if self._failure is not None:
            raise self._failure
        return self._process

    async def _finish(self) -> int:
        if self._process is None:
            return 0
        if self._process.stdin is not None:
            self._process.stdin.close()
        status = await asyncio.wait_for(self._process.wait(), self.timeout)
        if self._reader is not None:
            await asyncio.wait_for(self._reader, self.timeout)
        if self._stderr_reader is not None:
            await asyncio.wait_for(self._stderr_reader, self.timeout)
        return status

    async def _exited(self, doing: str) -> EngineExited:
        """The error for an engine found gone: its status (waited for a moment) and stderr's tail."""
        status: int | None = None
        if self._process is not None:
            try:
                status = await asyncio.wait_for(self._process.wait(), 2)
            except asyncio.TimeoutError:
                pass
        if self._stderr_reader is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._stderr_reader), 2)
            except asyncio.TimeoutError:
                pass
        return EngineExited(doing, status, "".join(self._stderr_tail))

    async def _read_stderr(self) -> None:
        """Pass the engine's stderr on to ours, keeping its last lines for EngineExited."""
        assert self._process is not None and self._process.stderr is not None
        while raw := await self._process.stderr.readline():
            line = raw.decode("utf-8", "replace")
            self._stderr_tail.append(line)
            try:
                sys.stderr.write(line)
                sys.stderr.flush()
            except (OSError, ValueError):
                pass  # our stderr is gone: keep the tail only

    async def _read(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        try:
            while line := await self._process.stdout.readline():
                answer = self.session.receive(line)
                if answer is None:
                    self._queue.put_nowait((self.rev, self.session.notifications[-1]))
                    self._notified.set()
                elif (future := self._waiting.get(answer.id)) is not None and not future.done():
                    future.set_result(answer)
            raise await self._exited("before answering")
        except ProtocolError as error:  # a broken protocol (or the end) fails every waiting request
            self._failure = error
            self._notified.set()
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(error)
