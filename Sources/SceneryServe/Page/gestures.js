// Forwards the user's gestures to the current session, knowing nothing of scenes: a click is a
// `tap` at that point with the rev the user saw (`baseRev`); a press held 500 ms without moving
// 10 pt is a `longPress`; a drag is a `pan` (began/changed/ended, with the time) where the scene
// takes pan, else a `scroll` by the drag from its first pixel; the wheel scrolls; the arrow keys
// `page`. What the scene takes is `scene.open`'s `gestures` list: nothing is sent that is not in
// it, and nothing is sent while no session is live. One instance lives as long as the page.

const LONG_PRESS_MS = 500;
const SLOP = 10;

export class Gestures {
  /** `current()` is the live session, or null (between sessions, or the connection lost). */
  constructor(screen, current, onError) {
    this.screen = screen;
    this.current = current;
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

  /** Sends `method` to `session` when that is still the live session and its scene takes it. */
  send(session, method, params) {
    if (!session || session !== this.current() || !session.accepts(method)) return;
    session.request(method, params).catch((error) => {
      if (error.code !== "closed") this.onError?.(method, error);
    });
  }

  down(event) {
    if (event.button !== 0) return;
    const session = this.current();
    if (!session) return;
    this.screen.setPointerCapture?.(event.pointerId);
    const start = this.point(event);
    const press = { session, start, last: start, rev: session.rev, moved: false, mode: null, long: false, t0: performance.now() };
    press.timer = setTimeout(() => {
      if (press.moved || this.press !== press) return;
      press.long = true;
      this.send(session, "longPress", { x: start.x, y: start.y, baseRev: press.rev });
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
      press.mode = press.session.accepts("pan") ? "pan" : "scroll";
      if (press.mode === "pan") this.send(press.session, "pan", { phase: "began", x: press.start.x, y: press.start.y, t: Math.round(press.t0) });
    }
    if (!press.moved) return;
    if (press.mode === "pan") this.send(press.session, "pan", { phase: "changed", x: p.x, y: p.y, t: Math.round(performance.now()) });
    else this.send(press.session, "scroll", { deltaY: press.last.y - p.y });
    press.last = p;
  }

  up(event) {
    const press = this.press;
    this.press = null;
    if (!press) return;
    clearTimeout(press.timer);
    const p = this.point(event);
    if (press.moved) {
      if (press.mode === "pan") this.send(press.session, "pan", { phase: "ended", x: p.x, y: p.y, t: Math.round(performance.now()) });
    } else if (!press.long) {
      this.send(press.session, "tap", { x: press.start.x, y: press.start.y, baseRev: press.rev });
    }
  }

  cancel() {
    const press = this.press;
    this.press = null;
    if (press) clearTimeout(press.timer);
    if (press?.moved && press.mode === "pan") this.send(press.session, "pan", { phase: "cancelled" });
  }

  wheel(event) {
    event.preventDefault();
    this.send(this.current(), "scroll", { deltaY: event.deltaY });
  }

  key(event) {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowRight") this.send(this.current(), "page", { direction: "next" });
    else if (event.key === "ArrowLeft") this.send(this.current(), "page", { direction: "previous" });
  }
}
