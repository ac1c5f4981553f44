// Declarations of the package's API; the protocol's message types are generated from the
// schema into types.d.ts and the typed methods into methods.d.ts (Scripts/generate-types), and
// re-exported here.
import type { AssetReadResult, ErrorObject, FindResultMatchesItem, Patch, RevealResult, Rev, SnapshotResult, State, TapResult, LongPressResult, ViewportParams } from "./types.js";
import type { Methods, Role, SceneModels, SceneName } from "./methods.js";

export * from "./types.js";
export type { Methods, Role, SceneModels, SceneName } from "./methods.js";

/** The protocol version this package speaks ("1.0"); `initialize` sends it unless told otherwise. */
export const PROTOCOL_VERSION: string;

/** A JSON Patch or JSON Pointer that cannot be applied. */
export class PatchError extends Error {}

/** The reference tokens of a JSON Pointer ("" is the whole document). */
export function parsePointer(pointer: string): string[];
/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean;
/** `doc` with RFC 6902 `patch` applied, as a new document sharing what the patch left alone. */
export function applyPatch<T>(doc: T, patch: Patch): T;

/** What a session tells its listeners: a new state, the scene clock, a notification, the end. */
export type SessionEvent =
  | { state: State; patch?: Patch }
  | { clock: { nowMs: number; at: number } }
  | { notification: { jsonrpc: "2.0"; method: string; params?: unknown } }
  | { closed: true; code: number; reason: string; deliberate: boolean };

/** One engine session: requests by id and the mirrored state, resynchronised from `snapshot`
 * when a rev is missed. The page runs it over a WebSocket, the node client over a pipe. */
export class Session {
  constructor(url: string | null);
  /** The mirrored state document (null before `initialize`). */
  state: State | null;
  /** The mirrored state's rev. */
  rev: Rev;
  /** The gesture methods the open scene takes (from `scene.open`'s result). */
  gestures: Set<string>;
  /** Whether requests can be sent now. */
  readonly live: boolean;
  /** Opens the WebSocket at `url` (the page). */
  connect(): Promise<void>;
  /** Sends a request; resolves with its result, rejects with its error. */
  request(method: string, params?: object): Promise<any>;
  /** Whether the open scene takes gesture `method`. */
  accepts(method: string): boolean;
  /** The scene clock now, in ms (null before a snapshot). */
  sceneNow(): number | null;
  /** Calls `listener` on every change of the mirror, notification and the end of the session. */
  onChange(listener: (event: SessionEvent) => void): void;
  /** Replaces the mirror with `snapshot`. */
  resync(): Promise<SnapshotResult>;
  /** An asset's image as a data: URL, read once per id (null when it cannot be read). */
  image(id: string): Promise<string | null>;
  /** Ends the session. */
  close(): void | Promise<void>;
}

/** An error answer from the engine (`code`: the JSON-RPC or Scenery code, a number; `method`:
 * the refused request; `data`: the error's data) or an error of the client (`code` a string:
 * "closed", "exited", "timeout", "strict", "scene", "drift", "text"). */
export class SceneryError extends Error {
  constructor(message: string, options?: { code?: number | string; method?: string | null; data?: unknown });
  code: number | string;
  method: string | null;
  data?: unknown;
}
/** A wait ran out of time: says what was awaited and the screen's text at the end. */
export class TimeoutError extends SceneryError {
  /** The timeout, in ms (of scene time on the virtual clock). */
  timeout: number;
  /** The screen at the end as the engine reads it (`screenText()`), or one line saying why the
   * engine could not (the message shows its first 20 lines). */
  screenText: string;
  /** What the last check found. */
  found?: string;
}
/** The engine ended while the session needed it: its exit status (or signal) and stderr's end. */
export class EngineExitedError extends SceneryError {
  status: number | string;
  /** The last few KB the engine wrote on stderr. */
  stderr: string;
}
/** An action on a locator matching more than one node. */
export class StrictModeError extends SceneryError {
  count: number;
  matches: LocatorMatch[];
}
/** A failed `expect` assertion. */
export class ExpectError extends Error {
  expected: unknown;
  received: unknown;
  /** The screen at the end, as TimeoutError's `screenText`. */
  screenText: string;
}

/** One node `find` reports (PROTOCOL.md, `find`): generated from the schema. */
export type LocatorMatch = FindResultMatchesItem;

/** A node's frame on the screen, in points. */
export interface BoundingBox { x: number; y: number; width: number; height: number }

/** How long to wait, in ms (default: the session's, 5000 unless setDefaultTimeout said). */
export interface TimeoutOption { timeout?: number }

/** Nodes found by text, role and name, or id; resolved each time it is used (the engine's
 * `find`, in screen order, rows that virtualization left out included). Actions are strict. */
export class Locator {
  /** How the user wrote it, e.g. `getByRole("row", { name: "Nakamura" })`. */
  readonly description: string;
  /** The `i`-th match in screen order (negative: from the end). */
  nth(i: number): Locator;
  /** The first match in screen order. */
  first(): Locator;
  /** The last match in screen order. */
  last(): Locator;
  /** Waits for the one match, reveals it, taps it by id. */
  tap(options?: TimeoutOption): Promise<TapResult>;
  /** Waits for the one match, reveals it, long-presses it by id. */
  longPress(options?: TimeoutOption): Promise<LongPressResult>;
  /** The match's text (a role node's: its accessible name). */
  textContent(options?: TimeoutOption): Promise<string>;
  /** The match's frame on the screen, or null when it is not rendered. */
  boundingBox(options?: TimeoutOption): Promise<BoundingBox | null>;
  /** Whether the one match shows now (false for none; no wait). */
  isVisible(): Promise<boolean>;
  /** How many nodes match now. */
  count(): Promise<number>;
  /** A locator per match now, each pinned to its id. */
  all(): Promise<Locator[]>;
  /** Scrolls the match wholly into view (`reveal`). */
  scrollIntoViewIfNeeded(options?: TimeoutOption): Promise<RevealResult>;
  /** Waits until the locator is visible (default; one node), hidden (no match shows), attached
   * (one node, shown or not) or detached (no match). */
  waitFor(options?: { state?: "visible" | "hidden" | "attached" | "detached"; timeout?: number }): Promise<void>;
}

/** Where to find and how to start the engine. */
export interface EngineOptions {
  /** The binary (default: $SCENERY_BIN, else the one bundled in this package). */
  engine?: string;
  /** Its arguments. */
  args?: string[];
  /** Its working folder (scene params' relative paths are taken from there). */
  cwd?: string;
  /** Echo the engine's stderr to ours (it is always kept, its end, for EngineExitedError). */
  echoStderr?: boolean;
}

/** `launch`'s options: how to start the engine and `initialize`'s params. */
export interface LaunchOptions extends EngineOptions {
  clock?: "virtual" | "real";
  seed?: number;
  viewport?: ViewportParams;
  network?: boolean;
  protocolVersion?: string;
}

/** An engine process and the mirror of its state: the page's Session over a pipe, with every
 * protocol method as a typed method (methods.d.ts). */
export interface EngineSession extends Methods {}
export class EngineSession extends Session {
  constructor(options?: EngineOptions);
  /** The engine process (node's ChildProcess). */
  process: { readonly pid?: number; readonly exitCode: number | null; kill(signal?: string): boolean };
  /** The session's clock, from `initialize`. */
  clock: "virtual" | "real";
  /** The timeout of actions, waits and assertions when not given (ms). */
  defaultTimeout: number;
  /** Sends a request; resolves with its result, rejects with a SceneryError. */
  request(method: string, params?: object): Promise<any>;
  /** The last few KB the engine wrote on stderr. */
  stderr(): string;
  /** Sets the timeout of actions, waits and assertions when not given (ms; default 5000). */
  setDefaultTimeout(ms: number): void;
  /** Nodes whose text matches (case-insensitive substring; `exact`: equal). */
  getByText(text: string, options?: { exact?: boolean }): Locator;
  /** Nodes of a role ("button", "row"), named `name` when given. */
  getByRole(role: Role, options?: { name?: string; exact?: boolean }): Locator;
  /** The node with this id when there is one, else the nodes whose ids extend it. */
  locator(id: string): Locator;
  /** Waits until `check` says ok: on the virtual clock advancing it 50 ms a step, on the real
   * clock re-checking on each patch; a TimeoutError after `timeout` ms. */
  waitUntil<T>(check: () => Promise<{ ok: true; value: T } | { ok: false; found?: string }>, options?: { timeout?: number; what?: string }): Promise<T | undefined>;
  /** The screen as text, rendered by the engine (`snapshot` with `as: "text"`): a line a node in
   * reading order (role or kind, text, state, id), what a `.golden` holds; `ids`: only those
   * nodes. Ends with a newline ("" when nothing shows). */
  screenText(options?: { ids?: string[] }): Promise<string>;
  /** The state now as SVG text, written to `path` when given. */
  screenshot(options?: { path?: string; scale?: number }): Promise<string>;
  /** Checks the mirror against `snapshot`; rejects on drift. */
  verify(): Promise<SnapshotResult>;
  /** Sends `shutdown` and resolves once the engine has exited with status 0. */
  close(): Promise<void>;
}

/** The engine a session would run, or null when there is none. */
export function findEngine(engine?: string): string | null;
/** Starts an engine session (call `initialize` next). */
export function spawnEngine(options?: EngineOptions): EngineSession;
/** Starts an engine session and initializes it. */
export function launch(options?: LaunchOptions): Promise<EngineSession>;

/** Assertions on a locator; they retry as waits do, then throw an ExpectError. */
export interface LocatorAssertions {
  /** The same assertions, each negated. */
  readonly not: LocatorAssertions;
  /** The one match's text equals `expected` (whitespace collapsed) or matches the RegExp. */
  toHaveText(expected: string | RegExp, options?: TimeoutOption): Promise<void>;
  /** One match, and it shows. */
  toBeVisible(options?: TimeoutOption): Promise<void>;
  /** No match shows (none, or none on the screen). */
  toBeHidden(options?: TimeoutOption): Promise<void>;
  /** Exactly `count` matches. */
  toHaveCount(count: number, options?: TimeoutOption): Promise<void>;
}
/** Assertions on an engine session. */
export interface EngineAssertions {
  /** The same assertions, each negated. */
  readonly not: EngineAssertions;
  /** The model at `key` (a member or a "/"-separated path) equals `value`. */
  toHaveModel(key: string, value: unknown, options?: TimeoutOption): Promise<void>;
}
/** Playwright's `expect`, for locators and engine sessions. */
export function expect(subject: Locator): LocatorAssertions;
export function expect(subject: EngineSession): EngineAssertions;

/** The state as SVG text (what `screenshot` writes). */
export function renderSvg(state: State, assets?: { [id: string]: AssetReadResult }, nowMs?: number, options?: { scale?: number }): string;

/** An error answer (what Session.request rejects with; EngineSession wraps it in SceneryError). */
export type RequestError = ErrorObject | { code: "closed"; message: string };
/** `asset.read`'s result. */
export type Asset = AssetReadResult;
/** A scene's model type by name. */
export type ModelOf<S extends SceneName> = SceneModels[S];
