// The page against the conformance kit's gesture scripts (Protocol/conformance/gestures.json):
// each script on a fresh tab of the script's scene, its actions as real input events in headless
// Chromium (CDP Input.dispatchMouseEvent / dispatchKeyEvent at the screen's points; a picker is
// chosen as a user does, as the Qt harness does: a click on the <select> opens it and takes the
// focus, the arrow keys move to the entry and Enter chooses it), against a real `scenery serve
// --record` (each session as a transcript); then gestures.py judges what reached the engine. Also: the Photos gallery
// turned by the swipes (the engine's model).
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/gestures_test.mjs [LOGS]
// Exit 0 when every script passes, 1 on a failure, 3 when no Chromium is installed.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Browser, pageTestSetup, finish, startServer, sleep } from "./cdp.mjs";

const { chromium, binary } = pageTestSetup();
const scripts = JSON.parse(readFileSync("Protocol/conformance/gestures.json", "utf8"));
const scratch = mkdtempSync(join(tmpdir(), "scenery-gestures-"));
const recorded = join(scratch, "serve"), logs = process.argv[2] ?? join(scratch, "logs");
const server = await startServer(binary, ["--record", recorded]);
const browser = await Browser.launch(chromium);
const failures = [];
// The debug engine draws each sample photo on its first asset.read, slowly on a busy machine;
// the requests of a script queue behind those reads.
const WAIT = process.env.SCENERY_SANITIZED === "1" ? 180000 : 90000;

/** The screen's origin on the page and its scale (page px per point). */
async function screenBox() {
  return browser.evaluate(`(() => { const s = document.getElementById('screen'), r = s.getBoundingClientRect();
    return { left: r.left, top: r.top, scale: r.width / (s.offsetWidth || 1) }; })()`);
}

/** Waits until the page's session is ready and its rev has not moved for 700 ms. */
async function settle() {
  await browser.until("window.scenery.ready", WAIT);
  let rev = -1, since = Date.now();
  while (Date.now() - since < 700) {
    const now = await browser.evaluate("window.scenery.rev()");
    if (now !== rev) { rev = now; since = Date.now(); }
    await sleep(50);
  }
}

async function play(action, box) {
  const at = (x, y) => [box.left + x * box.scale, box.top + y * box.scale];
  if (action.click) {
    const [x, y] = at(action.click.x, action.click.y);
    await browser.mouse("mousePressed", x, y);
    await sleep(50);
    await browser.mouse("mouseReleased", x, y, 0);
  } else if (action.hold) {
    const [x, y] = at(action.hold.x, action.hold.y);
    await browser.hold(x, y, action.hold.ms);
  } else if (action.drag) {
    const { from, to, ms, steps } = action.drag;
    // Paced from when the browser has taken the press (a busy machine delays the press itself,
    // which would shorten the drag the page sees below the script's ms).
    await browser.mouse("mousePressed", ...at(...from));
    const start = Date.now();
    for (let i = 1; i <= steps; i++) {
      const wait = start + (ms * i) / steps - Date.now();
      if (wait > 0) await sleep(wait);
      await browser.mouse("mouseMoved", ...at(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps));
    }
    await browser.mouse("mouseReleased", ...at(...to), 0);
  } else if (action.wheel) {
    const [x, y] = at(action.wheel.x, action.wheel.y);
    for (let i = 0; i < Math.abs(action.wheel.notches); i++) {
      await browser.wheel(x, y, 100 * Math.sign(action.wheel.notches));
      await sleep(30);
    }
  } else if (action.key) {
    await browser.key(action.key);
    await sleep(100);  // a key repeat would be the same key again
  } else if (action.pick) {
    const { picker, scene, device } = action.pick;
    const { x, y, from, to } = await browser.evaluate(`(async () => {
      const select = document.getElementById(${JSON.stringify(picker)}), r = select.getBoundingClientRect();
      const presets = await (await fetch('/presets.json')).json();
      const to = ${picker === "scene" ? `presets.presets.findIndex((p) => p.scene === ${JSON.stringify(scene)})` : device};
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, from: select.selectedIndex, to }; })()`);
    await browser.hold(x, y, 50);  // opens the popup, the focus on the <select>
    await sleep(200);
    for (let i = 0; i < Math.abs(to - from); i++) await browser.key(to > from ? "ArrowDown" : "ArrowUp");
    await browser.key("Enter");
    const chosen = await browser.evaluate(`document.getElementById(${JSON.stringify(picker)}).selectedIndex`);
    if (chosen !== to) failures.push(`the ${picker} picker shows entry ${chosen} after the choice, expected ${to}`);
    if (picker === "scene") await settle();
  } else if (action.wait) {
    await sleep(action.wait);
  }
}

const sessionFiles = () => { try { return readdirSync(recorded).sort(); } catch { return []; } };
const galleryIndex = () => browser.evaluate("window.scenery.state()?.model?.gallery?.index ?? null");
/** What the engine must show right after a script, besides the requests: the swipes turn the gallery. */
// (The fast swipe to the right goes back from the first photo to the last, which the 2 s advance never shows.)
const outcomes = { "photos-swipe-right-fast-short": 15 };

rmSync(logs, { recursive: true, force: true });
try {
  for (const script of scripts.scripts) {
    const before = new Set(sessionFiles());
    await browser.open(`${server.url}/?scene=${script.scene}&device=0`, 800, 900);
    await settle();
    const box = await screenBox();
    for (const action of script.actions) await play(action, box);
    // Everything answered: the requests reached the engine.
    await browser.until("window.scenery.session.waiting.size === 0", WAIT).catch(() => {});
    if (script.name in outcomes) {
      await browser.until(`window.scenery.state()?.model?.gallery?.index === ${outcomes[script.name]}`, 5000).catch(() => {});
      const index = await galleryIndex();
      if (index !== outcomes[script.name]) failures.push(`${script.name}: the gallery shows photo ${index} after the swipe, expected ${outcomes[script.name]}`);
    }
    await sleep(300);
    const folder = join(logs, script.name);
    mkdirSync(folder, { recursive: true });
    for (const file of sessionFiles().filter((f) => !before.has(f))) cpSync(join(recorded, file), join(folder, file));
  }
  const judged = spawnSync("python3", ["Protocol/conformance/gestures.py", "--logs", logs], { encoding: "utf8" });
  process.stdout.write(judged.stdout + judged.stderr);
  if (judged.status !== 0) failures.push(`gestures.py judged the scripts above failed (exit ${judged.status})`);
} catch (error) {
  failures.push(`stopped: ${error.message}`);
}
finish({ browser, processes: [server.process], scratch: process.argv[2] ? null : scratch, failures });
