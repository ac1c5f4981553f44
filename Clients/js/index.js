// Scenery from JavaScript. The protocol code is the page's own (page/ is the page's folder,
// Sources/SceneryServe/Page, in the repository): Session (requests by id, the mirror kept by
// applying patches in rev order, resync from `snapshot` on a gap) and the JSON Patch applier. The
// node client (node.js) runs that Session over a pipe to a spawned engine.
export { Session } from "./page/session.js";
export { applyPatch, jsonEqual, parsePointer, PatchError } from "./page/patch.js";
export { EngineSession, findEngine, spawnEngine } from "./node.js";
