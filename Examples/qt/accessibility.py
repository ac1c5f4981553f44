"""The phone screen's ``QAccessibleInterface``s: what each node of the engine's accessibility list
(semantics.py) is to Qt, as PROTOCOL.md section 3's table says for Qt, so that AT-SPI on Linux (and
any other bridge Qt has) sees what the screen widget draws. accessible_screen.py keeps them in
step with the list and tells Qt of changes.

- ``PhoneAccessible`` (a ``QAccessibleWidget``, the screen widget's) has the depth-0 nodes as
  children in reading order, the content's inside a ``List`` standing for the scroll content; a
  role node's own nodes (``parent``) are its children. While an alert shows, its nodes are inside
  one ``AlertMessage`` named by ``alert.title`` and described by ``alert.message``.
- Roles: button -> ``Button`` (selectable, its style having ``selected``: checkable, ``checked``);
  row -> ``ListItem`` (selectable, ``selected``); text -> ``StaticText``; image, movie ->
  ``Graphic`` named by its asset. States: ``disabled``, ``busy`` (loading), Description "failed";
  role nodes are focusable, the one with the keyboard focus ``focused``. ``Identifier``: the id.
- ``rect()``: where the widget draws the node (its frame, unclipped), in global screen pixels;
  the widget scales the device to fit, and the rect follows the mapping its clicks use.
- Role nodes have the press action (a ``tap {"id"}``) and the set-focus action.

The route in PySide6 6.9.2, found by trying: ``QAccessible.installFactory`` takes a Python
callable; Python subclasses of ``QAccessibleWidget`` (the screen) and of ``QAccessibleInterface``
(the nodes, which have no QObject: ``object()`` is None, so Qt's cache keys them by interface)
work, C++ calling their overrides. ``interface_cast`` must return a ``shiboken6.VoidPtr`` (a plain
int crashes the caller): a node's ``QAccessibleActionInterface`` is a Python object of its own,
kept by the node, whose C++ address (``shiboken6.getCppPointer``) the cast returns. A subclass of
both bases at once is not needed. PySide6's stubs declare the interface getters non-null, but Qt
takes None (nullptr) from them: those overrides are marked ``type: ignore[override]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import shiboken6
from PySide6.QtCore import QObject, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleActionInterface, QAccessibleInterface, QWindow
from PySide6.QtWidgets import QAccessibleWidget

from keyboard import screen_frame
from semantics import Node

if TYPE_CHECKING:
    from accessible_screen import AccessibleScreen

Role = QAccessible.Role
ROLES = {"button": Role.Button, "row": Role.ListItem}
KINDS = {"text": Role.StaticText, "image": Role.Graphic, "movie": Role.Graphic}
CONTENT, ALERT = "#content", "#alert"  # the keys of the two items that stand for no node
CONTAINERS = {CONTENT: Role.List, ALERT: Role.AlertMessage}


def role_of(key: str, node: Optional[Node]) -> QAccessible.Role:
    if node is None:
        return CONTAINERS[key]
    role = node.get("role")
    if role:
        return ROLES.get(role, Role.Button)
    return KINDS.get(node.get("kind", ""), Role.Graphic)


def name_of(node: Optional[Node]) -> str:
    """A role node's accessible name, a text's text, an image's or movie's asset."""
    if node is None:
        return ""
    if node.get("role") or node.get("kind") == "text":
        return str(node.get("name") or "")
    return str(node.get("asset") or "")


def make_state(flags: dict[str, bool]) -> QAccessible.State:
    """A ``QAccessible.State`` with ``flags`` set (its bit fields are attributes PySide6's stubs
    do not list)."""
    state = QAccessible.State()
    for name, value in flags.items():
        setattr(state, name, value)
    return state


class NodeAction(QAccessibleActionInterface):
    """A role node's actions: press (a tap by id) and set focus (the keyboard focus)."""

    def __init__(self, item: NodeAccessible) -> None:
        super().__init__()
        self.item = item

    def actionNames(self) -> list[str]:  # noqa: N802 (Qt's names)
        return [QAccessibleActionInterface.pressAction(), QAccessibleActionInterface.setFocusAction()]

    def doAction(self, name: str) -> None:  # noqa: N802
        if name == QAccessibleActionInterface.pressAction():
            self.item.owner.press(self.item.key)
        elif name == QAccessibleActionInterface.setFocusAction():
            self.item.owner.focus(self.item.key)

    def keyBindingsForAction(self, name: str) -> list[str]:  # noqa: N802
        return []


class NodeAccessible(QAccessibleInterface):
    """One node of the list (``node``), or the content's List or the alert (``node`` None), under
    ``up`` (a key; None: the screen)."""

    def __init__(self, owner: AccessibleScreen, key: str, node: Optional[Node], up: Optional[str]) -> None:
        super().__init__()
        self.owner, self.key, self.node, self.up = owner, key, node, up
        self.children: list[NodeAccessible] = []
        self.action = NodeAction(self) if node is not None and node.get("role") else None

    def said(self) -> tuple[str, str, dict[str, bool]]:
        """What a change of is told: the name, the description, the states (but the focus)."""
        flags = {name: value for name, value in self.flags().items() if name not in ("focused", "focusable")}
        return self.text(QAccessible.Text.Name), self.text(QAccessible.Text.Description), flags

    def isValid(self) -> bool:  # noqa: N802
        return self.owner.items.get(self.key) is self and shiboken6.isValid(self.owner.screen)

    def object(self) -> Optional[QObject]:  # type: ignore[override]
        return None

    def window(self) -> Optional[QWindow]:  # type: ignore[override]
        return self.owner.screen.window().windowHandle()

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def focusChild(self) -> Optional[QAccessibleInterface]:  # type: ignore[override]  # noqa: N802
        """The focused node when it is under this one."""
        item = self.owner.focused()
        while item is not None and item.up is not None:
            if item.up == self.key:
                return self.owner.focused()
            item = self.owner.items.get(item.up)
        return None

    def childAt(self, x: int, y: int) -> Optional[QAccessibleInterface]:  # type: ignore[override]  # noqa: N802
        return next((child for child in reversed(self.children) if child.rect().contains(x, y)), None)

    def parent(self) -> Optional[QAccessibleInterface]:  # type: ignore[override]
        return self.owner.items.get(self.up) if self.up is not None else self.owner.phone()

    def child(self, index: int) -> Optional[QAccessibleInterface]:  # type: ignore[override]
        return self.children[index] if 0 <= index < len(self.children) else None

    def childCount(self) -> int:  # noqa: N802
        return len(self.children)

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        return next((index for index, item in enumerate(self.children) if item is child), -1)

    def text(self, t: QAccessible.Text) -> str:
        node, items = self.node, self.owner.items
        if t == QAccessible.Text.Name:
            return name_of(items["alert.title"].node) if self.key == ALERT and "alert.title" in items else name_of(node)
        if t == QAccessible.Text.Description:
            if self.key == ALERT and "alert.message" in items:
                return name_of(items["alert.message"].node)
            return "failed" if node is not None and "failed" in node.get("states", []) else ""
        if t == QAccessible.Text.Identifier and node is not None:
            return str(node["id"])
        return ""

    def setText(self, t: QAccessible.Text, text: str) -> None:  # noqa: N802
        pass  # the engine's, not Qt's, to change

    def rect(self) -> QRect:
        if self.node is not None:
            where = screen_frame(self.owner.state(), self.key, self.node)
            return self.owner.to_global(where[0]) if where else QRect()
        if self.key == CONTENT:
            content = ((self.owner.state() or {}).get("display") or {}).get("content") or {}
            if content.get("frame"):
                return self.owner.to_global(QRectF(*content["frame"]))
        united = QRect()
        for child in self.children:
            united = united.united(child.rect())
        return united

    def role(self) -> QAccessible.Role:
        return role_of(self.key, self.node)

    def flags(self) -> dict[str, bool]:
        """The ``QAccessible.State`` flags that hold, by name."""
        node = self.node
        if node is None:
            return {"modal": self.key == ALERT}
        states = node.get("states") or []
        flags = {"disabled": "disabled" in states, "busy": "loading" in states}
        role = node.get("role")
        if role:
            flags["focusable"] = True
            flags["focused"] = self.owner.focused() is self and self.owner.screen.hasFocus()
            selectable = self.owner.selectable(self.key)
            if role == "button":
                flags.update(checkable=selectable, checked=selectable and "selected" in states)
            else:
                flags.update(selectable=selectable, selected="selected" in states)
        return flags

    def state(self) -> QAccessible.State:
        return make_state(self.flags())

    def interface_cast(self, t: QAccessible.InterfaceType) -> Any:
        if t == QAccessible.InterfaceType.ActionInterface and self.action is not None:
            return shiboken6.VoidPtr(shiboken6.getCppPointer(self.action)[0])
        return shiboken6.VoidPtr(0)


class PhoneAccessible(QAccessibleWidget):
    """The screen widget: its children are the list's top items, then the banner while it shows."""

    def __init__(self, owner: AccessibleScreen) -> None:
        super().__init__(owner.screen, Role.Client, "")
        self.owner = owner

    def _children(self) -> list[QAccessibleInterface]:
        banner = self.owner.screen.banner
        shown = [QAccessible.queryAccessibleInterface(banner)] if banner.isVisible() else []
        return [*self.owner.top, *shown]

    def childCount(self) -> int:  # noqa: N802
        return len(self._children())

    def child(self, index: int) -> Optional[QAccessibleInterface]:  # type: ignore[override]
        children = self._children()
        return children[index] if 0 <= index < len(children) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        for index, item in enumerate(self._children()):
            if item is child or (item.object() is not None and item.object() is child.object()):
                return index
        return -1

    def focusChild(self) -> Optional[QAccessibleInterface]:  # type: ignore[override]  # noqa: N802
        return self.owner.focused() if self.owner.screen.hasFocus() else None

    def childAt(self, x: int, y: int) -> Optional[QAccessibleInterface]:  # type: ignore[override]  # noqa: N802
        return next((child for child in reversed(self._children()) if child.rect().contains(x, y)), None)
