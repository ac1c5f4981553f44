"""RFC 6901 JSON Pointer and RFC 6902 JSON Patch: the one patch applier of the Python package.

``apply_patch`` never changes its input: it returns a new document that shares every object the
patch did not touch (only the containers on the path of an operation are copied, and added
values are copied). A renderer can rely on that: a node whose object is the one it drew last
time has not changed. Treat documents as values: change them only through ``apply_patch``. A
failing operation raises ``PatchError`` naming it, and nothing is returned.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable

from .errors import PatchError

__all__ = ["pointer", "parse_pointer", "resolve", "apply_patch", "json_equal", "first_difference"]

_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")  # no sign, no leading zeros, no exponent
_BAD_TILDE = re.compile(r"~(?![01])")


def pointer(*tokens: object) -> str:
    """A JSON Pointer from raw tokens: ``pointer("display", "nodes", "a/b")`` is
    ``"/display/nodes/a~1b"``."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def parse_pointer(text: object) -> list[str]:
    """A JSON Pointer's unescaped tokens; ``""`` (the whole document) gives ``[]``."""
    if not isinstance(text, str):
        raise PatchError(f"a JSON Pointer is a string, not {text!r}")
    if text == "":
        return []
    if not text.startswith("/"):
        raise PatchError(f"JSON Pointer {text!r} must start with '/'")
    tokens = text[1:].split("/")
    if any(_BAD_TILDE.search(t) for t in tokens):
        raise PatchError(f"JSON Pointer {text!r} has a '~' not followed by 0 or 1")
    # "~1" first, so that "~01" becomes "~1" and not "/".
    return [t.replace("~1", "/").replace("~0", "~") for t in tokens]


def _index(array: list[Any], token: str, *, append_ok: bool = False) -> int:
    if append_ok and token == "-":
        return len(array)
    if not _ARRAY_INDEX.fullmatch(token):
        raise PatchError(f"{token!r} is not an array index")
    index, size = int(token), len(array)
    if index > size or (index == size and not append_ok):
        raise PatchError(f"index {index} is out of range for an array of {size}")
    return index


def _get(doc: Any, tokens: list[str]) -> Any:
    for token in tokens:
        if isinstance(doc, list):
            doc = doc[_index(doc, token)]
        elif isinstance(doc, dict) and token in doc:
            doc = doc[token]
        elif isinstance(doc, dict):
            raise PatchError(f"no member {token!r}")
        else:
            raise PatchError(f"cannot look up {token!r} in {type(doc).__name__}")
    return doc


def resolve(doc: Any, path: str) -> Any:
    """The value at JSON Pointer ``path`` in ``doc``; PatchError if there is none."""
    return _get(doc, parse_pointer(path))


def _update(doc: Any, tokens: list[str], edit: Callable[[Any], Any]) -> Any:
    """``doc`` with ``edit`` applied to the container at ``tokens``, copied along the path only."""
    if not tokens:
        return edit(doc)
    head, rest = tokens[0], tokens[1:]
    if isinstance(doc, list):
        index = _index(doc, head)
        copied = list(doc)
        copied[index] = _update(doc[index], rest, edit)
        return copied
    if isinstance(doc, dict) and head in doc:
        result = dict(doc)
        result[head] = _update(doc[head], rest, edit)
        return result
    raise PatchError(f"no member {head!r}")


def _add(doc: Any, tokens: list[str], value: Any) -> Any:
    if not tokens:
        return value
    key = tokens[-1]

    def edit(container: Any) -> Any:
        if isinstance(container, list):
            result = list(container)
            result.insert(_index(container, key, append_ok=True), value)
            return result
        if isinstance(container, dict):
            return {**container, key: value}
        raise PatchError(f"cannot add {key!r} to {type(container).__name__}")
    return _update(doc, tokens[:-1], edit)


def _remove(doc: Any, tokens: list[str]) -> Any:
    if not tokens:
        raise PatchError("cannot remove the whole document")
    key = tokens[-1]

    def edit(container: Any) -> Any:
        if isinstance(container, list):
            result = list(container)
            del result[_index(container, key)]
            return result
        if isinstance(container, dict) and key in container:
            copied = dict(container)
            del copied[key]
            return copied
        raise PatchError(f"no member {key!r} to remove")
    return _update(doc, tokens[:-1], edit)


def _replace(doc: Any, tokens: list[str], value: Any) -> Any:
    _get(doc, tokens)  # the target must exist
    if not tokens:
        return value
    key = tokens[-1]

    def edit(container: Any) -> Any:
        if isinstance(container, list):
            result = list(container)
            result[_index(container, key)] = value
            return result
        return {**container, key: value}
    return _update(doc, tokens[:-1], edit)


def _member(op: dict[str, Any], name: str) -> Any:
    if name not in op:
        raise PatchError(f"{op.get('op')!r} operation has no {name!r} member")
    return op[name]


def _apply_op(doc: Any, op: object) -> Any:
    if not isinstance(op, dict):
        raise PatchError(f"an operation is a JSON object, not {op!r}")
    kind, path = op.get("op"), parse_pointer(_member(op, "path"))
    if kind == "add":
        return _add(doc, path, copy.deepcopy(_member(op, "value")))
    if kind == "remove":
        return _remove(doc, path)
    if kind == "replace":
        return _replace(doc, path, copy.deepcopy(_member(op, "value")))
    if kind == "move":
        source = parse_pointer(_member(op, "from"))
        value = _get(doc, source)
        if source == path:
            return doc
        if len(source) < len(path) and path[:len(source)] == source:
            raise PatchError("cannot move a value into its own child")
        return _add(_remove(doc, source), path, value)
    if kind == "copy":
        return _add(doc, path, copy.deepcopy(_get(doc, parse_pointer(_member(op, "from")))))
    if kind == "test":
        if not json_equal(_get(doc, path), _member(op, "value")):
            raise PatchError(f"test failed at {op['path']!r}")
        return doc
    raise PatchError(f"unknown operation {kind!r}")


def apply_patch(doc: Any, patch: object) -> Any:
    """``doc`` with every operation of ``patch`` applied in order, as a new document sharing what
    the patch left alone; PatchError (naming the operation) when one cannot be applied."""
    if not isinstance(patch, list):
        raise PatchError("a JSON Patch is an array of operations")
    for number, op in enumerate(patch):
        try:
            doc = _apply_op(doc, op)
        except PatchError as error:
            raise PatchError(f"operation {number} {json.dumps(op)[:200]}: {error}") from None
    return doc


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: like ``==`` but ``true`` is not ``1`` (numbers compare by value)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(json_equal, a, b))
    return bool(a == b)


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """JSON Pointer of the first place where ``a`` and ``b`` differ, or None if they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys()):
            if key not in a or key not in b:
                return path + pointer(key)
            found = first_difference(a[key], b[key], path + pointer(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, path + pointer(i))
            if found is not None:
                return found
        return None
    return None if json_equal(a, b) else path
