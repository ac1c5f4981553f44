// Scenery from JavaScript: `launch()` starts the engine and gives a session with every protocol
// method (`engine.tap({ id })`), locators (`engine.getByRole("row", { name })`), waits on the
// virtual or the real clock, `expect` assertions and SVG screenshots. The protocol code is the
// page's own (page/ is the page's folder, Sources/SceneryServe/Page, in the repository): Session
// (requests by id, the mirror kept by applying patches in rev order, resync from `snapshot` on
// a gap) and the JSON Patch applier. The node client (node.js) runs that Session over a pipe to
// a spawned engine.
export { Session } from "./page/session.js";
export { applyPatch, jsonEqual, parsePointer, PatchError } from "./page/patch.js";
export { EngineSession, findEngine, launch, spawnEngine, PROTOCOL_VERSION } from "./node.js";
export { SceneryError, TimeoutError, EngineExitedError, StrictModeError, ExpectError } from "./errors.js";
export { Locator } from "./locator.js";
export { expect } from "./expect.js";
export { renderSvg } from "./svg.js";
