// The node client from a checkout: a whole session on the real engine through the package's
// entry point, error answers as SceneryErrors with a stack, an engine that exits early as an
// EngineExitedError with its status and stderr, the typed methods, a gap that resynchronises
// from snapshot, a clean shutdown, and the `scenery` command.
//   SCENERY_BIN=.build/debug/scenery node Clients/js/test_node.mjs
// Exit 0 when every check holds, 1 with the failures listed.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { applyPatch, EngineExitedError, findEngine, jsonEqual, launch, SceneryError, spawnEngine, TimeoutError } from "./index.js";

const failures = [];
const expect = (ok, what) => { if (!ok) failures.push(what); };

expect(findEngine("/some/where/scenery") === "/some/where/scenery", "an explicit engine path wins");
const engine = spawnEngine();
const hello = await engine.request("initialize", { protocolVersion: "1.0" });
expect(hello.engine === "scenery" && engine.rev === 0, "initialize hands over the state at rev 0");
await engine.request("scene.open", { scene: "directory" });
await engine.request("tap", { id: "tab.contacts" });
expect(engine.state.model.tab === "contacts", "the mirror follows the tap's patch");
const snapshot = await engine.verify();
expect(snapshot.rev === engine.rev, "verify: the mirror equals snapshot");

let error = null;
try { await engine.request("tap", {}); } catch (answer) { error = answer; }
expect(error instanceof SceneryError && error instanceof Error && error.code === -32602 && error.method === "tap" && /id/.test(error.message),
  `an error answer rejects with a SceneryError with its code, method and message: ${error}`);
async function tapsNothing() { await engine.tap({ id: "no.such.node" }); }
error = null;
try { await tapsNothing(); } catch (answer) { error = answer; }
expect(error instanceof SceneryError && error.code === -32003 && /tapsNothing/.test(error.stack),
  `a typed method's error answer has the caller in its stack: ${error?.stack}`);
expect(!(error instanceof TimeoutError) && !(error instanceof EngineExitedError), "an error answer is neither a timeout nor an exit");
const scrolled = await engine.scroll({ deltaY: 250 });
expect(scrolled.rev >= 1 && engine.state.display.content.offsetY === 250, "engine.scroll({ deltaY }) sends scroll and the mirror follows");

// A patch two revs ahead is a gap: the session resynchronises from snapshot.
const rev = engine.rev;
let resyncs = 0;
engine.onChange((event) => { if (event.clock) resyncs += 1; });
engine.receive({ jsonrpc: "2.0", method: "patch", params: { cause: "test", rev: rev + 2, patch: [{ op: "replace", path: "/scene", value: "gone" }] } });
for (let i = 0; i < 100 && resyncs === 0; i++) await new Promise((r) => setTimeout(r, 20));
await engine.verify();
expect(resyncs === 1 && engine.state.scene === "directory" && engine.rev === rev, "a gap resynchronises the mirror from snapshot");

expect(jsonEqual(applyPatch({ a: [1] }, [{ op: "add", path: "/a/-", value: 2 }]), { a: [1, 2] }), "applyPatch is exported");
await engine.close();
expect(engine.process.exitCode === 0, "shutdown ends the engine with status 0");
error = null;
try { await engine.snapshot(); } catch (answer) { error = answer; }
expect(error instanceof SceneryError && error.code === "closed" && !(error instanceof EngineExitedError), `a request after close: closed, not exited: ${error}`);

// The session's clock is remembered however initialize is sent (waits depend on it).
const real = spawnEngine();
await real.request("initialize", { clock: "real" });
expect(real.clock === "real", `a session initialized with request("initialize", { clock: "real" }) waits on the real clock: ${real.clock}`);
await real.close();

// An engine that exits early: the waiting request rejects with its status and the end of its stderr.
const noisy = "x".repeat(6000) + "\nthe last words";
error = null;
try { await launch({ engine: "/bin/sh", args: ["-c", `printf '%s' '${noisy}' >&2; exit 3`] }); } catch (answer) { error = answer; }
expect(error instanceof EngineExitedError && error instanceof SceneryError && error.status === 3 && error.method === "initialize"
  && error.stderr.endsWith("the last words") && error.stderr.length <= 4096 && /status 3/.test(error.message) && /the last words/.test(error.message),
  `an engine that exits early: EngineExitedError with status 3 and the last 4 KB of stderr: ${error}`);
const started = await launch();
started.process.kill("SIGKILL");
error = null;
try { await started.snapshot(); } catch (answer) { error = answer; }
expect(error instanceof EngineExitedError && error.status === "SIGKILL", `a killed engine: EngineExitedError naming the signal: ${error}`);

// The `scenery` command runs the engine with the same arguments and exit status.
const bin = join(dirname(fileURLToPath(import.meta.url)), "bin", "scenery.js");
const version = spawnSync("node", [bin, "--version"], { encoding: "utf8" });
expect(version.status === 0 && /^\d+\.\d+\.\d+$/.test(version.stdout.trim()), `scenery --version: ${version.status} ${version.stdout} ${version.stderr}`);
const refused = spawnSync("node", [bin, "--no-such-flag"], { encoding: "utf8" });
expect(refused.status === 64 && /no-such-flag/.test(refused.stderr), `scenery --no-such-flag exits as the engine does (64): ${refused.status}`);

if (failures.length) {
  console.error(`${failures.length} failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("node client: every check holds");
