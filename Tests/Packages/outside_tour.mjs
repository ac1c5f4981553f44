// A newcomer's scripts on each scene, as test_installed.py runs them: the npm tarball alone in an
// empty node project outside the checkout, the Swift toolchain hidden. Node and the package only.
//
// Locators, waits and assertions on all six scenes on their built-in data, with an SVG screenshot
// of each; a row tapped far down a long list the script writes itself (2,000 people: the row is
// not a node until it is revealed); the photo gallery awaited on the virtual clock; an error
// answer and a strictness error. Prints one line per check and "tour: every check holds"; exits 1
// naming the first check that failed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, expect, SceneryError, StrictModeError } from "scenery-engine";

function check(ok, what) {
  if (!ok) { console.error(`tour: FAILED: ${what}`); process.exit(1); }
  console.log("ok", what);
}

const engine = await launch();

// directory: a tab by its label, a row by its name, the model; a strictness error.
await engine.sceneOpen({ scene: "directory" });
await engine.getByRole("button", { name: "Contacts" }).tap();
await expect(engine).toHaveModel("tab", "contacts");
const row = engine.getByRole("row", { name: "Yusuf Nakamura" });
await row.tap();
await expect(row).toBeVisible();
check(engine.model("directory").selection !== null, "directory: a row found by name and tapped");
let strict = null;
try { await engine.getByRole("row", { name: "Nakamura" }).tap(); } catch (error) { strict = error; }
check(strict instanceof StrictModeError && /Nakamura/.test(strict.message), "directory: three Nakamuras make a strictness error naming them");
check((await engine.screenshot()).includes("Contacts"), "directory: the screenshot is an SVG holding the title");

// hoo: the last cell of the sample's grid, far below the first screen.
await engine.sceneOpen({ scene: "hoo" });
await engine.locator("cell").last().tap();
check(engine.model("hoo").selection !== null, "hoo: the last cell tapped selects a Hoo");

// exhibition: an image button by its id.
await engine.sceneOpen({ scene: "exhibition" });
const before = JSON.stringify(engine.model("exhibition").circles);
await engine.locator("mode.nearme").tap();
check(JSON.stringify(engine.model("exhibition").circles) !== before, "exhibition: Near Me reshuffles the circles");
check((await engine.screenshot()).startsWith("<svg"), "exhibition: the screenshot is an SVG");

// shelf: a book by its ISBN, long-pressed: it jiggles.
await engine.sceneOpen({ scene: "shelf" });
await engine.getByRole("button", { name: "9786581411664" }).longPress();
check(engine.model("shelf").jiggling !== null, "shelf: a long press on a book found by its ISBN makes it jiggle");

// photos: the gallery moves on every 2 s of scene time; waited for on the virtual clock.
await engine.sceneOpen({ scene: "photos" });
await engine.locator("photo.0").tap();
const start = Date.now();
await expect(engine.getByText("3/16")).toBeVisible({ timeout: 5000 });
check(Date.now() - start < 2000, "photos: 3/16 awaited on the virtual clock in milliseconds");

// testcard: the next page.
await engine.sceneOpen({ scene: "testcard" });
await engine.page({ direction: "next" });
await expect(engine.getByText("2 / 8")).toBeVisible();
check(true, "testcard: page 2 of 8 shows");

// An error answer is an Error with the JSON-RPC code.
let refused = null;
try { await engine.tap({ id: "no.such.node" }); } catch (error) { refused = error; }
check(refused instanceof SceneryError && refused instanceof Error && refused.code === -32003, "an unknown id is refused with -32003, as an Error");
await engine.close();

// A long list the script writes: the last person is far down, not a node until revealed.
const folder = mkdtempSync(join(tmpdir(), "scenery-tour-"));
try {
  const people = Array.from({ length: 2000 }, (_, n) => ({ firstName: `Person${String(n).padStart(4, "0")}`, lastName: `Family${String(n).padStart(4, "0")}`, age: n % 90 }));
  writeFileSync(join(folder, "people.json"), JSON.stringify(people));
  writeFileSync(join(folder, "events.json"), "[]");
  const list = await launch({ cwd: folder });
  await list.sceneOpen({ scene: "directory", people: "people.json", events: "events.json" });
  await list.getByRole("button", { name: "Contacts" }).tap();
  const last = list.getByText("Person1999 Family1999", { exact: true });
  check(await last.boundingBox() === null, "long list: the last row is not rendered before the tap");
  await last.tap();
  check(list.model("directory").offsetY > 10000, "long list: the tap scrolled far down");
  await expect(last).toBeVisible();
  await list.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log("tour: every check holds");
