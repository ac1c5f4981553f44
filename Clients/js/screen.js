// Where the mirrored state's nodes are drawn, from the display list alone (no request): a node's
// frame on the screen and the draw order, PROTOCOL.md section 4's rules, for the SVG screenshots
// (svg.js). The screen as text is the engine's (`engine.screenText()`, `snapshot` with
// `as: "text"`): this package has no renderer of its own for it.

/** Code point order of ids, the protocol's draw order after z. */
export const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** A node's frame on the screen, [x, y, width, height]: a content node moved by the content's
 * frame and scroll offset (not clipped). */
export function screenFrame(node, content) {
  const [x, y, w, h] = node.frame;
  if (node.layer === "content" && content) return [x + content.frame[0], y - content.offsetY + content.frame[1], w, h];
  return [x, y, w, h];
}

/** The ids of `nodes` in draw order: by z, then id in code point order. */
export function drawOrder(nodes) {
  return Object.keys(nodes).sort((a, b) => (nodes[a].z - nodes[b].z) || byCodePoint(a, b));
}

/** The text of a text node: its runs' text joined. */
export const nodeText = (node) => (node.text ?? []).map((run) => run.text).join("");
