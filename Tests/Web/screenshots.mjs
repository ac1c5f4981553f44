// Screenshots of every scene at its mock's viewport, and each next to its mock.
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/screenshots.mjs [OUT]
// Writes OUT/NAME.png (default screenshots/, not committed) and OUT/side-by-side/NAME.png (the
// page's drawing left, the brief's mock right, at the same scale). With ../shared/seed-data
// beside the checkout the server gets it as --data-root, so scenes show the briefs' data and art.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, pageTestSetup, startServer, sleep } from "./cdp.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = process.argv[2] ?? join(repo, "screenshots");
const seed = join(repo, "..", "shared", "seed-data");
const real = existsSync(seed);
const { chromium, binary } = pageTestSetup();
mkdirSync(join(out, "side-by-side"), { recursive: true });

// name, preset (title with real data, else the scene), device index, mock, steps after opening
// (a tap or a hold on a node by id, or a key).
const shots = [
  ["directory-recents", real ? "Directory: GoTest data" : "directory", 0, "GoTest/mocks/recents.png", []],
  ["directory-events", real ? "Directory: GoTest data" : "directory", 0, "GoTest/mocks/events.png", [["tap", "tab.featured"]]],
  ["directory-contacts", real ? "Directory: GoTest data" : "directory", 0, "GoTest/mocks/contacts.png", [["tap", "tab.contacts"]]],
  ["hoo-grid", real ? "Hoo: the nine sets" : "hoo", 4, "HooView/mocks/grid.png", []],
  ["hoo-selected", real ? "Hoo: the nine sets" : "hoo", 4, "HooView/mocks/selected.png", [["tap", "cell.1.1"]]],
  ["exhibition", real ? "Exhibition: the original art" : "exhibition", 5, "Exhibition/mocks/objective.png", []],
  ["shelf-normal", real ? "Shelf: example_books.json and the original art" : "shelf", 0, "SladerChallenge/mocks/normal.png", []],
  ["shelf-shaking", real ? "Shelf: example_books.json and the original art" : "shelf", 0, "SladerChallenge/mocks/shaking.png", [["hold", "book.4.cover"]]],
  ["photos-home", "photos", 0, null, []],
  ["photos-gallery", "photos", 0, null, [["tap", "photo.4"]]],
  // The test card, page by page (the arrow key sends `page`).
  ...["fills", "text", "wrapping", "images", "states", "motion", "order", "scroll"].map((title, n) =>
    [`testcard-${title}`, "testcard", 0, null, Array(n).fill(["key", "ArrowRight"])]),
];

const server = await startServer(binary, real ? ["--data-root", seed] : []);
const browser = await Browser.launch(chromium);
try {
  for (const [name, preset, device, mock, steps] of shots) {
    await browser.open(`${server.url}/?scene=${encodeURIComponent(preset)}&device=${device}`, 1000, 1100);
    await browser.until(`window.scenery?.ready === true`);
    for (const [kind, id] of steps) {
      if (kind === "key") { await browser.key(id); continue; }
      await browser.until(`document.querySelector('[data-id="${id}"]') !== null`, 20000);  // loads arrive as notifications
      const at = await browser.evaluate(`(() => { const r = document.querySelector('[data-id="${id}"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
      if (kind === "tap") await browser.click(...at); else await browser.hold(...at, 800);
    }
    await sleep(1500);  // images arrive, jiggles settle into their phase
    const box = await browser.evaluate(`(() => { const r = document.getElementById('screen').getBoundingClientRect(); return {x: r.left, y: r.top, width: r.width, height: r.height}; })()`);
    const png = await browser.screenshot(box);
    writeFileSync(join(out, `${name}.png`), Buffer.from(png, "base64"));
    if (mock && real) {
      const mockData = readFileSync(join(seed, mock)).toString("base64");
      const html = `<body style="margin:0;background:#888;display:flex;gap:16px;padding:16px;align-items:flex-start">
        <figure style="margin:0"><img src="data:image/png;base64,${png}" style="width:${box.width}px;display:block"><figcaption style="font:14px sans-serif;color:#fff">Scenery</figcaption></figure>
        <figure style="margin:0"><img src="data:image/png;base64,${mockData}" style="width:${box.width}px;display:block"><figcaption style="font:14px sans-serif;color:#fff">mock: ${mock}</figcaption></figure></body>`;
      await browser.openHTML(html, Math.ceil(box.width * 2 + 48), Math.ceil(box.height + 60));
      await browser.until(`[...document.images].every((i) => i.complete && i.naturalWidth > 0)`, 10000);
      const pair = await browser.screenshot({ x: 0, y: 0, width: Math.ceil(box.width * 2 + 48), height: Math.ceil(box.height + 60) });
      writeFileSync(join(out, "side-by-side", `${name}.png`), Buffer.from(pair, "base64"));
    }
    console.log(`${name}: written`);
  }
} finally {
  browser.close();
  server.process.kill();
}
