"""RFC 6902 JSON Patch and RFC 6901 JSON Pointer for the Qt front end's mirror of the state.

``apply_patch`` never changes its input: it returns a new document that shares every object the
patch did not touch (only the containers on the path of an operation are copied). The renderer
relies on that: a node whose object is the one it drew last time has not changed. A failing
operation raises ``PatchError`` and nothing changes (the caller then resynchronises from
``snapshot``). The Python reference client's applier deep-copies the whole document per patch,
which is simple but costs milliseconds per frame on a large scene; this one copies a path, and
takes the client's JSON Pointer parsing, JSON equality and ``PatchError`` as they are.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
import scenery_client  # noqa: E402  (the reference client: its pointer, equality and error)

__all__ = ["PatchError", "apply_patch", "parse_pointer", "json_equal"]

PatchError, parse_pointer, json_equal = scenery_client.PatchError, scenery_client.parse_pointer, scenery_client.json_equal
# The same array index rule and operation member check as the client's (private there, shared here).
_index, _member = scenery_client._index, scenery_client._member  # noqa: SLF001


def _get(doc, tokens):
    for token in tokens:
        if isinstance(doc, list):
            doc = doc[_index(doc, token)]
        elif isinstance(doc, dict) and token in doc:
            doc = doc[token]
        else:
            raise PatchError(f"no member {token!r}")
    return doc


def _update(doc, tokens, edit):
    """``doc`` with ``edit`` applied to the container at ``tokens``, copied along the path only."""
    if not tokens:
        return edit(doc)
    head, rest = tokens[0], tokens[1:]
    if isinstance(doc, list):
        index = _index(doc, head)
        result = list(doc)
        result[index] = _update(doc[index], rest, edit)
        return result
    if isinstance(doc, dict) and head in doc:
        result = dict(doc)
        result[head] = _update(doc[head], rest, edit)
        return result
    raise PatchError(f"no member {head!r}")


def _add(doc, tokens, value):
    if not tokens:
        return value

    def edit(container):
        if isinstance(container, list):
            result = list(container)
            result.insert(_index(container, tokens[-1], append_ok=True), value)
            return result
        if isinstance(container, dict):
            return {**container, tokens[-1]: value}
        raise PatchError(f"cannot add {tokens[-1]!r} to {type(container).__name__}")
    return _update(doc, tokens[:-1], edit)


def _remove(doc, tokens):
    if not tokens:
        raise PatchError("cannot remove the whole document")

    def edit(container):
        if isinstance(container, list):
            result = list(container)
            del result[_index(container, tokens[-1])]
            return result
        if isinstance(container, dict) and tokens[-1] in container:
            result = dict(container)
            del result[tokens[-1]]
            return result
        raise PatchError(f"no member {tokens[-1]!r} to remove")
    return _update(doc, tokens[:-1], edit)


def _replace(doc, tokens, value):
    _get(doc, tokens)  # the target must exist
    if not tokens:
        return value

    def edit(container):
        result = list(container) if isinstance(container, list) else dict(container)
        result[_index(container, tokens[-1]) if isinstance(container, list) else tokens[-1]] = value
        return result
    return _update(doc, tokens[:-1], edit)


def _apply_op(doc, op):
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


def apply_patch(doc, patch):
    """``doc`` with every operation of ``patch`` applied in order, as a new document sharing what
    the patch left alone; PatchError (naming the operation) when one cannot be applied."""
    if not isinstance(patch, list):
        raise PatchError("a JSON Patch is an array of operations")
    for number, op in enumerate(patch):
        try:
            doc = _apply_op(doc, op)
        except PatchError as error:
            raise PatchError(f"operation {number} {str(op)[:200]}: {error}") from None
    return doc
