"""Locators and ``expect``: finding what is on the screen, acting on it and asserting about it,
with Playwright's names.

``engine.get_by_text("Nakamura")``, ``engine.get_by_role("button", name="Contacts")`` and
``engine.locator("contacts.person")`` make a locator; it resolves each time it is used (the
engine's ``find``, across the whole screen, virtualized rows included, in screen order), never
when it is made. Actions (``tap``, ``long_press``, ``text_content``, ``bounding_box``,
``scroll_into_view_if_needed``) wait for exactly one node (strict: several raise
``StrictModeViolation`` at once, none raises ``TimeoutError`` at the timeout), scroll it into view
(``reveal``) and act on it by id. ``expect(locator)`` and ``expect(engine)`` assert, retrying as a
wait does: on the virtual clock by advancing it, on the real clock after each patch.

``Locator`` is the sync client's, ``AsyncLocator`` the asyncio client's (every method awaited);
both run the same flows (``scenery._flow``). Timeouts are seconds: the client's
``default_timeout`` (5 s; ``set_default_timeout``) unless a call gives one.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, cast, overload

from . import _flow
from ._flow import Query, State
from .types import LongPressResult, TapResult

if TYPE_CHECKING:
    from .aio import AsyncSceneryClient
    from .client import SceneryClient

__all__ = ["Locator", "AsyncLocator", "expect", "LocatorAssertions", "AsyncLocatorAssertions",
           "EngineAssertions", "AsyncEngineAssertions", "ExpectationFailed"]

ExpectationFailed = _flow.ExpectationFailed
Client = TypeVar("Client", "SceneryClient", "AsyncSceneryClient")


def text_query(text: str, exact: bool) -> Query:
    """``get_by_text``'s query."""
    return Query({"text": text, "exact": exact}, f"get_by_text({text!r}{', exact=True' if exact else ''})")


def role_query(role: str, name: str | None, exact: bool) -> Query:
    """``get_by_role``'s query."""
    params: dict[str, Any] = {"role": role}
    words = [repr(role)]
    if name is not None:
        params.update(name=name, exact=exact)
        words.append(f"name={name!r}")
        if exact:
            words.append("exact=True")
    return Query(params, f"get_by_role({', '.join(words)})")


def id_query(ident: str) -> Query:
    """``locator``'s query: a node's id, or an id prefix of whole components."""
    return Query({"id": ident}, f"locator({ident!r})")


class _Locator(Generic[Client]):
    """What both locators share: the query and the ways to narrow it."""

    def __init__(self, client: Client, query: Query) -> None:
        self._client: Client = client
        self._query = query

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._query.describe()}>"

    @property
    def description(self) -> str:
        """The locator as written: ``get_by_role('row', name='Nakamura').first``."""
        return self._query.describe()

    def nth(self, index: int) -> Self:
        """The locator's ``index``-th match in screen order (from 0; -1 is the last)."""
        if self._query.index is not None:
            raise ValueError(f"{self.description} already picks one match")
        step = {0: ".first", -1: ".last"}.get(index, f".nth({index})")
        return type(self)(self._client, replace(self._query, index=index, steps=self._query.steps + (step,)))

    @property
    def first(self) -> Self:
        """The first match in screen order."""
        return self.nth(0)

    @property
    def last(self) -> Self:
        """The last match in screen order."""
        return self.nth(-1)

    def _timeout(self, timeout: float | None) -> float:
        return self._client.default_timeout if timeout is None else timeout

    def _pinned(self, ident: str) -> Self:
        return type(self)(self._client, Query({"id": ident}, f"locator({ident!r})", pinned=ident))


class Locator(_Locator["SceneryClient"]):
    """Nodes on the screen of a ``SceneryClient``, found anew each time the locator is used."""

    def tap(self, *, timeout: float | None = None) -> TapResult:
        """Tap the one node: waits for it, scrolls it into view, taps it by id; the tap's result."""
        return cast(TapResult, self._client._run(_flow.act(self._client, self._query, "tap", self._timeout(timeout))))

    def long_press(self, *, timeout: float | None = None) -> LongPressResult:
        """Press and hold the one node, as ``tap`` does; the longPress's result."""
        return cast(LongPressResult, self._client._run(_flow.act(self._client, self._query, "longPress",
                                                                 self._timeout(timeout))))

    def text_content(self, *, timeout: float | None = None) -> str:
        """The one node's text: a text node's, or a button's or row's accessible name."""
        return self._client._run(_flow.text_content(self._client, self._query, self._timeout(timeout)))

    def bounding_box(self, *, timeout: float | None = None) -> dict[str, float] | None:
        """The one node's frame on the screen, ``{x, y, width, height}`` in points, at the current
        scroll; None when it is not rendered now (a row virtualized away)."""
        return self._client._run(_flow.bounding_box(self._client, self._query, self._timeout(timeout)))

    def scroll_into_view_if_needed(self, *, timeout: float | None = None) -> None:
        """Scroll the content the least that shows the one node whole (``reveal``)."""
        self._client._run(_flow.reveal(self._client, self._query, self._timeout(timeout)))

    def is_visible(self) -> bool:
        """Whether the one node shows now; False when nothing matches (no waiting)."""
        return self._client._run(_flow.is_visible(self._query))

    def count(self) -> int:
        """How many nodes match now (no waiting)."""
        return self._client._run(_flow.count(self._query))

    def all(self) -> list[Locator]:
        """A locator for each match now, in screen order, each pinned to its node's id."""
        return [self._pinned(ident) for ident in self._client._run(_flow.ids(self._query))]

    def wait_for(self, *, state: State = "visible", timeout: float | None = None) -> None:
        """Wait until the node is ``state``: "visible", "hidden" (or gone), "attached" (exists) or
        "detached" (gone). TimeoutError, saying what the screen showed, when it is not by then."""
        self._client._run(_flow.wait_for(self._client, self._query, state, self._timeout(timeout)))


class AsyncLocator(_Locator["AsyncSceneryClient"]):
    """Nodes on the screen of an ``AsyncSceneryClient``: ``Locator``'s methods, awaited."""

    async def tap(self, *, timeout: float | None = None) -> TapResult:
        """Tap the one node: waits for it, scrolls it into view, taps it by id; the tap's result."""
        return cast(TapResult, await self._client._run(_flow.act(self._client, self._query, "tap", self._timeout(timeout))))

    async def long_press(self, *, timeout: float | None = None) -> LongPressResult:
        """Press and hold the one node, as ``tap`` does; the longPress's result."""
        return cast(LongPressResult, await self._client._run(_flow.act(self._client, self._query, "longPress",
                                                                       self._timeout(timeout))))

    async def text_content(self, *, timeout: float | None = None) -> str:
        """The one node's text: a text node's, or a button's or row's accessible name."""
        return await self._client._run(_flow.text_content(self._client, self._query, self._timeout(timeout)))

    async def bounding_box(self, *, timeout: float | None = None) -> dict[str, float] | None:
        """The one node's frame on the screen in points, or None when it is not rendered now."""
        return await self._client._run(_flow.bounding_box(self._client, self._query, self._timeout(timeout)))

    async def scroll_into_view_if_needed(self, *, timeout: float | None = None) -> None:
        """Scroll the content the least that shows the one node whole (``reveal``)."""
        await self._client._run(_flow.reveal(self._client, self._query, self._timeout(timeout)))

    async def is_visible(self) -> bool:
        """Whether the one node shows now; False when nothing matches (no waiting)."""
        return await self._client._run(_flow.is_visible(self._query))

    async def count(self) -> int:
        """How many nodes match now (no waiting)."""
        return await self._client._run(_flow.count(self._query))

    async def all(self) -> list[AsyncLocator]:
        """A locator for each match now, in screen order, each pinned to its node's id."""
        return [self._pinned(ident) for ident in await self._client._run(_flow.ids(self._query))]

    async def wait_for(self, *, state: State = "visible", timeout: float | None = None) -> None:
        """Wait until the node is ``state`` (see ``Locator.wait_for``)."""
        await self._client._run(_flow.wait_for(self._client, self._query, state, self._timeout(timeout)))


# Assertions ---------------------------------------------------------------------------------


class LocatorAssertions:
    """``expect(locator)``: assertions that retry until they hold or the timeout passes, then
    raise AssertionError (``ExpectationFailed``) with what was expected, what was found and the
    screen's text."""

    def __init__(self, locator: Locator) -> None:
        self._locator = locator

    def _run(self, flow: _flow.Flow[None]) -> None:
        self._locator._client._run(flow)

    def to_have_text(self, expected: str | re.Pattern[str], *, timeout: float | None = None) -> None:
        """The one node reads ``expected`` (white space collapsed), or matches the pattern."""
        self._run(_flow.to_have_text(self._locator._client, self._locator._query, expected, self._locator._timeout(timeout)))

    def to_be_visible(self, *, timeout: float | None = None) -> None:
        """The one node shows on the screen."""
        self._run(_flow.to_be(self._locator._client, self._locator._query, "visible", self._locator._timeout(timeout)))

    def to_be_hidden(self, *, timeout: float | None = None) -> None:
        """No match shows (none exists, or none is on the screen)."""
        self._run(_flow.to_be(self._locator._client, self._locator._query, "hidden", self._locator._timeout(timeout)))

    def to_have_count(self, count: int, *, timeout: float | None = None) -> None:
        """The locator matches ``count`` nodes."""
        self._run(_flow.to_have_count(self._locator._client, self._locator._query, count, self._locator._timeout(timeout)))

    def not_to_have_text(self, expected: str | re.Pattern[str], *, timeout: float | None = None) -> None:
        """The one node does not read ``expected`` (nor match the pattern)."""
        self._run(_flow.to_have_text(self._locator._client, self._locator._query, expected, self._locator._timeout(timeout),
                                     negate=True))

    def not_to_be_visible(self, *, timeout: float | None = None) -> None:
        """No match shows: ``to_be_hidden``."""
        self._run(_flow.to_be(self._locator._client, self._locator._query, "hidden", self._locator._timeout(timeout),
                              "not_to_be_visible"))

    def not_to_be_hidden(self, *, timeout: float | None = None) -> None:
        """The one node shows: ``to_be_visible``."""
        self._run(_flow.to_be(self._locator._client, self._locator._query, "visible", self._locator._timeout(timeout),
                              "not_to_be_hidden"))

    def not_to_have_count(self, count: int, *, timeout: float | None = None) -> None:
        """The locator matches any number of nodes but ``count``."""
        self._run(_flow.to_have_count(self._locator._client, self._locator._query, count,
                                      self._locator._timeout(timeout), negate=True))


class AsyncLocatorAssertions:
    """``expect(locator)`` for an ``AsyncLocator``: ``LocatorAssertions``, awaited."""

    def __init__(self, locator: AsyncLocator) -> None:
        self._locator = locator

    async def _run(self, flow: _flow.Flow[None]) -> None:
        await self._locator._client._run(flow)

    async def to_have_text(self, expected: str | re.Pattern[str], *, timeout: float | None = None) -> None:
        """The one node reads ``expected`` (white space collapsed), or matches the pattern."""
        await self._run(_flow.to_have_text(self._locator._client, self._locator._query, expected,
                                           self._locator._timeout(timeout)))

    async def to_be_visible(self, *, timeout: float | None = None) -> None:
        """The one node shows on the screen."""
        await self._run(_flow.to_be(self._locator._client, self._locator._query, "visible", self._locator._timeout(timeout)))

    async def to_be_hidden(self, *, timeout: float | None = None) -> None:
        """No match shows (none exists, or none is on the screen)."""
        await self._run(_flow.to_be(self._locator._client, self._locator._query, "hidden", self._locator._timeout(timeout)))

    async def to_have_count(self, count: int, *, timeout: float | None = None) -> None:
        """The locator matches ``count`` nodes."""
        await self._run(_flow.to_have_count(self._locator._client, self._locator._query, count,
                                            self._locator._timeout(timeout)))

    async def not_to_have_text(self, expected: str | re.Pattern[str], *, timeout: float | None = None) -> None:
        """The one node does not read ``expected`` (nor match the pattern)."""
        await self._run(_flow.to_have_text(self._locator._client, self._locator._query, expected,
                                           self._locator._timeout(timeout), negate=True))

    async def not_to_be_visible(self, *, timeout: float | None = None) -> None:
        """No match shows: ``to_be_hidden``."""
        await self._run(_flow.to_be(self._locator._client, self._locator._query, "hidden", self._locator._timeout(timeout),
                                    "not_to_be_visible"))

    async def not_to_be_hidden(self, *, timeout: float | None = None) -> None:
        """The one node shows: ``to_be_visible``."""
        await self._run(_flow.to_be(self._locator._client, self._locator._query, "visible", self._locator._timeout(timeout),
                                    "not_to_be_hidden"))

    async def not_to_have_count(self, count: int, *, timeout: float | None = None) -> None:
        """The locator matches any number of nodes but ``count``."""
        await self._run(_flow.to_have_count(self._locator._client, self._locator._query, count,
                                            self._locator._timeout(timeout), negate=True))


class EngineAssertions:
    """``expect(engine)``: assertions about the open scene, retrying as waits do."""

    def __init__(self, engine: SceneryClient) -> None:
        self._engine = engine

    def to_have_model(self, key: str, value: Any, *, timeout: float | None = None) -> None:
        """The open scene's model holds ``value`` at ``key``: a member (``"selection"``) or a
        ``/``-separated path into it (``"alert/title"``; a number indexes a list)."""
        wait = self._engine.default_timeout if timeout is None else timeout
        self._engine._run(_flow.to_have_model(self._engine, key, value, wait))

    def not_to_have_model(self, key: str, value: Any, *, timeout: float | None = None) -> None:
        """The open scene's model holds anything but ``value`` at ``key`` (or nothing)."""
        wait = self._engine.default_timeout if timeout is None else timeout
        self._engine._run(_flow.to_have_model(self._engine, key, value, wait, negate=True))


class AsyncEngineAssertions:
    """``expect(engine)`` for an ``AsyncSceneryClient``: ``EngineAssertions``, awaited."""

    def __init__(self, engine: AsyncSceneryClient) -> None:
        self._engine = engine

    async def to_have_model(self, key: str, value: Any, *, timeout: float | None = None) -> None:
        """The open scene's model holds ``value`` at ``key`` (see ``EngineAssertions``)."""
        wait = self._engine.default_timeout if timeout is None else timeout
        await self._engine._run(_flow.to_have_model(self._engine, key, value, wait))

    async def not_to_have_model(self, key: str, value: Any, *, timeout: float | None = None) -> None:
        """The open scene's model holds anything but ``value`` at ``key`` (or nothing)."""
        wait = self._engine.default_timeout if timeout is None else timeout
        await self._engine._run(_flow.to_have_model(self._engine, key, value, wait, negate=True))


@overload
def expect(subject: Locator) -> LocatorAssertions: ...


@overload
def expect(subject: AsyncLocator) -> AsyncLocatorAssertions: ...


@overload
def expect(subject: SceneryClient) -> EngineAssertions: ...


@overload
def expect(subject: AsyncSceneryClient) -> AsyncEngineAssertions: ...


def expect(subject: Locator | AsyncLocator | SceneryClient | AsyncSceneryClient
           ) -> LocatorAssertions | AsyncLocatorAssertions | EngineAssertions | AsyncEngineAssertions:
    """Assertions about a locator (``to_have_text``, ``to_be_visible``, ``to_be_hidden``,
    ``to_have_count``) or an engine (``to_have_model``); awaited for the asyncio client's."""
    from .aio import AsyncSceneryClient
    from .client import SceneryClient
    if isinstance(subject, Locator):
        return LocatorAssertions(subject)
    if isinstance(subject, AsyncLocator):
        return AsyncLocatorAssertions(subject)
    if isinstance(subject, SceneryClient):
        return EngineAssertions(subject)
    if isinstance(subject, AsyncSceneryClient):
        return AsyncEngineAssertions(subject)
    raise TypeError(f"expect() takes a locator or a client, not {type(subject).__name__}")
