#!/usr/bin/env node
// The `scenery` command the package installs: runs the bundled engine (or $SCENERY_BIN) with the
// same arguments and standard streams, and exits with its status (or its signal).
import { spawnSync } from "node:child_process";
import { findEngine } from "../node.js";

const engine = findEngine();
if (!engine) {
  console.error("scenery: no engine: this package's engine/scenery is missing and SCENERY_BIN is not set");
  process.exit(127);
}
const run = spawnSync(engine, process.argv.slice(2), { stdio: "inherit" });
if (run.error) {
  console.error(`scenery: could not start ${engine}: ${run.error.message}`);
  process.exit(127);
}
if (run.signal) process.kill(process.pid, run.signal);
process.exit(run.status ?? 1);
