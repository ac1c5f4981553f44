// The browser front end in real headless Chromium: for every scene, open it on its sample,
// tap, scroll, pan or long press as the scene allows (real mouse, wheel and key events), and
// after each gesture check that the page's mirrored state equals `snapshot` and that every node
// is drawn where the display list says. Then the page's life as a person lives it: scene
// switches (one request per click, to the current session, and no 'closed' flash), the first
// drag in a scene without pan, the exhibition ring on a server up a while, and a server restart
// (the loss shown, the page back by itself, afresh). Any console error, uncaught exception or
// failed load in the page is a failure.
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/browser_test.mjs
// Exit 0 on success, 1 on a failure, 3 when no Chromium is installed.
import { Browser, pageTestSetup, finish, startServer, sleep } from "./cdp.mjs";

const { chromium, binary, slow } = pageTestSetup();
let server = await startServer(binary);
const serverStarted = Date.now();
const browser = await Browser.launch(chromium);
const failures = [];
let checks = 0;

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

/** The console errors the page reported since the last call, as failures of `step`; those
 * `expected` matches (a refused connection while the server is down) are left out. */
function consoleErrors(step, expected = () => false) {
  const errors = browser.errors.splice(0);
  for (const error of errors) if (!expected(error)) failures.push(`${step}: the page reported an error: ${error.text}`);
  return errors.length;
}

/** The ring's drawn angle (degrees, 0..360) and the angle the display list and the scene clock
 * give at the same moment: `snapshot`'s nowMs against the animation's startMs. */
async function ringPhase() {
  return browser.evaluate(`window.scenery.snapshot().then((s) => {
    const m = new DOMMatrix(getComputedStyle(document.querySelector('[data-id="circle.0.ring"]')).transform);
    const a = s.state.display.nodes['circle.0.ring'].animation;
    const turn = (x) => ((x % 360) + 360) % 360;
    return { nowMs: s.nowMs, drawn: turn(Math.atan2(m.b, m.a) * 180 / Math.PI),
             expected: turn(360 * (s.nowMs - a.startMs) / a.durationMs) }; })`);
}
/** In the page: whether a text's runs (`r`, a .runs element) stay inside the node's box, and
 * whether they end in an ellipsis when cut. */
const runsFit = `(r) => { const node = r.closest('.node'), box = node.getBoundingClientRect(), style = getComputedStyle(r);
  const ellipsis = style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflow === 'hidden';
  return { id: node.dataset.id, text: r.textContent, ellipsis,
           fits: r.getBoundingClientRect().right <= box.right + 0.5 && (r.scrollWidth <= r.clientWidth + 1 || ellipsis) }; }`;
const angleGap = (a, b) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

// Against a build with AddressSanitizer (SCENERY_SANITIZED=1, Scripts/test's second pass) every
// request takes several times as long: the waits scale (by `slow`, from pageTestSetup()).
async function waitFor(scene, step, expression, timeout = 8000) {
  try { await browser.until(expression, timeout * slow); } catch (error) { failures.push(`${scene} ${step}: ${error.message}`); }
}

const gestures = {
  async directory() {
    await browser.click(...await browser.center("tab.contacts"));
    await waitFor("directory", "tap a tab", `window.scenery.state().model.tab === 'contacts'`);
    await check("directory", "tab");
    const [x, y] = await browser.center("title");
    await browser.wheel(x, y + 300, 400);
    await waitFor("directory", "wheel", `window.scenery.state().model.offsetY > 0`);
    await check("directory", "wheel");
    const row = await browser.evaluate(`Object.keys(window.scenery.state().display.nodes).filter((id) => /^contacts\\.person\\.\\d+$/.test(id))
      .find((id) => { const r = document.querySelector('[data-id="' + id + '"]').getBoundingClientRect(); return r.top > 300 && r.top < 600; })`);
    await browser.click(...await browser.center(row));
    await waitFor("directory", "tap a row", `window.scenery.state().model.selection !== null`);
    await check("directory", "row");
  },
  async hoo() {
    await browser.click(...await browser.center("cell.1.3"));
    await waitFor("hoo", "tap a Hoo", `window.scenery.state().model.selection?.hoo === 3`);
    await check("hoo", "tap");
    const [x, y] = await browser.center("cell.1.1");
    // From the first Hoo one cell to the right: the scrub selects the second (index 1).
    await browser.drag([x, y], [x + 85, y + 4]);
    await waitFor("hoo", "scrub", `window.scenery.state().model.selection?.index === 1`);
    await check("hoo", "scrub");
    await browser.drag([x, y + 60], [x + 4, y - 140]);
    await waitFor("hoo", "pan to scroll", `window.scenery.state().model.offsetY > 0`);
    await check("hoo", "pan");
  },
  async exhibition() {
    await browser.click(...await browser.center("mode.nearme"));
    await waitFor("exhibition", "reshuffle", `window.scenery.state().model.cause === 'reshuffle'`);
    await check("exhibition", "reshuffle");
    const turning = await browser.evaluate(`document.querySelector('[data-id="circle.0.ring"]').getAnimations().length`);
    if (turning !== 1) failures.push(`exhibition: the ring is not turning (${turning} animations)`);
    // The page opened on a server up for seconds: the scene clock is far from 0, and the ring
    // must be drawn where it has turned to since scene.open, and keep turning.
    const first = await ringPhase();
    if (first.nowMs < 5000) failures.push(`exhibition: the server has been up only ${first.nowMs} ms; the test needs 5000`);
    await sleep(1500);
    const later = await ringPhase();
    for (const [when, phase] of [["at first", first], ["1.5 s later", later]]) {
      if (angleGap(phase.drawn, phase.expected) > 4) failures.push(`exhibition: ${when} the ring is drawn at ${phase.drawn.toFixed(1)}°, the scene clock says ${phase.expected.toFixed(1)}°`);
    }
    if (angleGap(later.drawn, first.drawn) < 8) failures.push(`exhibition: the ring stands still (${first.drawn.toFixed(1)}° then ${later.drawn.toFixed(1)}° 1.5 s later; 40 s a turn)`);
    // Out of phase (as after a wrong clock), then the clock learned anew: back in phase.
    await browser.evaluate(`document.querySelector('[data-id="circle.0.ring"]').getAnimations()[0].currentTime -= 15000`);
    await browser.evaluate(`window.scenery.session.resync().then(() => true)`);
    const relearned = await ringPhase();
    if (angleGap(relearned.drawn, relearned.expected) > 4) failures.push(`exhibition: after the clock is learned again the ring is drawn at ${relearned.drawn.toFixed(1)}°, the scene clock says ${relearned.expected.toFixed(1)}°`);
  },
  async shelf() {
    await browser.click(...await browser.center("settings.icon"));
    await waitFor("shelf", "alert", `window.scenery.state().model.alert !== null`);
    await check("shelf", "alert");
    await browser.click(...await browser.center("alert.action.0"));
    await waitFor("shelf", "dismiss the alert", `window.scenery.state().model.alert === null`);
    await browser.hold(...await browser.center("book.1.cover"), 800);
    await waitFor("shelf", "long press", `window.scenery.state().model.jiggling?.book === 'book.1'`);
    const jiggling = await browser.evaluate(`document.querySelector('[data-id="book.1.cover"]').getAnimations().length`);
    if (jiggling !== 1) failures.push(`shelf: the book does not jiggle (${jiggling} animations)`);
    // No title runs past its box: a word wider than it breaks, or the line ends in an ellipsis.
    const titles = await browser.evaluate(`[...document.querySelectorAll('[data-id$=".title"] .runs')].map(${runsFit})`);
    for (const t of titles.filter((t) => !t.fits)) failures.push(`shelf: ${t.id} "${t.text}" runs past its box without an ellipsis`);
    // The sample has no one-word title: one drawn by the page's renderer, and a long first word.
    const drawn = await browser.evaluate(`import('/render.js').then(({ Renderer }) => {
      const host = document.createElement('div');
      host.style.cssText = 'position: absolute; left: 0; top: 0; width: 300px; height: 100px';
      document.body.appendChild(host);
      const run = (text) => [{ text, font: 'Helvetica Neue', size: 15, weight: 'bold', color: '#000' }];
      const node = (text) => ({ kind: 'text', frame: [0, 0, 105, 34], z: 0, style: { align: 'left', lines: 2, verticalAlign: 'center' }, text: run(text) });
      new Renderer(host, { image: () => Promise.resolve(null), sceneNow: () => 0 }).render({ display: { content: null, nodes: {
        'one.title': node('Microeconomicsandmore'), 'two.title': node('Microeconomics: A Structured Approach (2nd Edition)') } } });
      const out = [...host.querySelectorAll('.runs')].map(${runsFit});
      host.remove();
      return out; })`);
    const one = drawn.find((t) => t.id === "one.title"), two = drawn.find((t) => t.id === "two.title");
    if (!one?.fits || !one.ellipsis) failures.push(`shelf: a one-word title too long for its box is not cut with an ellipsis (${JSON.stringify(one)})`);
    if (!two?.fits) failures.push(`shelf: a title whose first word is too long for its box runs past it (${JSON.stringify(two)})`);
    await browser.click(...await browser.center("book.1.delete"));
    await waitFor("shelf", "delete", `window.scenery.state().model.books === 29`);
    await check("shelf", "delete");
    const [x, y] = await browser.center("book.4.cover");
    await browser.wheel(x, y, 300);
    await waitFor("shelf", "wheel", `window.scenery.state().model.offsetY > 0`);
    await check("shelf", "wheel");
  },
  async photos() {
    await browser.click(...await browser.center("photo.4"));
    await waitFor("photos", "open the gallery", `window.scenery.state().model.title === '5/16'`);
    await check("photos", "gallery");
    await browser.key("ArrowRight");
    await waitFor("photos", "page", `window.scenery.state().model.title === '6/16'`);
    await browser.click(...await browser.center("gallery.back"));
    await waitFor("photos", "back", `window.scenery.state().model.screen === 'home'`);
    await check("photos", "back");
  },
};

/** Picks preset `index` in the scene picker as a person would, and waits for the scene. */
async function pick(index) {
  await browser.evaluate(`(() => { window.scenery.ready = false; const s = document.getElementById('scene');
    s.value = '${index}'; s.dispatchEvent(new Event('change')); return true; })()`);
  await browser.until(`window.scenery.ready === true`, 20000 * slow);
}

/** Scene switches keep one set of handlers: after five, a click sends one request, to the
 * current session; no request goes to a closed socket; the status never says 'closed'; and the
 * server holds one session for the tab. */
async function sceneSwitches() {
  await browser.open(`${server.url}/?scene=directory&device=0`, 900, 1000);
  await browser.until(`window.scenery?.ready === true`);
  await browser.evaluate(`(() => {
    window.sent = [];
    window.sockets = new Set([window.scenery.session.socket]);
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      window.sockets.add(this);
      window.sent.push({ socket: this, open: this.readyState === 1, method: JSON.parse(data).method });
      return send.call(this, data); };
    window.statuses = [];
    new MutationObserver(() => window.statuses.push(document.getElementById('status').textContent))
      .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
    return true; })()`);
  const presets = await browser.evaluate(`fetch('/presets.json').then((r) => r.json()).then((p) => p.presets.map((x) => x.scene))`);
  for (const scene of ["hoo", "exhibition", "shelf", "photos", "directory"]) await pick(presets.indexOf(scene));
  await browser.evaluate(`(window.sent = window.sent.filter((x) => x.method === 'shutdown'), true)`);
  await browser.click(...await browser.center("tab.contacts"));
  await waitFor("scene switches", "tap a tab", `window.scenery.state().model.tab === 'contacts'`);
  await sleep(300);
  const sent = await browser.evaluate(`window.sent.filter((s) => s.method !== 'shutdown').map((s) => ({ method: s.method, open: s.open, current: s.socket === window.scenery.session.socket }))`);
  const taps = sent.filter((s) => s.method === "tap");
  if (taps.length !== 1 || !taps[0].current) failures.push(`scene switches: a click after five switches sent ${taps.length} taps (${JSON.stringify(sent)}); expected one, to the current session`);
  if (sent.some((s) => !s.open)) failures.push(`scene switches: a request went to a closed socket: ${JSON.stringify(sent)}`);
  const statuses = await browser.evaluate(`window.statuses`);
  const flashed = statuses.filter((s) => /closed|lost/i.test(s));
  if (flashed.length) failures.push(`scene switches: the status said ${JSON.stringify(flashed)} on a deliberate switch`);
  const left = await browser.evaluate(`[...window.sockets].filter((s) => s !== window.scenery.session.socket)
    .filter((s) => s.readyState < 2 && !window.sent.some((x) => x.socket === s && x.method === 'shutdown')).length`);
  if (left) failures.push(`scene switches: the page left ${left} switched-away sessions open`);
  try {
    // A photos session ends on the server only when its running downloads do (seconds later).
    await pollStats((stats) => stats.open === 1, 25000);
  } catch (error) {
    failures.push(`scene switches: the server still holds the switched-away sessions: ${error.message}`);
  }
  await check("scene switches", "after five");
}

/** Polls the server's /stats until `want(stats)` (or throws with the last one after `timeout` ms). */
async function pollStats(want, timeout) {
  let stats = null;
  for (const end = Date.now() + timeout * slow; Date.now() < end; await sleep(100)) {
    stats = await (await fetch(`${server.url}/stats`)).json();
    if (want(stats)) return stats;
  }
  throw new Error(`/stats is ${JSON.stringify(stats)}`);
}

/** The first drag in a scene without pan scrolls by the whole drag: no request is lost probing pan. */
async function firstDrag() {
  await browser.open(`${server.url}/?scene=shelf&device=0`, 900, 1000);
  await browser.until(`window.scenery?.ready === true`);
  const gestures = await browser.evaluate(`[...(window.scenery.session.gestures ?? [])].sort()`);
  if (gestures.includes("pan")) failures.push(`first drag: the shelf lists pan (${gestures}); the test needs a scene without it`);
  const [x, y] = await browser.center("book.4.cover");
  await browser.drag([x, y], [x, y - 150]);
  await waitFor("first drag", "scroll", `window.scenery.state().model.offsetY >= 149.5`);
  await sleep(300);
  const offset = await model(".offsetY");
  if (Math.abs(offset - 150) > 0.5) failures.push(`first drag: a 150 px drag scrolled the shelf by ${offset}`);
  await check("first drag", "scrolled");
}

/** The server stops (SIGTERM) and comes back on the same port: the page shows the loss (a banner,
 * the screen dimmed), reconnects by itself, opens the same scene and device afresh and says so. */
async function serverRestart() {
  const device = 1;
  await browser.open(`${server.url}/?scene=shelf&device=${device}`, 900, 1000);
  await browser.until(`window.scenery?.ready === true`);
  const [x, y] = await browser.center("book.4.cover");
  await browser.wheel(x, y, 300);
  await waitFor("restart", "scroll before", `window.scenery.state().model.offsetY > 0`);
  const port = server.port;
  const down = Date.now();
  server.process.kill("SIGTERM");
  await new Promise((resolve) => server.process.once("exit", resolve));
  await waitFor("restart", "the loss shown", `window.scenery.connection === 'lost'`);
  const shown = await browser.evaluate(`(() => { const b = document.getElementById('banner'), s = document.getElementById('screen');
    return { visible: !b.hidden && b.getBoundingClientRect().height > 0, text: b.textContent, opacity: Number(getComputedStyle(s).opacity),
             filter: getComputedStyle(s).filter, status: document.getElementById('status').textContent }; })()`);
  if (!shown.visible || !/connection lost/i.test(shown.text)) failures.push(`restart: no visible banner says the connection is lost (${JSON.stringify(shown)})`);
  if (!(shown.opacity < 0.6) || !/grayscale/.test(shown.filter)) failures.push(`restart: the screen is not dimmed (${JSON.stringify(shown)})`);
  await sleep(1500);  // a few tries fail meanwhile: 0.25, 0.5, 1 s apart
  server = await startServer(binary, [], port);
  const up = Date.now();
  // Tries 0.25, 0.75, 1.75, 3.75, 7.75 s after the loss: the one after the server is up answers.
  await waitFor("restart", "reconnected", `window.scenery.reconnects === 1 && window.scenery.ready === true`, 15000);
  const back = await browser.evaluate(`(() => { const b = document.getElementById('banner');
    return { scene: window.scenery.state().scene, width: window.scenery.state().viewport.width, offset: window.scenery.state().model.offsetY,
             picked: document.getElementById('device').value, banner: b.hidden ? '' : b.textContent, lost: document.getElementById('screen').classList.contains('lost'),
             connection: window.scenery.connection }; })()`);
  const devices = await browser.evaluate(`fetch('/presets.json').then((r) => r.json()).then((p) => p.devices.map((d) => d.viewport.width))`);
  if (back.scene !== "shelf" || back.width !== devices[device] || back.picked !== String(device)) failures.push(`restart: reconnected on ${back.scene} ${back.width} pt wide, not the shelf on device ${device} (${devices[device]} pt)`);
  if (back.offset !== 0) failures.push(`restart: the new session is not afresh (offsetY ${back.offset})`);
  if (!/afresh/.test(back.banner) || back.lost || back.connection !== "live") failures.push(`restart: after reconnecting the page does not say it started afresh, or still looks lost (${JSON.stringify(back)})`);
  await check("restart", "reconnected");
  // While the server was down the browser itself reports the refused connections: those only.
  const refused = (error) => error.at >= down && error.at <= up + 1000 && /ERR_CONNECTION_REFUSED|WebSocket connection to .* failed/.test(error.text);
  consoleErrors("restart", refused);
}

try {
  for (const [scene, run] of Object.entries(gestures)) {
    if (scene === "exhibition") await sleep(Math.max(0, serverStarted + 8000 - Date.now()));  // a server up a while
    await browser.open(`${server.url}/?scene=${scene}&device=0`, 900, 1000);
    await browser.until(`window.scenery?.ready === true`);
    await check(scene, "open");
    await run();
    consoleErrors(scene);
    console.log(`${scene}: checked`);
  }
  for (const [name, run] of [["scene switches", sceneSwitches], ["first drag", firstDrag], ["restart", serverRestart]]) {
    await run();
    consoleErrors(name);
    console.log(`${name}: checked`);
  }
} catch (error) {
  failures.push(`stopped: ${error.message}`);
}
finish({ browser, processes: [server.process], checks, failures });
