// One engine session over the page's WebSocket (/session): requests by id, the mirrored state
// document kept by applying every patch in rev order, a resync by `snapshot` when a rev is
// missed, and images read once per asset id with `asset.read`.
import { applyPatch } from "./patch.js";

export class Session {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.waiting = new Map();
    this.state = null;
    this.rev = 0;
    this.nowAt = { nowMs: 0, at: performance.now() };  // the scene clock, from the last snapshot
    this.listeners = new Set();
    this.images = new Map();
    this.unsupported = new Set();  // methods the open scene answered -32007 to
    this.log = [];
  }

  /** Opens the socket; resolves once it is open. */
  connect() {
    return new Promise((resolve, reject) => {
      this.socket = new WebSocket(this.url);
      this.socket.onopen = () => resolve();
      this.socket.onerror = () => reject(new Error("the session's socket failed"));
      this.socket.onclose = (event) => this.emit({ closed: true, code: event.code, reason: event.reason });
      this.socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    });
  }

  /** Sends a request; resolves with its result, rejects with its error ({code, message}). */
  request(method, params = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  }

  /** The scene clock now, in ms: the last snapshot's nowMs plus the time since. */
  sceneNow() { return this.nowAt.nowMs + (performance.now() - this.nowAt.at); }

  onChange(listener) { this.listeners.add(listener); }
  emit(event) { for (const listener of this.listeners) listener(event); }

  receive(message) {
    this.log.push(message);
    if (this.log.length > 200) this.log.shift();
    if (message.id !== undefined && message.id !== null) {
      const pending = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) {
        if (message.error.code === -32007 && pending) this.unsupported.add(pending.method);
        pending?.reject(message.error);
        return;
      }
      const result = message.result;
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
    if (rev !== this.rev + 1) { this.resync(); return; }
    try {
      this.state = applyPatch(this.state, patch);
      this.rev = rev;
      this.emit({ state: this.state, patch });
    } catch (error) {
      console.warn("patch did not apply, resynchronising:", error.message);
      this.resync();
    }
  }

  /** Replaces the mirror with `snapshot` and learns the scene clock. */
  async resync() {
    const snapshot = await this.request("snapshot");
    this.nowAt = { nowMs: snapshot.nowMs, at: performance.now() };
    this.take(snapshot.state, snapshot.rev);
    return snapshot;
  }

  /** The image of an asset as a data: URL, read once per id. */
  image(id) {
    if (!this.images.has(id)) {
      this.images.set(id, this.request("asset.read", { id })
        .then((asset) => `data:${asset.mime};base64,${asset.data}`)
        .catch(() => null));
    }
    return this.images.get(id);
  }

  close() { this.socket?.close(); }
}
