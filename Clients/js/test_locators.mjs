// Locators, waits and assertions on the real engine, from a checkout: the spec's first script, a
// row found and tapped past the first screen of a long virtualized list (2,000 people), a wait
// on the virtual clock for the photo gallery (exact and instant), a wait on the real clock (woken
// by patches), strictness errors, a timeout's message, the locator API, and each of the six scenes.
//   SCENERY_BIN=.build/release/scenery node Clients/js/test_locators.mjs
// Exit 0 when every check holds, 1 with the failures listed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect as assertThat, ExpectError, launch, SceneryError, StrictModeError, TimeoutError } from "./index.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };
/** The error `run` rejects with (null when it resolves). */
const rejection = async (run) => { try { await run(); return null; } catch (error) { return error; } };
const nowMs = async (engine) => (await engine.snapshot()).nowMs;
let lap = performance.now();
/** Prints how long the part just ended took (real time). */
const took = (part) => { console.log(`${part}: ${Math.round(performance.now() - lap)} ms`); lap = performance.now(); };

// 1. The spec's first script (the sample has three Nakamuras: the row is named in full).
{
  const engine = await launch();
  await engine.sceneOpen({ scene: "directory" });
  await engine.getByRole("button", { name: "Contacts" }).tap();
  const row = engine.getByRole("row", { name: "Yusuf Nakamura" });
  await row.tap();
  await assertThat(row).toBeVisible();
  await assertThat(engine).toHaveModel("tab", "contacts");
  const selection = engine.model("directory").selection;
  const [match] = (await engine.find({ role: "row", name: "Yusuf Nakamura" })).matches;
  check(typeof selection === "string" && selection === match?.id, `the first script selects the Yusuf Nakamura row: selection ${selection}, match ${match?.id}`);
  check(/Yusuf Nakamura/.test(await row.textContent()), "the row's text content is its accessible name");
  const box = await row.boundingBox();
  const content = engine.state.display.content.frame;
  check(box !== null && box.y >= content[1] && box.y + box.height <= content[1] + content[3],
    `a tapped row is inside the content frame: ${JSON.stringify(box)} in ${content}`);
  const error = await rejection(() => engine.model("photos"));
  check(error instanceof SceneryError && /open scene is "directory"/.test(error.message), `model() of another scene: ${error}`);

  // 2. Strictness: more than one match fails at once (no wait: the scene clock stays), naming
  // the locator and the first matches; nth/first/last pick one.
  const before = await nowMs(engine);
  const strict = await rejection(() => engine.getByRole("row").tap());
  check(strict instanceof StrictModeError && strict instanceof SceneryError && strict.count > 5 && strict.matches.length === 5
    && /getByRole\("row"\) matched \d+ nodes/.test(strict.message) && strict.message.includes(strict.matches[0].id),
  `a tap on several rows is a StrictModeError naming the locator and the first matches: ${strict?.message}`);
  check(await nowMs(engine) === before, "a strictness error does not wait (the scene clock did not move)");
  const rows = engine.getByRole("row");
  const count = await rows.count();
  const all = await rows.all();
  check(all.length === count && count > 40, `count() and all() agree on the rows: ${count}, ${all.length}`);
  const firstText = await rows.first().textContent();
  check(firstText === await all[0].textContent() && firstText === await rows.nth(0).textContent(), "first(), nth(0) and all()[0] are the same row");
  check(await rows.last().textContent() === await all[count - 1].textContent(), "last() is the last row in screen order");
  check(await rows.first().boundingBox() === null, "boundingBox() of a row scrolled out of the rendered band is null");
  check(await engine.getByText("Contacts", { exact: true }).first().isVisible(), "isVisible() of a shown text");
  check(!(await engine.getByText("No such words anywhere").isVisible()), "isVisible() of nothing is false");
  await rows.last().scrollIntoViewIfNeeded();
  check(await rows.last().isVisible(), "scrollIntoViewIfNeeded() brings the last row into view");
  // Hidden is not strict: the three Nakamura rows are all above the screen now.
  await assertThat(engine.getByRole("row", { name: "Nakamura" })).toBeHidden();
  await engine.getByRole("row", { name: "Nakamura" }).waitFor({ state: "hidden" });
  const shown = await rejection(() => assertThat(engine.getByRole("row")).toBeHidden({ timeout: 100 }));
  check(shown instanceof ExpectError && /found: {4}\d+ matches, \d+ visible/.test(shown.message), `toBeHidden on rows that show: ${shown?.message}`);
  // An id locator: the node with exactly that id when there is one, else the id prefix.
  const button = await engine.locator("tab.contacts").tap();
  check(button.target === "tab.contacts", `locator("tab.contacts") is the button alone, not also its label: ${button.target}`);
  check(await engine.locator("tab").count() === (await engine.find({ id: "tab" })).count, "locator(prefix) counts every node under it");
  check(await engine.locator("contacts.person").count() > 50, "locator(\"contacts.person\"): every row and its parts");

  // 3. A timeout says what was awaited, for how long, and the screen's text at the end.
  const start = await nowMs(engine);
  const timeout = await rejection(() => engine.getByText("No such words anywhere").tap({ timeout: 200 }));
  check(timeout instanceof TimeoutError && timeout instanceof SceneryError && timeout.timeout === 200
    && /timed out after 200 ms of scene time \(virtual clock\) waiting for getByText\("No such words anywhere"\) to tap/.test(timeout.message)
    && /the screen's text at the end:\n {2}text "Contacts" {2}#title\n/.test(timeout.message) && timeout.message.split("\n").length <= 3 + 21
    && timeout.screenText === await engine.screenText() && timeout.screenText.includes('button "Contacts" [selected]  #tab.contacts'),
  `a timeout's message: ${timeout?.message}`);
  check(await nowMs(engine) - start === 200, "a timeout of 200 ms on the virtual clock spends exactly 200 ms of scene time");
  const failed = await rejection(() => assertThat(engine.getByText("Contacts", { exact: true }).first()).toHaveText("Recents", { timeout: 100 }));
  check(failed instanceof ExpectError && /expected: text "Recents"/.test(failed.message) && /found: {4}text "Contacts"/.test(failed.message)
    && /the screen's text at the end:/.test(failed.message), `a failed expect says what it expected and found: ${failed?.message}`);
  await assertThat(engine.getByText("No such words anywhere")).toHaveCount(0);
  await assertThat(engine.getByText("No such words anywhere")).not.toBeVisible();
  await assertThat(engine).not.toHaveModel("tab", "recents");
  const negated = await rejection(() => assertThat(engine.getByRole("row").first()).not.toHaveText(/Age|\w/, { timeout: 100 }));
  check(negated instanceof ExpectError && /expect\(getByRole\("row"\)\.first\(\)\)\.not\.toHaveText\(/.test(negated.message) && /expected: not text/.test(negated.message),
    `a failed negated expect names .not and what it expected not to find: ${negated?.message}`);
  await assertThat(engine.getByText("No such words anywhere")).toBeHidden();
  await engine.close();
  took("first script, strictness, timeouts");
}

// 4. A row past the first screen of a long virtualized list: 2,000 people.
{
  const data = mkdtempSync(join(tmpdir(), "scenery-people-"));
  const made = spawnSync("python3", [join(repo, "Examples", "generators", "directory_data.py"), "--people", "2000", "--events", "10", "--out", data], { encoding: "utf8" });
  check(made.status === 0, `directory_data.py: ${made.stderr}`);
  const people = JSON.parse(readFileSync(join(data, "people.json"), "utf8"));
  const label = (p) => `${p.firstName} ${p.lastName ?? ""}`.trim();
  const labels = people.map((p) => label(p).toLowerCase());
  // A person whose name no one else's contains, late in the alphabet (far down the list).
  const target = people.filter((p) => p.lastName && /^[T-Z]/.test(p.lastName))
    .find((p) => labels.filter((other) => other.includes(label(p).toLowerCase())).length === 1);
  const engine = await launch({ cwd: data, network: false });  // its pictures are on a host that never resolves
  await engine.sceneOpen({ scene: "directory", people: "people.json", events: "events.json" });
  await engine.getByRole("button", { name: "Contacts" }).tap();
  const row = engine.getByRole("row", { name: label(target) });
  const [before] = (await engine.find({ role: "row", name: label(target) })).matches;
  check(before && !before.rendered && !(await row.isVisible()), `${label(target)}'s row is not rendered before the tap (virtualized): ${JSON.stringify(before)}`);
  await row.tap();
  await assertThat(row).toBeVisible();
  check(engine.model("directory").selection === before?.id, `the tap selected ${label(target)}'s row ${before?.id}: ${engine.model("directory").selection}`);
  check(engine.state.display.content.offsetY > 10000, `the list scrolled far down to it: offsetY ${engine.state.display.content.offsetY}`);
  await engine.close();
  rmSync(data, { recursive: true, force: true });
  took("2,000 people");
}

// 5. The photo gallery on the virtual clock: a wait advances the scene clock 50 ms a step, so
// "3/16 within 5 s" takes milliseconds and exactly 4000 ms of scene time, every run.
for (const run of [1, 2]) {
  const engine = await launch();
  await engine.sceneOpen({ scene: "photos" });
  await engine.locator("photo.0").tap();
  await assertThat(engine.locator("gallery.title")).toHaveText("1/16");
  const start = await nowMs(engine);
  const started = performance.now();
  await assertThat(engine.getByText("3/16", { exact: true })).toBeVisible();
  const spent = await nowMs(engine) - start;
  check(spent === 4000, `run ${run}: the gallery shows 3/16 after exactly 4000 ms of scene time, not ${spent}`);
  check(performance.now() - started < 2000, `run ${run}: the virtual wait took ${Math.round(performance.now() - started)} ms of real time`);
  await assertThat(engine).toHaveModel("gallery/position", "3/16");
  await engine.close();
  took(`photos on the virtual clock, run ${run}`);
}

// 6. The real clock: a wait is woken by the patch that changes the screen (the gallery's 2 s
// advance), no sooner and with no polling.
{
  const engine = await launch({ clock: "real" });
  await engine.sceneOpen({ scene: "photos" });
  await engine.locator("photo.0").tap();
  const request = engine.request.bind(engine);
  let finds = 0;
  engine.request = (method, params) => { if (method === "find") finds += 1; return request(method, params); };
  const started = performance.now();
  // Woken by the advance's patch (a wait that ran out would throw instead; generous for a loaded machine).
  await engine.getByText("2/16", { exact: true }).waitFor({ state: "visible", timeout: 10000 });
  const waited = performance.now() - started;
  check(waited > 1500, `a real-clock wait ends with the 2 s advance, not before: ${Math.round(waited)} ms`);
  check(finds <= 4, `a real-clock wait checks once, then once a patch, no polling: ${finds} finds in ${Math.round(waited)} ms`);
  engine.request = request;
  await engine.getByText("1/16", { exact: true }).waitFor({ state: "detached", timeout: 100 });
  const timeout = await rejection(() => engine.getByText("No such words").waitFor({ timeout: 300 }));
  check(timeout instanceof TimeoutError && /after 300 ms \(real clock\)/.test(timeout.message), `a real-clock timeout: ${timeout?.message}`);
  await engine.close();
  took("photos on the real clock");
}

// 7. Every scene: its first visible text found and shown, its screenshot holding that text,
// and a gesture on a located node.
{
  const engine = await launch({ network: false });
  for (const scene of ["directory", "hoo", "exhibition", "shelf", "photos", "testcard"]) {
    await engine.sceneOpen({ scene });
    // The first named node of the engine's screen text (`text "…"  #id`, `button "…"  #id`): a text
    // node's text, or the text of a named button's or row's first text part.
    const first = (await engine.screenText()).split("\n").map((row) => row.match(/^\s*(\w+) ("(?:[^"\\]|\\.)+") {2}#(\S+)/)).find(Boolean);
    const line = !first ? "" : first[1] === "text" ? JSON.parse(first[2])
      : (await engine.find({ id: first[3] })).matches.find((part) => part.text)?.text ?? "";
    if (scene !== "exhibition") {  // the exhibition's field has no text
      await assertThat(engine.getByText(line, { exact: true }).first()).toBeVisible();
      const svg = await engine.screenshot();
      check(svg.includes(`>${line.replace(/&/g, "&amp;").replace(/</g, "&lt;")}<`), `${scene}'s screenshot shows ${JSON.stringify(line)}`);
    }
  }
  await engine.sceneOpen({ scene: "exhibition" });
  const tapped = await engine.locator("mode.nearme").tap();
  check(tapped.target === "mode.nearme" && engine.model("exhibition").cause !== "open", `a located button of the exhibition is tapped: ${JSON.stringify(tapped.target)} ${engine.model("exhibition").cause}`);
  await engine.sceneOpen({ scene: "shelf" });
  const strict = await rejection(() => engine.getByRole("button", { name: "Linear Algebra" }).longPress());
  check(strict instanceof StrictModeError && strict.count === 6, `six books are named Linear Algebra: ${strict?.message}`);
  await engine.getByRole("button", { name: "9786581411664" }).longPress();
  check(engine.model("shelf").jiggling !== null, "a long press on a located book starts the jiggle");
  await engine.page({ direction: "next" }).catch(() => null);  // the shelf takes no page: -32007
  await engine.sceneOpen({ scene: "testcard" });
  await engine.page({ direction: "next" });
  await assertThat(engine.getByText("2 / 8", { exact: true })).toBeVisible();
  await engine.close();
  took("six scenes");
}

// 8. The package README's first script runs as written (its import pointed at this folder).
{
  const here = dirname(fileURLToPath(import.meta.url));
  const readme = readFileSync(join(here, "README.md"), "utf8");
  const script = readme.match(/```js\n([\s\S]*?)```/)[1].replace('from "scenery-engine"', `from ${JSON.stringify(pathToFileURL(join(here, "index.js")).href)}`);
  const folder = mkdtempSync(join(tmpdir(), "scenery-readme-"));
  writeFileSync(join(folder, "first.mjs"), script);
  const run = spawnSync("node", [join(folder, "first.mjs")], { encoding: "utf8" });
  check(run.status === 0 && /^contacts\.person\.\d+$/m.test(run.stdout), `the README's first script: status ${run.status}, ${run.stdout}${run.stderr}`);
  rmSync(folder, { recursive: true, force: true });
  took("the README's first script");
}

if (failures.length) {
  console.error(`${failures.length} failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("locators: every check holds");
