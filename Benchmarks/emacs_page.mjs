// The page's half of Benchmarks/emacs.py: the same three measures on the browser page, in headless
// Chromium against `scenery serve`, so the Emacs figures have a reference from the same run.
//   node --experimental-websocket Benchmarks/emacs_page.mjs BIN [TAPS] [DRAG_MOVES]
// Prints one line of JSON. Instrumentation (injected into the page): the time each rev's patch
// arrived (the session's receive), and when the frame that shows it was painted (the first
// animation frame after the page drew it, then the task after that frame: the paint has happened).
//   tap:  a click on a Recents row (alternating two rows), patch arrival to painted, per tap;
//   drag: a drag of 300 pt over 1 s on the Contacts list (DRAG_MOVES mouse moves), the frames
//         painted with a new rev a second, and arrival to painted for each;
//   ring: the Exhibition's turning ring, the page's animation frames a second over 3 s (the page
//         turns it with a CSS animation, so every frame shows it moved).
import { Browser, findChromium, startServer, sleep } from "../Tests/Web/cdp.mjs";

const binary = process.argv[2];
const taps = Number(process.argv[3] ?? 12);
const moves = Number(process.argv[4] ?? 60);
const chromium = findChromium();
if (!chromium) { console.error("no Chromium"); process.exit(3); }
const server = await startServer(binary);
const browser = await Browser.launch(chromium);

const INSTRUMENT = `(() => {
  const s = window.scenery.session;
  if (s.__bench) return true;
  s.__bench = true;
  const bench = window.__bench = { arrived: {}, painted: {} };
  const receive = s.receive.bind(s);
  s.receive = (message) => {
    const at = performance.now(), before = s.rev;
    receive(message);
    if (s.rev !== before) {
      const rev = s.rev;
      bench.arrived[rev] = at;
      requestAnimationFrame(() => setTimeout(() => { bench.painted[rev] = performance.now(); }, 0));
    }
  };
  return true;
})()`;

async function openScene(scene) {
  await browser.open(`${server.url}/?scene=${scene}&device=0`, 800, 900);
  await browser.until("window.scenery.ready", 60000);
  await browser.until("window.scenery.state()?.scene === '" + scene + "'", 60000);
  await sleep(800);
  await browser.evaluate(INSTRUMENT);
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };
const results = {};

// A tap: alternating two rows of Recents.
await openScene("directory");
const tapLatencies = [];
for (let i = 0; i < taps; i++) {
  const [x, y] = await browser.center(i % 2 ? "recents.event.2" : "recents.event.1");
  const rev = await browser.evaluate("window.scenery.rev()");
  await browser.click(x, y);
  await browser.until(`window.__bench.painted[${rev + 1}] !== undefined`, 10000);
  tapLatencies.push(await browser.evaluate(`window.__bench.painted[${rev + 1}] - window.__bench.arrived[${rev + 1}]`));
  await sleep(150);
}
results.tap = { medianMs: median(tapLatencies), maxMs: Math.max(...tapLatencies), samples: tapLatencies.length };

// A drag on the Contacts list: 300 pt up over 1 s.
await browser.click(...(await browser.center("tab.contacts")));
await sleep(500);
{
  const box = await browser.evaluate(`(() => { const s = document.getElementById('screen'), r = s.getBoundingClientRect();
    return { left: r.left, top: r.top, scale: r.width / (s.offsetWidth || 1) }; })()`);
  const at = (x, y) => [box.left + x * box.scale, box.top + y * box.scale];
  const from = at(200, 650), to = at(200, 350);
  const startRev = await browser.evaluate("window.scenery.rev()");
  const t0 = await browser.evaluate("performance.now()");
  await browser.mouse("mousePressed", from[0], from[1]);
  const start = Date.now();
  for (let i = 1; i <= moves; i++) {
    const wait = start + (1000 * i) / moves - Date.now();
    if (wait > 0) await sleep(wait);
    await browser.mouse("mouseMoved", from[0] + (to[0] - from[0]) * i / moves, from[1] + (to[1] - from[1]) * i / moves);
  }
  await browser.mouse("mouseReleased", to[0], to[1], 0);
  await sleep(500);
  const bench = await browser.evaluate("window.__bench");
  const revs = Object.keys(bench.painted).map(Number).filter((rev) => rev > startRev);
  const paints = [...new Set(revs.map((rev) => Math.round(bench.painted[rev] * 10) / 10))].filter((t) => t >= t0).sort((a, b) => a - b);
  const span = paints.length > 1 ? (paints[paints.length - 1] - paints[0]) / 1000 : 0;
  results.drag = { frames: paints.length, seconds: span, fps: span ? (paints.length - 1) / span : 0,
                   latencyMedianMs: median(revs.map((rev) => bench.painted[rev] - bench.arrived[rev])), moves };
}

// The ring: animation frames a second.
await openScene("exhibition");
results.ring = { fps: await browser.evaluate(`new Promise((resolve) => { let n = 0; const t0 = performance.now();
  const tick = () => { n += 1; if (performance.now() - t0 < 3000) requestAnimationFrame(tick); else resolve(n / ((performance.now() - t0) / 1000)); };
  requestAnimationFrame(tick); })`) };

console.log(JSON.stringify(results));
browser.close();
server.process.kill();
process.exit(0);
