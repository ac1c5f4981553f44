"""The screen's accessible tree kept in step with the engine's accessibility list, and what Qt is
told as it changes (the interfaces themselves are accessibility.py's).

Each new list updates the tree in place, an id keeping its interface (so a screen reader's
object for a row survives a scroll that keeps the row), and tells Qt: ``ObjectDestroyed`` for the
nodes gone (then their interfaces leave Qt's cache), ``ObjectCreated`` for the new ones,
``NameChanged``, ``DescriptionChanged`` and ``StateChanged`` for the changed ones,
``ObjectReorder`` of the screen when the nodes kept changed order; ``Focus`` as the keyboard focus
moves; and the spec's announcements as a ``QAccessibleAnnouncementEvent`` (Qt 6.8+, AT-SPI's
``object:announcement``), polite, from the screen.

Node interfaces are registered in Qt's cache when made and removed from it
(``deleteAccessibleInterface``) when their node goes, so the cache never holds one Python freed.
The screen calls ``sync`` with each new list before the keyboard focus follows it (so a focus
moved to a new node is told about a node the tree has). The tree is built when first asked for (``QAccessible.queryAccessibleInterface`` on the screen
widget, which reaches ``factory``), or with the first list once a bridge is active; until then no
event is sent. Offscreen, Qt has no bridge (``isActive()`` stays False even after
``setActive(True)``), so every event sent is also kept in ``events`` for tests to read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import shiboken6
from PySide6.QtCore import QObject, QRect, QRectF
from PySide6.QtGui import (QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent, QAccessibleInterface,
                           QAccessibleStateChangeEvent)

from accessibility import ALERT, CONTENT, NodeAccessible, PhoneAccessible, make_state
from semantics import Node

if TYPE_CHECKING:
    from screen import ScreenWidget

EVENTS_KEPT = 500
Event = QAccessible.Event


def plan(nodes: list[Node]) -> list[tuple[str, Optional[Node], Optional[str]]]:
    """The tree the list makes, parents before children in reading order: (key, node or None for
    a container, the key of the item it is under or None for the screen)."""
    alert = bool(nodes) and all(node["id"] == "alert" or node["id"].startswith("alert.") for node in nodes)
    items: list[tuple[str, Optional[Node], Optional[str]]] = []
    content = False  # whether the List standing for the content is placed yet
    if alert:
        items.append((ALERT, None, None))
    for node in nodes:
        up = node.get("parent")
        if up is None and alert:
            up = ALERT
        elif up is None and node.get("layer") == "content":
            if not content:
                items.append((CONTENT, None, None))
                content = True
            up = CONTENT
        items.append((node["id"], node, up))
    return items


class AccessibleScreen:
    """The accessible side of ``screen``: its items by key, the top ones in order, the events sent."""

    def __init__(self, screen: ScreenWidget) -> None:
        self.screen = screen
        self.items: dict[str, NodeAccessible] = {}
        self.top: list[NodeAccessible] = []
        self.events: list[tuple[str, str, str]] = []  # (event, key or "" for the screen, text)
        self._phone: Optional[PhoneAccessible] = None
        self._ids: dict[str, int] = {}  # Qt's cache ids of the items' interfaces
        screen.semantics.announced.connect(self.announce)
        screen.keyboard.moved.connect(self.focus_moved)
        screen.destroyed.connect(self.release)

    # What the interfaces ask --------------------------------------------------------------------

    def phone(self) -> QAccessibleInterface:
        """The screen widget's interface (made by ``factory`` on the first query)."""
        return QAccessible.queryAccessibleInterface(self.screen)

    def make_phone(self) -> PhoneAccessible:
        self._phone = PhoneAccessible(self)
        self.build(self.screen.semantics.nodes, tell=False)
        return self._phone

    def state(self) -> Any:
        session = self.screen.session
        return session.state if session else None

    def selectable(self, node_id: str) -> bool:
        """Whether the node's style has ``selected`` (true or false): PROTOCOL.md section 3."""
        node = (((self.state() or {}).get("display") or {}).get("nodes") or {}).get(node_id) or {}
        return "selected" in (node.get("style") or {})

    def focused(self) -> Optional[NodeAccessible]:
        focus = self.screen.keyboard.id
        return self.items.get(focus) if focus else None

    def to_global(self, frame: QRectF) -> QRect:
        """A frame in points as global screen pixels, where the widget draws it."""
        screen = self.screen
        top_left = screen.mapToGlobal(screen.from_points(frame.topLeft()))
        bottom_right = screen.mapToGlobal(screen.from_points(frame.bottomRight()))
        return QRectF(top_left, bottom_right).toAlignedRect()

    def press(self, node_id: str) -> None:
        self.screen.send("tap", {"id": node_id})

    def focus(self, node_id: str) -> None:
        self.screen.setFocus()
        self.screen.keyboard.set(node_id)

    # Keeping in step --------------------------------------------------------------------------

    def listening(self) -> bool:
        return self._phone is not None and shiboken6.isValid(self._phone)

    def sync(self, nodes: list[Node]) -> None:
        """A new list: the tree updated and the changes told, when anyone has asked for the tree."""
        if not self.listening():
            if QAccessible.isActive():
                self.phone()  # a bridge is listening: build the tree now
            return
        self.build(nodes, tell=True)

    def build(self, nodes: list[Node], tell: bool) -> None:
        before = {key: item.said() for key, item in self.items.items()}
        kept_order = [item.key for item in self.top]
        wanted = plan(nodes)
        keys = {key for key, _, _ in wanted}
        gone = [item for key, item in self.items.items() if key not in keys]
        for item in gone if tell else []:
            self.tell(QAccessibleEvent(item, Event.ObjectDestroyed), item.key)
        items: dict[str, NodeAccessible] = {}
        for key, node, up in wanted:
            item = self.items.get(key) or self._make(key, node, up)
            item.node, item.up, item.children = node, up, []
            items[key] = item
        self.items = items
        self.top = [items[key] for key, _, up in wanted if up is None]
        for key, _, up in wanted:
            if up is not None:
                items[up].children.append(items[key])
        for item in gone:
            QAccessible.deleteAccessibleInterface(self._ids.pop(item.key))
        if tell:
            self._tell_changes(before, [key for key in kept_order if key in items])

    def _make(self, key: str, node: Optional[Node], up: Optional[str]) -> NodeAccessible:
        item = NodeAccessible(self, key, node, up)
        self._ids[key] = QAccessible.registerAccessibleInterface(item)
        return item

    def _tell_changes(self, before: dict[str, tuple[str, str, dict[str, bool]]], kept: list[str]) -> None:
        for key, item in self.items.items():
            if key not in before:
                self.tell(QAccessibleEvent(item, Event.ObjectCreated), key)
                continue
            name, description, states = item.said()
            if name != before[key][0]:
                self.tell(QAccessibleEvent(item, Event.NameChanged), key, name)
            if description != before[key][1]:
                self.tell(QAccessibleEvent(item, Event.DescriptionChanged), key, description)
            if states != before[key][2]:
                self.tell(QAccessibleStateChangeEvent(item, changed(before[key][2], states)), key)
        if kept != [item.key for item in self.top if item.key in before]:
            self.tell(QAccessibleEvent(self.phone(), Event.ObjectReorder), "")

    def focus_moved(self, node_id: str) -> None:
        item = self.items.get(node_id)
        if item is not None and self.listening() and self.screen.hasFocus():
            self.tell(QAccessibleEvent(item, Event.Focus), node_id)

    def announce(self, text: str) -> None:
        if self.listening():
            event = QAccessibleAnnouncementEvent(self.phone(), text)
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
            self.tell(event, "", text)

    def tell(self, event: QAccessibleEvent, key: str, text: str = "") -> None:
        QAccessible.updateAccessibility(event)
        self.events.append((event.type().name, key, text))
        del self.events[:-EVENTS_KEPT]

    def release(self) -> None:
        """The screen is gone: every node interface leaves Qt's cache."""
        for uid in self._ids.values():
            QAccessible.deleteAccessibleInterface(uid)
        self._ids.clear()
        self.items, self.top = {}, []


def changed(before: dict[str, bool], after: dict[str, bool]) -> QAccessible.State:
    """The state flags that changed (``QAccessibleStateChangeEvent``'s argument)."""
    return make_state({name: True for name in {*before, *after} if before.get(name, False) != after.get(name, False)})


def factory(_key: str, obj: QObject) -> Optional[QAccessibleInterface]:
    """Qt's accessible factory: the interface of a screen widget that has an ``accessibility``."""
    owner = getattr(obj, "accessibility", None)
    return owner.make_phone() if isinstance(owner, AccessibleScreen) else None


_installed: list[bool] = []


def install() -> None:
    """Installs ``factory`` (once per process)."""
    if not _installed:
        QAccessible.installFactory(factory)
        _installed.append(True)
