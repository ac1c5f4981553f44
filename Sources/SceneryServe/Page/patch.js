// RFC 6902 JSON Patch and RFC 6901 JSON Pointer, written for the page (no dependency): the page
// mirrors the engine's state document by applying every patch it is sent. `applyPatch` never
// changes its input: it returns a new document, sharing what the patch did not touch, or throws
// a PatchError (and then nothing changed). It passes json-patch-tests (Tests/Web/patch_conformance.mjs).

export class PatchError extends Error {}

/** The reference tokens of a JSON Pointer: "" is the whole document; "~1" is "/", "~0" is "~". */
export function parsePointer(pointer) {
  if (typeof pointer !== "string") throw new PatchError("pointer: expected a string");
  if (pointer === "") return [];
  if (pointer[0] !== "/") throw new PatchError(`pointer ${JSON.stringify(pointer)}: must start with "/"`);
  return pointer.slice(1).split("/").map((token) => {
    if (/~[^01]|~$/.test(token)) throw new PatchError(`pointer ${JSON.stringify(pointer)}: bad escape`);
    return token.replace(/~1/g, "/").replace(/~0/g, "~");
  });
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Deep equality of JSON values (objects by members, whatever their order). */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

function arrayIndex(token, array, forAdd) {
  if (forAdd && token === "-") return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`array index ${JSON.stringify(token)}: expected a number`);
  const index = Number(token);
  if (index > array.length || (!forAdd && index === array.length)) throw new PatchError(`array index ${index}: out of bounds`);
  return index;
}

function get(doc, tokens) {
  let node = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node, false)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else throw new PatchError(`path /${tokens.join("/")}: no such member`);
  }
  return node;
}

/** `doc` with `edit` applied to the container at `tokens` (copied along the path, not in place). */
function update(doc, tokens, edit) {
  if (tokens.length === 0) return edit(doc);
  const [head, ...rest] = tokens;
  if (Array.isArray(doc)) {
    const index = arrayIndex(head, doc, false);
    const copy = doc.slice();
    copy[index] = update(doc[index], rest, edit);
    return copy;
  }
  if (isObject(doc) && Object.prototype.hasOwnProperty.call(doc, head)) {
    return { ...doc, [head]: update(doc[head], rest, edit) };
  }
  throw new PatchError(`path: no member ${JSON.stringify(head)}`);
}

function add(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const parent = tokens.slice(0, -1), last = tokens[tokens.length - 1];
  return update(doc, parent, (container) => {
    if (Array.isArray(container)) {
      const copy = container.slice();
      copy.splice(arrayIndex(last, container, true), 0, value);
      return copy;
    }
    if (isObject(container)) return { ...container, [last]: value };
    throw new PatchError("add: the parent is not a container");
  });
}

function remove(doc, tokens) {
  if (tokens.length === 0) throw new PatchError("remove: cannot remove the whole document");
  const parent = tokens.slice(0, -1), last = tokens[tokens.length - 1];
  return update(doc, parent, (container) => {
    if (Array.isArray(container)) {
      const copy = container.slice();
      copy.splice(arrayIndex(last, container, false), 1);
      return copy;
    }
    if (isObject(container) && Object.prototype.hasOwnProperty.call(container, last)) {
      const copy = { ...container };
      delete copy[last];
      return copy;
    }
    throw new PatchError(`remove: no member ${JSON.stringify(last)}`);
  });
}

function replace(doc, tokens, value) {
  get(doc, tokens); // must exist
  if (tokens.length === 0) return value;
  const parent = tokens.slice(0, -1), last = tokens[tokens.length - 1];
  return update(doc, parent, (container) => {
    if (Array.isArray(container)) {
      const copy = container.slice();
      copy[arrayIndex(last, container, false)] = value;
      return copy;
    }
    return { ...container, [last]: value };
  });
}

/** `doc` with every operation of `patch` applied in order; throws PatchError, changing nothing. */
export function applyPatch(doc, patch) {
  if (!Array.isArray(patch)) throw new PatchError("patch: expected an array of operations");
  let result = doc;
  for (const op of patch) {
    if (!isObject(op) || typeof op.op !== "string") throw new PatchError("operation: expected an object with op");
    const path = parsePointer(op.path);
    const needsValue = ["add", "replace", "test"].includes(op.op);
    if (needsValue && !Object.prototype.hasOwnProperty.call(op, "value")) throw new PatchError(`${op.op}: value is missing`);
    switch (op.op) {
      case "add": result = add(result, path, op.value); break;
      case "remove": result = remove(result, path); break;
      case "replace": result = replace(result, path, op.value); break;
      case "move": {
        const from = parsePointer(op.from);
        if (from.length < path.length && from.every((t, i) => t === path[i])) throw new PatchError("move: into its own child");
        const value = get(result, from);
        result = add(remove(result, from), path, value);
        break;
      }
      case "copy": result = add(result, path, structuredClone(get(result, parsePointer(op.from)))); break;
      case "test":
        if (!jsonEqual(get(result, path), op.value)) throw new PatchError(`test: ${op.path} is not the value given`);
        break;
      default: throw new PatchError(`operation ${JSON.stringify(op.op)}: unknown`);
    }
  }
  return result;
}
