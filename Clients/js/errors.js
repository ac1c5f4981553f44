// The package's errors. Every error it throws is an `Error` with a stack: an error answer of the
// engine is a SceneryError carrying the JSON-RPC `code` (a number); errors the package itself
// raises carry a string code ("closed", "exited", "timeout", "strict", "scene").

/** An error answer from the engine (`code` is the JSON-RPC or Scenery code, `method` the request
 * that was refused, `data` the error's data when it has some), or an error of the client. */
export class SceneryError extends Error {
  /** `message` as the engine wrote it; `code`, `method` and `data` as above. */
  constructor(message, { code, method = null, data = undefined } = {}) {
    super(message);
    this.name = "SceneryError";
    this.code = code;
    this.method = method;
    if (data !== undefined) this.data = data;
  }

  /** The error for an error answer `{code, message, data?}` to request `method`. */
  static fromAnswer(answer, method) {
    return new SceneryError(`${method}: ${answer.message}`, { code: answer.code, method, data: answer.data });
  }
}

/** A wait (an action's auto-wait, `waitFor`, an `expect` on a locator) ran out of time. The
 * message says what was awaited and the screen's text at the end, as the engine reads it. */
export class TimeoutError extends SceneryError {
  /** `timeout` in ms; `screenText` the screen at the end as the engine reads it (a line a node),
   * or one line saying why the engine could not. */
  constructor(message, { timeout, screenText = "" } = {}) {
    super(message, { code: "timeout" });
    this.name = "TimeoutError";
    this.timeout = timeout;
    this.screenText = screenText;
  }
}

/** The engine process ended while the session still needed it: `status` is its exit status (or
 * the signal that ended it), `stderr` the last few KB it wrote on stderr. */
export class EngineExitedError extends SceneryError {
  /** `method`: the request that was waiting (null when none was). */
  constructor({ status, stderr = "", method = null }) {
    const tail = stderr.trimEnd();
    super(`the engine exited (status ${status})${method ? ` while ${method} waited for its answer` : ""}` +
      (tail ? `; the end of its stderr:\n${tail}` : "; it wrote nothing on stderr"), { code: "exited", method });
    this.name = "EngineExitedError";
    this.status = status;
    this.stderr = stderr;
  }
}

/** An action on a locator that matches more than one node (Playwright's strict mode): names the
 * locator, how many it matched and the first matches. */
export class StrictModeError extends SceneryError {
  /** `matches`: the first matches (find's), `count` all of them. */
  constructor(locator, count, matches) {
    const listed = matches.map((m, i) => `  ${i + 1}) ${describeMatch(m)}`).join("\n");
    super(`strict mode: ${locator} matched ${count} nodes, an action needs exactly one:\n${listed}` +
      (count > matches.length ? `\n  … and ${count - matches.length} more` : "") +
      "\nnarrow it (exact, name, a longer id) or pick one with nth(i), first(), last()", { code: "strict" });
    this.name = "StrictModeError";
    this.count = count;
    this.matches = matches;
  }
}

/** A failed `expect` assertion: what was expected, what was found, and the screen's text. */
export class ExpectError extends Error {
  /** `expected` and `received` as the assertion saw them. */
  constructor(message, { expected, received, screenText = "" }) {
    super(message);
    this.name = "ExpectError";
    this.expected = expected;
    this.received = received;
    this.screenText = screenText;
  }
}

/** How many lines of the screen's text a failure message shows (the error's `screenText` has all). */
export const SCREEN_LINES = 20;

/** The screen's text as a failure message shows it: indented, cut to SCREEN_LINES lines (a last
 * line says how many more there were). */
export function screenExcerpt(text) {
  const lines = text.split("\n");
  const shown = lines.length <= SCREEN_LINES ? lines : [...lines.slice(0, SCREEN_LINES), `… and ${lines.length - SCREEN_LINES} more lines`];
  return shown.map((line) => `  ${line}`).join("\n");
}

/** One line naming a `find` match: its id, then its text or its role and accessible name. */
export function describeMatch(match) {
  if (match.text !== undefined) return `${match.id} (text ${JSON.stringify(match.text)})`;
  if (match.role !== undefined) return `${match.id} (${match.role} ${JSON.stringify(match.name ?? "")})`;
  return `${match.id} (${match.kind})`;
}
