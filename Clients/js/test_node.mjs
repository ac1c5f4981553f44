// The node client from a checkout: a whole session on the real engine through the package's
// entry point, an error answer, a gap that resynchronises from snapshot, and a clean shutdown.
//   SCENERY_BIN=.build/debug/scenery node Clients/js/test_node.mjs
// Exit 0 when every check holds, 1 with the failures listed.
import { applyPatch, findEngine, jsonEqual, spawnEngine } from "./index.js";

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
expect(error?.code === -32602 && /id/.test(error.message), `an error answer rejects with its code and message: ${JSON.stringify(error)}`);

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

if (failures.length) {
  console.error(`${failures.length} failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("node client: every check holds");
