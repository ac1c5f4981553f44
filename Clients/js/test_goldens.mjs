// Readable goldens in node's test runner, checked from outside as a user meets them: a project
// folder whose node_modules/scenery-engine is this package (a symlink), a test file calling
// `golden()` from "scenery-engine/testing", run by `node --test` in a subprocess. A golden made by
// `scenery record` passes; with one row's text changed it fails with the engine's report (the
// node id, the field, expected and actual; no frames of testing.js or node's before it; at most
// 40 lines), under the spec and the TAP reporter; SCENERY_UPDATE=1 rewrites it and says which
// golden and step changed. And `engine.screenText()` is the engine's text, which failure messages
// show; testing.d.ts types `golden` for a TypeScript user.
//   SCENERY_BIN=.build/release/scenery node Clients/js/test_goldens.mjs
// Exit 0 when every check holds, 1 with the failures listed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findEngine, launch, TimeoutError } from "./index.js";

const here = dirname(fileURLToPath(import.meta.url));
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };
let lap = performance.now();
/** Prints how long the part just ended took (real time). */
const took = (part) => { console.log(`${part}: ${Math.round(performance.now() - lap)} ms`); lap = performance.now(); };

const engine = findEngine();
if (!engine) { console.error("no scenery binary: set SCENERY_BIN"); process.exit(1); }
const project = mkdtempSync(join(tmpdir(), "scenery-goldens-"));
mkdirSync(join(project, "node_modules"));
symlinkSync(here, join(project, "node_modules", "scenery-engine"), "dir");
writeFileSync(join(project, "package.json"), JSON.stringify({ name: "goldens-user", private: true, type: "module" }));
writeFileSync(join(project, "directory.test.mjs"), [
  'import { test } from "node:test";',
  'import { golden } from "scenery-engine/testing";',
  "",
  'test("directory", (t) => golden(new URL("./x.golden", import.meta.url), { t }));',
  "",
].join("\n"));
const goldenPath = join(project, "x.golden");

/** `node --test` on the project's test file with `reporter`, and `env` added to ours. */
const nodeTest = (reporter, env = {}) => {
  const run = spawnSync("node", ["--test", `--test-reporter=${reporter}`, "directory.test.mjs"],
    { cwd: project, encoding: "utf8", env: { ...process.env, SCENERY_BIN: engine, SCENERY_UPDATE: "", ...env } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

// 1. A golden recorded with `scenery record` passes.
{
  const requests = [
    ["initialize", { protocolVersion: "1.0", seed: 1 }],
    ["scene.open", { scene: "directory" }],
    ["tap", { id: "recents.event.2" }],
    ["tap", { id: "tab.contacts" }],
  ].map(([method, params], i) => JSON.stringify({ jsonrpc: "2.0", id: i + 1, method, params })).join("\n") + "\n";
  const record = spawnSync(engine, ["record", "-o", "x.golden"], { cwd: project, input: requests, encoding: "utf8" });
  check(record.status === 0 && existsSync(goldenPath) && (record.stdout.match(/"id":\d+/g) ?? []).length === 4,
    `scenery record -o x.golden answers the 4 requests and writes the golden: status ${record.status}\n${record.stdout}${record.stderr}`);
  const passed = nodeTest("spec");
  check(passed.status === 0 && /✔ directory/.test(passed.output) && /ℹ pass 1\b/.test(passed.output),
    `node --test on the recorded golden passes: status ${passed.status}\n${passed.output}`);
  took("a recorded golden passes");
}

const recorded = existsSync(goldenPath) ? readFileSync(goldenPath, "utf8") : "";
const row = 'row "Turf 18 Mar, 2018" [selected]  #recents.event.2';
/** The number of the golden's line holding the second tap's request (where the changed row's step starts). */
const step = recorded.split("\n").findIndex((line) => line.startsWith('> tap {"id":"recents.event.2"}')) + 1;

// 2. One row's text changed on purpose: the test fails with the engine's report.
{
  check(recorded.includes(row) && step > 0, `the recorded golden shows ${row} after its line ${step}`);
  writeFileSync(goldenPath, recorded.replace(row, row.replace("Turf 18", "Turf 19")));
  for (const reporter of ["spec", "tap"]) {
    const { status, output } = nodeTest(reporter);
    const lines = output.split("\n");
    const start = lines.findIndex((line) => /FAIL x\.golden: 1 of 4 steps differ/.test(line));
    const end = lines.findIndex((line, i) => i > start && /SCENERY_UPDATE=1/.test(line));
    check(status !== 0 && start >= 0 && end > start, `${reporter}: the failing test shows the engine's report (status ${status}):\n${output}`);
    const report = lines.slice(start, end + 1).join("\n");
    check(report.includes('screen recents.event.2 text: expected "Turf 19 Mar, 2018", actual "Turf 18 Mar, 2018"'),
      `${reporter}: the report names the node, the field, expected and actual:\n${report}`);
    check(report.includes(`x.golden:${step}: after > tap {"id":"recents.event.2"}`), `${reporter}: the report names the golden's line ${step}:\n${report}`);
    const frames = (text) => text.split("\n").filter((line) => /testing\.js|node:internal|^\s+at /.test(line));
    check(start >= 0 && frames(lines.slice(0, start).join("\n")).length === 0,
      `${reporter}: no stack frames before the report:\n${lines.slice(0, Math.max(start, 0) + 1).join("\n")}`);
    check(!/testing\.js|node:internal/.test(output), `${reporter}: no frame of testing.js or node:internal anywhere:\n${frames(output).join("\n")}`);
    check(/directory\.test\.mjs:4/.test(lines.slice(end).join("\n")), `${reporter}: the test file's own line follows the report:\n${output}`);
    const count = end - start + 1;
    check(count > 0 && count <= 40, `${reporter}: the report is at most 40 lines: ${count}`);
    console.log(`${reporter} reporter: the report is ${count} lines, from line ${start + 1} of ${lines.length}`);
  }
  took("a changed row fails with the report");
}

// 3. SCENERY_UPDATE=1 rewrites the golden and says which golden and step changed.
{
  const { status, output } = nodeTest("spec", { SCENERY_UPDATE: "1" });
  check(status === 0 && /ℹ updated x\.golden:/.test(output) && new RegExp(`ℹ {3}line ${step} \\(tap\\): screen 1 node`).test(output),
    `SCENERY_UPDATE=1 node --test says what it rewrote (status ${status}):\n${output}`);
  check(readFileSync(goldenPath, "utf8") === recorded, "the rewritten golden is the recorded one again, byte for byte");
  const again = nodeTest("tap");
  check(again.status === 0 && !/updated/.test(again.output), `after the update, a plain run passes and rewrites nothing: ${again.output}`);
  took("SCENERY_UPDATE=1 rewrites it");
}

// 4. The screen as text is the engine's: screenText(), and what a failed wait shows.
{
  const session = await launch();
  await session.sceneOpen({ scene: "directory" });
  const threw = (error) => `(threw ${error.message})`;
  const text = await session.screenText().catch(threw);
  check(text.includes('button "Contacts"  #tab.contacts') && text.startsWith('text "Recents"  #title\n'),
    `screenText() after opening the directory:\n${text}`);
  const only = await session.screenText({ ids: ["tab.contacts"] }).catch(threw);
  check(only.startsWith('button "Contacts"  #tab.contacts') && !only.includes("#title"), `screenText({ ids }) holds those nodes alone:\n${only}`);
  const timeout = await session.getByText("No such words").tap({ timeout: 100 }).then(() => null, (error) => error);
  check(timeout instanceof TimeoutError && timeout.screenText === text && timeout.message.includes('\n  button "Contacts"  #tab.contacts'),
    `a timeout shows the engine's screen text: ${timeout?.message}`);
  const request = session.request;
  session.request = function (method, params) {
    return method === "snapshot" ? Promise.reject(new Error("snapshot: no answer\nsecond line")) : request.call(this, method, params);
  };
  const blind = await session.getByText("No such words").tap({ timeout: 100 }).then(() => null, (error) => error);
  check(blind instanceof TimeoutError && /the screen's text at the end:\n {2}\(the engine could not show the screen: snapshot: no answer\)$/.test(blind.message),
    `a timeout when the engine cannot show the screen says so in one line: ${blind?.message}`);
  session.request = request;
  await session.close();
  took("screenText");
}

// 5. testing.d.ts: `golden` typed for TypeScript through the package's "exports".
{
  writeFileSync(join(project, "right.ts"), [
    'import { golden, GoldenMismatch } from "scenery-engine/testing";',
    'const changes: string[] = golden(new URL("./x.golden", import.meta.url), { update: false, engine: "scenery" });',
    'try { golden("x.golden", { t: { diagnostic: (line: string) => console.log(line) } }); } catch (error) {',
    '  if (error instanceof GoldenMismatch) console.log(error.files.join(", "), error.code);',
    "}",
    "export const all = changes.length;",
    "",
  ].join("\n"));
  writeFileSync(join(project, "wrong.ts"), 'import { golden } from "scenery-engine/testing";\ngolden("x.golden", { updte: true });\n');
  // One tsc run for both: right.ts must pass, wrong.ts must be refused on its line 2 alone.
  const tsc = spawnSync("tsc", ["--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "right.ts", "wrong.ts"],
    { cwd: project, encoding: "utf8" });
  if (tsc.error) console.log(`skipped the types: no tsc (${tsc.error.message}; apt-get install -y node-typescript)`);
  else {
    const errors = [...tsc.stdout.matchAll(/^(\w+\.ts)\((\d+),\d+\): error/gm)].map((match) => `${match[1]}:${match[2]}`);
    check(errors.length > 0 && errors.every((at) => at === "wrong.ts:2"),
      `tsc --strict through "scenery-engine/testing": right.ts passes, wrong.ts (a misspelt option) is refused on its line 2:\n${tsc.stdout}${tsc.stderr}`);
    took("types");
  }
}

// 6. The README's Goldens section as written: its shell lines make the golden (`npx scenery` being
// the engine), its test file passes under a bare `node --test`, and fails once the golden is changed.
{
  const readme = readFileSync(join(here, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Goldens\n"), readme.indexOf("\n## ", readme.indexOf("\n## Goldens\n") + 1));
  const shell = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  const script = section.match(/```js\n([\s\S]*?)```/)?.[1] ?? "";
  const folder = join(project, "readme");
  mkdirSync(join(folder, "node_modules"), { recursive: true });
  symlinkSync(here, join(folder, "node_modules", "scenery-engine"), "dir");
  writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "readme-user", private: true, type: "module" }));
  const made = spawnSync("sh", ["-e", "-c", shell.replaceAll("npx scenery", JSON.stringify(engine))], { cwd: folder, encoding: "utf8" });
  const madeGolden = join(folder, "test", "directory.golden");
  check(made.status === 0 && existsSync(madeGolden) && readFileSync(madeGolden, "utf8").includes('button "Contacts" [selected]  #tab.contacts'),
    `the README's shell lines make a filled-in golden: status ${made.status}\n${shell}\n${made.stdout}${made.stderr}`);
  writeFileSync(join(folder, "test", "directory.test.mjs"), script);
  const env = { ...process.env, SCENERY_BIN: engine, SCENERY_UPDATE: "" };
  const passes = spawnSync("node", ["--test"], { cwd: folder, encoding: "utf8", env });
  check(passes.status === 0 && /^# pass 1$/m.test(passes.stdout), `the README's test passes under node --test:\n${script}\n${passes.stdout}${passes.stderr}`);
  if (existsSync(madeGolden)) writeFileSync(madeGolden, readFileSync(madeGolden, "utf8").replace('text "Contacts"  #title', 'text "Contact"  #title'));
  const fails = spawnSync("node", ["--test"], { cwd: folder, encoding: "utf8", env });
  check(fails.status !== 0 && fails.stdout.includes('screen title text: expected "Contact", actual "Contacts"'),
    `the README's test fails on a changed golden with the report:\n${fails.stdout}${fails.stderr}`);
  took("the README's golden test");
}

if (failures.length) {
  console.error(`${failures.length} failed (the project is kept: ${project}):\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
rmSync(project, { recursive: true, force: true });
console.log("goldens: every check holds");
