// Locators (Playwright's): a way to find nodes on the screen, resolved each time it is used
// (never when made) by the engine's `find`, which searches the whole scroll content, rows that
// virtualization left out included, and answers in screen order. Actions are strict (exactly one
// match), wait for the node to exist, `reveal` it, then address it by id.
import { StrictModeError } from "./errors.js";

/** How many matches a strictness error lists. */
const LISTED = 5;
/** How many of an id locator's matches are looked through for the node with exactly that id
 * (as the Python package does). */
const EXACT_PROBE = 16;

/** Nodes found by text, role and name, or id, on one engine session. */
export class Locator {
  /** `query`: `find`'s params; `description`: how the user wrote it; `pick`: null (all
   * matches), an index (negative from the end), or `{ id }` (one node, from `all()`). */
  constructor(engine, query, description, pick = null) {
    this.engine = engine;
    this.query = query;
    this.description = description;
    this.pick = pick;
  }

  /** How the user wrote this locator, for messages. */
  toString() { return this.description; }

  /** The `i`-th match in screen order (negative: from the end). */
  nth(i) { return new Locator(this.engine, this.query, `${this.description}.nth(${i})`, i); }

  /** The first match in screen order. */
  first() { return new Locator(this.engine, this.query, `${this.description}.first()`, 0); }

  /** The last match in screen order. */
  last() { return new Locator(this.engine, this.query, `${this.description}.last()`, -1); }

  /** Asks the engine now: `{count, matches}` (at most `limit` matches, null: all of them;
   * `count` counts all). An id locator (`locator(id)`) is the node with exactly that id when
   * there is one (`locator("tab.contacts")` is the button, not also its label), else every node
   * whose id extends it (`locator("contacts.person")`: the rows and their parts). */
  async resolve(limit = LISTED) {
    const { pick, query } = this;
    const find = (params) => this.engine.request("find", params);
    if (pick !== null && typeof pick === "object") {
      const found = await find({ id: pick.id });
      const matches = found.matches.filter((match) => match.id === pick.id);
      return { count: matches.length, matches };
    }
    let found = null;
    if (Object.keys(query).length === 1 && query.id !== undefined) {
      const probe = await find({ id: query.id, limit: EXACT_PROBE });
      const exact = probe.matches.find((match) => match.id === query.id);
      if (exact) found = { count: 1, matches: [exact] };
      else if (pick === null && limit !== null && limit <= EXACT_PROBE) return { count: probe.count, matches: probe.matches.slice(0, limit) };
    }
    if (!found) {
      const all = typeof pick === "number" ? (pick >= 0 ? pick + 1 : null) : limit;
      found = await find(all === null ? query : { ...query, limit: all });
    }
    if (typeof pick !== "number") return found;
    const match = found.matches[pick >= 0 ? pick : found.count + pick];
    return match ? { count: 1, matches: [match] } : { count: 0, matches: [] };
  }

  /** The one match now, null when there is none; a StrictModeError when there are more. */
  async only() {
    const found = await this.resolve();
    if (found.count > 1) throw new StrictModeError(this.description, found.count, found.matches);
    return found.matches[0] ?? null;
  }

  /** Waits (up to `timeout` ms) for exactly one match and resolves with it: a TimeoutError when
   * none comes, a StrictModeError at once when there are more. */
  async one(action, timeout) {
    return this.engine.waitUntil(async () => {
      const match = await this.only();
      return match ? { ok: true, value: match } : { ok: false, found: "no match" };
    }, { timeout, what: `${this.description} to ${action}` });
  }

  /** Taps the node: waits for it, scrolls it into view (`reveal`), taps it by id. Resolves with
   * `tap`'s result. */
  async tap({ timeout } = {}) {
    const match = await this.one("tap", timeout);
    await this.engine.request("reveal", { id: match.id });
    return this.engine.request("tap", { id: match.id });
  }

  /** Long-presses the node (scenes that take `longPress`), as `tap` does. */
  async longPress({ timeout } = {}) {
    const match = await this.one("long-press", timeout);
    await this.engine.request("reveal", { id: match.id });
    return this.engine.request("longPress", { id: match.id });
  }

  /** The node's text: a text node's own, a role node's accessible name, else the text of the
   * nodes whose ids extend its id, in reading order. */
  async textContent({ timeout } = {}) {
    return this.textOf(await this.one("read its text", timeout));
  }

  /** The text of `match` (see textContent). */
  async textOf(match) {
    if (match.text !== undefined) return match.text;
    if (match.name !== undefined) return match.name;
    const parts = await this.engine.request("find", { id: match.id });
    return parts.matches.filter((part) => part.text !== undefined).map((part) => part.text).join(" ");
  }

  /** The node's frame on the screen at the current scroll, `{x, y, width, height}` in points (not
   * clipped), or null when it is not rendered (a virtualized row off the screen). */
  async boundingBox({ timeout } = {}) {
    const match = await this.one("measure it", timeout);
    if (!match.rendered) return null;
    const [x, y, width, height] = match.frame;
    return { x, y, width, height };
  }

  /** Whether the node shows now (no wait): rendered, not transparent, inside the screen. */
  async isVisible() { return (await this.only())?.visible ?? false; }

  /** How many nodes match now (no wait). */
  async count() { return (await this.resolve(0)).count; }

  /** A locator for each match now, in screen order, each pinned to its node's id. */
  async all() {
    const found = await this.resolve(null);
    return found.matches.map((match, i) => new Locator(this.engine, { id: match.id }, `${this.description}.all()[${i}]`, { id: match.id }));
  }

  /** Scrolls the content the least that brings the node wholly into view (`reveal`). */
  async scrollIntoViewIfNeeded({ timeout } = {}) {
    const match = await this.one("scroll into view", timeout);
    return this.engine.request("reveal", { id: match.id });
  }

  /** Waits until the locator is in `state`: "visible" (one match, showing), "hidden" (no match
   * shows: none, or none on the screen), "attached" (one match, shown or not), "detached" (no
   * match). Visible and attached are strict (one node). */
  async waitFor({ state = "visible", timeout } = {}) {
    if (!STATES.includes(state)) throw new TypeError(`waitFor: state must be one of ${STATES.join(", ")}, not ${JSON.stringify(state)}`);
    await this.engine.waitUntil(() => this.inState(state), { timeout, what: `${this.description} to be ${state}` });
  }

  /** Whether the locator is in `state` now (see waitFor), and what was found: `{ok, found}`. */
  async inState(state) {
    if (state === "visible" || state === "attached") {
      const match = await this.only();
      return { ok: match !== null && (state === "attached" || match.visible), found: describeState(match) };
    }
    const found = await this.resolve(state === "hidden" ? null : 0);
    const shown = found.matches.filter((match) => match.visible);
    return {
      ok: state === "hidden" ? shown.length === 0 : found.count === 0,
      found: found.count === 0 ? "no match" : `${found.count} matches, ${shown.length} visible${shown.length ? ` (${shown[0].id}${shown.length > 1 ? ", …" : ""})` : ""}`,
    };
  }
}

/** The states `waitFor` takes. */
const STATES = ["visible", "hidden", "attached", "detached"];

/** What a match's state is, for messages. */
export const describeState = (match) => (match === null ? "no match" : match.visible ? `${match.id}, visible` : `${match.id}, not visible${match.rendered ? "" : " (not rendered)"}`);
