// Draws the state document's display list into a DOM element, knowing nothing of scenes: one
// absolutely positioned element per node, keyed by id (data-id), in z then id order; content
// nodes moved by the content's offset and clipped to its frame, each hidden from assistive
// technology (semantics.js tells it what the screen holds); text runs, images (asset.read,
// cached by id), lines, circles, movies (their asset, an animated image, filling the frame over
// the fallback colour); declared animations played with
// the Web Animations API in phase with the scene clock. Points are CSS pixels.

const WEIGHTS = { light: 300, regular: 400, medium: 500, semibold: 600, bold: 700 };
const FIT = { aspectFit: "contain", aspectFill: "cover", scaleToFill: "100% 100%" };

/** Code point order of ids, the protocol's draw order after z. */
function byCodePoint(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

export class Renderer {
  constructor(screen, session) {
    this.screen = screen;
    this.session = session;
    this.elements = new Map();
    this.drawn = new Map();  // id -> the node object drawn (to skip unchanged ones)
    this.animations = new Map();
  }

  /** The on-screen frame of a node: content nodes moved by the offset into the content frame. */
  static screenFrame(node, content) {
    const [x, y, w, h] = node.frame;
    if (node.layer === "content" && content) return [x + content.frame[0], y - content.offsetY + content.frame[1], w, h];
    return [x, y, w, h];
  }

  render(state) {
    const viewport = state.viewport;
    if (viewport) {
      this.screen.style.width = `${viewport.width}px`;
      this.screen.style.height = `${viewport.height}px`;
    }
    const display = state.display ?? { nodes: {}, content: null };
    const nodes = display.nodes ?? {};
    const ids = Object.keys(nodes).sort((a, b) => (nodes[a].z - nodes[b].z) || byCodePoint(a, b));
    const seen = new Set();
    ids.forEach((id, order) => {
      seen.add(id);
      const node = nodes[id];
      let element = this.elements.get(id);
      if (!element) {
        element = document.createElement("div");
        element.className = "node";
        element.dataset.id = id;
        element.setAttribute("aria-hidden", "true");  // assistive technology is told by semantics.js
        this.screen.appendChild(element);
        this.elements.set(id, element);
      }
      element.style.zIndex = String(order + 1);
      if (this.drawn.get(id) !== node || node.layer === "content") this.draw(element, id, node, display.content);
      this.drawn.set(id, node);
    });
    for (const [id, element] of this.elements) {
      if (!seen.has(id)) {
        element.remove();
        this.elements.delete(id);
        this.drawn.delete(id);
        this.animations.get(id)?.cancel();
        this.animations.delete(id);
      }
    }
  }

  draw(element, id, node, content) {
    const [x, y, w, h] = Renderer.screenFrame(node, content);
    const style = node.style ?? {};
    const s = element.style;
    s.left = `${x}px`; s.top = `${y}px`; s.width = `${Math.max(0, w)}px`; s.height = `${Math.max(0, h)}px`;
    s.opacity = style.opacity ?? 1;
    s.borderRadius = style.cornerRadius !== undefined ? `${style.cornerRadius}px` : "";
    s.overflow = style.cornerRadius !== undefined ? "hidden" : "";
    s.background = ""; s.backgroundImage = ""; s.webkitMaskImage = ""; s.maskImage = "";
    element.dataset.kind = node.kind;
    element.dataset.role = style.role ?? "";
    this.clip(element, [x, y, w, h], node.layer === "content" && content ? content.frame : null);
    element.replaceChildren();
    switch (node.kind) {
      case "rect": s.background = style.background ?? ""; break;
      case "circle": s.background = style.background ?? ""; s.borderRadius = "50%"; break;
      case "movie": this.drawMovie(element, style); break;
      case "line": this.drawLine(element, node, style, [x, y]); break;
      case "text": this.drawText(element, node, style, w, h); break;
      case "image": this.drawImage(element, node, style); break;
      default: break;  // group: nothing of its own
    }
    this.animate(element, id, node, [x, y]);
  }

  /** A content node is clipped to the content's frame (clip-path in the element's own box). */
  clip(element, [x, y, w, h], frame) {
    if (!frame) { element.style.clipPath = ""; element.style.display = ""; return; }
    const [cx, cy, cw, ch] = frame;
    const top = Math.max(0, cy - y), left = Math.max(0, cx - x);
    const bottom = Math.max(0, y + h - (cy + ch)), right = Math.max(0, x + w - (cx + cw));
    element.style.display = top + bottom >= h || left + right >= w ? "none" : "";
    element.style.clipPath = top || left || bottom || right ? `inset(${top}px ${right}px ${bottom}px ${left}px)` : "";
  }

  drawLine(element, node, style, [x, y]) {
    if (!style.from || !style.to) { element.style.background = style.color ?? ""; return; }
    const [ox, oy] = node.layer === "content" ? [node.frame[0], node.frame[1]] : [x, y];
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "line");
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", style.from[0] - ox); line.setAttribute("y1", style.from[1] - oy);
    line.setAttribute("x2", style.to[0] - ox); line.setAttribute("y2", style.to[1] - oy);
    line.setAttribute("stroke", style.color ?? "#000");
    line.setAttribute("stroke-width", style.lineWidth ?? 1);
    svg.appendChild(line);
    element.style.overflow = "visible";
    element.appendChild(svg);
  }

  /** Text runs in their fonts (the family, then `fontFallback`, then the system UI font), one
   * line or `lines` lines truncated at the tail, aligned as `align` and `verticalAlign` say; line
   * height 1.2 times the largest run's size; `rotation` turns the box about its centre. */
  drawText(element, node, style, w, h) {
    const box = document.createElement("div");
    box.className = "text";
    const rotated = style.rotation !== undefined && style.rotation !== 0;
    const [bw, bh] = rotated && Math.abs(style.rotation) % 180 === 90 ? [h, w] : [w, h];
    box.style.width = `${bw}px`; box.style.height = `${bh}px`;
    if (rotated) {
      box.style.left = `${(w - bw) / 2}px`; box.style.top = `${(h - bh) / 2}px`;
      box.style.transform = `rotate(${style.rotation}deg)`;
    }
    box.style.justifyContent = { left: "flex-start", right: "flex-end" }[style.align] ?? (style.align === "center" ? "center" : "flex-start");
    box.style.textAlign = style.align ?? "left";
    box.style.alignItems = { top: "flex-start", bottom: "flex-end" }[style.verticalAlign] ?? "center";
    const inner = document.createElement("span");
    inner.className = "runs";
    const lines = style.lines ?? 0;
    // One word never wraps, so a line clamp would cut it at the box's edge without an ellipsis:
    // it is one line, truncated at the tail like any other.
    const oneWord = !/\s/.test((node.text ?? []).map((run) => run.text).join("").trim());
    if (lines === 1 || (lines > 1 && oneWord)) inner.classList.add("one-line");
    else if (lines > 1) { inner.classList.add("clamped"); inner.style.webkitLineClamp = String(lines); }
    let largest = 0;
    for (const run of node.text ?? []) {
      const span = document.createElement("span");
      span.textContent = run.text;
      Renderer.font(span, run, style);
      largest = Math.max(largest, run.size);
      inner.appendChild(span);
    }
    // The browser draws the ellipsis of a cut text in the block's font and colour, not a run's:
    // the block takes the last run's, whose tail is what is cut (else the ellipsis would be the
    // page's near-black 16 px, unseen on a dark screen).
    const last = (node.text ?? []).at(-1);
    if (last) Renderer.font(inner, last, style);
    inner.style.lineHeight = `${largest * 1.2}px`;
    box.appendChild(inner);
    element.appendChild(box);
  }

  /** Sets `element`'s font and colour to a text run's (the family, then `fontFallback`, then the
   * system UI font). */
  static font(element, run, style) {
    const s = element.style;
    s.fontFamily = [run.font, style.fontFallback, "system-ui", "sans-serif"].filter(Boolean).map((f) => JSON.stringify(f)).join(", ");
    s.fontSize = `${run.size}px`;
    s.fontWeight = WEIGHTS[run.weight] ?? 400;
    s.color = run.color;
  }

  /** A movie: its asset (`style.movie`, an animated image the browser plays and repeats as the
   * file says) scaled to fill the frame, over `background`, which shows until it is read. */
  drawMovie(element, style) {
    const s = element.style;
    s.background = style.background ?? "#000";
    element.dataset.image = style.movie ?? "";
    if (!style.movie) return;
    this.session.image(style.movie).then((url) => {
      if (!url || element.dataset.image !== style.movie) return;
      s.backgroundImage = `url("${url}")`;
      s.backgroundSize = "cover";
      s.backgroundPosition = "center center";
      s.backgroundRepeat = "no-repeat";
    });
  }

  drawImage(element, node, style) {
    const fit = FIT[style.contentMode ?? "aspectFit"] ?? "contain";
    const position = `${style.align ?? "center"} center`;
    const s = element.style;
    element.dataset.image = node.image ?? "";
    if (!node.image) return;
    this.session.image(node.image).then((url) => {
      if (!url || element.dataset.image !== node.image) return;
      if (style.tint) {
        // A template image: its alpha in the tint colour.
        s.background = style.tint;
        s.webkitMaskImage = s.maskImage = `url("${url}")`;
        s.webkitMaskSize = s.maskSize = fit;
        s.webkitMaskPosition = s.maskPosition = position;
        s.webkitMaskRepeat = s.maskRepeat = "no-repeat";
      } else {
        s.backgroundImage = `url("${url}")`;
        s.backgroundSize = fit;
        s.backgroundPosition = position;
        s.backgroundRepeat = "no-repeat";
      }
    });
  }

  /** Puts every declared animation back in phase with the scene clock (learned anew). */
  rephase() {
    const now = this.session.sceneNow();
    if (now === null) return;
    for (const player of this.animations.values()) player.currentTime = now - player.startMs;
  }

  /** Holds every declared animation still at the scene clock's present value (the conformance
   * kit draws a state at one instant). */
  hold() {
    for (const player of this.animations.values()) player.pause();
    this.rephase();
  }

  /** A declared rotation, played forever or once, phased by the scene clock (snapshot's nowMs;
   * the session learns it before the scene is drawn, and `rephase` follows when it changes). */
  animate(element, id, node, [x, y]) {
    const animation = node.animation;
    const key = animation ? JSON.stringify(animation) : "";
    const running = this.animations.get(id);
    if (running && running.key === key) return;
    running?.cancel();
    this.animations.delete(id);
    if (!animation || animation.property !== "rotation") { element.style.transformOrigin = ""; return; }
    const [ax, ay] = animation.anchor
      ? (node.layer === "content" ? [animation.anchor[0] - node.frame[0], animation.anchor[1] - node.frame[1]] : [animation.anchor[0] - x, animation.anchor[1] - y])
      : [node.frame[2] / 2, node.frame[3] / 2];
    element.style.transformOrigin = `${ax}px ${ay}px`;
    const frames = animation.keyframes.map((value) => ({ transform: `rotate(${value}deg)` }));
    const player = element.animate(frames.length > 1 ? frames : [frames[0], frames[0]],
      { duration: animation.durationMs, iterations: animation.repeat ? Infinity : 1, fill: "both", easing: "linear" });
    player.key = key;
    player.startMs = animation.startMs;
    const now = this.session.sceneNow();
    player.currentTime = now === null ? 0 : now - animation.startMs;
    this.animations.set(id, player);
  }
}
