// The page against the conformance kit (Protocol/conformance): collects the kit's states from
// the engine, draws each in headless Chromium through the page's renderer (`?conformance`,
// window.scenery.renderState) at deviceScaleFactor = the state's scale, screenshots exactly the
// viewport, and lets check.py judge the renders. Exits with check.py's status, 3 when no Chromium
// is installed.
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/conformance_page.mjs [--states DIR] [--renders DIR]
// Without --states the states are collected into a temporary folder (collect.py); without
// --renders the PNGs go to a temporary folder too.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, pageTestSetup, finish, startServer } from "./cdp.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const kit = join(repo, "Protocol", "conformance");
const option = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : null; };
const { chromium, binary } = pageTestSetup();

const scratch = mkdtempSync(join(tmpdir(), "scenery-conformance-"));
const states = option("--states") ?? join(scratch, "states");
const renders = option("--renders") ?? join(scratch, "renders");
mkdirSync(renders, { recursive: true });

function python(script, args) {
  const run = spawnSync("python3", [join(kit, script), ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  return run.status;
}

let status = 2;
const server = await startServer(binary);
let browser = null;
try {
  if (!option("--states") && python("collect.py", ["--scenery", binary, "--out", states]) !== 0) throw new Error("collect.py failed");
  const all = readdirSync(states).filter((f) => f.endsWith(".state.json")).sort()
    .map((file) => JSON.parse(readFileSync(join(states, file), "utf8")));
  // One browser per scale, started at that device scale factor: with the factor only emulated,
  // headless Chromium lays boxes out on whole CSS pixels (a 1/3 pt hairline becomes 1 pt).
  for (const scale of [...new Set(all.map((state) => state.scale))]) {
    browser = await Browser.launch(chromium, [`--force-device-scale-factor=${scale}`]);
    await browser.open(`${server.url}/?conformance`, 400, 400);
    await browser.until("window.scenery?.ready === true");
    for (const state of all.filter((s) => s.scale === scale)) {
      const { width, height } = state.document.viewport;
      await browser.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: scale, mobile: false });
      await browser.evaluate(`window.scenery.renderState(${JSON.stringify(state.document)}, ${JSON.stringify(state.assets)}, ${state.nowMs})`);
      const png = await browser.screenshot({ x: 0, y: 0, width, height }, { optimizeForSpeed: true });
      writeFileSync(join(renders, `${state.name}.png`), Buffer.from(png, "base64"));
    }
    if (browser.errors.length) throw new Error(`the page reported errors: ${browser.errors.map((e) => e.text).join("; ")}`);
    browser.close();
    browser = null;
  }
  console.log(`${all.length} states drawn by the page into ${renders}`);
  status = python("check.py", ["--states", states, "--renders", renders]);
} catch (error) {
  console.error(`conformance_page: ${error.message}`);
}
finish({ browser, processes: [server.process], scratch: option("--states") || option("--renders") ? null : scratch, status });
