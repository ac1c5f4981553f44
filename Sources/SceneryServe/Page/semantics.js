// What a screen reader and the keyboard are told: a layer of transparent, positioned elements
// beside the drawing (as Flutter web keeps its semantics tree beside its canvas), built from the
// engine's `snapshot {"as":"accessibility"}` list in its order, mapped as PROTOCOL.md section 3
// ("What assistive technology is told") says for the page. The page works out no name and no
// reading order: both are the engine's. The drawing is hidden from assistive technology
// (render.js); this layer takes no pointer events, so gestures reach the drawing as before.
//   - button: role=button, named by its name (an image button, whose name is "", by its asset,
//     or else by its images inside it); a selectable one has aria-pressed.
//   - row: role=row holding one gridcell (its name and its nodes), aria-selected, in a grid for
//     each run of rows (a grid owns only rows: a section's header between rows stands between
//     two grids).
//   - text: its text; image and movie: role=img named by its asset (with none, by its state,
//     loading or failed; with neither, hidden as decoration).
//   - the alert: role=alertdialog, aria-modal, labelled by alert.title, described by
//     alert.message.
//   - states: aria-disabled, aria-busy (loading), aria-description "failed".
// The role nodes take focus in the list's order (tabindex 0 in DOM order: Tab and Shift-Tab);
// Enter or Space taps the focused one by id; a content node focused while not wholly in view is
// revealed, so Tab walks a long list. Focus stays on the same id across lists, and moves to the
// first role node when its node goes. After each list the depth-0 texts of the screen layer that
// are new or changed since the last list are said in a polite live region (nothing for the
// first list of a session, which opens one scene).
// The list is asked for when the mirror has settled (no change for SETTLE_MS, or MAX_WAIT_MS
// after the first unsettled change), one request at a time, again when its answer is older than
// the mirror.

const SETTLE_MS = 100, MAX_WAIT_MS = 500;
const ALERT = /^alert(\.|$)/;

export class Semantics {
  /** `screen`: the element the drawing is in (the layer is added to it); `session`: the
   * session the list is asked of; `announcer`: the live region; `onError(method, error)`. */
  constructor(screen, session, announcer, onError) {
    this.session = session;
    this.announcer = announcer;
    this.onError = onError;
    this.layer = document.createElement("div");
    this.layer.className = "semantics";
    screen.appendChild(this.layer);
    this.elements = new Map();    // node id -> its element, kept across lists
    this.nodes = new Map();       // node id -> its entry in the last list
    this.texts = null;            // the last list's depth-0 screen texts (id -> text); null before one
    this.rev = null;              // the rev of the list shown
    this.timer = null;
    this.unsettledSince = null;
    this.asking = false;
    this.closed = false;
    this.layer.addEventListener("keydown", (event) => this.key(event));
    this.layer.addEventListener("focusin", (event) => this.focused(event));
    announcer.replaceChildren();
  }

  /** The mirror changed: the list is asked for once it settles. */
  changed() {
    if (this.closed) return;
    const now = performance.now();
    this.unsettledSince ??= now;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask(), Math.max(0, Math.min(SETTLE_MS, this.unsettledSince + MAX_WAIT_MS - now)));
  }

  /** Stops asking (the session is being replaced). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
  }

  async ask() {
    this.timer = null;
    if (this.asking || this.closed) return;  // the answer in flight asks again if it is stale
    this.unsettledSince = null;
    this.asking = true;
    let list = null;
    try {
      list = await this.session.request("snapshot", { as: "accessibility" });
    } catch (error) {
      if (error.code !== "closed") this.onError?.("snapshot", error);
    }
    this.asking = false;
    if (this.closed || !list) return;
    this.show(list);
    if (this.session.rev > list.rev) this.changed();
  }

  /** Builds the layer from `list` ({rev, nodes}), keeps the focus, announces what changed. */
  show(list) {
    const active = document.activeElement;
    const focused = this.layer.contains(active) ? active.dataset.node : null;
    const content = this.session.state?.display?.content ?? null;
    const nodes = new Map(list.nodes.map((node) => [node.id, node]));
    const alert = list.nodes.length > 0 && list.nodes.every((node) => ALERT.test(node.id));
    const kept = new Map();
    for (const node of list.nodes) kept.set(node.id, this.element(node, nodes));
    for (const [id, element] of this.elements) if (!kept.has(id)) element.remove();
    this.elements = kept;
    this.nodes = nodes;
    this.rev = list.rev;

    // Where each element goes: under its parent (in a row's gridcell), else in the layer or the
    // dialog, a content node in a clip of the content frame, a row in a grid for its run of rows.
    const top = [];
    let dialog = null;
    for (const node of list.nodes) {
      const element = this.elements.get(node.id);
      const parent = node.parent !== undefined ? this.elements.get(node.parent) : null;
      if (parent) { Semantics.place(element, node, nodes.get(node.parent).frame); (parent.cell ?? parent).pending.push(element); continue; }
      let holder = top, origin = [0, 0];
      if (alert) {
        dialog ??= this.holder("alertdialog", top);
        holder = dialog.pending;
      }
      if (node.layer === "content" && content) {
        let clip = holder.at(-1);
        if (clip?.dataset.holder !== "clip") { clip = this.holder("clip", holder); Semantics.place(clip, null, origin, content.frame); }
        holder = clip.pending;
        origin = content.frame;
      }
      if (node.role === "row") {
        const grid = holder.at(-1)?.dataset.holder === "grid" ? holder.at(-1) : this.holder("grid", holder);
        holder = grid.pending;
      }
      Semantics.place(element, node, origin);
      holder.push(element);
    }
    if (dialog) {
      const title = this.elements.get("alert.title"), message = this.elements.get("alert.message");
      Semantics.attribute(dialog, "aria-labelledby", title?.id ?? null);
      Semantics.attribute(dialog, "aria-describedby", message?.id ?? null);
    }
    this.holders = this.holdersUsed;
    this.holdersUsed = null;
    Semantics.arrange(this.layer, top);

    if (focused) {
      const again = this.elements.get(focused)?.tabIndex === 0 ? this.elements.get(focused) : this.layer.querySelector("[tabindex='0']");
      if (again && document.activeElement !== again) again.focus({ preventScroll: true });
    }
    this.announce(list.nodes);
  }

  /** A wrapper element of `kind` (alertdialog, clip, grid), reused across lists in order. */
  holder(kind, into) {
    this.holdersUsed ??= [];
    const reusable = (this.holders ?? []).filter((h) => h.dataset.holder === kind && !this.holdersUsed.includes(h));
    const element = reusable[0] ?? document.createElement("div");
    if (!reusable[0]) {
      element.dataset.holder = kind;
      if (kind === "alertdialog") { element.setAttribute("role", "alertdialog"); element.setAttribute("aria-modal", "true"); }
      if (kind === "grid") element.setAttribute("role", "grid");
      if (kind === "clip") element.className = "clip";
    }
    element.pending = [];
    this.holdersUsed.push(element);
    into.push(element);
    return element;
  }

  /** The element of `node`, made or brought up to date (its children are arranged later). */
  element(node, nodes) {
    const role = node.role ?? (node.kind === "image" || node.kind === "movie" ? "img" : null);
    let element = this.elements.get(node.id);
    if (element && element.dataset.role !== (role ?? "")) { element.remove(); element = null; }
    if (!element) {
      element = document.createElement("div");
      element.dataset.node = node.id;
      element.dataset.role = role ?? "";
      element.id = "semantics:" + node.id;
      if (role) element.setAttribute("role", role);
      if (node.role) element.tabIndex = 0;
      if (role === "row") {
        element.cell = document.createElement("div");
        element.cell.setAttribute("role", "gridcell");
        element.cell.className = "cell";
        element.cell.label = document.createElement("span");
        element.cell.label.className = "name";
      }
    }
    element.pending = [];
    if (element.cell) element.cell.pending = [element.cell.label];
    // The name: a role node's name, or its asset when its name is "" (an image button); an
    // image's asset; a text's text.
    // An image with no asset is named by its state (loading, failed); with neither it is
    // decoration, hidden as an <img alt=""> is.
    const told = node.states.find((s) => s === "loading" || s === "failed") ?? null;
    const label = node.role ? (node.name || node.asset || null) : role === "img" ? (node.asset ?? told) : null;
    Semantics.attribute(element, "aria-label", label);
    Semantics.attribute(element, "aria-hidden", role === "img" && !label ? "true" : null);
    if (node.kind === "text" && !node.role && element.textContent !== (node.name ?? "")) element.textContent = node.name ?? "";
    if (element.cell && element.cell.label.textContent !== (node.name ?? "")) element.cell.label.textContent = node.name ?? "";
    const states = new Set(node.states);
    const selectable = states.has("selected") || this.session.state?.display?.nodes?.[node.id]?.style?.selected !== undefined;
    Semantics.attribute(element, "aria-pressed", role === "button" && selectable ? String(states.has("selected")) : null);
    Semantics.attribute(element, "aria-selected", role === "row" && selectable ? String(states.has("selected")) : null);
    Semantics.attribute(element, "aria-disabled", states.has("disabled") ? "true" : null);
    Semantics.attribute(element, "aria-busy", states.has("loading") ? "true" : null);
    Semantics.attribute(element, "aria-description", states.has("failed") ? "failed" : null);
    return element;
  }

  /** Puts `element` at `frame` (or its node's frame) relative to the box at `origin`. */
  static place(element, node, origin, frame = node.frame) {
    const [x, y, w, h] = frame, s = element.style;
    s.left = `${x - origin[0]}px`; s.top = `${y - origin[1]}px`;
    s.width = `${Math.max(0, w)}px`; s.height = `${Math.max(0, h)}px`;
  }

  static attribute(element, name, value) {
    if (value === null || value === undefined) { if (element.hasAttribute(name)) element.removeAttribute(name); }
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }

  /** Makes `parent`'s children exactly `children` in order, then theirs, moving as few elements
   * as it can (a moved element loses the focus). */
  static arrange(parent, children) {
    children.forEach((child, i) => {
      if (parent.children[i] !== child) parent.insertBefore(child, parent.children[i] ?? null);
    });
    while (parent.children.length > children.length) parent.lastElementChild.remove();
    for (const child of children) {
      if (child.cell) Semantics.arrange(child, [child.cell]);  // and so the cell's own
      else if (child.pending) Semantics.arrange(child, child.pending);
      child.pending = null;
    }
  }

  /** Enter or Space on a focused role node taps it by id. */
  key(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const id = event.target.dataset?.node;
    if (!id || event.target.tabIndex !== 0) return;
    event.preventDefault();
    if (event.repeat || !this.session.live || !this.session.accepts("tap")) return;
    this.session.request("tap", { id }).catch((error) => { if (error.code !== "closed") this.onError?.("tap", error); });
  }

  /** A content node focused while not wholly in the content frame is revealed. */
  focused(event) {
    const node = this.nodes.get(event.target.dataset?.node);
    const content = this.session.state?.display?.content;
    if (!node || node.layer !== "content" || !content || !this.session.live) return;
    const [x, y, w, h] = node.frame, [cx, cy, cw, ch] = content.frame;
    if (y >= cy && y + h <= cy + ch && x >= cx && x + w <= cx + cw) return;
    this.session.request("reveal", { id: node.id }).catch((error) => { if (error.code !== "closed") this.onError?.("reveal", error); });
  }

  /** Says the depth-0 screen texts that are new or changed since the last list. */
  announce(nodes) {
    const texts = new Map(nodes.filter((n) => n.kind === "text" && !n.role && n.depth === 0 && n.layer === "screen").map((n) => [n.id, n.name ?? ""]));
    const said = this.texts === null ? [] : [...texts].filter(([id, text]) => text && this.texts.get(id) !== text).map(([, text]) => text);
    this.texts = texts;
    if (!said.length) return;
    // A new element each time: the same words said again are a change too.
    const line = document.createElement("div");
    line.textContent = said.join(". ");
    this.announcer.replaceChildren(line);
  }
}
