// Declarations of the package's API; the protocol's message types are generated from the
// schema into types.d.ts (Scripts/generate-types) and re-exported here.
import type { AssetReadResult, ErrorObject, Patch, Rev, SnapshotResult, State } from "./types.js";

export * from "./types.js";

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

/** Where to find and how to start the engine. */
export interface EngineOptions {
  /** The binary (default: $SCENERY_BIN, else the one bundled in this package). */
  engine?: string;
  /** Its arguments. */
  args?: string[];
  /** Its working folder (scene params' relative paths are taken from there). */
  cwd?: string;
}

/** An engine process and the mirror of its state: the page's Session over a pipe. */
export class EngineSession extends Session {
  constructor(options?: EngineOptions);
  /** The engine process (node's ChildProcess). */
  process: { readonly pid?: number; kill(signal?: string): boolean };
  /** Checks the mirror against `snapshot`; rejects on drift. */
  verify(): Promise<SnapshotResult>;
  /** Sends `shutdown` and resolves once the engine has exited with status 0. */
  close(): Promise<void>;
}

/** The engine a session would run, or null when there is none. */
export function findEngine(engine?: string): string | null;
/** Starts an engine session. */
export function spawnEngine(options?: EngineOptions): EngineSession;

/** An error answer (rejected by `request`). */
export type RequestError = ErrorObject | { code: "closed"; message: string };
/** `asset.read`'s result. */
export type Asset = AssetReadResult;
