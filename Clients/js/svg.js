// The state document drawn as SVG text, with no native dependency (PROTOCOL.md section 4): the
// white backdrop, then every node in draw order (z, then id): rect and circle fills, lines (a
// stroke from `from` to `to` with butt caps, or a filled hairline), text runs laid out at the
// engine's average advance of 0.5 em (word wrap, `lines` with an ellipsis at the box's end, `align`,
// `verticalAlign`, static `rotation`, clipped to the box), images inline as data: URLs placed by
// `contentMode` and `align` (a `tint` draws their alpha in its colour), movies as their first
// frame over `background`, `opacity`, `cornerRadius`, content nodes moved by the scroll and
// clipped to the content frame, and declared rotations at the scene clock's time `nowMs`.
import { drawOrder, nodeText, screenFrame } from "./screen.js";

const WEIGHTS = { light: 300, regular: 400, medium: 500, semibold: 600, bold: 700 };
/** The engine's average advance, in em, which lays text out when a size is needed. */
const ADVANCE = 0.5;
const ELLIPSIS = "…";
/** The room a cut line keeps for its ellipsis at the end of the box, in em of its run. */
const ELLIPSIS_ROOM = 1;

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]);
const num = (value) => String(Math.round(value * 1000) / 1000);

/** The SVG text of `state` (a state document) with `assets` (asset id -> `asset.read`'s result)
 * at scene time `nowMs`; `scale` multiplies the picture's pixel size (the drawing stays in points). */
export function renderSvg(state, assets = {}, nowMs = 0, { scale = 1 } = {}) {
  const { width, height } = state.viewport;
  const defs = [];
  const body = [];
  let next = 0;
  const id = (prefix) => `${prefix}${++next}`;
  const content = state.display?.content ?? null;
  if (content) {
    const [x, y, w, h] = content.frame;
    defs.push(`<clipPath id="content"><rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"/></clipPath>`);
  }
  const nodes = state.display?.nodes ?? {};
  for (const nodeId of drawOrder(nodes)) {
    const drawn = drawNode(nodes[nodeId], content, assets, nowMs, defs, id);
    if (drawn) body.push(`<!-- ${escape(nodeId).replace(/--/g, "- -")} -->`, drawn);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${num(width * scale)}" height="${num(height * scale)}" viewBox="0 0 ${num(width)} ${num(height)}">\n` +
    `<defs>\n${defs.join("\n")}\n</defs>\n<rect width="${num(width)}" height="${num(height)}" fill="#FFFFFF"/>\n${body.join("\n")}\n</svg>\n`;
}

/** One node's drawing (null when it draws nothing), wrapped in its clip, turn and opacity. */
function drawNode(node, content, assets, nowMs, defs, id) {
  const style = node.style ?? {};
  const opacity = style.opacity ?? 1;
  if (opacity === 0) return null;
  const frame = screenFrame(node, content);
  const inner = drawKind(node, style, frame, content, assets, defs, id);
  if (!inner) return null;
  let drawing = inner;
  if (style.cornerRadius !== undefined && style.cornerRadius > 0) {
    const [x, y, w, h] = frame;
    const r = Math.min(style.cornerRadius, w / 2, h / 2);
    const clip = id("corner");
    defs.push(`<clipPath id="${clip}"><rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(r)}" ry="${num(r)}"/></clipPath>`);
    drawing = `<g clip-path="url(#${clip})">${drawing}</g>`;
  }
  const angle = turn(node.animation, nowMs);
  if (angle !== 0) {
    const [ax, ay] = anchor(node, frame, content);
    drawing = `<g transform="rotate(${num(angle)} ${num(ax)} ${num(ay)})">${drawing}</g>`;
  }
  if (opacity < 1) drawing = `<g opacity="${num(opacity)}">${drawing}</g>`;
  if (node.layer === "content" && content) drawing = `<g clip-path="url(#content)">${drawing}</g>`;
  return drawing;
}

/** What a node of each kind draws in its screen frame. */
function drawKind(node, style, [x, y, w, h], content, assets, defs, id) {
  const box = `x="${num(x)}" y="${num(y)}" width="${num(Math.max(0, w))}" height="${num(Math.max(0, h))}"`;
  switch (node.kind) {
    case "rect": return style.background ? `<rect ${box} fill="${style.background}"/>` : null;
    case "circle": return style.background
      ? `<ellipse cx="${num(x + w / 2)}" cy="${num(y + h / 2)}" rx="${num(w / 2)}" ry="${num(h / 2)}" fill="${style.background}"/>` : null;
    case "line": {
      if (!style.from || !style.to) return style.color ? `<rect ${box} fill="${style.color}"/>` : null;
      const [dx, dy] = node.layer === "content" && content ? [content.frame[0], content.frame[1] - content.offsetY] : [0, 0];
      return `<line x1="${num(style.from[0] + dx)}" y1="${num(style.from[1] + dy)}" x2="${num(style.to[0] + dx)}" y2="${num(style.to[1] + dy)}" ` +
        `stroke="${style.color ?? "#000000"}" stroke-width="${num(style.lineWidth ?? 1)}" stroke-linecap="butt"/>`;
    }
    case "movie": {
      const parts = [];
      if (style.background) parts.push(`<rect ${box} fill="${style.background}"/>`);
      const asset = style.movie ? assets[style.movie] : undefined;
      if (asset) parts.push(image(asset, box, "xMidYMid slice", [x, y, w, h], null, defs, id));
      return parts.join("") || null;
    }
    case "image": {
      const asset = node.image ? assets[node.image] : undefined;
      if (!asset) return null;
      const mode = style.contentMode ?? "aspectFit";
      const fit = mode === "aspectFill" ? "xMidYMid slice" : mode === "scaleToFill" ? "none"
        : `${{ left: "xMin", right: "xMax" }[style.align] ?? "xMid"}YMid meet`;
      return image(asset, box, fit, [x, y, w, h], style.tint ?? null, defs, id);
    }
    case "text": return drawText(node, style, [x, y, w, h], defs, id);
    default: return null;  // group: nothing of its own
  }
}

/** An asset drawn into a frame, clipped to it; with `tint`, its alpha in that colour. */
function image(asset, box, fit, [x, y, w, h], tint, defs, id) {
  const clip = id("frame");
  defs.push(`<clipPath id="${clip}"><rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"/></clipPath>`);
  let filter = "";
  if (tint) {
    const name = id("tint");
    defs.push(`<filter id="${name}" color-interpolation-filters="sRGB" x="0" y="0" width="1" height="1">` +
      `<feFlood flood-color="${tint}"/><feComposite in2="SourceGraphic" operator="in"/></filter>`);
    filter = ` filter="url(#${name})"`;
  }
  return `<g clip-path="url(#${clip})"><image ${box} preserveAspectRatio="${fit}"${filter} ` +
    `xlink:href="data:${asset.mime};base64,${asset.data}"/></g>`;
}

/** The rotation of a declared animation at `nowMs`, in degrees (0 without one). */
export function turn(animation, nowMs) {
  if (!animation || animation.property !== "rotation" || !animation.keyframes?.length) return 0;
  const { keyframes, durationMs, startMs, repeat } = animation;
  if (keyframes.length === 1 || nowMs <= startMs) return keyframes[0];
  let t = (nowMs - startMs) / durationMs;
  if (t >= 1) { if (!repeat) return keyframes[keyframes.length - 1]; t -= Math.floor(t); }
  const at = t * (keyframes.length - 1), i = Math.floor(at);
  return keyframes[i] + (keyframes[Math.min(i + 1, keyframes.length - 1)] - keyframes[i]) * (at - i);
}

/** Where a node turns, on the screen: its animation's anchor (in the node's coordinates), else
 * its frame's centre. */
function anchor(node, [x, y, w, h], content) {
  const given = node.animation?.anchor;
  if (!given) return [x + w / 2, y + h / 2];
  return [given[0] + x - node.frame[0], given[1] + y - node.frame[1]];
}

/** A text node: its runs laid out in its box (the frame, or the turned box with `rotation`). */
function drawText(node, style, [x, y, w, h], defs, id) {
  const runs = (node.text ?? []).filter((run) => run.text);
  if (!runs.length || !nodeText(node).trim()) return null;
  const rotation = style.rotation ?? 0;
  const quarter = Math.abs(rotation) % 180 === 90;
  const [bw, bh] = quarter ? [h, w] : [w, h];
  const largest = Math.max(...runs.map((run) => run.size));
  const lineHeight = largest * 1.2;
  const lines = layoutLines(runs, bw, style.lines ?? 0);
  const block = lines.length * lineHeight;
  const top = style.verticalAlign === "top" ? 0 : style.verticalAlign === "bottom" ? bh - block : (bh - block) / 2;
  const align = style.align ?? "left";
  const [tx, anchorName] = align === "center" ? [bw / 2, "middle"] : align === "right" ? [bw, "end"] : [0, "start"];
  const clip = id("text");
  defs.push(`<clipPath id="${clip}"><rect x="0" y="0" width="${num(bw)}" height="${num(bh)}"/></clipPath>`);
  const spans = (pieces) => pieces.map(({ run, text }) => `<tspan font-family="${escape(families(run, style))}" font-size="${num(run.size)}" ` +
    `font-weight="${WEIGHTS[run.weight] ?? 400}" fill="${run.color}">${escape(text)}</tspan>`).join("");
  const texts = lines.map((line, i) => {
    const size = Math.max(...line.map((piece) => piece.run.size));
    const baseline = top + i * lineHeight + lineHeight / 2 + 0.35 * size;
    const end = line[line.length - 1];
    if (!lines.cut || i !== lines.length - 1) {
      return `<text x="${num(tx)}" y="${num(baseline)}" text-anchor="${anchorName}" xml:space="preserve">${spans(line)}</text>`;
    }
    // A cut line fills the box: its text from the left, cut where the ellipsis begins, and the
    // ellipsis at the box's end (the viewer's font may be wider or narrower than 0.5 em).
    const room = ELLIPSIS_ROOM * end.run.size;
    const head = [...line.slice(0, -1), { run: end.run, text: end.text.slice(0, -ELLIPSIS.length) }].filter((piece) => piece.text);
    const cut = id("cut");
    defs.push(`<clipPath id="${cut}"><rect x="0" y="0" width="${num(Math.max(0, bw - room))}" height="${num(bh)}"/></clipPath>`);
    return `<g clip-path="url(#${cut})"><text x="0" y="${num(baseline)}" xml:space="preserve">${spans(head)}</text></g>` +
      `<text x="${num(bw)}" y="${num(baseline)}" text-anchor="end" xml:space="preserve">${spans([{ run: end.run, text: ELLIPSIS }])}</text>`;
  });
  const place = rotation
    ? `translate(${num(x + w / 2)} ${num(y + h / 2)}) rotate(${num(rotation)}) translate(${num(-bw / 2)} ${num(-bh / 2)})`
    : `translate(${num(x)} ${num(y)})`;
  return `<g transform="${place}"><g clip-path="url(#${clip})">${texts.join("")}</g></g>`;
}

/** The font families to try for a run: its own, the style's fallback, then DejaVu Sans, the
 * system UI font the kit's front ends fall back to, which is as wide as the 0.5 em a cut line is
 * laid out at. (Liberation Sans, once listed before it, is narrower: a cut line then stopped short
 * of its ellipsis, and the kit failed testcard-03's text.align probe wherever fonts-liberation,
 * which Chromium's package recommends, was installed.) */
const families = (run, style) => [run.font, style.fontFallback, "DejaVu Sans", "sans-serif"]
  .filter(Boolean).map((family) => (/^[\w-]+$/.test(family) ? family : `'${family}'`)).join(", ");

/** The runs broken into lines that fit `width` at 0.5 em a character: breaks between words (at
 * a space, after a hyphen), inside a word only when it is wider than the line by itself; with
 * `maxLines` 1 one line, with N > 1 at most N; a cut text ends with an ellipsis in the run it
 * cuts. Each line is a list of `{run, text}` pieces. */
export function layoutLines(runs, width, maxLines = 0) {
  const chars = [];
  runs.forEach((run) => { for (const ch of run.text) chars.push({ ch, run }); });
  const advance = (c) => ADVANCE * c.run.size;
  const widthOf = (list) => list.reduce((sum, c) => sum + advance(c), 0);
  // Words: each with the spaces after it; a hyphen ends a word too; a newline forces a break.
  const words = [];
  let word = [];
  chars.forEach((c, i) => {
    if (c.ch === "\n") { words.push({ chars: word, forced: true }); word = []; return; }
    word.push(c);
    const nextIsSpace = chars[i + 1] && /\s/.test(chars[i + 1].ch) && chars[i + 1].ch !== "\n";
    if ((/\s/.test(c.ch) && !nextIsSpace) || (c.ch === "-" && !nextIsSpace)) { words.push({ chars: word }); word = []; }
  });
  if (word.length) words.push({ chars: word });
  const trimmed = (list) => { let end = list.length; while (end > 0 && /\s/.test(list[end - 1].ch)) end -= 1; return list.slice(0, end); };
  let lines = [[]];
  const one = maxLines === 1;
  for (const { chars: parts, forced } of words) {
    let rest = parts;
    while (rest.length) {
      const line = lines[lines.length - 1];
      const needed = widthOf(trimmed(rest));
      if (one || widthOf(line) + needed <= width + 1e-6) { line.push(...rest); rest = []; break; }
      if (line.length) { lines.push([]); continue; }
      // A word wider than the line by itself: break it after the last letter that fits.
      let fit = 0;
      while (fit < rest.length && widthOf(rest.slice(0, fit + 1)) <= width + 1e-6) fit += 1;
      fit = Math.max(fit, 1);
      line.push(...rest.slice(0, fit));
      rest = rest.slice(fit);
      lines.push([]);
    }
    if (forced && !one) lines.push([]);
  }
  lines = lines.map(trimmed);
  while (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  let cut = false;
  if (maxLines > 0 && lines.length > maxLines) { lines = lines.slice(0, maxLines); cut = true; }
  const last = lines[lines.length - 1];
  const ellipsed = cut || (widthOf(last) > width + 1e-6 && (one || maxLines > 0));
  if (ellipsed) {
    const run = (last[last.length - 1] ?? chars[chars.length - 1]).run;
    const ellipsis = { ch: ELLIPSIS, run };
    while (last.length && widthOf(last) + advance(ellipsis) > width + 1e-6) last.pop();
    lines[lines.length - 1] = [...trimmed(last), ellipsis];
  }
  const result = lines.map((line) => {
    const pieces = [];
    for (const c of line) {
      const piece = pieces[pieces.length - 1];
      if (piece && piece.run === c.run) piece.text += c.ch;
      else pieces.push({ run: c.run, text: c.ch });
    }
    return pieces;
  }).filter((pieces) => pieces.length);
  result.cut = ellipsed;  // the last line ends with an ellipsis the layout put there
  return result;
}
