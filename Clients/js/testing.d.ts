// Declarations of `scenery-engine/testing`: readable goldens in node's test runner.

/** A golden whose replay differs from the engine's output now: the message is the engine's
 * report (every differing node and field or model key, the screens side by side). At run time an
 * `assert.AssertionError` (declared here as an Error with its `code`, so that no @types/node is
 * needed). */
export class GoldenMismatch extends Error {
  constructor(report: string, files?: string[]);
  readonly code: "ERR_ASSERTION";
  /** The goldens that differ, as the report names them. */
  readonly files: string[];
}

/** A golden that could not be replayed: missing, unreadable, not parsing, or no engine. */
export class GoldenError extends Error {}

/** The part of node's TestContext `golden` uses (pass the test's `t`). */
export interface GoldenTestContext {
  diagnostic(message: string): void;
  skip?(message?: string): void;
}

export interface GoldenOptions {
  /** Rewrite the golden where it differs (default: the environment's SCENERY_UPDATE=1). */
  update?: boolean;
  /** The engine binary (default: $SCENERY_BIN, else the one bundled in the package). */
  engine?: string;
  /** The test's context: what changed, or was skipped, is said on `t.diagnostic` (else
   * console.log), and a test whose goldens were all skipped is marked skipped. */
  t?: GoldenTestContext;
}

/** Replays the golden at `path` (a path, a file: URL, or a folder of `.golden` and `.transcript`
 * files) with `scenery replay`, synchronously: throws a GoldenMismatch with the engine's report
 * when the output differs, a GoldenError when it cannot be replayed. When updating, rewrites what
 * differs and returns the lines saying what changed (`updated FILE:`, then `  line N (method):
 * summary`); otherwise returns []. */
export function golden(path: string | URL, options?: GoldenOptions): string[];
