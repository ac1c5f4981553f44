// Type-checks the package's declarations as a user's TypeScript would use them:
//   tsc --strict --noEmit --module es2022 --moduleResolution node --target es2022 Clients/js/check.ts
// (Scripts/test installs Debian's node-typescript; the Swift test JavaScriptPackageTests runs it.)
// check_wrong.ts holds what tsc must refuse; test_types.mjs runs both.
import { applyPatch, expect, launch, spawnEngine, SceneryError, TimeoutError, EngineExitedError,
  type DirectoryModel, type Locator, type SessionEvent, type State, type TapParams, type Node } from "./index.js";

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

/** The spec's first script, typed: launch, typed methods, locators, expect, the model. */
export async function firstScript(): Promise<unknown> {
  const engine = await launch({ clock: "virtual", seed: 1 });
  await engine.sceneOpen({ scene: "directory" });
  await engine.getByRole("button", { name: "Contacts" }).tap();
  const row: Locator = engine.getByRole("row", { name: "Yusuf Nakamura" });
  await row.tap();
  await expect(row).toBeVisible();
  await expect(engine).toHaveModel("tab", "contacts");
  const model: DirectoryModel = engine.model("directory");
  const found = await engine.find({ role: "row", name: "Nakamura", limit: 3 });
  const firstId: string | undefined = found.matches[0]?.id;
  await engine.reveal({ id: firstId ?? "contacts.person.0" });
  const rows: Locator[] = await engine.getByRole("row").all();
  await rows[0]?.waitFor({ state: "attached", timeout: 100 });
  await engine.scroll({ deltaY: 250 });
  const now: number = (await engine.clockAdvance({ ms: 2000 })).nowMs;
  await engine.sceneOpen({ scene: "photos", cacheDir: "/tmp/photos" });
  await engine.tap({ x: 10, y: 20, baseRev: engine.rev });
  const text: string = await engine.getByText("3/16", { exact: true }).textContent({ timeout: 1000 });
  const box = await row.boundingBox();
  const width: number = box ? box.width : 0;
  await expect(engine.locator("photo").first()).toHaveText(/.*/);
  await expect(engine.getByText("Nothing")).toHaveCount(0);
  await expect(engine.getByText("Nothing")).not.toBeVisible();
  await expect(engine).not.toHaveModel("alert/title", "Delete");
  const svg: string = await engine.screenshot({ path: "shot.svg" });
  try { await engine.tap({ id: "nowhere" }); } catch (error) {
    if (error instanceof TimeoutError) console.log(error.screenText);
    else if (error instanceof EngineExitedError) console.log(error.status, error.stderr);
    else if (error instanceof SceneryError) console.log(error.code, error.method);
  }
  await engine.close();
  return [model.selection, now, text, width, svg.length];
}
