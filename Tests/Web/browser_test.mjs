// The browser front end in real headless Chromium: for every scene, open it on its sample,
// tap, scroll, pan or long press as the scene allows (real mouse, wheel and key events), and
// after each gesture check that the page's mirrored state equals `snapshot` and that every node
// is drawn where the display list says.
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/browser_test.mjs
// Exit 0 on success, 1 on a failure, 3 when no Chromium is installed.
import { Browser, findChromium, startServer, sleep } from "./cdp.mjs";

const chromium = findChromium();
if (!chromium) {
  console.error("no Chromium: install it with apt-get install -y chromium chromium-driver");
  process.exit(3);
}
const binary = process.env.SCENERY_BIN ?? ".build/debug/scenery";
const server = await startServer(binary);
const browser = await Browser.launch(chromium);
const failures = [];
let checks = 0;

/** The page-coordinates centre of node `id` as drawn now. */
async function center(id) {
  const box = await browser.evaluate(`(() => { const e = document.querySelector('[data-id="${id}"]'); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
  if (!box) throw new Error(`no node ${id} on the page`);
  return box;
}

const model = (path) => browser.evaluate(`JSON.stringify(window.scenery.state()?.model${path})`).then((v) => (v === undefined ? undefined : JSON.parse(v)));

/** Mirror equals snapshot; every node's element where the display list puts it (±0.5 px). */
async function check(scene, step) {
  checks += 1;
  await sleep(250);
  const same = await browser.evaluate(`import('/patch.js').then(async (p) => {
    const snapshot = await window.scenery.snapshot();
    return p.jsonEqual(snapshot.state, window.scenery.state()) && snapshot.rev === window.scenery.rev(); })`);
  if (!same) failures.push(`${scene} ${step}: the page's mirror differs from snapshot`);
  const misplaced = await browser.evaluate(`(() => {
    const state = window.scenery.state(), content = state.display.content, screen = document.getElementById('screen').getBoundingClientRect();
    const wrong = [];
    for (const [id, node] of Object.entries(state.display.nodes)) {
      if (node.animation) continue;  // turning: its box is the rotated one
      const e = document.querySelector('[data-id="' + CSS.escape(id) + '"]');
      if (!e) { wrong.push(id + ': not drawn'); continue; }
      let [x, y, w, h] = node.frame;
      if (node.layer === 'content') {
        x += content.frame[0]; y = y - content.offsetY + content.frame[1];
        const [cx, cy, cw, ch] = content.frame;
        if (y + h <= cy || y >= cy + ch || x + w <= cx || x >= cx + cw) { if (e.style.display !== 'none') wrong.push(id + ': drawn outside the content'); continue; }
      }
      const r = e.getBoundingClientRect();
      const got = [r.left - screen.left, r.top - screen.top, r.width, r.height];
      if ([x, y, w, h].some((v, i) => Math.abs(v - got[i]) > 0.5)) wrong.push(id + ': at ' + got.map(Math.round) + ', expected ' + [x, y, w, h].map(Math.round));
    }
    return wrong; })()`);
  if (misplaced.length) failures.push(`${scene} ${step}: ${misplaced.length} nodes misplaced: ${misplaced.slice(0, 5).join("; ")}`);
}

async function waitFor(scene, step, expression) {
  try { await browser.until(expression, 8000); } catch (error) { failures.push(`${scene} ${step}: ${error.message}`); }
}

const gestures = {
  async directory() {
    await browser.click(...await center("tab.contacts"));
    await waitFor("directory", "tap a tab", `window.scenery.state().model.tab === 'contacts'`);
    await check("directory", "tab");
    const [x, y] = await center("title");
    await browser.wheel(x, y + 300, 400);
    await waitFor("directory", "wheel", `window.scenery.state().model.offsetY > 0`);
    await check("directory", "wheel");
    const row = await browser.evaluate(`Object.keys(window.scenery.state().display.nodes).filter((id) => /^contacts\\.person\\.\\d+$/.test(id))
      .find((id) => { const r = document.querySelector('[data-id="' + id + '"]').getBoundingClientRect(); return r.top > 300 && r.top < 600; })`);
    await browser.click(...await center(row));
    await waitFor("directory", "tap a row", `window.scenery.state().model.selection !== null`);
    await check("directory", "row");
  },
  async hoo() {
    await browser.click(...await center("cell.1.3"));
    await waitFor("hoo", "tap a Hoo", `window.scenery.state().model.selection?.hoo === 3`);
    await check("hoo", "tap");
    const [x, y] = await center("cell.1.1");
    // From the first Hoo one cell to the right: the scrub selects the second (index 1).
    await browser.drag([x, y], [x + 85, y + 4]);
    await waitFor("hoo", "scrub", `window.scenery.state().model.selection?.index === 1`);
    await check("hoo", "scrub");
    await browser.drag([x, y + 60], [x + 4, y - 140]);
    await waitFor("hoo", "pan to scroll", `window.scenery.state().model.offsetY > 0`);
    await check("hoo", "pan");
  },
  async exhibition() {
    await browser.click(...await center("mode.nearme"));
    await waitFor("exhibition", "reshuffle", `window.scenery.state().model.cause === 'reshuffle'`);
    await check("exhibition", "reshuffle");
    const turning = await browser.evaluate(`document.querySelector('[data-id="circle.0.ring"]').getAnimations().length`);
    if (turning !== 1) failures.push(`exhibition: the ring is not turning (${turning} animations)`);
  },
  async shelf() {
    await browser.click(...await center("settings.icon"));
    await waitFor("shelf", "alert", `window.scenery.state().model.alert !== null`);
    await check("shelf", "alert");
    await browser.click(...await center("alert.action.0"));
    await waitFor("shelf", "dismiss the alert", `window.scenery.state().model.alert === null`);
    await browser.hold(...await center("book.1.cover"), 800);
    await waitFor("shelf", "long press", `window.scenery.state().model.jiggling?.book === 'book.1'`);
    const jiggling = await browser.evaluate(`document.querySelector('[data-id="book.1.cover"]').getAnimations().length`);
    if (jiggling !== 1) failures.push(`shelf: the book does not jiggle (${jiggling} animations)`);
    await browser.click(...await center("book.1.delete"));
    await waitFor("shelf", "delete", `window.scenery.state().model.books === 29`);
    await check("shelf", "delete");
    const [x, y] = await center("book.4.cover");
    await browser.wheel(x, y, 300);
    await waitFor("shelf", "wheel", `window.scenery.state().model.offsetY > 0`);
    await check("shelf", "wheel");
  },
  async photos() {
    await browser.click(...await center("photo.4"));
    await waitFor("photos", "open the gallery", `window.scenery.state().model.title === '5/16'`);
    await check("photos", "gallery");
    await browser.key("ArrowRight");
    await waitFor("photos", "page", `window.scenery.state().model.title === '6/16'`);
    await browser.click(...await center("gallery.back"));
    await waitFor("photos", "back", `window.scenery.state().model.screen === 'home'`);
    await check("photos", "back");
  },
};

try {
  for (const [scene, run] of Object.entries(gestures)) {
    await browser.open(`${server.url}/?scene=${scene}&device=0`, 900, 1000);
    await browser.until(`window.scenery?.ready === true`);
    await check(scene, "open");
    await run();
    console.log(`${scene}: checked`);
  }
} catch (error) {
  failures.push(`stopped: ${error.message}`);
} finally {
  browser.close();
  server.process.kill();
}
console.log(`${checks} checks, ${failures.length} failures`);
for (const failure of failures) console.log("  " + failure);
process.exit(failures.length ? 1 : 0);
