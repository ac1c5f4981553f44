"""The Qt window with the keyboard alone (issue 37, section 3; PROTOCOL.md section 3, Keyboard),
live, offscreen, on the real clock, real Qt key events (QTest) sent to whatever widget has the focus.

    SCENERY_BIN=.build/debug/scenery QT_QPA_PLATFORM=offscreen python3 -m unittest -v Examples/qt/test_keyboard.py

From the scene picker: Tab reaches the directory's Contacts tab (a focus ring drawn round it, Qt
told of each focus), Enter opens it; Tab leaves the screen for the pickers and comes back to the
first row, Space selects it (the engine's model says so); Tab onto a row not wholly in view
scrolls it into view and goes on below it; the ring round a row half under the content's edge is
drawn only where the row is; the scene picker opened with F4 and chosen with the arrow keys opens
the shelf, Tab reaches a book, Enter shows the alert (the tree then holds only the alert, the
focus moved to its OK, Qt told), Shift-Tab leaves and Tab comes back to OK, Enter dismisses it.
Skipped, naming the package, without PySide6; skipped without a ``scenery`` binary.
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_testing import HAS_PYSIDE6, needs_pyside6  # noqa: E402
from test_accessibility import WindowCase  # noqa: E402 - loads without PySide6 too

if HAS_PYSIDE6:
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QAccessible, QAccessibleActionInterface, QColor
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from test_scenery_qt import live
    from window import wait_until

RING = "#0a84ff"


def on_screen(state: dict[str, Any], node_id: str) -> tuple[float, float, float, float]:
    """A node's frame on the screen, in points (a content node moved with the content)."""
    node = state["display"]["nodes"][node_id]
    x, y, w, h = node["frame"]
    if node.get("layer") == "content":
        content = state["display"]["content"]
        x, y = x + content["frame"][0], y + content["frame"][1] - content["offsetY"]
    return x, y, w, h


@needs_pyside6
class KeyboardOnlyTest(WindowCase):
    """A person with only a keyboard, from the scene picker."""

    def key(self, key: Qt.Key, modifier: Optional[Qt.KeyboardModifier] = None) -> None:
        """Presses and releases ``key`` (with ``modifier``) on whatever widget has the focus. (No Qt
        default here: the class must load without PySide6, to be skipped.)"""
        QTest.keyClick(QApplication.focusWidget() or self.window, key,
                       Qt.KeyboardModifier.NoModifier if modifier is None else modifier)
        wait_until(lambda: False, 0.03)

    def focused_role(self) -> Any:
        screen = self.window.screen
        return next((node.get("role") for node in screen.semantics.nodes if node["id"] == screen.keyboard.id), None)

    def tab_to(self, node_id: str, most: int = 60) -> int:
        """Tabs until the screen's focus is on ``node_id``; how many Tabs it took."""
        for count in range(1, most + 1):
            self.key(Qt.Key.Key_Tab)
            if self.window.screen.hasFocus() and self.window.screen.keyboard.id == node_id:
                return count
        self.fail(f"{most} Tabs never reached {node_id} (at {self.window.screen.keyboard.id})")

    def ring_pixels(self, node_id: str, edge: str = "top") -> int:
        """Pixels of the ring's colour on the line just outside the node's top (or bottom) edge,
        where the ring is drawn."""
        screen = self.window.screen
        x, y, w, h = on_screen(live(self.window).state, node_id)
        image, ring = screen.grab().toImage(), QColor(RING)
        dpr = image.devicePixelRatio()
        row = screen.from_points(QPointF(x, y - 1.5 if edge == "top" else y + h + 1.5)).y()
        near = [image.pixelColor(round(screen.from_points(QPointF(px, 0)).x() * dpr), round(row * dpr))
                for px in range(round(x) + 4, round(x + w) - 4, 2)]
        return sum(1 for c in near if abs(c.red() - ring.red()) + abs(c.green() - ring.green()) + abs(c.blue() - ring.blue()) < 60)

    def test_contacts_a_row_and_the_shelf_alert_with_the_keyboard_alone(self) -> None:
        self.open("directory")
        screen, window = self.window.screen, self.window
        window.scene_picker.setFocus(Qt.FocusReason.OtherFocusReason)
        before = self.ring_pixels("tab.contacts")
        del screen.accessibility.events[:]
        tabs = self.tab_to("tab.contacts")
        focus_told = [key for event, key, _ in screen.accessibility.events if event == "Focus"]
        self.assertEqual(focus_told[-1], "tab.contacts")
        self.assertGreaterEqual(len(focus_told), tabs - 2, "Qt is not told of each focus")
        self.assertGreater(self.ring_pixels("tab.contacts"), 10 + before, "no focus ring round the focused tab")
        self.key(Qt.Key.Key_Return)
        self.until(lambda: live(window).state["model"]["tab"] == "contacts" and self.settled(), "Enter did not open Contacts")
        self.assertEqual(screen.keyboard.id, "tab.contacts", "the focus left the tab that stayed")
        rows = [node["id"] for node in screen.semantics.nodes if node.get("role") == "row"]
        self.key(Qt.Key.Key_Tab)
        self.assertIs(QApplication.focusWidget(), window.scene_picker, "Tab past the last node does not leave for the pickers")
        self.assertEqual(self.tab_to(rows[0]), 2, "Tab back into the screen does not focus its first row")
        self.key(Qt.Key.Key_Space)
        self.until(lambda: live(window).state["model"]["selection"] == rows[0] and self.settled(), "Space did not select the row")
        self.assertTrue(next(iface for item, iface in self.tree() if item["id"] == rows[0]).state().selected)  # type: ignore[attr-defined]
        self.check_reveal()
        self.check_ring_clipped()
        self.check_shelf_alert()

    def check_reveal(self) -> None:
        """Tab onto a row not wholly in view scrolls it into view, and Tab goes on below it."""
        session, screen = live(self.window), self.window.screen
        content = session.state["display"]["content"]
        bottom = content["frame"][1] + content["frame"][3]
        rows = [node for node in screen.semantics.nodes if node.get("role") == "row"]
        cut = next(node["id"] for node in rows if node["frame"][1] + node["frame"][3] > bottom)
        offset = content["offsetY"]
        self.tab_to(cut)
        self.until(lambda: session.state["display"]["content"]["offsetY"] > offset and self.settled(), f"{cut} was not revealed")
        self.key(Qt.Key.Key_Tab)
        self.assertEqual(self.focused_role(), "row", "Tab after a revealed row left the list")

    def check_ring_clipped(self) -> None:
        """A row scrolled half under the content's top edge, focused by Qt's set-focus action:
        its ring is drawn below the edge, not above it (clipped as the row is)."""
        session = live(self.window)
        row = next(node["id"] for node in self.window.screen.semantics.nodes if node.get("role") == "row")
        top = session.state["display"]["content"]["frame"][1]
        session.request("scroll", {"offsetY": session.state["display"]["nodes"][row]["frame"][1] + 20})
        self.until(lambda: on_screen(session.state, row)[1] < top and self.settled(), "the row was not scrolled under the edge")
        iface = next(iface for item, iface in self.tree() if item["id"] == row)
        iface.actionInterface().doAction(QAccessibleActionInterface.setFocusAction())
        self.assertEqual(self.window.screen.keyboard.id, row)
        self.assertGreater(self.ring_pixels(row, "bottom"), 10, "no ring below the row")
        self.assertEqual(self.ring_pixels(row, "top"), 0, "the ring is drawn outside the content")

    def check_shelf_alert(self) -> None:
        window, screen = self.window, self.window.screen
        for _ in range(80):
            if QApplication.focusWidget() is window.scene_picker:
                break
            self.key(Qt.Key.Key_Tab)
        self.assertIs(QApplication.focusWidget(), window.scene_picker, "Tab never reached the scene picker")
        picker = window.scene_picker
        self.key(Qt.Key.Key_F4)  # opens the list; its arrow keys then choose, Return takes the choice
        self.until(lambda: picker.view().isVisible(), "F4 did not open the scene picker")
        shelf = next(index for index in range(picker.count()) if picker.itemText(index).startswith("Shelf"))
        for _ in range(shelf - picker.view().currentIndex().row()):
            self.key(Qt.Key.Key_Down)
        self.key(Qt.Key.Key_Return)
        self.until(lambda: self.on("shelf"), "the shelf did not open")
        self.tab_to("book.0")
        del screen.accessibility.events[:]
        self.key(Qt.Key.Key_Enter)
        self.until(lambda: (live(window).state["model"].get("alert") or {}).get("subject") == "book.0" and self.settled(),
                   "Enter on a book did not show the alert")
        phone = QAccessible.queryAccessibleInterface(screen)
        self.assertEqual([phone.child(i).role().name for i in range(phone.childCount())], ["AlertMessage"], "more than the alert is told")
        alert = phone.child(0)
        self.assertEqual((alert.text(QAccessible.Text.Name), alert.text(QAccessible.Text.Description)), ("Linear Algebra", "ISBN 9786581411664"))
        self.assertEqual([item["id"] for item, _ in self.tree()], ["alert.title", "alert.message", "alert.action.0"])
        self.assertEqual(screen.keyboard.id, "alert.action.0", "the focus did not move to the alert's first node")
        self.assertIn(("Focus", "alert.action.0", ""), screen.accessibility.events, "Qt is not told the focus moved to OK")
        self.assertIn(("Announcement", "", "Linear Algebra. ISBN 9786581411664"), screen.accessibility.events)
        self.key(Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
        self.assertIsNot(QApplication.focusWidget(), screen)
        self.tab_to("alert.action.0")
        self.key(Qt.Key.Key_Return)
        self.until(lambda: live(window).state["model"].get("alert") is None and self.settled(), "Enter on OK did not dismiss the alert")
        self.assertNotIn("AlertMessage", [phone.child(i).role().name for i in range(phone.childCount())])


if __name__ == "__main__":
    unittest.main()
