// The page's session mirror (Sources/SceneryServe/Page/session.js) without a browser or a
// server: a fake socket feeds it answers and notifications, and it must apply patches in rev
// order, resynchronise with `snapshot` on a revision gap or a patch that does not apply (telling
// the scene clock before the state), take the gestures `scene.open` lists, send nothing on a
// closed socket, and end a session on purpose with `shutdown`.
//   node Tests/Web/session_test.mjs
// Exit 0 when every check holds, 1 with the failures listed.
import { Session } from "../../Sources/SceneryServe/Page/session.js";
import { jsonEqual } from "../../Sources/SceneryServe/Page/patch.js";
import { finish } from "./cdp.mjs";

const failures = [];
let checks = 0;
function expect(ok, what) {
  checks += 1;
  if (!ok) failures.push(what);
}

/** A session on a fake socket: `sent` holds the requests it wrote. */
function fakeSession() {
  const session = new Session("ws://unused");
  const sent = [];
  session.socket = { readyState: 1, send: (text) => sent.push(JSON.parse(text)), close() { this.readyState = 3; } };
  return { session, sent };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const initial = { scene: null, model: {}, display: { content: null, nodes: {} } };
const { session, sent } = fakeSession();
const init = session.request("initialize", {});
session.receive({ jsonrpc: "2.0", id: sent[0].id, result: { engine: "scenery", rev: 0, state: initial } });
await init;
expect(session.rev === 0 && jsonEqual(session.state, initial), "initialize's state is the mirror");

// A patch notification in order applies.
session.receive({ jsonrpc: "2.0", method: "patch", params: { cause: "image.loaded", rev: 1, patch: [{ op: "replace", path: "/scene", value: "shelf" }] } });
expect(session.rev === 1 && session.state.scene === "shelf", "the next rev's patch applies");

// An empty patch at the same rev changes nothing and asks nothing.
session.receive({ jsonrpc: "2.0", method: "patch", params: { cause: "x", rev: 1, patch: [] } });
expect(sent.length === 1, "an empty patch at the current rev sends nothing");

// A gap: rev 3 while at 1 is not applied; a snapshot is asked for, and its state replaces the mirror.
const atGap = { ...initial, scene: "photos", model: { title: "5/16" } };
session.receive({ jsonrpc: "2.0", method: "patch", params: { cause: "timer.advance", rev: 3, patch: [{ op: "replace", path: "/model", value: { title: "wrong" } }] } });
expect(sent.length === 2 && sent[1].method === "snapshot", "a revision gap asks for a snapshot");
expect(session.state.model.title !== "wrong", "the patch after a gap is not applied");
const heard = [];
session.onChange((event) => heard.push(event.clock ? "clock" : event.state ? "state" : "other"));
session.receive({ jsonrpc: "2.0", id: sent[1].id, result: { rev: 3, state: atGap, nowMs: 4000 } });
await tick();
expect(heard.join() === "clock,state", `the snapshot tells the clock before the state (${heard})`);
expect(session.rev === 3 && jsonEqual(session.state, atGap), "the snapshot's state and rev replace the mirror");
expect(Math.abs(session.sceneNow() - 4000) < 1000, "the snapshot's nowMs sets the scene clock");

// A patch that does not apply resynchronises too.
session.receive({ jsonrpc: "2.0", method: "patch", params: { cause: "x", rev: 4, patch: [{ op: "remove", path: "/display/nodes/missing" }] } });
expect(sent.length === 3 && sent[2].method === "snapshot", "a patch that does not apply asks for a snapshot");
expect(session.rev === 3, "the rev stays until the snapshot comes");

// scene.open's result lists the gestures the scene takes; an error rejects with {code, message}.
expect(!session.accepts("tap"), "before scene.open no gesture is taken");
const open = session.request("scene.open", { scene: "photos" });
session.receive({ jsonrpc: "2.0", id: sent[3].id, result: { rev: 3, patch: [], gestures: ["page", "scroll", "tap"] } });
await open;
expect(session.accepts("page") && session.accepts("tap") && !session.accepts("pan"), "scene.open's gestures are what the session takes");
const pan = session.request("pan", { phase: "began", x: 1, y: 1 });
session.receive({ jsonrpc: "2.0", id: sent[4].id, error: { code: -32007, message: "pan: not supported by the photos scene" } });
const error = await pan.then(() => null, (e) => e);
expect(error?.code === -32007, "an error rejects with its code");

// Ending on purpose: `shutdown` is sent, nothing after it, and the close says it was deliberate.
const closes = [];
session.onChange((event) => { if (event.closed) closes.push(event); });
const waiting = session.request("snapshot");
session.close();
expect(sent.at(-1).method === "shutdown", "close() sends shutdown");
const late = await session.request("tap", { x: 1, y: 1 }).then(() => null, (e) => e);
expect(late?.code === "closed" && sent.at(-1).method === "shutdown", "a request after close() is refused, not sent");
session.socket.readyState = 3;
session.closed({ code: 1000, reason: "" });
const dropped = await waiting.then(() => null, (e) => e);
expect(dropped?.code === "closed", "a request waiting when the socket closes is rejected");
expect(closes.length === 1 && closes[0].deliberate === true, "the close is marked deliberate");

finish({ checks, failures });
