// The page: the scene and device pickers, one session per opened scene, the screen, and what
// tests read (window.scenery).
import { Session } from "./session.js";
import { Renderer } from "./render.js";
import { Gestures } from "./gestures.js";

const $ = (selector) => document.querySelector(selector);
const screen = $("#screen");
const status = $("#status");
let presets = { presets: [], devices: [] };
let session = null, renderer = null;

function say(text) { status.textContent = text; }

function describe(state) {
  const model = state?.model ?? {};
  const title = model.title ?? model.tab ?? "";
  return `${state?.scene ?? "no scene"}${title ? ` · ${title}` : ""} · rev ${session?.rev ?? 0}`;
}

/** Opens preset `index` on device `deviceIndex` in a new session (the old one is closed). */
async function open(index, deviceIndex) {
  const preset = presets.presets[index], device = presets.devices[deviceIndex];
  session?.close();
  screen.replaceChildren();
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  session = new Session(`${protocol}//${location.host}/session`);
  renderer = new Renderer(screen, session);
  window.scenery.session = session;
  session.onChange((event) => {
    if (event.closed) { say(`session closed (${event.code}${event.reason ? ": " + event.reason : ""})`); return; }
    if (event.state) { renderer.render(event.state); say(describe(event.state)); }
  });
  new Gestures(screen, session, (method, error) => say(`${method}: ${error.message}`));
  await session.connect();
  await session.request("initialize", { protocolVersion: "1.0", clock: "real", viewport: device.viewport });
  try {
    await session.request("scene.open", { scene: preset.scene, ...preset.params });
  } catch (error) {
    say(`scene.open: ${error.message}`);
  }
  await session.resync();  // learns the scene clock, for animations
  window.scenery.ready = true;
}

async function main() {
  presets = await (await fetch("/presets.json")).json();
  const scenePicker = $("#scene"), devicePicker = $("#device");
  presets.presets.forEach((p, i) => scenePicker.add(new Option(p.title, String(i))));
  presets.devices.forEach((d, i) => devicePicker.add(new Option(d.title, String(i))));
  const query = new URLSearchParams(location.search);
  const want = query.get("scene");
  const start = Math.max(0, presets.presets.findIndex((p) => p.title === want || p.scene === want));
  scenePicker.value = String(start);
  devicePicker.value = query.get("device") ?? "0";
  scenePicker.onchange = () => { window.scenery.ready = false; open(Number(scenePicker.value), Number(devicePicker.value)); };
  devicePicker.onchange = async () => {
    const device = presets.devices[Number(devicePicker.value)];
    await session.request("viewport.set", device.viewport);
  };
  await open(start, Number(devicePicker.value));
}

/** What the browser tests read: the mirror, a snapshot, and where each node is drawn. */
window.scenery = {
  ready: false,
  session: null,
  state: () => session?.state,
  rev: () => session?.rev,
  snapshot: () => session.request("snapshot"),
  /** Each node's element box relative to the screen, in points. */
  boxes: () => {
    const origin = screen.getBoundingClientRect();
    const out = {};
    for (const element of screen.querySelectorAll(".node")) {
      if (element.style.display === "none") continue;
      out[element.dataset.id] = [element.offsetLeft, element.offsetTop, element.offsetWidth, element.offsetHeight];
    }
    return { origin: [origin.left, origin.top], boxes: out };
  },
};

main().catch((error) => say(`could not start: ${error.message}`));
