// One engine session over the page's WebSocket (/session): requests by id, the mirrored state
// document kept by applying every patch in rev order, a resync by `snapshot` when a rev is
// missed, the scene clock learned from `snapshot`, the gestures the open scene takes (from
// `scene.open`'s result), and images read once per asset id with `asset.read`.
import { applyPatch } from "./patch.js";

/** The error a request gets when the socket is not open, or closes before its answer. */
const CLOSED = { code: "closed", message: "the session is closed" };

export class Session {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.waiting = new Map();
    this.state = null;
    this.rev = 0;
    this.nowAt = null;  // the scene clock, from the last snapshot: {nowMs, at}
    this.listeners = new Set();
    this.images = new Map();
    this.gestures = new Set();  // the gesture methods the open scene takes (scene.open's result)
    this.closedByPage = false;
    this.log = [];
  }

  /** Opens the socket; resolves once it is open, rejects when it cannot be (then `closed` follows). */
  connect() {
    return new Promise((resolve, reject) => {
      this.socket = new WebSocket(this.url);
      this.socket.onopen = () => resolve();
      this.socket.onerror = () => reject(new Error("the session's socket failed"));
      this.socket.onclose = (event) => this.closed(event);
      this.socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    });
  }

  /** The socket closed: requests still waiting are rejected, and listeners hear why. */
  closed(event) {
    for (const pending of this.waiting.values()) pending.reject(CLOSED);
    this.waiting.clear();
    this.emit({ closed: true, code: event.code, reason: event.reason, deliberate: this.closedByPage });
  }

  /** Whether requests can be sent now. */
  get live() { return this.socket?.readyState === 1 && !this.closedByPage; }

  /** Whether the open scene takes gesture `method` (no request is sent for one it does not). */
  accepts(method) { return this.gestures.has(method); }

  /** Sends a request; resolves with its result, rejects with its error ({code, message}). */
  request(method, params = {}) {
    if (!this.live) return Promise.reject(CLOSED);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  }

  /** The scene clock now, in ms: the last snapshot's nowMs plus the time since (null before one). */
  sceneNow() { return this.nowAt ? this.nowAt.nowMs + (performance.now() - this.nowAt.at) : null; }

  onChange(listener) { this.listeners.add(listener); }
  emit(event) { for (const listener of this.listeners) listener(event); }

  receive(message) {
    this.log.push(message);
    if (this.log.length > 200) this.log.shift();
    if (message.id !== undefined && message.id !== null) {
      const pending = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) { pending?.reject(message.error); return; }
      const result = message.result;
      if (pending?.method === "scene.open" && Array.isArray(result.gestures)) this.gestures = new Set(result.gestures);
      if (result.engine) { this.take(result.state, result.rev); }
      else if (result.patch) { this.change(result.rev, result.patch); }
      pending?.resolve(result);
      return;
    }
    if (message.method === "patch") this.change(message.params.rev, message.params.patch);
    else this.emit({ notification: message });
  }

  /** Takes a whole state (initialize, snapshot). */
  take(state, rev) {
    this.state = state;
    this.rev = rev;
    this.emit({ state });
  }

  /** A patch from rev - 1 to rev; a gap (a lost or reordered message) resynchronises. */
  change(rev, patch) {
    if (patch.length === 0 && rev === this.rev) return;
    if (rev !== this.rev + 1) { this.resync().catch(() => {}); return; }
    try {
      this.state = applyPatch(this.state, patch);
      this.rev = rev;
      this.emit({ state: this.state, patch });
    } catch (error) {
      console.warn("patch did not apply, resynchronising:", error.message);
      this.resync().catch(() => {});
    }
  }

  /** Replaces the mirror with `snapshot` and learns the scene clock (told first, as `clock`, so
   * that declared animations are put in phase before the state is drawn). */
  async resync() {
    const snapshot = await this.request("snapshot");
    this.nowAt = { nowMs: snapshot.nowMs, at: performance.now() };
    this.emit({ clock: this.nowAt });
    this.take(snapshot.state, snapshot.rev);
    return snapshot;
  }

  /** The image of an asset as a data: URL, read once per id (null when it cannot be read). */
  image(id) {
    if (!this.images.has(id)) {
      this.images.set(id, this.request("asset.read", { id })
        .then((asset) => `data:${asset.mime};base64,${asset.data}`)
        .catch(() => null));
    }
    return this.images.get(id);
  }

  /** Ends the session on purpose (a scene switch); its `closed` event says `deliberate`. It
   * sends `shutdown` and lets the server close the socket after its last answer: closing it from
   * here could cross a frame the server is still sending, which Chromium reports as an error
   * ("Data frame received after close"). A server that does not close in 30 s is left. */
  close() {
    if (this.closedByPage) return;
    this.closedByPage = true;
    if (this.socket?.readyState !== 1) { this.socket?.close(1000); return; }
    this.socket.send(JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method: "shutdown", params: {} }));
    setTimeout(() => this.socket.close(1000), 30000);
  }
}
