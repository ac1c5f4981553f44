// Readable goldens in node's test runner (`scenery-engine/testing`): `golden(path)` replays a
// `.golden` file (or a protocol `.transcript`, or a folder of them) with the engine's own
// `scenery replay` and, when the engine's output differs, fails the test with the engine's report:
// every differing node and field or model key, and the screens side by side. With
// `SCENERY_UPDATE=1` (or `{ update: true }`) it rewrites the golden instead and says which steps
// changed. The comparing and the report are the engine's; this module runs it and hands its
// answer to the test runner.
//
//   import { test } from "node:test";
//   import { golden } from "scenery-engine/testing";
//   test("directory", () => golden(new URL("./directory.golden", import.meta.url)));
import { AssertionError } from "node:assert";
import { spawnSync } from "node:child_process";
import { isAbsolute, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { findEngine } from "./node.js";

const here = fileURLToPath(import.meta.url);

/** A golden whose replay differs from the engine's output now. Its message is the engine's
 * report, and its stack is that report alone (with the caller's own frames after it): node's test
 * runner prints it without this module's or node's frames. An `assert.AssertionError`, `code`
 * "ERR_ASSERTION". */
export class GoldenMismatch extends AssertionError {
  /** `report`: what `scenery replay` printed; `files`: the goldens that differ. */
  constructor(report, files = []) {
    super({ message: report });
    // AssertionError's own fields say nothing here (the report says it all): kept, but not
    // listed when node prints the error.
    for (const key of ["generatedMessage", "code", "actual", "expected", "operator"]) hide(this, key, this[key]);
    hide(this, "name", "GoldenMismatch");
    hide(this, "files", files);
    hide(this, "stack", `GoldenMismatch: ${report}${callerFrames(this.stack)}`);
  }
}

/** A golden that could not be replayed: it is missing or unreadable, it does not parse, or there
 * is no engine to replay it. Its stack is its message (and the caller's frames), as a mismatch's. */
export class GoldenError extends Error {
  constructor(message) {
    super(message);
    hide(this, "stack", `GoldenError: ${message}${callerFrames(this.stack)}`);
  }
}

GoldenError.prototype.name = "GoldenError";

/** Defines `key` on `target` as a value that node's printing of errors does not list. */
function hide(target, key, value) {
  Object.defineProperty(target, key, { value, enumerable: false, writable: true, configurable: true });
}

/** The frames of `stack` that are the caller's: none of this module's, none of node's. */
function callerFrames(stack = "") {
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line)
    && !line.includes(here) && !line.includes(import.meta.url) && !/[( ]node:|\(native\)|<anonymous>\)?$/.test(line));
  return frames.length ? `\n${frames.join("\n")}` : "";
}

/** Whether the environment asks for goldens to be rewritten (SCENERY_UPDATE=1). */
const updateAsked = () => /^(1|true|yes)$/i.test(process.env.SCENERY_UPDATE ?? "");

/** Replays the golden at `path` (a path, a `file:` URL, or a folder: every `.golden` and
 * `.transcript` under it) with `scenery replay`, synchronously. Throws a GoldenMismatch with the
 * engine's report when the engine's output differs, a GoldenError when it cannot be replayed.
 *
 * With `update` (default: the environment's SCENERY_UPDATE=1) it rewrites each golden that
 * differs instead, prints the goldens and steps that changed (on `t.diagnostic` when given the
 * test's context `t`, else console.log), and returns those lines; otherwise it returns []. A
 * golden whose `# needs:` file is missing is skipped: said the same way (and `t.skip` when every
 * golden was). `engine`: the engine binary (default: $SCENERY_BIN, else the bundled one). */
export function golden(path, { update, engine, t } = {}) {
  if (typeof path !== "string" && !(path instanceof URL)) throw new TypeError(`golden: give a path or a file: URL, not ${typeof path}`);
  const file = shortPath(path instanceof URL || /^file:/.test(path) ? fileURLToPath(path) : String(path));
  const binary = findEngine(engine);
  if (!binary) throw new GoldenError("no scenery binary: install the package with its engine, pass { engine }, or set SCENERY_BIN");
  const updating = update ?? updateAsked();
  const run = spawnSync(binary, ["replay", ...(updating ? ["--update"] : []), file], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw new GoldenError(`could not run ${binary} replay ${file}: ${run.error.message}`);
  const out = run.stdout.replace(/\s+$/, "");
  const lines = out ? out.split("\n") : [];
  const problems = run.stderr.trim();
  const failed = lines.filter((line) => line.startsWith("FAIL ")).map((line) => line.slice(5).replace(/: .*$/, ""));
  if (failed.length) {
    const report = lines.filter((line) => !/^(ok|skip) /.test(line)).join("\n").replace(/\s+$/, "");
    const hint = "(from node's test runner: SCENERY_UPDATE=1 node --test rewrites them)";
    throw new GoldenMismatch([report, hint, problems].filter(Boolean).join("\n"), failed);
  }
  if (run.status !== 0) {
    throw new GoldenError(problems || `${binary} replay ${file} ended with status ${run.status ?? run.signal}${out ? `:\n${out}` : ""}`);
  }
  const say = typeof t?.diagnostic === "function" ? (line) => t.diagnostic(line) : (line) => console.log(line);
  const skipped = lines.filter((line) => line.startsWith("skip "));
  const changes = lines.filter((line) => /^(updated |\s)/.test(line));
  for (const line of [...skipped, ...changes]) say(line);
  const replayed = lines.filter((line) => /^(ok|updated) /.test(line));
  if (skipped.length && !replayed.length && typeof t?.skip === "function") t.skip(skipped.join("; "));
  if (!skipped.length && !replayed.length) throw new GoldenError(`no golden replayed: ${file} holds no .golden or .transcript`);
  return changes;
}

/** `file` relative to the working folder when it lies inside it (reports name it so), else as it is. */
function shortPath(file) {
  if (!isAbsolute(file)) return file;
  const inside = relative(process.cwd(), file);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? inside : file;
}
