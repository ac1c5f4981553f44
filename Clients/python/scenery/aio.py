"""The asyncio client, for GUI and server loops: the same session as ``SceneryClient``, on an event loop.

A reader task handles every line the engine writes as it arrives: patches (in answers and
``patch`` notifications) reach the mirror in the engine's order, an answer completes the awaiting
``request()``, and each notification is also put on a queue that ``notification()`` reads.

Pipelining needs no ``send()`` here: requests awaited together (``asyncio.gather``) are written
in the order they start, each before the first one's answer is read, and each completes when
its own answer arrives.
"""

from __future__ import annotations

import asyncio
import base64
import os
from types import TracebackType
from typing import Any, Mapping, Sequence

from .client import engine_argv
from .errors import ProtocolError
from .protocol import MirroredClient, Session

__all__ = ["AsyncSceneryClient"]


class AsyncSceneryClient(MirroredClient):
    """One engine process spoken to from asyncio, and a mirror of its state.

    ``async with AsyncSceneryClient() as engine:`` starts the engine; a clean exit sends
    ``shutdown`` and checks the exit status, an exception kills the process. The arguments are
    ``SceneryClient``'s.

    Example::

        async with AsyncSceneryClient() as engine:
            await engine.request("initialize", {"protocolVersion": "1.0"})
            await engine.request("scene.open", {"scene": "directory"})
            await engine.verify()
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
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._failure: BaseException | None = None

    async def start(self) -> AsyncSceneryClient:
        """Start the engine process (``async with`` does it)."""
        self._process = await asyncio.create_subprocess_exec(
            *self._argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=self._stderr, cwd=self._cwd, limit=1 << 26)
        self._reader = asyncio.get_running_loop().create_task(self._read())
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
        process.stdin.write(line)
        await process.stdin.drain()
        try:
            return (await asyncio.wait_for(answer, self.timeout)).value()
        except asyncio.TimeoutError:
            raise TimeoutError(f"no response to {method} within {self.timeout} s") from None
        finally:
            self._waiting.pop(request_id, None)

    async def notification(self, timeout: float | None = None) -> dict[str, Any]:
        """The next notification received (already applied to the mirror), waiting for one."""
        return await asyncio.wait_for(self._queue.get(), timeout)

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
            raise ProtocolError(f"engine exited with status {status}")

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
        return status

    async def _read(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        try:
            while line := await self._process.stdout.readline():
                answer = self.session.receive(line)
                if answer is None:
                    self._queue.put_nowait(self.session.notifications[-1])
                elif (future := self._waiting.get(answer.id)) is not None and not future.done():
                    future.set_result(answer)
            raise ProtocolError("the engine closed its stdout")
        except ProtocolError as error:  # a broken protocol (or the end) fails every waiting request
            self._failure = error
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(error)
