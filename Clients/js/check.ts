// Type-checks the package's declarations as a user's TypeScript would use them:
//   tsc --strict --noEmit --module es2022 --moduleResolution node --target es2022 Clients/js/check.ts
// (Scripts/test installs Debian's node-typescript; the Swift test JavaScriptPackageTests runs it.)
import { applyPatch, spawnEngine, type SessionEvent, type State, type TapParams, type Node } from "./index.js";

export async function walk(): Promise<string | null> {
  const engine = spawnEngine();
  await engine.request("initialize", { protocolVersion: "1.0" });
  await engine.request("scene.open", { scene: "directory" });
  const tap: TapParams = { id: "tab.contacts" };
  await engine.request("tap", tap);
  engine.onChange((event: SessionEvent) => { if ("state" in event) console.log(event.state.scene); });
  const state: State | null = engine.state;
  const nodes: { [id: string]: Node } = state ? state.display.nodes : {};
  const moved = applyPatch(state, [{ op: "replace", path: "/scene", value: "shelf" }]);
  await engine.verify();
  await engine.close();
  return moved?.scene ?? Object.keys(nodes)[0] ?? null;
}
