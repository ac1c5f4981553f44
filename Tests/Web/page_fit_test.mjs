// The page in a window as a person sees it, in real headless Chromium (issue 29):
// - the screen fits the window: no page scrollbar, the whole device visible, its aspect kept and
//   never above 1:1, and a real click on a scaled screen taps the node under it (the tap's point,
//   as sent, is that node's centre in points); the fit follows a device picked and a resize;
// - lines break between words: in the built-in shelf and in a synthetic state drawn through
//   `window.scenery.renderState` (`?conformance`), no line breaks inside a word narrower than its
//   frame, and a word wider than its frame breaks inside instead of running past it;
// - a one-line text that does not fit shows an ellipsis in its run's colour (Hoo's selected
//   description, read back from the screenshot's pixels).
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/page_fit_test.mjs
// Exit 0 on success, 1 on a failure, 3 when no Chromium is installed.
import { Browser, pageTestSetup, finish, startServer, sleep } from "./cdp.mjs";

const { chromium, binary, slow } = pageTestSetup();
const server = await startServer(binary);
const browser = await Browser.launch(chromium);
const failures = [];
let checks = 0;

async function openPage(query, width, height) {
  await browser.open(`${server.url}/${query}`, width, height);
  await browser.until(`window.scenery?.ready === true`, 20000 * slow);
  await sleep(300);
}

/** The page-coordinates centre of node `id` as drawn now, once it is drawn. */
async function center(id) {
  await browser.until(`document.querySelector('[data-id="${id}"]') !== null`, 10000 * slow);
  return browser.center(id);
}

try {
  // 1. The screen fits the window. A 1200 x 1000 browser window leaves about 1200 x 860 to the page
  // under its tabs and toolbar; the iPhone 17 Pro Max (956 pt high) needs scaling even in a
  // 1200 x 1000 viewport; the landscape iPhone X in a small window is scaled by its width.
  const devices = await (await fetch(`${server.url}/presets.json`)).json().then((p) => p.devices.map((d) => d.viewport));
  for (const [width, height, device] of [[1200, 860, 0], [1200, 1000, 2], [1200, 1000, 0], [700, 600, 3]]) {
    const where = `a ${width} x ${height} window, device ${device} (${devices[device].width} x ${devices[device].height})`;
    checks += 1;
    await openPage(`?scene=directory&device=${device}`, width, height);
    const seen = await browser.evaluate(`(() => { const d = document.documentElement, r = document.getElementById('screen').getBoundingClientRect();
      return { scrollWidth: d.scrollWidth, clientWidth: d.clientWidth, scrollHeight: d.scrollHeight, clientHeight: d.clientHeight,
               screen: [r.left, r.top, r.width, r.height], inner: [innerWidth, innerHeight] }; })()`);
    const [x, y, w, h] = seen.screen, { width: vw, height: vh } = devices[device];
    const scale = w / vw;
    if (seen.scrollHeight > seen.clientHeight || seen.scrollWidth > seen.clientWidth) failures.push(`${where}: the page scrolls (${JSON.stringify(seen)})`);
    if (x < 0 || y < 0 || x + w > seen.inner[0] + 0.5 || y + h > seen.inner[1] + 0.5) failures.push(`${where}: the screen is not all visible: at ${seen.screen.map(Math.round)} in ${seen.inner}`);
    if (Math.abs(h / vh - scale) > 0.002) failures.push(`${where}: the screen's aspect changed: ${w.toFixed(1)} x ${h.toFixed(1)} for ${vw} x ${vh}`);
    if (scale > 1.0005) failures.push(`${where}: the screen is drawn above 1:1 (${scale.toFixed(3)})`);
    const fitsWhole = width - 48 >= vw && height - 150 >= vh;
    if (fitsWhole && Math.abs(scale - 1) > 0.0005) failures.push(`${where}: the device fits at 1:1 but is drawn at ${scale.toFixed(3)}`);
    // A real click taps the node under it: the tap sent is at that node's centre in points.
    await browser.evaluate(`(() => { window.taps = []; const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) { const m = JSON.parse(data); if (m.method === 'tap') window.taps.push(m.params); return send.call(this, data); };
      return true; })()`);
    for (const id of ["tab.contacts", "tab.recents"]) {
      await browser.click(...await center(id));
      await browser.until(`window.scenery.state().model.tab === '${id.slice(4)}'`, 8000 * slow)
        .catch(() => failures.push(`${where}: a click on ${id} did not open that tab (scale ${scale.toFixed(3)})`));
    }
    const taps = await browser.evaluate(`window.taps`);
    const frame = await browser.evaluate(`window.scenery.state().display.nodes['tab.recents'].frame`);
    const last = taps.at(-1);
    if (!last || Math.abs(last.x - (frame[0] + frame[2] / 2)) > 1 || Math.abs(last.y - (frame[1] + frame[3] / 2)) > 1) {
      failures.push(`${where}: a click on the centre of tab.recents (frame ${frame}) sent a tap at ${JSON.stringify(last)}`);
    }
    console.log(`fit ${where}: scale ${scale.toFixed(3)}, checked`);
  }
  // The fit follows a device picked and a window resized.
  checks += 1;
  await openPage(`?scene=directory&device=0`, 1200, 1000);
  const fitted = `(() => { const d = document.documentElement, r = document.getElementById('screen').getBoundingClientRect();
    return { scrolls: d.scrollHeight > d.clientHeight || d.scrollWidth > d.clientWidth, height: r.height, bottom: r.bottom, inner: innerHeight }; })()`;
  await browser.evaluate(`(() => { window.scenery.ready = false; const s = document.getElementById('device'); s.value = '2'; s.dispatchEvent(new Event('change')); return true; })()`);
  await browser.until(`window.scenery.state().viewport.width === ${devices[2].width}`, 8000 * slow);
  await sleep(300);
  const picked = await browser.evaluate(fitted);
  if (picked.scrolls || picked.bottom > picked.inner) failures.push(`device picked: the page scrolls or the screen is cut (${JSON.stringify(picked)})`);
  await browser.send("Emulation.setDeviceMetricsOverride", { width: 900, height: 700, deviceScaleFactor: 1, mobile: false });
  await sleep(300);
  const resized = await browser.evaluate(fitted);
  if (resized.scrolls || resized.bottom > resized.inner || !(resized.height < picked.height)) failures.push(`window resized to 900 x 700: the screen did not follow (${JSON.stringify(picked)} then ${JSON.stringify(resized)})`);
  console.log(`fit follows: device 2 drawn ${picked.height.toFixed(0)} px high, ${resized.height.toFixed(0)} in 900 x 700`);

  // 2. Line breaks. In the page: where each line of a text's runs starts, and every break inside a
  // word (not after a space or a hyphen) with that word's width and the frame's.
  const breaks = `(runs) => {
    const chars = [];
    const walker = document.createTreeWalker(runs, NodeFilter.SHOW_TEXT);
    for (let t; (t = walker.nextNode());) for (let i = 0; i < t.data.length; i++) {
      const range = document.createRange(); range.setStart(t, i); range.setEnd(t, i + 1);
      const r = range.getBoundingClientRect();
      chars.push({ ch: t.data[i], top: r.top, right: r.right, width: r.width });
    }
    const starts = chars.map((c, i) => i > 0 && c.top > chars[i - 1].top + 1 && !/\\s/.test(c.ch) ? i : null).filter((i) => i !== null);
    const box = runs.closest('.node').getBoundingClientRect();
    const inside = starts.filter((i) => !/[\\s\\-\\u2010-\\u2014\\/]/.test(chars[i - 1].ch)).map((i) => {
      let a = i, b = i;
      while (a > 0 && !/\\s/.test(chars[a - 1].ch)) a -= 1;
      while (b < chars.length && !/\\s/.test(chars[b].ch)) b += 1;
      const word = chars.slice(a, b);
      return { word: word.map((c) => c.ch).join(''), at: i - a, wordWidth: word.reduce((sum, c) => sum + c.width, 0) };
    });
    return { id: runs.closest('.node').dataset.id, text: runs.textContent, frame: runs.clientWidth, lines: starts.length + 1, inside,
             past: chars.filter((c) => c.right > box.right + 0.5 && c.top < box.bottom).map((c) => c.ch).join('') };
  }`;

  /** Failures for the drawn texts `drawn` (from `breaks`): a break inside a word that fits its frame. */
  function judgeBreaks(where, drawn) {
    for (const text of drawn) {
      for (const cut of text.inside) {
        if (cut.wordWidth <= text.frame - 0.5) failures.push(`${where}: ${text.id} "${text.text}" breaks inside "${cut.word}" (after ${cut.at} letters), which is ${cut.wordWidth.toFixed(1)} pt wide and fits its ${text.frame} pt frame`);
      }
    }
  }

  checks += 1;
  await openPage(`?scene=shelf&device=0`, 1200, 1000);
  const shelf = await browser.evaluate(`[...document.querySelectorAll('[data-id$=".title"] .runs')].map(${breaks})`);
  if (shelf.length < 6) failures.push(`shelf: only ${shelf.length} titles drawn`);
  judgeBreaks("shelf", shelf);
  console.log(`shelf: ${shelf.length} titles, ${shelf.filter((t) => t.inside.length).map((t) => `${t.id} breaks inside ${t.inside.map((c) => `"${c.word}" (${c.wordWidth.toFixed(0)} pt in ${t.frame})`)}`).join("; ") || "no word broken"}`);

  checks += 1;
  await openPage(`?conformance`, 600, 400);
  const run = (text) => [{ text, font: "Helvetica Neue", size: 15, weight: "bold", color: "#000000" }];
  const texts = {
    "two.words": ["Statistical Inference", 105, 2],                 // two words, each fits: one a line
    "three.words": ["Probability and Statistical Inference", 105, 0],
    "wide.frame": ["Microeconomics: A Structured Approach", 150, 2],  // the long word fits 150 pt
    "narrow.frame": ["Microeconomics: A Structured Approach", 105, 0], // it does not fit 105 pt: it breaks
    "one.long.word": ["Pneumonoultramicroscopicsilicovolcanoconiosis", 105, 0],
  };
  const nodes = Object.fromEntries(Object.entries(texts).map(([id, [text, width, lines]], n) =>
    [id, { kind: "text", frame: [10 + 115 * n, 10, width, 200], z: 0, layer: "screen", style: { align: "left", verticalAlign: "top", lines }, text: run(text) }]));
  await browser.evaluate(`window.scenery.renderState(${JSON.stringify({ scene: null, viewport: { width: 600, height: 400, scale: 1, safeArea: { top: 0, left: 0, bottom: 0, right: 0 } }, model: {}, display: { content: null, nodes } })}, {}, 0)`);
  const drawn = await browser.evaluate(`[...document.querySelectorAll('#screen .runs')].map(${breaks})`);
  judgeBreaks("synthetic", drawn);
  const byId = Object.fromEntries(drawn.map((t) => [t.id, t]));
  if (byId["two.words"]?.lines !== 2) failures.push(`synthetic: "Statistical Inference" in 105 pt is not two lines: ${JSON.stringify(byId["two.words"])}`);
  for (const id of ["narrow.frame", "one.long.word"]) {
    if (byId[id]?.past) failures.push(`synthetic: ${id}: a word wider than its frame runs past it ("${byId[id].past}" cut at the edge) instead of breaking inside`);
  }
  console.log(`synthetic: ${drawn.map((t) => `${t.id} ${t.lines} lines${t.inside.length ? `, breaks inside ${t.inside.map((c) => `"${c.word}"`)}` : ""}`).join("; ")}`);

  // 3. The ellipsis of a one-line text cut at the tail, in its run's colour: Hoo's description
  // after a real click selects a Hoo, on the HooView mock's device, read from the screenshot.
  checks += 1;
  await openPage(`?scene=hoo&device=4`, 1200, 1000);
  await browser.click(...await center("cell.1.1"));
  await browser.until(`document.querySelector('[data-id="bottom.poem"] .runs') !== null`, 8000 * slow);
  await sleep(300);
  const poem = await browser.evaluate(`(() => { const r = document.querySelector('[data-id="bottom.poem"] .runs'), b = r.getBoundingClientRect();
    const node = window.scenery.state().display.nodes['bottom.poem'];
    return { box: [b.left, b.top, b.width, b.height], cut: r.scrollWidth > r.clientWidth, color: node.text.at(-1).color, size: node.text.at(-1).size, text: r.textContent }; })()`);
  if (!poem.cut) failures.push(`hoo: the description "${poem.text}" is not cut: the test needs one that is`);
  // The last half em of the box holds only the ellipsis (the glyphs before it are cut away).
  const [left, top, width, height] = poem.box;
  const clip = { x: Math.floor(left + width - poem.size / 2), y: Math.floor(top), width: Math.ceil(poem.size / 2), height: Math.ceil(height) };
  const png = await browser.screenshot(clip);
  const ink = await browser.evaluate(`(async () => {
    const image = new Image(); image.src = 'data:image/png;base64,${png}'; await image.decode();
    const canvas = document.createElement('canvas'); canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    const hex = '${poem.color}', run = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const under = [data[0], data[1], data[2]];  // the corner: the panel under the text
    const span = run.map((c, i) => c - under[i]), length = Math.hypot(...span);
    let best = 0;
    for (let p = 0; p < data.length; p += 4) {
      const toward = [0, 1, 2].reduce((sum, i) => sum + (data[p + i] - under[i]) * span[i], 0) / (length * length);
      best = Math.max(best, toward);
    }
    return { under, run, best }; })()`);
  if (!(ink.best >= 0.5)) failures.push(`hoo: the cut description's ellipsis is not drawn in its run's colour ${poem.color}: the last ${clip.width} px of "${poem.text}" move at most ${(ink.best * 100).toFixed(0)}% from the panel (${ink.under}) toward it`);
  console.log(`hoo: the description's end moves ${(ink.best * 100).toFixed(0)}% toward ${poem.color}`);
} catch (error) {
  failures.push(`stopped: ${error.message}`);
}
finish({ browser, processes: [server.process], checks, failures });
