"""Locators, waits and assertions without the I/O: each is a generator that yields what it needs
done (``Call``: a request; ``Await``: the next notification) and gets the outcome sent back. The
sync client runs them with plain calls, the asyncio client with awaits, so there is one copy of
each mechanism (``SceneryClient._run``, ``AsyncSceneryClient._run``).

Waiting (``wait_until``) on the **virtual clock** checks, then advances the scene clock by
``STEP_MS`` and checks again until the timeout's worth of scene time is spent: exact, instant,
the same on every run. On the **real clock** it checks again after each notification, blocking
on the pipe for the time left; nothing sleeps.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Literal, Mapping, TypeVar

from .errors import SceneryException, StrictModeViolation, TimeoutError
from .protocol import MirroredClient

__all__ = ["Call", "Await", "Flow", "Query", "STEP_MS", "DEFAULT_TIMEOUT", "SCREEN_LINES", "screen_shown",
           "shorten"]

#: How far a wait on the virtual clock advances it between two checks, in ms.
STEP_MS = 50
#: A wait's timeout when none is given, in seconds (``set_default_timeout`` changes a client's).
DEFAULT_TIMEOUT = 5.0
#: How many matches a strictness error names.
NAMED = 5
#: How many lines of the screen's text a failure message shows (then how many more there are).
SCREEN_LINES = 40

T = TypeVar("T")
State = Literal["visible", "hidden", "attached", "detached"]


@dataclass(frozen=True)
class Call:
    """Send a request; the flow gets its result back (an error answer is raised into it)."""

    method: str
    params: dict[str, Any] | None = None


@dataclass(frozen=True)
class Await:
    """Wait until more than ``seen`` notifications have arrived, at most ``timeout`` seconds;
    the flow gets back whether one came."""

    seen: int
    timeout: float


Flow = Generator["Call | Await", Any, T]


@dataclass(frozen=True)
class Query:
    """What a locator finds: ``find``'s params, then an exact id (``all()``'s locators) and an
    index (``nth``) applied to the matches; ``text`` is how the locator reads in errors."""

    params: Mapping[str, Any]
    text: str
    pinned: str | None = None
    index: int | None = None
    steps: tuple[str, ...] = field(default=())

    def describe(self) -> str:
        """The locator as it was written: ``get_by_role('row', name='Nakamura').nth(2)``."""
        return self.text + "".join(self.steps)


@dataclass
class Found:
    """A locator's matches now: ``count`` of them, the first ones as ``find`` reports them."""

    count: int
    matches: list[dict[str, Any]]


#: How many of an id locator's matches are looked through for the node with exactly that id.
EXACT_PROBE = 16


def find(query: Query, limit: int | None) -> Flow[Found]:
    """The query's matches now (at most ``limit`` of them in ``matches``; ``count`` counts all).

    An id locator (``locator(id)``) is the node with exactly that id when there is one (not the
    nodes inside it as well: ``locator("tab.contacts")`` is the button, not also its label), else
    every node whose id extends it (``locator("contacts.person")``: the rows and their parts)."""
    pinned, result = query.pinned, None
    if pinned is None and set(query.params) == {"id"}:
        probe = yield Call("find", {"id": query.params["id"], "limit": EXACT_PROBE})
        if any(match.get("id") == query.params["id"] for match in probe["matches"]):
            pinned, result = str(query.params["id"]), probe
    if result is None:
        params = dict(query.params)
        if pinned is None and query.index is not None and query.index >= 0:
            params["limit"] = query.index + 1
        elif pinned is None and query.index is None and limit is not None:
            params["limit"] = limit
        result = yield Call("find", params)
    count, matches = int(result["count"]), list(result["matches"])
    if pinned is not None:
        matches = [match for match in matches if match.get("id") == pinned]
        count = len(matches)
    if query.index is not None:
        # A positive index asked for index + 1 matches, a negative one for all of them.
        inside = -len(matches) <= query.index < len(matches)
        matches = [matches[query.index]] if inside else []
        count = len(matches)
    return Found(count, matches if limit is None else matches[:limit])


def name_of(match: Mapping[str, Any]) -> str:
    """A match as an error names it: its id and what it reads."""
    words = match.get("text") if "text" in match else match.get("name")
    return f"{match.get('id')}" + (f" ({words!r})" if words else "")


def strict(query: Query, found: Found) -> None:
    """StrictModeViolation when ``found`` holds more than one node."""
    if found.count > 1:
        names = "; ".join(name_of(match) for match in found.matches[:NAMED])
        more = f"; and {found.count - NAMED} more" if found.count > NAMED else ""
        raise StrictModeViolation(
            f"{query.describe()} matches {found.count} nodes, an action needs one: {names}{more}. "
            "Narrow it (exact=True, a role, a name) or pick one (.first, .nth(i)).")


def wait_until(client: MirroredClient, check: Callable[[], Flow[tuple[bool, T]]],
               timeout: float) -> Flow[tuple[bool, T]]:
    """Run ``check`` until it says yes or ``timeout`` seconds pass (scene time on the virtual
    clock, real time on the real one); returns its last (yes, what it found)."""
    if client.session.clock != "real":
        budget, spent = max(0, round(timeout * 1000)), 0
        while True:
            ok, found = yield from check()
            if ok or spent >= budget:
                return ok, found
            step = min(STEP_MS, budget - spent)
            yield Call("clock.advance", {"ms": step})
            spent += step
    deadline = time.monotonic() + timeout
    while True:
        seen = len(client.session.notifications)
        ok, found = yield from check()
        remaining = deadline - time.monotonic()
        if ok or remaining <= 0:
            return ok, found
        yield Await(seen, remaining)


def clock_words(client: MirroredClient, timeout: float) -> str:
    kind = "of scene time (the virtual clock)" if client.session.clock != "real" else "(the real clock)"
    return f"within {timeout:g} s {kind}"


def one(client: MirroredClient, query: Query, timeout: float, doing: str) -> Flow[dict[str, Any]]:
    """The one node ``query`` matches, waiting for it to exist; StrictModeViolation at once when
    it matches several, TimeoutError when it matches none by the timeout."""

    def check() -> Flow[tuple[bool, Found]]:
        found = yield from find(query, NAMED + 1)
        strict(query, found)
        return found.count == 1, found

    ok, found = yield from wait_until(client, check, timeout)
    if not ok:
        screen = yield from screen_shown()
        raise TimeoutError(f"{doing} {query.describe()}: it matched no node {clock_words(client, timeout)}", screen)
    return found.matches[0]


def act(client: MirroredClient, query: Query, method: str, timeout: float) -> Flow[Any]:
    """An action: wait for the one node, scroll it into view (``reveal``), then ``method`` it by id."""
    match = yield from one(client, query, timeout, f"{method}:")
    yield Call("reveal", {"id": match["id"]})
    return (yield Call(method, {"id": match["id"]}))


def reveal(client: MirroredClient, query: Query, timeout: float) -> Flow[None]:
    """Wait for the one node and scroll it into view."""
    match = yield from one(client, query, timeout, "scroll_into_view_if_needed:")
    yield Call("reveal", {"id": match["id"]})


def text_content(client: MirroredClient, query: Query, timeout: float) -> Flow[str]:
    """The text of the one node: a text node's text, a role node's accessible name."""
    match = yield from one(client, query, timeout, "text_content:")
    return words(match)


def words(match: Mapping[str, Any]) -> str:
    text = match.get("text") if "text" in match else match.get("name")
    return text if isinstance(text, str) else ""


def bounding_box(client: MirroredClient, query: Query, timeout: float) -> Flow[dict[str, float] | None]:
    """The one node's frame in screen points, or None when it is not rendered now."""
    match = yield from one(client, query, timeout, "bounding_box:")
    if not match.get("rendered"):
        return None
    x, y, width, height = match["frame"]
    return {"x": x, "y": y, "width": width, "height": height}


def is_visible(query: Query) -> Flow[bool]:
    """Whether the locator's one node shows now (no waiting; False when it matches none)."""
    found = yield from find(query, NAMED + 1)
    strict(query, found)
    return bool(found.matches and found.matches[0].get("visible"))


def count(query: Query) -> Flow[int]:
    """How many nodes the locator matches now."""
    found = yield from find(query, 0 if query.pinned is None and query.index is None else None)
    return found.count


def ids(query: Query) -> Flow[list[str]]:
    """The ids of every match now, in screen order."""
    found = yield from find(query, None)
    return [str(match["id"]) for match in found.matches]


def in_state(found: Found, state: State) -> bool:
    visible = any(match.get("visible") for match in found.matches)
    return {"attached": found.count > 0, "detached": found.count == 0,
            "visible": visible, "hidden": not visible}[state]


def wait_for(client: MirroredClient, query: Query, state: State, timeout: float) -> Flow[None]:
    """Wait until the locator's node is ``state``: visible, hidden (or gone), attached (exists)
    or detached (gone). Visible and attached are strict (one node)."""
    if state not in ("visible", "hidden", "attached", "detached"):
        raise ValueError(f"wait_for: state must be visible, hidden, attached or detached, not {state!r}")

    def check() -> Flow[tuple[bool, Found]]:
        found = yield from find(query, NAMED + 1 if state in ("visible", "attached") else None)
        if state in ("visible", "attached"):
            strict(query, found)
        return in_state(found, state), found

    ok, found = yield from wait_until(client, check, timeout)
    if not ok:
        screen = yield from screen_shown()
        raise TimeoutError(f"wait_for {query.describe()} to be {state} {clock_words(client, timeout)}: "
                           f"{describe_found(found)}", screen)


def shorten(text: str, limit: int | None) -> str:
    """The engine's screen text (one node a line) cut to its first ``limit`` lines, then a line
    saying how many more there are; all of it when ``limit`` is None."""
    lines = text.splitlines()
    if limit is None or len(lines) <= limit:
        return text
    more = len(lines) - limit
    return "\n".join(lines[:limit]) + f"\n... and {more} more line{'s' if more != 1 else ''}\n"


#: What a failure message shows when the engine could not show its screen (a broken pipe, no answer).
NO_SCREEN = "  (the engine could not show its screen: {})"


def screen_shown() -> Flow[str]:
    """The screen as a failure message shows it: the engine's own text of it (``snapshot`` as
    "text", at most ``SCREEN_LINES`` lines), indented; one line saying why not when the engine
    cannot answer."""
    try:
        result = yield Call("snapshot", {"as": "text"})
    except SceneryException as error:  # an error answer, a dead engine, no answer in time
        return NO_SCREEN.format(str(error).splitlines()[0] if str(error) else type(error).__name__)
    text = result.get("text") if isinstance(result, dict) else None
    if not isinstance(text, str):
        return NO_SCREEN.format("it does not render it as text (snapshot {\"as\": \"text\"}): an older engine")
    if not text.strip():
        return "  (nothing on the screen)"
    return "".join(f"  {line}\n" for line in shorten(text, SCREEN_LINES).splitlines()).rstrip("\n")


def describe_found(found: Found) -> str:
    if not found.count:
        return "it matched no node"
    shown = "; ".join(f"{name_of(m)} {'visible' if m.get('visible') else 'not visible'}" for m in found.matches[:NAMED])
    return f"it matched {found.count}: {shown}"


# Assertions ---------------------------------------------------------------------------------


class ExpectationFailed(AssertionError):
    """An ``expect(...)`` assertion not met within its timeout: expected, found, and the screen."""


def failed(client: MirroredClient, what: str, expected: str, found: str, timeout: float) -> Flow[ExpectationFailed]:
    """The failure of an assertion, with the screen as the engine shows it now."""
    screen = yield from screen_shown()
    return ExpectationFailed(f"{what}\n  expected: {expected}\n  found:    {found}\n"
                             f"  (waited {clock_words(client, timeout)[len('within '):]})\n"
                             f"The screen shows:\n{screen}")


def to_have_text(client: MirroredClient, query: Query, expected: str | re.Pattern[str], timeout: float,
                 negate: bool = False) -> Flow[None]:
    """The one node's text equals ``expected`` (white space runs collapsed on both sides) or,
    for a pattern, the pattern is found in it; with ``negate``, the one node's text does not."""

    def matches(text: str) -> bool:
        if isinstance(expected, re.Pattern):
            return expected.search(text) is not None
        return " ".join(text.split()) == " ".join(expected.split())

    def check() -> Flow[tuple[bool, Found]]:
        found = yield from find(query, NAMED + 1)
        strict(query, found)
        return found.count == 1 and matches(words(found.matches[0])) != negate, found

    ok, found = yield from wait_until(client, check, timeout)
    if not ok:
        want = f"text matching {expected.pattern!r}" if isinstance(expected, re.Pattern) else f"text {expected!r}"
        got = f"text {words(found.matches[0])!r}" if found.count == 1 else describe_found(found)
        name = "not_to_have_text" if negate else "to_have_text"
        raise (yield from failed(client, f"expect({query.describe()}).{name}", ("not " if negate else "") + want, got,
                                 timeout))


def to_be(client: MirroredClient, query: Query, state: State, timeout: float, name: str = "") -> Flow[None]:
    """The locator's node is ``state`` (visible: strict, one node that shows; hidden: none of
    its matches shows). ``name`` is the assertion as its failure names it."""

    def check() -> Flow[tuple[bool, Found]]:
        found = yield from find(query, NAMED + 1 if state == "visible" else None)
        if state == "visible":
            strict(query, found)
        return in_state(found, state), found

    ok, found = yield from wait_until(client, check, timeout)
    if not ok:
        raise (yield from failed(client, f"expect({query.describe()}).{name or 'to_be_' + state}", state,
                                 describe_found(found), timeout))


def to_have_count(client: MirroredClient, query: Query, expected: int, timeout: float,
                  negate: bool = False) -> Flow[None]:
    """The locator matches ``expected`` nodes (with ``negate``, any other number)."""

    def check() -> Flow[tuple[bool, int]]:
        number = yield from count(query)
        return (number == expected) != negate, number

    ok, number = yield from wait_until(client, check, timeout)
    if not ok:
        name = "not_to_have_count" if negate else "to_have_count"
        raise (yield from failed(client, f"expect({query.describe()}).{name}",
                                 f"{'not ' if negate else ''}{expected} nodes", f"{number} nodes", timeout))


MISSING = object()


def model_value(client: MirroredClient, key: str) -> Any:
    """The open scene's model at ``key``: a member, or a ``/``-separated path (``alert/title``;
    a number indexes a list). MISSING when there is nothing there."""
    state = client.state
    value: Any = state.get("model") if isinstance(state, dict) else None
    for part in key.split("/"):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return MISSING
    return value


def to_have_model(client: MirroredClient, key: str, expected: Any, timeout: float,
                  negate: bool = False) -> Flow[None]:
    """The open scene's model holds ``expected`` at ``key`` (see ``model_value``); with
    ``negate``, anything else (or nothing) there."""

    def check() -> Flow[tuple[bool, Any]]:
        value = model_value(client, key)
        return (value is not MISSING and value == expected) != negate, value
        yield  # a generator that asks for nothing: the mirror is local

    ok, value = yield from wait_until(client, check, timeout)
    if not ok:
        found = "no such key in the model" if value is MISSING else repr(value)
        name = "not_to_have_model" if negate else "to_have_model"
        raise (yield from failed(client, f"expect(engine).{name}({key!r})", ("not " if negate else "") + repr(expected),
                                 found, timeout))
