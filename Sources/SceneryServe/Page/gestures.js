// Forwards the user's gestures to the session, knowing nothing of scenes: a click is a `tap` at
// that point with the rev the user saw (`baseRev`); a press held 500 ms without moving 10 pt is a
// `longPress`; a drag is a `pan` (began/changed/ended, with the time), or a `scroll` by the drag
// where the scene answers pan with -32007; the wheel scrolls; the arrow keys `page`. A scene
// without a gesture answers -32007 once, and the page stops sending it.

const LONG_PRESS_MS = 500;
const SLOP = 10;

export class Gestures {
  constructor(screen, session, onError) {
    this.screen = screen;
    this.session = session;
    this.onError = onError;
    this.press = null;
    screen.addEventListener("pointerdown", (e) => this.down(e));
    screen.addEventListener("pointermove", (e) => this.move(e));
    screen.addEventListener("pointerup", (e) => this.up(e));
    screen.addEventListener("pointercancel", (e) => this.cancel(e));
    screen.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    window.addEventListener("keydown", (e) => this.key(e));
  }

  /** The point in screen points (the screen element is drawn 1 pt = 1 CSS px, maybe scaled). */
  point(event) {
    const box = this.screen.getBoundingClientRect();
    const scale = box.width / (this.screen.offsetWidth || 1);
    return { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale };
  }

  send(method, params) {
    if (this.session.unsupported.has(method)) return Promise.resolve(null);
    return this.session.request(method, params).catch((error) => {
      if (error.code !== -32007) this.onError?.(method, error);
      return null;
    });
  }

  down(event) {
    if (event.button !== 0) return;
    this.screen.setPointerCapture?.(event.pointerId);
    const start = this.point(event);
    const press = { start, last: start, rev: this.session.rev, moved: false, mode: null, long: false, t0: performance.now() };
    press.timer = setTimeout(() => {
      if (press.moved || this.press !== press) return;
      press.long = true;
      this.send("longPress", { x: start.x, y: start.y, baseRev: press.rev });
    }, LONG_PRESS_MS);
    this.press = press;
  }

  move(event) {
    const press = this.press;
    if (!press) return;
    const p = this.point(event);
    if (!press.moved && Math.hypot(p.x - press.start.x, p.y - press.start.y) >= SLOP) {
      press.moved = true;
      clearTimeout(press.timer);
      press.mode = this.session.unsupported.has("pan") ? "scroll" : "pan";
      if (press.mode === "pan") {
        this.send("pan", { phase: "began", x: press.start.x, y: press.start.y, t: Math.round(press.t0) }).then((result) => {
          if (result === null && this.session.unsupported.has("pan")) press.mode = "scroll";
        });
      }
    }
    if (!press.moved) return;
    if (press.mode === "pan") this.send("pan", { phase: "changed", x: p.x, y: p.y, t: Math.round(performance.now()) });
    else this.send("scroll", { deltaY: press.last.y - p.y });
    press.last = p;
  }

  up(event) {
    const press = this.press;
    this.press = null;
    if (!press) return;
    clearTimeout(press.timer);
    const p = this.point(event);
    if (press.moved) {
      if (press.mode === "pan") this.send("pan", { phase: "ended", x: p.x, y: p.y, t: Math.round(performance.now()) });
    } else if (!press.long) {
      this.send("tap", { x: press.start.x, y: press.start.y, baseRev: press.rev });
    }
  }

  cancel() {
    const press = this.press;
    this.press = null;
    if (press) clearTimeout(press.timer);
    if (press?.moved && press.mode === "pan") this.send("pan", { phase: "cancelled" });
  }

  wheel(event) {
    event.preventDefault();
    this.send("scroll", { deltaY: event.deltaY });
  }

  key(event) {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowRight") this.send("page", { direction: "next" });
    else if (event.key === "ArrowLeft") this.send("page", { direction: "previous" });
  }
}
