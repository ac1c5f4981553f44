// The node client: spawns the engine and speaks to it over a pipe (newline-delimited JSON-RPC on
// its stdin and stdout), with the page's own Session (page/session.js) keeping the mirror. The
// pipe is given to the session as its socket: the same `send`, `readyState` and `close` a
// WebSocket has, so requests, the mirror, gap resyncs and `asset.read` are the page's code.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { Session } from "./page/session.js";
import { jsonEqual } from "./page/patch.js";

const here = dirname(fileURLToPath(import.meta.url));

const runnable = (path) => { try { accessSync(path, constants.X_OK); return true; } catch { return false; } };

/** The engine to run: `engine` when given, else $SCENERY_BIN, else the one this package bundles
 * (engine/scenery, beside its resource bundle), else a checkout's .build/debug or .build/release
 * build; null when there is none. */
export function findEngine(engine) {
  const named = engine ?? process.env.SCENERY_BIN;
  if (named) return named;
  const candidates = [join(here, "engine", "scenery")];
  const checkout = join(here, "..", "..");
  if (existsSync(join(checkout, "Package.swift"))) {
    candidates.push(join(checkout, ".build", "debug", "scenery"), join(checkout, ".build", "release", "scenery"));
  }
  return candidates.find(runnable) ?? null;
}

/** An engine process and the mirror of its state: the page's Session over a pipe. */
export class EngineSession extends Session {
  /** Starts the engine (see findEngine) with `args`, in `cwd`; its stderr goes to ours. */
  constructor({ engine, args = [], cwd } = {}) {
    super(null);
    const binary = findEngine(engine);
    if (!binary) throw new Error("no scenery binary: install the package with its engine, pass { engine }, or set SCENERY_BIN");
    this.process = spawn(binary, args, { cwd, stdio: ["pipe", "pipe", "inherit"] });
    this.exited = new Promise((resolve) => this.process.on("close", (code, signal) => resolve(code ?? signal)));
    const pipe = this.process;
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

  ended(reason) {
    if (this.socket.readyState === 3 && this.waiting.size === 0) return;
    this.socket.readyState = 3;
    this.closed({ code: 1006, reason });
  }

  /** Checks the mirror against the engine's `snapshot`; resolves with it, rejects on drift. */
  async verify() {
    const snapshot = await this.request("snapshot");
    if (snapshot.rev !== this.rev || !jsonEqual(snapshot.state, this.state)) {
      throw new Error(`state drift: client rev ${this.rev}, engine rev ${snapshot.rev}`);
    }
    return snapshot;
  }

  /** Ends the session: `shutdown`, then the process's exit, which must be status 0. */
  async close() {
    if (this.socket.readyState === 1) {
      await this.request("shutdown");
      this.closedByPage = true;
      this.socket.close();
    }
    const status = await this.exited;
    if (status !== 0) throw new Error(`the engine exited with status ${status}`);
  }
}

/** Starts an engine: `const engine = spawnEngine(); await engine.request("initialize", {...})`. */
export function spawnEngine(options) { return new EngineSession(options); }
