// Assertions that retry (Playwright's `expect`): each checks, and until it holds waits as
// `waitUntil` does (the virtual clock advanced 50 ms a step, or the next patch on the real clock),
// up to the timeout; then it fails with an ExpectError giving what was expected, what was found
// and the screen's text.
import { jsonEqual } from "./page/patch.js";
import { ExpectError, screenExcerpt, TimeoutError } from "./errors.js";
import { Locator } from "./locator.js";

/** Whitespace collapsed and trimmed, as `find` compares text. */
const normal = (text) => text.replace(/\s+/g, " ").trim();

/** Assertions on a locator (`toHaveText`, `toBeVisible`, `toBeHidden`, `toHaveCount`) or on an
 * engine session (`toHaveModel`). */
export function expect(subject) {
  if (subject instanceof Locator) return new LocatorAssertions(subject);
  if (subject && typeof subject.waitUntil === "function") return new EngineAssertions(subject);
  throw new TypeError("expect: give a locator (engine.getByText(…)) or an engine session");
}

/** Runs `check` as a wait on `engine` (until it fails, when `negated`); a timeout becomes an
 * ExpectError saying `what`. */
async function retry(engine, what, expected, check, timeout, negated) {
  if (negated) {
    const at = what.lastIndexOf(").to");
    what = `${what.slice(0, at)}).not.to${what.slice(at + 4)}`;
    expected = `not ${expected}`;
  }
  const wait = negated ? async () => { const result = await check(); return { ...result, ok: !result.ok }; } : check;
  try {
    await engine.waitUntil(wait, { timeout, what });
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    const message = `expect(${what}) failed after ${error.timeout} ms` +
      `${engine.clock === "virtual" ? " of scene time (virtual clock)" : " (real clock)"}\n` +
      `  expected: ${expected}\n  found:    ${error.found}\n` +
      `the screen's text at the end:\n${screenExcerpt(error.screenText.replace(/\n$/, "") || "(nothing shows on the screen)")}`;
    throw new ExpectError(message, { expected, received: error.found, screenText: error.screenText });
  }
}

/** `expect(locator)`'s assertions. */
class LocatorAssertions {
  /** Assertions on `locator` (each negated when `negated`). */
  constructor(locator, negated = false) { this.locator = locator; this.negated = negated; }

  /** The same assertions, each negated: `expect(locator).not.toBeVisible()`. */
  get not() { return new LocatorAssertions(this.locator, !this.negated); }

  /** The one match's text (textContent) equals `expected` (whitespace collapsed), or matches it
   * when it is a RegExp. */
  async toHaveText(expected, { timeout } = {}) {
    const locator = this.locator;
    const wanted = expected instanceof RegExp ? String(expected) : JSON.stringify(normal(expected));
    await retry(locator.engine, `${locator}).toHaveText(${wanted}`, `text ${wanted}`, async () => {
      const match = await locator.only();
      if (!match) return { ok: false, found: "no match" };
      const text = await locator.textOf(match);
      const ok = expected instanceof RegExp ? expected.test(text) : normal(text) === normal(expected);
      return { ok, found: `text ${JSON.stringify(text)}` };
    }, timeout, this.negated);
  }

  /** The locator matches one node, and it shows. */
  async toBeVisible({ timeout } = {}) { await this.state("visible", "toBeVisible", timeout); }

  /** No match shows: the locator matches no node, or none on the screen. */
  async toBeHidden({ timeout } = {}) { await this.state("hidden", "toBeHidden", timeout); }

  /** Waits for the locator to be in `state` ("visible": strict; "hidden": no match shows), as `name`. */
  async state(state, name, timeout) {
    const locator = this.locator;
    await retry(locator.engine, `${locator}).${name}(`, state, () => locator.inState(state), timeout, this.negated);
  }

  /** The locator matches exactly `count` nodes. */
  async toHaveCount(count, { timeout } = {}) {
    const locator = this.locator;
    await retry(locator.engine, `${locator}).toHaveCount(${count}`, `${count} matches`, async () => {
      const found = await locator.count();
      return { ok: found === count, found: `${found} matches` };
    }, timeout, this.negated);
  }
}

/** `expect(engine)`'s assertions. */
class EngineAssertions {
  /** Assertions on `engine`'s state (each negated when `negated`). */
  constructor(engine, negated = false) { this.engine = engine; this.negated = negated; }

  /** The same assertions, each negated: `expect(engine).not.toHaveModel(…)`. */
  get not() { return new EngineAssertions(this.engine, !this.negated); }

  /** The open scene's model at `key` (a member, or a `/`-separated path such as "alert/title")
   * equals `value` (JSON equality). */
  async toHaveModel(key, value, { timeout } = {}) {
    const engine = this.engine;
    const path = key.split("/");
    await retry(engine, `engine).toHaveModel(${JSON.stringify(key)}, ${JSON.stringify(value)}`, `model ${key} = ${JSON.stringify(value)}`, async () => {
      let found = engine.state?.model;
      for (const member of path) found = found !== null && typeof found === "object" && member in found ? found[member] : undefined;
      return { ok: jsonEqual(found, value), found: found === undefined ? `no model member ${key}` : `model ${key} = ${JSON.stringify(found)}` };
    }, timeout, this.negated);
  }
}
