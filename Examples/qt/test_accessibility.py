"""The Qt window to assistive technology (issue 37, section 3), live, offscreen, on the real clock.

    SCENERY_BIN=.build/debug/scenery QT_QPA_PLATFORM=offscreen python3 -m unittest -v Examples/qt/test_accessibility.py

- On every scene (the test card on each of its pages), ``QAccessible.queryAccessibleInterface``
  of the screen widget exposes exactly the nodes an independent engine process (``scenery`` over
  stdin, same device, same built-in data) lists in ``snapshot {"as":"accessibility"}``, in its
  order, each with the role, name, description and states PROTOCOL.md section 3's table gives for
  Qt, under the role node, List or AlertMessage it belongs to, and where the widget draws it.
- The first list of a scene announces nothing; the press action taps; the tap's new title is
  announced and its name change told, the tapped tab's state too, the rows gone are told and
  leave Qt's cache, the new ones are told.
- A 60-frame drag, the engine's lists held back, asks for the list at most three times, one
  request at a time, and the list kept is then the engine's.
The keyboard-only path is test_keyboard.py's.
Skipped, naming the package, without PySide6; skipped without a ``scenery`` binary.
"""

from __future__ import annotations

import sys
import time
import unittest
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_testing import HAS_PYSIDE6, engine_and_app, needs_pyside6  # noqa: E402

if HAS_PYSIDE6:
    from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
    from PySide6.QtGui import QAccessible, QAccessibleActionInterface, QAccessibleInterface
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from scenery import SceneryClient
    from presets import DEVICES, sample
    from session import EngineSession
    from test_scenery_qt import WAIT, live
    from window import SceneryWindow, wait_until

ROLES = {"button": "Button", "row": "ListItem"}
KINDS = {"text": "StaticText", "image": "Graphic", "movie": "Graphic"}
FLAGS = ("focusable", "checkable", "checked", "selectable", "selected", "disabled", "busy")


def told(node: dict[str, Any], style: dict[str, Any]) -> dict[str, Any]:
    """What PROTOCOL.md section 3's table says Qt is told of an engine's list node."""
    states, role = node["states"], node.get("role")
    flags = {"disabled": "disabled" in states, "busy": "loading" in states, "focusable": bool(role),
             "checkable": role == "button" and "selected" in style, "checked": role == "button" and "selected" in states,
             "selectable": role == "row" and "selected" in style, "selected": role == "row" and "selected" in states}
    name = node.get("name", "") if role or node["kind"] == "text" else node.get("asset", "")
    return {"id": node["id"], "role": ROLES[role] if role else KINDS[node["kind"]], "name": name,
            "description": "failed" if "failed" in states else "", "flags": flags, "under": node.get("parent")}


def seen(iface: QAccessibleInterface, under: Any) -> dict[str, Any]:
    state = iface.state()
    return {"id": iface.text(QAccessible.Text.Identifier), "role": iface.role().name, "name": iface.text(QAccessible.Text.Name),
            "description": iface.text(QAccessible.Text.Description), "flags": {flag: bool(getattr(state, flag)) for flag in FLAGS},
            "under": under}


def walk(iface: QAccessibleInterface, under: Any = None) -> list[tuple[dict[str, Any], QAccessibleInterface]]:
    """The node items below ``iface`` in order, each as ``seen``: ``under`` is the id of the node
    item it is in (None at the top), or the role of the List or AlertMessage it is in."""
    found: list[tuple[dict[str, Any], QAccessibleInterface]] = []
    for index in range(iface.childCount()):
        child = iface.child(index)
        assert child.parent() is iface and iface.indexOfChild(child) == index, "parent and child disagree"
        if child.role() in (QAccessible.Role.List, QAccessible.Role.AlertMessage):
            found += walk(child, child.role().name)
        else:
            found.append((seen(child, under), child))
            found += walk(child, seen(child, under)["id"])
    return found


class Reference:
    """An independent engine on the window's device and the same built-in data (virtual clock)."""

    def __init__(self, binary: str, scene: str) -> None:
        self.engine = SceneryClient(binary)
        self.engine.initialize(viewport=DEVICES[0][1])  # type: ignore[arg-type]
        self.engine.request("scene.open", {"scene": scene})

    def expected(self) -> list[dict[str, Any]]:
        """``told`` of each node listed, ``under`` the List or AlertMessage the table puts it in
        when it is under no role node, with its ``frame``."""
        nodes: list[dict[str, Any]] = self.engine.request("snapshot", {"as": "accessibility"})["nodes"]
        styles = self.engine.state["display"]["nodes"]
        alert = bool(nodes) and all(node["id"].startswith("alert.") for node in nodes)
        expected = []
        for node in nodes:
            item = told(node, styles[node["id"]].get("style") or {})
            if item["under"] is None:
                item["under"] = "AlertMessage" if alert else "List" if node["layer"] == "content" else None
            expected.append(item | {"frame": node["frame"]})
        return expected


class WindowCase(unittest.TestCase):
    """One window for the class's tests, on device 0."""

    binary: str
    app: QApplication
    window: SceneryWindow

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary, cls.app = engine_and_app()
        cls.window = SceneryWindow(cls.binary, device=0)
        cls.window.show()
        cls.window.activateWindow()
        if not wait_until(lambda: cls.window.opened, WAIT):
            raise AssertionError("the first scene never opened")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.window.close()

    def setUp(self) -> None:
        self.until(lambda: self.window.opened, "the window's scene never opened")

    def on(self, scene: str) -> bool:
        """The window shows ``scene``, settled."""
        return self.window.opened and live(self.window).state.get("scene") == scene and self.settled()

    def settled(self) -> bool:
        """The window's session quiet (nothing awaited, no change for 300 ms: the test card has an
        image that is always loading) and its accessibility list made at its rev."""
        session, semantics = live(self.window), self.window.screen.semantics
        quiet = not session.protocol.waiting and time.monotonic() - session.changed_at > 0.3
        return self.window.opened and quiet and semantics.rev == session.rev

    def open(self, scene: str) -> EngineSession:
        """``scene``'s built-in sample in a new session (as the engine starts it), settled."""
        self.window.open(sample(scene), afresh=True)
        self.until(lambda: self.on(scene), f"{scene} did not open and settle")
        return live(self.window)

    def tree(self) -> list[tuple[dict[str, Any], QAccessibleInterface]]:
        phone = QAccessible.queryAccessibleInterface(self.window.screen)
        self.assertIsNotNone(phone, "the screen widget has no accessible interface")
        return walk(phone)

    def until(self, predicate: Callable[[], object], what: str) -> None:
        self.assertTrue(wait_until(predicate, WAIT), what)



@needs_pyside6
class AccessibleWindowTest(WindowCase):
    def assert_told(self, reference: Reference, what: str) -> tuple[int, int]:
        """The tree is what the reference lists, node for node, each where the widget draws it;
        (role nodes, all nodes)."""
        expected = reference.expected()
        wanted = [{key: value for key, value in node.items() if key != "frame"} for node in expected]
        wait_until(lambda: [item for item, _ in self.tree()] == wanted, WAIT)  # the window's pictures may still be loading
        tree = self.tree()
        self.assertEqual([item for item, _ in tree], wanted, what)
        screen = self.window.screen
        for (item, iface), node in zip(tree, expected):
            x, y, w, h = node["frame"]
            corner = screen.mapToGlobal(screen.from_points(QPointF(x, y)))
            far = screen.mapToGlobal(screen.from_points(QPointF(x + w, y + h)))
            rect = iface.rect()
            self.assertLessEqual(max(abs(rect.left() - corner.x()), abs(rect.top() - corner.y()),
                                     abs(rect.right() + 1 - far.x()), abs(rect.bottom() + 1 - far.y())), 1.0, f"{what}: {node['id']} at {rect}")
        return sum(1 for node in expected if node["flags"]["focusable"]), len(expected)

    def test_every_scene_tells_what_an_independent_engine_lists(self) -> None:
        counts = {}
        for scene in live(self.window).scenes:
            with self.subTest(scene=scene):
                session = self.open(scene)
                reference = Reference(self.binary, scene)
                self.addCleanup(reference.engine.close)
                counts[scene] = self.assert_told(reference, scene)
                for page in range(2, 9) if scene == "testcard" else []:
                    rev = session.rev
                    QTest.keyClick(self.window.screen, Qt.Key.Key_Right)
                    self.until(lambda: session.rev > rev and self.settled(), f"test card page {page}")
                    reference.engine.request("page", {"direction": "next"})
                    counts[f"testcard {page}"] = self.assert_told(reference, f"test card page {page}")
        print(f"\nrole nodes, all nodes told: {counts}", file=sys.stderr)
        for scene in ("directory", "exhibition", "shelf", "photos", "testcard 5"):
            self.assertGreater(counts[scene][0], 0, f"{scene}: no role node told")

    def test_a_scene_opens_silently_then_the_press_action_taps_and_the_change_is_told(self) -> None:
        accessibility = self.window.screen.accessibility
        del accessibility.events[:]
        self.open("directory")
        self.assertIn("Recents", [node.get("name") for node in self.window.screen.semantics.nodes])
        self.assertNotIn("Announcement", [event for event, _, _ in accessibility.events], "the first list of a scene spoke")
        contacts = next(iface for item, iface in self.tree() if item["id"] == "tab.contacts")
        action = contacts.actionInterface()
        self.assertIsNotNone(action, "a button has no action interface")
        self.assertIn(QAccessibleActionInterface.pressAction(), action.actionNames())
        gone = QAccessible.uniqueId(next(iface for item, iface in self.tree() if item["id"] == "recents.event.0"))
        del accessibility.events[:]
        action.doAction(QAccessibleActionInterface.pressAction())
        self.until(lambda: live(self.window).state["model"]["tab"] == "contacts" and self.settled(), "press did not open Contacts")
        events = accessibility.events
        self.assertIn(("Announcement", "", "Contacts"), events, "the new title is not announced")
        self.assertIn(("NameChanged", "title", "Contacts"), events, "the title's new name is not told")
        self.assertIn(("StateChanged", "tab.contacts", ""), events)
        self.assertTrue(getattr(contacts.state(), "checked"), "the pressed tab is not checked")
        self.assertIn(("ObjectDestroyed", "recents.event.0", ""), events)
        self.assertIsNone(QAccessible.accessibleInterface(gone), "a gone node's interface stays in Qt's cache")
        self.assertTrue(any(event == "ObjectCreated" and key.startswith("contacts.person.") for event, key, _ in events))

    def test_a_drag_asks_for_the_list_once_it_settles_one_request_at_a_time(self) -> None:
        """A 1.5 s drag (60 frames, each a scroll) with the engine's lists held back 1.5 s each:
        at most 3 lists asked for (once a second at most while changes go on), never two at once,
        and the last is asked for again until it is the engine's now."""
        session, screen = self.open("shelf"), self.window.screen
        asked, in_flight, most = screen.semantics.asked, [0], [0]
        request = session.request

        def held_back(method: str, params: Any = None, then: Any = lambda result: None, otherwise: Any = None) -> int:
            if method != "snapshot":
                return request(method, params, then, otherwise)
            in_flight[0] += 1
            most[0] = max(most[0], in_flight[0])

            def done(result: Any) -> None:
                in_flight[0] -= 1
                then(result)
            return request(method, params, lambda result: QTimer.singleShot(1500, lambda: done(result)), otherwise)
        session.request = held_back  # type: ignore[method-assign]
        self.addCleanup(lambda: setattr(session, "request", request))
        rev = session.rev
        at = screen.from_points(QPointF(180, 600)).toPoint()
        QTest.mousePress(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
        for step in range(1, 61):
            QTest.mouseMove(screen, at - QPoint(0, step * 4))
            wait_until(lambda: False, 0.025)
        QTest.mouseRelease(screen, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at - QPoint(0, 240))
        self.until(self.settled, "the drag did not settle")
        self.assertGreater(session.rev - rev, 40, "the drag did not scroll frame by frame")
        self.assertLessEqual(screen.semantics.asked - asked, 3, "the list was asked for during the drag")
        self.assertEqual(most[0], 1, "more than one list request in flight")
        mine: list[Any] = []
        request("snapshot", {"as": "accessibility"}, mine.append)
        self.until(lambda: mine, "no snapshot")
        self.assertEqual(screen.semantics.nodes, mine[0]["nodes"], "the list kept is not the engine's now")


if __name__ == "__main__":
    unittest.main()
