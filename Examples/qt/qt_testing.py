"""What the Qt front end's tests (``test_*.py`` here) share, done once on import: Qt offscreen,
PySide6 imported or why not, the ``scenery`` binary found or why not.

Importing it sets ``QT_QPA_PLATFORM=offscreen`` unless a platform is named, and puts this folder
and, when the ``scenery`` package is not installed, the checkout's ``Clients/python`` on
``sys.path`` (as ``scenery_qt.py`` does). A test file imports it after putting this folder on
``sys.path`` itself, then imports Qt and the front end's modules only ``if HAS_PYSIDE6``, so that
it still loads, and skips, without PySide6.

Public names:

- ``HERE``, ``REPO``: this folder and the checkout it is in.
- ``NO_PYSIDE6``: the skip message naming PySide6 when it does not import, else None;
  ``HAS_PYSIDE6``: it imports.
- ``needs_pyside6``: a class decorator that skips every test of the class with ``NO_PYSIDE6``.
- ``BINARY``: the ``scenery`` binary (``scenery.find_engine()``: ``$SCENERY_BIN``, else the
  bundled engine, else this checkout's ``.build/debug`` or ``.build/release``), or None;
  ``NO_BINARY``: the skip message when there is none.
- ``qt_app()``: the one QApplication the tests share (made on first use).
- ``engine_and_app()``: ``(BINARY, qt_app())``; raises ``unittest.SkipTest(NO_BINARY)`` without
  a binary (from ``setUpClass`` the class is skipped, saying so).
"""

from __future__ import annotations

import os
import unittest
from pathlib import Path
from typing import TYPE_CHECKING, Optional, TypeVar, cast

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
import scenery_qt  # noqa: E402,F401 - on import: this folder and, when scenery is not installed, Clients/python on sys.path
from scenery import find_engine  # noqa: E402

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

try:
    import PySide6.QtCore  # noqa: F401
    import PySide6.QtGui  # noqa: F401
    import PySide6.QtTest  # noqa: F401
    import PySide6.QtWidgets  # noqa: F401
    NO_PYSIDE6: Optional[str] = None
except ImportError:  # pragma: no cover - the tests then skip, saying so
    NO_PYSIDE6 = "skipped: needs PySide6 (python3 -m pip install PySide6==6.9.2)"
HAS_PYSIDE6 = NO_PYSIDE6 is None

BINARY: Optional[str] = find_engine()
NO_BINARY = "skipped: no scenery binary (set SCENERY_BIN or run swift build)"

Case = TypeVar("Case", bound=type[unittest.TestCase])


def needs_pyside6(case: Case) -> Case:
    """Skips every test of the class ``case`` without PySide6, naming it."""
    return unittest.skipIf(NO_PYSIDE6 is not None, NO_PYSIDE6 or "")(case)


def qt_app() -> QApplication:
    """The one QApplication the tests share."""
    from PySide6.QtWidgets import QApplication
    return cast(QApplication, QApplication.instance() or QApplication([]))


def engine_and_app() -> tuple[str, QApplication]:
    """The engine to run (skipping the test class, saying why, when there is none) and the one
    QApplication the tests share."""
    if not BINARY:
        raise unittest.SkipTest(NO_BINARY)
    return BINARY, qt_app()
