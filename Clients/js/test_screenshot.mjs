// The SVG screenshots against the conformance kit (Protocol/conformance): collects the kit's
// states from the engine (collect.py), draws each with the package's renderer (renderSvg, what
// engine.screenshot writes), rasterises the SVG with rsvg-convert at the state's scale, and
// lets check.py judge the renders. Also takes a screenshot through a live session and checks
// that it is the same SVG renderSvg makes of that session's snapshot.
//   SCENERY_BIN=.build/release/scenery node Clients/js/test_screenshot.mjs [--only SUBSTRING] [--keep DIR]
// Prints check.py's report and the score. Exit 0 when every probe of every state passes, 1
// otherwise, 3 without rsvg-convert (apt-get install -y librsvg2-bin).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, renderSvg } from "./index.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const kit = join(repo, "Protocol", "conformance");
const binary = process.env.SCENERY_BIN ?? join(repo, ".build", "release", "scenery");
const option = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : null; };

if (spawnSync("rsvg-convert", ["--version"]).error) { console.error("no rsvg-convert: apt-get install -y librsvg2-bin"); process.exit(3); }
const scratch = option("--keep") ?? mkdtempSync(join(tmpdir(), "scenery-svg-"));
const states = join(scratch, "states"), renders = join(scratch, "renders"), svgs = join(scratch, "svg");
for (const folder of [renders, svgs]) mkdirSync(folder, { recursive: true });
const only = option("--only");
const failures = [];

const collect = spawnSync("python3", [join(kit, "collect.py"), "--scenery", binary, "--out", states, ...(only ? ["--only", only] : [])], { encoding: "utf8" });
if (collect.status !== 0) { console.error(collect.stdout + collect.stderr); process.exit(1); }
const files = readdirSync(states).filter((f) => f.endsWith(".state.json")).sort();
for (const file of files) {
  const state = JSON.parse(readFileSync(join(states, file), "utf8"));
  const svg = join(svgs, `${state.name}.svg`);
  writeFileSync(svg, renderSvg(state.document, state.assets, state.nowMs));
  const { width, height } = state.document.viewport;
  const raster = spawnSync("rsvg-convert", ["-w", String(Math.round(width * state.scale)), "-h", String(Math.round(height * state.scale)),
    "-b", "#FFFFFF", "-o", join(renders, `${state.name}.png`), svg], { encoding: "utf8" });
  if (raster.status !== 0) failures.push(`rsvg-convert ${state.name}: ${raster.stderr}`);
}
const check = spawnSync("python3", [join(kit, "check.py"), "--states", states, "--renders", renders, "--max-failures", "400"], { encoding: "utf8" });
process.stdout.write(check.stdout);
process.stderr.write(check.stderr);
const total = check.stdout.match(/(\d+) of (\d+) probes pass(?![\s\S]*probes pass)/);
if (check.status === 2 || !total) failures.push(`check.py could not judge the renders (status ${check.status})`);
else {
  const score = Number(total[1]) / Number(total[2]);
  console.log(`SVG screenshots: ${total[1]} of ${total[2]} probes pass (${(100 * score).toFixed(2)}%) over ${files.length} states`);
  if (check.status !== 0) failures.push(`check.py: ${Number(total[2]) - Number(total[1])} probes fail (above)`);
}

// engine.screenshot: the SVG of the live state, written where asked.
const engine = await launch({ engine: binary });
await engine.sceneOpen({ scene: "directory" });
const path = join(scratch, "live.svg");
const svg = await engine.screenshot({ path });
const snapshot = await engine.snapshot();
const assets = {};
for (const node of Object.values(snapshot.state.display.nodes)) {
  for (const id of [node.image, node.style?.movie]) if (id) assets[id] = await engine.assetRead({ id });
}
if (svg !== renderSvg(snapshot.state, assets, snapshot.nowMs)) failures.push("engine.screenshot differs from renderSvg of the snapshot");
if (readFileSync(path, "utf8") !== svg) failures.push("engine.screenshot({ path }) wrote something else than it returned");
if (!/<image [^>]*xlink:href="data:image\/png;base64,/.test(svg)) failures.push("the directory's screenshot has no inline image");
await engine.close();

if (!option("--keep")) rmSync(scratch, { recursive: true, force: true });
if (failures.length) { console.error(`${failures.length} failed:\n  ${failures.join("\n  ")}`); process.exit(1); }
console.log("screenshots: every check holds");
