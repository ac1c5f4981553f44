// A small Chrome DevTools Protocol client for the browser tests and the screenshot script:
// starts headless Chromium from the system (Debian's `chromium`; nothing is downloaded), opens a
// page and drives it (evaluate, real mouse and key events, screenshots). Needs node 20 run with
// --experimental-websocket (its WebSocket client). Also how a page test script starts,
// pageTestSetup(), and how a test script ends, finish().
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The Chromium binary on PATH, or null. */
export function findChromium() {
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
    if (found) return found;
  }
  return null;
}

/** What every page test script starts with, found once: `chromium`, the Chromium to launch (none
 * installed: the script says how to install it and exits 3, which the Swift tests read as a skip);
 * `binary`, the engine ($SCENERY_BIN, else .build/debug/scenery, run from the checkout); `slow`,
 * what the waits are multiplied by (5 under a sanitized engine, SCENERY_SANITIZED=1, else 1). */
export function pageTestSetup() {
  const chromium = findChromium();
  if (!chromium) {
    console.error("no Chromium: install it with apt-get install -y chromium chromium-driver");
    process.exit(3);
  }
  return { chromium, binary: process.env.SCENERY_BIN ?? ".build/debug/scenery", slow: process.env.SCENERY_SANITIZED === "1" ? 5 : 1 };
}

/** `scenery serve --port PORT` (0: any free port) on 127.0.0.1: resolves with {url, port, process}. */
export function startServer(binary, args = [], port = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["serve", "--port", String(port), ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let seen = "";
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      const match = seen.match(/listening on (http:\/\/127\.0\.0\.1:(\d+))\//);
      if (match) resolve({ url: match[1], port: Number(match[2]), process: child });
    });
    child.on("exit", (code) => reject(new Error(`scenery serve exited (${code}): ${seen}`)));
  });
}

export class Browser {
  static async launch(binary, extraArgs = []) {
    const profile = mkdtempSync(join(tmpdir(), "scenery-chromium-"));
    const child = spawn(binary, ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--disable-dev-shm-usage", "--remote-debugging-port=0", `--user-data-dir=${profile}`, ...extraArgs, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
    const endpoint = await new Promise((resolve, reject) => {
      let seen = "";
      const timer = setTimeout(() => reject(new Error("Chromium did not start: " + seen)), 30000);
      child.stderr.on("data", (chunk) => {
        seen += chunk;
        const match = seen.match(/DevTools listening on (ws:\/\/\S+)/);
        if (match) { clearTimeout(timer); resolve(match[1]); }
      });
    });
    const browser = new Browser(child, profile);
    await browser.connect(endpoint);
    return browser;
  }

  constructor(child, profile) {
    this.child = child; this.profile = profile; this.nextId = 1; this.waiting = new Map(); this.events = [];
    this.errors = [];  // console errors, uncaught exceptions and error log entries of every tab: {at, text}
  }

  /** Keeps what the page reports as an error: console.error, an uncaught exception (a rejected
   * promise nobody handled included), and the browser's own error entries (a failed load, a 404). */
  noteError(message) {
    const p = message.params ?? {};
    let text = null;
    if (message.method === "Runtime.consoleAPICalled" && (p.type === "error" || p.type === "assert")) {
      text = "console." + p.type + ": " + p.args.map((a) => a.value ?? a.description ?? a.type).join(" ");
    } else if (message.method === "Runtime.exceptionThrown") {
      text = "uncaught: " + (p.exceptionDetails.exception?.description ?? p.exceptionDetails.text);
    } else if (message.method === "Log.entryAdded" && p.entry.level === "error") {
      text = `${p.entry.source}: ${p.entry.text}${p.entry.url ? " (" + p.entry.url + ")" : ""}`;
    }
    if (text) this.errors.push({ at: Date.now(), text });
  }

  connect(endpoint) {
    return new Promise((resolve, reject) => {
      this.socket = new WebSocket(endpoint);
      this.socket.onopen = resolve;
      this.socket.onerror = () => reject(new Error("could not connect to Chromium"));
      this.socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id && this.waiting.has(message.id)) {
          const { resolve, reject } = this.waiting.get(message.id);
          this.waiting.delete(message.id);
          message.error ? reject(new Error(message.error.message)) : resolve(message.result);
        } else {
          this.noteError(message);
          this.events.push(message);
          if (this.events.length > 1000) this.events.shift();
        }
      };
    });
  }

  send(method, params = {}, sessionId = this.sessionId) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** Opens `url` in a new tab of `width` x `height` CSS px (closing the tab opened before, so
   * its sessions end) and waits for it to load. */
  async open(url, width, height) {
    if (this.targetId) await this.send("Target.closeTarget", { targetId: this.targetId }, null).catch(() => {});
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" }, null);
    this.targetId = targetId;
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true }, null);
    this.sessionId = sessionId;
    await this.send("Page.enable");
    await this.send("Runtime.enable");
    await this.send("Log.enable");
    await this.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
    await this.send("Page.navigate", { url });
    return targetId;
  }

  /** The page-coordinates centre of node `id` (its `data-id`) as drawn now; an error when it is
   * not on the page. */
  async center(id) {
    const box = await this.evaluate(`(() => { const e = document.querySelector('[data-id="${id}"]'); if (!e) return null;
      const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
    if (!box) throw new Error(`no node ${id} on the page`);
    return box;
  }

  /** Opens a tab of `width` x `height` holding `html` (a page made by the script). */
  async openHTML(html, width, height) {
    await this.open("about:blank", width, height);
    await sleep(200);
    const { frameTree } = await this.send("Page.getFrameTree");
    await this.send("Page.setDocumentContent", { frameId: frameTree.frame.id, html });
  }

  /** The value of `expression` in the page (awaiting a promise). */
  async evaluate(expression) {
    const result = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (result.exceptionDetails) throw new Error(`${expression}: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
    return result.result.value;
  }

  /** Polls `expression` until it is truthy (or throws after `timeout` ms). */
  async until(expression, timeout = 60000) {  // a guard against a hang: slow builds (AddressSanitizer) on a busy machine take seconds
    const end = Date.now() + timeout;
    while (Date.now() < end) {
      if (await this.evaluate(expression).catch(() => false)) return;
      await sleep(50);
    }
    throw new Error(`timed out waiting for ${expression}`);
  }

  mouse(type, x, y, buttons = 1) {
    return this.send("Input.dispatchMouseEvent", { type, x, y, button: "left", buttons, clickCount: type === "mouseMoved" ? 0 : 1 });
  }

  async click(x, y) { await this.mouse("mousePressed", x, y); await this.mouse("mouseReleased", x, y, 0); }

  async hold(x, y, ms) { await this.mouse("mousePressed", x, y); await sleep(ms); await this.mouse("mouseReleased", x, y, 0); }

  async drag(from, to, steps = 8, stepMs = 16) {
    await this.mouse("mousePressed", from[0], from[1]);
    for (let i = 1; i <= steps; i++) {
      await this.mouse("mouseMoved", from[0] + (to[0] - from[0]) * i / steps, from[1] + (to[1] - from[1]) * i / steps);
      await sleep(stepMs);
    }
    await this.mouse("mouseReleased", to[0], to[1], 0);
  }

  wheel(x, y, deltaY) { return this.send("Input.dispatchMouseEvent", { type: "mouseWheel", x, y, deltaX: 0, deltaY }); }

  async key(key) {
    const windowsVirtualKeyCode = { ArrowRight: 39, ArrowLeft: 37, ArrowDown: 40, ArrowUp: 38, Enter: 13 }[key];
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", key, code: key, windowsVirtualKeyCode });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, code: key, windowsVirtualKeyCode });
  }

  /** A PNG (base64) of the page's region `clip` ({x, y, width, height}). */
  async screenshot(clip, { optimizeForSpeed = false } = {}) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png", clip: { ...clip, scale: 1 }, captureBeyondViewport: true, optimizeForSpeed });
    return data;
  }

  close() {
    try { this.socket.close(); } catch {}
    this.child.kill("SIGKILL");
    try { rmSync(this.profile, { recursive: true, force: true }); } catch {}
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a test script ends: closes `browser`, stops `processes` (child processes, with `signal`),
 * removes the `scratch` folder, prints the summary when the script keeps a list of `failures`
 * ("N checks, M failures" when it counts its `checks`, else "M failures"; then each failure),
 * and exits: 1 when there is a failure, else `status`. */
export function finish({ browser = null, processes = [], signal = "SIGTERM", scratch = null, checks = null, failures = null, status = 0 }) {
  browser?.close();
  for (const child of processes) child.kill(signal);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (failures) {
    console.log(checks === null ? `${failures.length} failures` : `${checks} checks, ${failures.length} failures`);
    for (const failure of failures) console.log("  " + failure);
  }
  process.exit(failures?.length ? 1 : status);
}
