// What the user names opens first on the page (issue 29), in real headless Chromium:
// - `scenery serve --data-root FOLDER`: the scene picker lists the briefs' data first and the page
//   opens on it ("Directory: GoTest data"), not on a built-in sample (skipped without ../shared);
// - `Examples/photos/serve_demo.py`'s printed page command, `scenery serve --photos-endpoint URL`,
//   run as printed (the binary and the port aside): the page opens the photos scene on the demo's
//   endpoint and its photos load.
//   SCENERY_BIN=.build/debug/scenery node --experimental-websocket Tests/Web/named_data_test.mjs
// Exit 0 on success, 1 on a failure, 3 when no Chromium is installed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { Browser, pageTestSetup, finish, startServer } from "./cdp.mjs";

const { chromium, binary, slow } = pageTestSetup();
const seed = "../shared/seed-data";
const browser = await Browser.launch(chromium);
const failures = [];
const children = [];

/** The page at `url` once its first scene opened: the picked title, the scene, the model. */
async function firstScene(url, ready = "true") {
  await browser.open(url, 1000, 1000);
  await browser.until(`window.scenery?.ready === true && (${ready})`, 20000 * slow);
  return browser.evaluate(`(() => { const p = document.getElementById('scene');
    return { title: p.options[p.selectedIndex].text, titles: [...p.options].map((o) => o.text),
             scene: window.scenery.state().scene, model: window.scenery.state().model }; })()`);
}

try {
  if (existsSync(seed)) {
    const server = await startServer(binary, ["--data-root", seed]);
    children.push(server.process);
    const seen = await firstScene(`${server.url}/`);
    if (seen.title !== "Directory: GoTest data" || seen.scene !== "directory") failures.push(`--data-root: the page opened on "${seen.title}" (${seen.scene})`);
    const firstSample = seen.titles.findIndex((t) => t.endsWith("built-in sample"));
    if (seen.titles.slice(firstSample).some((t) => !t.endsWith("built-in sample")) || firstSample < 5) {
      failures.push(`--data-root: the briefs' data is not listed first: ${JSON.stringify(seen.titles)}`);
    }
    console.log(`--data-root: opened on "${seen.title}", checked`);
  } else {
    console.log(`skipped the --data-root check: needs the briefs' data at ${seed}`);
  }

  const demo = spawn("python3", ["Examples/photos/serve_demo.py", "--port", "0", "--photos", "7", "--delay-ms", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(demo);
  const printed = await new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => resolve(text), 10000);
    demo.stdout.on("data", (chunk) => { text += chunk; if (/Qt:.*\n/.test(text)) { clearTimeout(timer); resolve(text); } });
    demo.on("exit", (code) => reject(new Error(`serve_demo.py exited (${code}): ${text}`)));
  });
  const endpoint = printed.match(/serving \d+ photos at (\S+)/)?.[1];
  const command = printed.split("\n").find((line) => line.includes("scenery serve"));
  const args = command?.match(/scenery serve (.*?)\s+then open/)?.[1].split(/\s+/);
  if (!args || !args.includes(endpoint)) {
    failures.push(`serve_demo.py printed no page command naming ${endpoint}: ${JSON.stringify(printed)}`);
  } else {
    const server = await startServer(binary, args);
    children.push(server.process);
    const seen = await firstScene(`${server.url}/`, `window.scenery.state().model.count === 7`).catch((error) => ({ error: String(error) }));
    if (seen.error || seen.scene !== "photos" || seen.title !== `Photos: ${endpoint}` || seen.model.source !== "endpoint" || seen.model.count !== 7) {
      failures.push(`scenery serve ${args.join(" ")}: the page did not open photos on the demo's endpoint with its 7 photos: ${JSON.stringify(seen).slice(0, 400)}`);
    }
    console.log(`--photos-endpoint: opened on "${seen.title}", its list of ${seen.model?.count} photos read, checked`);
  }
} catch (error) {
  failures.push(String(error?.stack ?? error));
}
finish({ browser, processes: children, signal: "SIGKILL", failures });  // SIGKILL: a test runner may leave SIGTERM blocked
