// The node client: spawns the engine and speaks to it over a pipe (newline-delimited JSON-RPC on
// its stdin and stdout), with the page's own Session (page/session.js) keeping the mirror. The
// pipe is given to the session as its socket: the same `send`, `readyState` and `close` a
// WebSocket has, so requests, the mirror, gap resyncs and `asset.read` are the page's code.
// On top of it: every protocol method as a camelCase method, errors as Error subclasses,
// locators, waits on either clock, and screenshots.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { Session } from "./page/session.js";
import { jsonEqual } from "./page/patch.js";
import { EngineExitedError, SceneryError, screenExcerpt, TimeoutError } from "./errors.js";
import { Locator } from "./locator.js";
import { renderSvg } from "./svg.js";

const here = dirname(fileURLToPath(import.meta.url));

/** The protocol version this package speaks; `initialize` sends it unless told otherwise. */
export const PROTOCOL_VERSION = "1.0";
/** How much of the engine's stderr an EngineExitedError keeps (its end). */
const STDERR_TAIL = 4096;
/** A wait on the virtual clock advances it by this many ms between checks. */
export const VIRTUAL_STEP_MS = 50;

const runnable = (path) => { try { accessSync(path, constants.X_OK); return true; } catch { return false; } };

/** The engine to run (absolute when given as a path): `engine` when given, else $SCENERY_BIN, else the one this package bundles
 * (engine/scenery, beside its resource bundle), else a checkout's .build/debug or .build/release
 * build; null when there is none. */
export function findEngine(engine) {
  const named = engine ?? process.env.SCENERY_BIN;
  // A relative path is this process's (the engine may be started in another `cwd`).
  if (named) return named.includes("/") ? resolve(named) : named;
  const candidates = [join(here, "engine", "scenery")];
  const checkout = join(here, "..", "..");
  if (existsSync(join(checkout, "Package.swift"))) {
    candidates.push(join(checkout, ".build", "debug", "scenery"), join(checkout, ".build", "release", "scenery"));
  }
  return candidates.find(runnable) ?? null;
}

/** A protocol method's name in JavaScript: `scene.open` is `sceneOpen`. */
export const jsName = (wire) => wire.replace(/\.(\w)/g, (_, letter) => letter.toUpperCase());

/** The protocol's methods as [jsName, wire method] pairs, generated from the schema
 * (methods.js, Scripts/generate-types); null where that file is not there. */
const generated = await import("./methods.js").then((module) => module.METHODS ?? module.methods ?? module.default ?? null, () => null);

/** An engine process and the mirror of its state: the page's Session over a pipe, with every
 * protocol method as a method (`engine.tap({ id })`, `engine.sceneOpen({ scene })`). */
export class EngineSession extends Session {
  /** Starts the engine (see findEngine) with `args`, in `cwd`. Its stderr is kept (the last 4
   * KB, for EngineExitedError) and echoed to ours only with `echoStderr: true`. */
  constructor({ engine, args = [], cwd, echoStderr = false } = {}) {
    super(null);
    const binary = findEngine(engine);
    if (!binary) throw new SceneryError("no scenery binary: install the package with its engine, pass { engine }, or set SCENERY_BIN", { code: "exited" });
    /** The clock of the session, from `initialize` ("virtual" unless it asked for "real"). */
    this.clock = "virtual";
    /** How long an action or a wait waits when not told (ms; setDefaultTimeout). */
    this.defaultTimeout = 5000;
    this.stderrTail = Buffer.alloc(0);
    /** `asset.read` answers by asset id, for screenshots (cleared by `scene.open`). */
    this.assets = new Map();
    this.process = spawn(binary, args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    this.exited = new Promise((resolve) => {
      this.process.on("close", (code, signal) => resolve(code ?? signal));
      this.process.on("error", (error) => { this.keepStderr(Buffer.from(`could not start ${binary}: ${error.message}\n`)); resolve(error.code ?? "error"); });
    });
    const pipe = this.process;
    pipe.stdin.on("error", () => {});  // EPIPE from an engine that ended: its `close` says so
    pipe.stderr.on("data", (chunk) => { this.keepStderr(chunk); if (echoStderr) process.stderr.write(chunk); });
    this.socket = {
      readyState: 1,
      send: (text) => pipe.stdin.write(text + "\n"),
      close() { this.readyState = 3; pipe.stdin.end(); },
    };
    this.process.on("error", (error) => this.ended(`could not start ${binary}: ${error.message}`));
    this.process.on("close", (code) => this.ended(`the engine ended (status ${code})`));
    createInterface({ input: this.process.stdout, crlfDelay: Infinity })
      .on("line", (line) => { if (line.trim()) this.receive(JSON.parse(line)); });
  }

  /** Keeps the end of what the engine wrote on stderr (the last 4 KB). */
  keepStderr(chunk) {
    this.stderrTail = Buffer.concat([this.stderrTail, chunk]);
    if (this.stderrTail.length > STDERR_TAIL) this.stderrTail = this.stderrTail.subarray(this.stderrTail.length - STDERR_TAIL);
  }

  /** The last few KB the engine wrote on stderr. */
  stderr() { return this.stderrTail.toString("utf8"); }

  /** The pipe is gone (the engine ended or never started): waiting requests are rejected. */
  ended(reason) {
    if (this.socket.readyState === 3 && this.waiting.size === 0) return;
    this.socket.readyState = 3;
    this.closed({ code: 1006, reason });
  }

  /** Sends a request; resolves with its result. An error answer rejects with a SceneryError (its
   * `code`, `method`, `data`); an engine that ends first, with an EngineExitedError. */
  async request(method, params = {}) {
    try {
      const result = await super.request(method, params);
      if (method === "initialize") this.clock = params?.clock ?? "virtual";  // what waits run on
      if (method === "scene.open") this.assets.clear();  // a new scene may number its pictures anew
      return result;
    } catch (answer) {
      throw await this.failure(answer, method);
    }
  }

  /** The Error for what a request was rejected with. */
  async failure(answer, method) {
    if (answer instanceof Error) return answer;
    if (answer?.code === "closed") {
      if (this.closedByPage) return new SceneryError(`${method}: the session is closed`, { code: "closed", method });
      return new EngineExitedError({ status: await this.exited, stderr: this.stderr(), method });
    }
    return SceneryError.fromAnswer(answer, method);
  }

  /** `initialize`, with `protocolVersion` defaulting to this package's (`request` remembers the
   * session's clock from it, however it is sent). */
  async initialize(params = {}) {
    const result = await this.request("initialize", { protocolVersion: PROTOCOL_VERSION, ...params });
    // Methods the engine has that the generated list does not (yet): callable all the same.
    installMethods(EngineSession.prototype, result.methods.map((wire) => [jsName(wire), wire]));
    return result;
  }

  /** The open scene's model, checked to be `scene`'s (a SceneryError when another is open). */
  model(scene) {
    const open = this.state?.scene ?? null;
    if (open !== scene) throw new SceneryError(`model(${JSON.stringify(scene)}): the open scene is ${JSON.stringify(open)}`, { code: "scene" });
    return this.state.model;
  }

  /** Sets how long actions, waits and assertions wait when not told (ms; default 5000). */
  setDefaultTimeout(ms) { this.defaultTimeout = ms; }

  /** Nodes whose text matches `text` (case-insensitive substring; `exact`: equal). */
  getByText(text, { exact } = {}) {
    return new Locator(this, { text, exact }, `getByText(${describeArgs(text, { exact })})`);
  }

  /** Nodes of role `role` ("button", "row"), named `name` when given (the text read on them). */
  getByRole(role, { name, exact } = {}) {
    return new Locator(this, { role, name, exact }, `getByRole(${describeArgs(role, { name, exact })})`);
  }

  /** The node with id `id` when there is one (`tab.contacts`: the button, not its label), else
   * the nodes whose ids extend it (`contacts.person`: every row of the contacts and their parts). */
  locator(id) { return new Locator(this, { id }, `locator(${JSON.stringify(id)})`); }

  /** Waits until `check()` says `{ ok: true, value }` and resolves with the value. On the virtual
   * clock it checks, advances the scene clock 50 ms, checks again, until `timeout` ms of scene
   * time are spent; on the real clock it checks again on each patch as it arrives. Rejects
   * with a TimeoutError saying `what` was awaited, what the last check found (`found`) and the
   * screen's text. `check` may throw to stop the wait (a strictness error). */
  async waitUntil(check, { timeout = this.defaultTimeout, what = "a condition" } = {}) {
    if (this.clock === "virtual") {
      let spent = 0;
      for (;;) {
        const result = await check();
        if (result.ok) return result.value;
        if (spent >= timeout) throw await this.timedOut(what, timeout, result.found);
        const step = Math.min(VIRTUAL_STEP_MS, timeout - spent);
        await this.request("clock.advance", { ms: step });
        spent += step;
      }
    }
    const deadline = performance.now() + timeout;
    let changes = 0;
    let wake = () => {};
    const listener = (event) => { if (event.state || event.closed) { changes += 1; wake(); } };
    this.onChange(listener);
    try {
      for (;;) {
        const seen = changes;
        const result = await check();
        if (result.ok) return result.value;
        const left = deadline - performance.now();
        if (left <= 0) throw await this.timedOut(what, timeout, result.found);
        if (changes === seen) {
          let timer;
          await new Promise((resolve) => { wake = resolve; timer = setTimeout(resolve, left); });
          clearTimeout(timer);
          wake = () => {};
        }
      }
    } finally {
      this.listeners.delete(listener);
    }
  }

  /** The TimeoutError of a wait for `what` that ran `timeout` ms, its last check having found
   * `found`, with the screen's text as the engine reads it then (`screenText`; the message shows
   * its first 20 lines), or one line saying why the engine could not give it. */
  async timedOut(what, timeout, found) {
    let text, shown;
    try {
      text = await this.screenText();
      shown = text.replace(/\n$/, "") || "(nothing shows on the screen)";
    } catch (error) {
      text = shown = `(the engine could not show the screen: ${String(error?.message ?? error).split("\n")[0]})`;
    }
    const clock = this.clock === "virtual" ? "of scene time (virtual clock)" : "(real clock)";
    const error = new TimeoutError(`timed out after ${timeout} ms ${clock} waiting for ${what}` +
      (found !== undefined ? `\n  last found: ${found}` : "") + `\nthe screen's text at the end:\n${screenExcerpt(shown)}`,
    { timeout, screenText: text });
    error.found = found;
    return error;
  }

  /** The screen as text, rendered by the engine (`snapshot` with `as: "text"`): a line a node in
   * reading order, its role or kind, its text, its state and its id; `ids`: only those nodes
   * (and what they hold). The same text a `.golden` holds after each request; it ends with a
   * newline ("" when nothing shows). */
  async screenText({ ids } = {}) {
    const answer = await this.request("snapshot", ids === undefined ? { as: "text" } : { as: "text", ids });
    if (typeof answer?.text !== "string") {
      throw new SceneryError("snapshot: the engine answered with no text (it predates snapshot {\"as\": \"text\"})", { code: "text", method: "snapshot" });
    }
    return answer.text;
  }

  /** A picture of the state now, as SVG text (no native dependency): every node of the display
   * list, images inline as data: URLs, animations at the scene clock's time. Written to `path`
   * when given; `scale` multiplies the picture's size in pixels (default 1: one pixel a point). */
  async screenshot({ path, scale = 1 } = {}) {
    const snapshot = await this.request("snapshot");
    const assets = {};
    for (const id of imageIds(snapshot.state)) {
      if (!this.assets.has(id)) this.assets.set(id, this.request("asset.read", { id }).catch(() => null));
      const asset = await this.assets.get(id);
      if (asset) assets[id] = asset;
      else this.assets.delete(id);  // not readable now (still loading?): asked again next time
    }
    const svg = renderSvg(snapshot.state, assets, snapshot.nowMs, { scale });
    if (path) writeFileSync(path, svg);
    return svg;
  }

  /** Checks the mirror against the engine's `snapshot`; resolves with it, rejects on drift. */
  async verify() {
    const snapshot = await this.request("snapshot");
    if (snapshot.rev !== this.rev || !jsonEqual(snapshot.state, this.state)) {
      throw new SceneryError(`state drift: client rev ${this.rev}, engine rev ${snapshot.rev}`, { code: "drift", method: "snapshot" });
    }
    return snapshot;
  }

  /** Ends the session: `shutdown`, then the process's exit, which must be status 0 (else an
   * EngineExitedError with its status and stderr). */
  async close() {
    if (this.socket.readyState === 1) {
      await this.request("shutdown");
      this.closedByPage = true;
      this.socket.close();
    }
    this.closedByPage = true;
    const status = await this.exited;
    if (status !== 0) throw new EngineExitedError({ status, stderr: this.stderr() });
  }
}

/** Defines a method per protocol method on `target` (those it does not define itself). */
function installMethods(target, list) {
  for (const [name, wire] of list) {
    if (Object.prototype.hasOwnProperty.call(target, name)) continue;
    Object.defineProperty(target, name, {
      value: { [name](params = {}) { return this.request(wire, params); } }[name],
      writable: true, configurable: true,
    });
  }
}
if (generated) installMethods(EngineSession.prototype, generated);

/** The asset ids the state's nodes name (images and movies). */
function imageIds(state) {
  const ids = new Set();
  for (const node of Object.values(state.display?.nodes ?? {})) {
    if (node.kind === "image" && node.image) ids.add(node.image);
    if (node.kind === "movie" && node.style?.movie) ids.add(node.style.movie);
  }
  return [...ids];
}

/** A locator's arguments as the user wrote them: `"Nakamura", { exact: true }`. */
function describeArgs(first, options) {
  const given = Object.entries(options).filter(([, value]) => value !== undefined);
  return JSON.stringify(first) + (given.length ? `, { ${given.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")} }` : "");
}

/** Starts an engine: `const engine = spawnEngine(); await engine.initialize()`. */
export function spawnEngine(options) { return new EngineSession(options); }

/** Starts an engine and initializes it: `const engine = await launch()`. Options: where and how
 * to start it (`engine`, `args`, `cwd`, `echoStderr`) and `initialize`'s params (`clock`,
 * `seed`, `viewport`, `network`, `protocolVersion`). */
export async function launch({ engine, args, cwd, echoStderr, ...initialize } = {}) {
  const session = new EngineSession({ engine, args, cwd, echoStderr });
  try {
    await session.initialize(initialize);
  } catch (error) {
    session.process.kill();
    throw error;
  }
  return session;
}
