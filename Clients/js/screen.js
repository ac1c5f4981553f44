// What the mirrored state shows, computed from the display list alone (no request): a node's
// frame on the screen, whether it shows, the draw order, and the screen's visible text in
// reading order (what a timeout or a failed assertion reports). PROTOCOL.md section 4's rules.

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

/** `frame` clipped to `clip` (both [x, y, w, h]); null when nothing of it is left. A frame of no
 * width or height (a hairline) counts when it lies inside. */
export function clipFrame([x, y, w, h], [cx, cy, cw, ch]) {
  const left = Math.max(x, cx), top = Math.max(y, cy);
  const right = Math.min(x + w, cx + cw), bottom = Math.min(y + h, cy + ch);
  return right >= left && bottom >= top && (right > left || w === 0) && (bottom > top || h === 0)
    ? [left, top, right - left, bottom - top] : null;
}

/** Whether a rendered node shows: its opacity is not 0 and its frame, clipped to the viewport
 * (and a content node's to the content frame), is not empty. */
export function isShown(node, state) {
  if ((node.style?.opacity ?? 1) === 0) return false;
  const content = state.display.content;
  let frame = clipFrame(screenFrame(node, content), [0, 0, state.viewport.width, state.viewport.height]);
  if (frame && node.layer === "content" && content) frame = clipFrame(frame, content.frame);
  return frame !== null;
}

/** The text of a text node: its runs' text joined. */
export const nodeText = (node) => (node.text ?? []).map((run) => run.text).join("");

/** The screen's visible text in reading order (top, then left), one line per text node, cut to
 * `maxLines` lines (a last line says how many more there were). */
export function screenText(state, maxLines = 20) {
  if (!state?.display) return "(no state)";
  const nodes = state.display.nodes;
  const shown = Object.values(nodes)
    .filter((node) => node.kind === "text" && nodeText(node).trim() && isShown(node, state))
    .map((node) => ({ frame: screenFrame(node, state.display.content), text: nodeText(node).replace(/\s+/g, " ").trim() }))
    .sort((a, b) => (a.frame[1] - b.frame[1]) || (a.frame[0] - b.frame[0]));
  if (shown.length === 0) return "(no visible text)";
  const lines = shown.slice(0, maxLines).map((item) => item.text);
  if (shown.length > maxLines) lines.push(`… and ${shown.length - maxLines} more`);
  return lines.join("\n");
}
