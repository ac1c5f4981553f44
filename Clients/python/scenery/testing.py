"""Goldens for Python projects: replay one against the engine, rewrite it on request, and pytest
collecting them as tests.

A golden is a file of requests, each followed by what the engine must answer: a readable
``.golden`` (``> METHOD {PARAMS}``, then indented lines of what the screen and the model show
after it; ``scenery record -o FILE.golden`` writes one) or a protocol ``.transcript`` (``>``
request lines, ``<`` the exact lines answered). ``replay`` runs the engine's own ``scenery
replay``, whose report names each difference (a node's id and field, a model key) and shows
the screens side by side; ``update=True`` (or ``SCENERY_UPDATE=1``) rewrites the golden with
the engine's output instead and returns the engine's line for each step that changed.

With pytest, this module is a plugin (the package's ``pytest11`` entry point; ``-p
scenery.testing`` without it):

* every ``test_*.golden`` (and ``test_*.transcript``) is a test, one per file;
* the ``scenery_golden`` fixture replays a file from inside a test function::

      def test_contacts(scenery_golden):
          scenery_golden("contacts.golden")   # from the test file's folder, else the current one

* a failure shows the engine's report alone, no traceback before it;
* ``pytest --scenery-update`` (or ``SCENERY_UPDATE=1``) rewrites instead of failing, and the
  summary lists each golden rewritten with the engine's line for each step that changed;
* the summary names ``scenery review PATH`` to accept or reject each change of a failed golden,
  and, on a full run (no ``-k``, ``-m``, node ids, files or deselection), lists the ``*.golden``
  files under the test files' folders that no test used, with the command that removes them
  (nothing is deleted).
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import unittest
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from .engine import engine_path
from .errors import TimeoutError

__all__ = ["GoldenMismatch", "TranscriptMismatch", "GoldenSkipped", "ReplayGolden", "SUFFIXES", "replay",
           "pytest_addoption", "scenery_golden", "scenery_transcript"]

#: The files ``scenery replay`` takes: readable goldens and protocol transcripts.
SUFFIXES = (".golden", ".transcript")


class GoldenMismatch(AssertionError):
    """The engine's output differs from a golden's; the message (and ``report``) is the
    engine's report: each difference by node id and field or model key, the screens side by
    side, and the command that accepts the engine's output. ``path``: the golden replayed."""

    def __init__(self, report: str, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__(report)
        self.report = report
        self.path = None if path is None else Path(path)


#: The name this exception had when goldens were transcripts only.
TranscriptMismatch = GoldenMismatch


class GoldenSkipped(unittest.SkipTest):
    """The engine skipped a golden: a file its ``# needs:`` line names is missing. pytest and
    unittest both count it as a skipped test."""


#: What the ``scenery_golden`` fixture is: replay the golden at a path, return its changes.
ReplayGolden = Callable[[str | os.PathLike[str]], list[str]]


def _env_update() -> bool:
    return os.environ.get("SCENERY_UPDATE", "0") not in ("", "0")


def _shown(path: Path) -> str:
    """``path`` as the engine is given it, so its report names it: relative to the current
    folder when it is inside it."""
    absolute = path.absolute()
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


def _updates(output: str) -> dict[str, list[str]]:
    """The goldens ``scenery replay --update`` says it rewrote (``updated FILE:``), each with its
    lines (``line N (method): summary``), in the engine's words."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in output.splitlines():
        if line.startswith("updated ") and line.endswith(":"):
            current = found.setdefault(line[len("updated "):-1], [])
        elif current is not None and line.startswith("  "):
            current.append(line.strip())
        else:
            current = None
    return found


def replay(path: str | os.PathLike[str], *, update: bool | None = None,
           engine: str | os.PathLike[str] | None = None, timeout: float = 120.0) -> list[str]:
    """Replay the golden (``.golden`` or ``.transcript``; a folder: each one under it) at
    ``path`` with the engine's ``scenery replay``.

    A difference raises ``GoldenMismatch`` carrying the engine's report. With ``update``
    (default: whether ``SCENERY_UPDATE`` is set to something other than ``0``) the golden is
    rewritten with the engine's output instead, and the engine's line for each step that
    changed is returned (``line 39 (tap): screen 1 node``; for a folder, each after its file's
    path and ``: ``); nothing changed, nothing returned. A golden whose ``# needs:`` file is
    missing raises ``GoldenSkipped``. ``timeout`` bounds the whole replay (seconds)."""
    if update is None:
        update = _env_update()
    golden = Path(path)
    given = _shown(golden)
    if _RUN is not None:
        found = golden.rglob("*") if golden.is_dir() else [golden]
        _RUN.used.update(each.resolve() for each in found if each.suffix in SUFFIXES or each == golden)
    command = [engine_path(engine), "replay", *(["--update"] if update else []), given]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise TimeoutError(f"scenery replay {given} did not finish within {timeout:g} s") from None
    report = (run.stdout + run.stderr).strip()
    if run.returncode != 0:
        if _RUN is not None:
            _RUN.failed.append(golden)
        raise GoldenMismatch(report or f"scenery replay {given} exited with status {run.returncode}", golden)
    if not golden.is_dir() and run.stdout.startswith("skip "):
        raise GoldenSkipped(run.stdout.strip()[len("skip "):])
    updated = _updates(run.stdout)
    if _RUN is not None:
        for name, lines in updated.items():
            _RUN.updated[name] = lines
    if golden.is_dir():
        return [f"{name}: {line}" for name, lines in updated.items() for line in lines]
    return [line for lines in updated.values() for line in lines]


# --- pytest plugin (entry point ``pytest11``: ``scenery = scenery.testing``) --------------------


@dataclass
class _Run:
    """What one pytest run did with goldens: each one used (collected, or replayed by a test),
    failed, or rewritten (with the engine's change lines)."""

    update: bool
    used: set[Path] = field(default_factory=set)
    failed: list[Path] = field(default_factory=list)
    updated: dict[str, list[str]] = field(default_factory=dict)
    folders: set[Path] = field(default_factory=set)
    deselected: int = 0


#: The pytest run under way, so that ``replay`` called from a test counts too.
_RUN: _Run | None = None


def _review_command() -> str:
    """How to call the engine from a shell: ``scenery`` when that is on PATH (the wheel
    installs it), else the engine's path."""
    if shutil.which("scenery"):
        return "scenery"
    try:
        return engine_path()
    except FileNotFoundError:
        return "scenery"


def _narrowed(config: Any, run: _Run) -> bool:
    """Whether the run left tests out, so that a golden no test used may still be some
    test's: ``-k``, ``-m``, deselection, node ids or files named, ``--lf``, stopped early."""
    option = config.option
    if getattr(option, "keyword", "") or getattr(option, "markexpr", "") or run.deselected:
        return True
    if getattr(option, "lf", False) or getattr(option, "deselect", None) or getattr(option, "numprocesses", None):
        return True
    for argument in config.args:
        if "::" in argument or not Path(config.invocation_params.dir, argument).is_dir():
            return True
    return False


def _unused(config: Any, run: _Run) -> list[Path]:
    """The ``*.golden`` files under the folders of the test files that ran that no test used,
    passing over folders pytest does not collect from (``norecursedirs``, hidden ones)."""
    skipped = list(config.getini("norecursedirs"))
    found: set[Path] = set()
    for folder in sorted(run.folders):
        for root, dirs, files in os.walk(folder):
            dirs[:] = [name for name in dirs if not name.startswith(".")
                       and not any(fnmatch.fnmatch(name, pattern) for pattern in skipped)]
            for name in files:
                golden = Path(root, name).resolve()
                if name.endswith(".golden") and golden not in run.used:
                    found.add(golden)
    return sorted(found)


try:
    import pytest
except ImportError:  # pytest is optional: without it, replay() is the whole module
    pass
else:
    _KEY = pytest.StashKey[_Run]()

    def pytest_addoption(parser: Any) -> None:
        """``--scenery-update``: rewrite goldens instead of comparing them."""
        group = parser.getgroup("scenery", "Scenery goldens")
        group.addoption("--scenery-update", action="store_true", default=False,
                        help="rewrite goldens (.golden, .transcript) with the engine's output instead of failing; "
                             "SCENERY_UPDATE=1 does the same")

    def pytest_configure(config: Any) -> None:
        global _RUN
        _RUN = config.stash[_KEY] = _Run(update=bool(config.getoption("--scenery-update")) or _env_update())

    def pytest_unconfigure(config: Any) -> None:
        global _RUN
        if _RUN is config.stash.get(_KEY, None):
            _RUN = None

    def pytest_collect_file(file_path: Path, parent: Any) -> Any:
        """``test_*.golden`` and ``test_*.transcript``: one test each."""
        if file_path.suffix in SUFFIXES and file_path.name.startswith("test_"):
            return GoldenFile.from_parent(parent, path=file_path)
        return None

    def pytest_deselected(items: list[Any]) -> None:
        if _RUN is not None:
            _RUN.deselected += len(items)

    def pytest_collection_finish(session: Any) -> None:
        run = session.config.stash.get(_KEY, None)
        if run is None:
            return
        for item in session.items:
            if isinstance(item, GoldenItem):
                run.used.add(item.path.resolve())

    class GoldenFile(pytest.File):
        """A golden file: it holds one test, its replay."""

        def collect(self) -> Iterator[GoldenItem]:
            yield GoldenItem.from_parent(self, name=self.path.stem)

    class GoldenItem(pytest.Item):
        """One golden replayed by ``scenery replay`` (rewritten under ``--scenery-update``)."""

        def runtest(self) -> None:
            run = self.config.stash.get(_KEY, None)
            try:
                replay(self.path, update=run.update if run is not None else None)
            except GoldenSkipped as skipped:
                pytest.skip(str(skipped))

        def repr_failure(self, excinfo: Any, style: Any = None) -> Any:
            """The engine's report alone: no traceback, no frames of this plugin."""
            if isinstance(excinfo.value, (GoldenMismatch, FileNotFoundError, TimeoutError)):
                return str(excinfo.value)
            return super().repr_failure(excinfo, style=style)

        def reportinfo(self) -> tuple[Path, int | None, str]:
            return self.path, None, f"golden {self.path.name}"

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
        """A test function that failed on a golden (the fixture, or ``replay`` called in it)
        shows the engine's report alone, no traceback before it. Notes the test file's folder."""
        outcome: Any = yield
        report = outcome.get_result()
        if call.excinfo is not None and report.failed and isinstance(call.excinfo.value, GoldenMismatch):
            report.longrepr = call.excinfo.value.report
        run = item.config.stash.get(_KEY, None)
        if run is not None and call.when == "setup":
            run.folders.add(Path(item.path).resolve().parent)

    def _replay_from(request: Any) -> ReplayGolden:
        run = request.config.stash.get(_KEY, None)
        folder = Path(request.path).parent

        def replay_golden(path: str | os.PathLike[str]) -> list[str]:
            golden = Path(path)
            if not golden.is_absolute() and (folder / golden).exists():
                golden = folder / golden
            return replay(golden, update=run.update if run is not None else None)
        return replay_golden

    @pytest.fixture
    def scenery_golden(request: Any) -> ReplayGolden:
        """A function replaying one golden (rewriting it under ``--scenery-update``) and
        returning the engine's lines for the steps it rewrote. A relative path is taken from the
        test file's folder when the file is there, else from the current folder."""
        return _replay_from(request)

    @pytest.fixture
    def scenery_transcript(request: Any) -> ReplayGolden:
        """``scenery_golden``, by the name it had when goldens were transcripts only."""
        return _replay_from(request)

    def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
        """The goldens rewritten, with the engine's change lines; how to review the failed ones;
        the goldens no test used (on a full run)."""
        run = config.stash.get(_KEY, None)
        if run is None:
            return
        lines: list[str] = []
        if run.updated:
            lines.append(f"{len(run.updated)} golden{'s' if len(run.updated) != 1 else ''} rewritten "
                         "with the engine's output:")
            for name, changes in run.updated.items():
                lines.append(f"updated {name}:")
                lines += [f"  {change}" for change in changes]
        if run.failed:
            failed = " ".join(dict.fromkeys(_shown(path) for path in run.failed))
            lines.append(f"{_review_command()} review {failed}  accepts or rejects each change "
                         "(a, r, q); pytest --scenery-update accepts them all")
        if not _narrowed(config, run):
            unused = _unused(config, run)
            if unused:
                names = [_shown(path) for path in unused]
                lines.append(f"{len(unused)} golden{'s' if len(unused) != 1 else ''} no test used "
                             "(neither collected as test_*.golden nor replayed by a test):")
                lines += [f"  {name}" for name in names]
                lines.append(f"  to remove {'them' if len(unused) != 1 else 'it'}: rm {' '.join(names)}")
        if lines:
            terminalreporter.section("scenery goldens")
            for line in lines:
                terminalreporter.write_line(line)
