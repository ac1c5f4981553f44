// The page: the scene and device pickers, one session per opened scene, the screen, a banner
// when the connection is lost (then reconnecting by itself), what assistive technology and the
// keyboard are told (semantics.js, beside the drawing), and what tests read (window.scenery). With `?conformance` it opens no session: the conformance kit
// (Protocol/conformance) hands it states to draw with `window.scenery.renderState`.
import { Session } from "./session.js";
import { Renderer } from "./render.js";
import { Semantics } from "./semantics.js";
import { Gestures } from "./gestures.js";
import { fitScreen } from "./fit.js";

const $ = (selector) => document.querySelector(selector);
const screen = $("#screen");
const status = $("#status");
const banner = $("#banner");
const announcer = $("#announcer");
const protocol = location.protocol === "https:" ? "wss:" : "ws:";
const sessionURL = `${protocol}//${location.host}/session`;
/** Reconnection delays: 0.25 s, doubling up to 5 s. */
const FIRST_RETRY_MS = 250, LAST_RETRY_MS = 5000;
let presets = { presets: [], devices: [] };
let session = null, renderer = null, semantics = null;
let current = { index: 0, deviceIndex: 0 };  // what the pickers show, and a reconnection opens
let generation = 0;                           // the latest open(): older ones give up
let lost = null;                              // {since, delay, attempts, timer} while disconnected

function say(text) { status.textContent = text; }

/** The banner over the screen: `kind` "lost" (the screen dims) or "notice"; null hides it. */
function show(kind, text) {
  banner.hidden = kind === null;
  banner.className = kind ?? "";
  banner.textContent = text ?? "";
  screen.classList.toggle("lost", kind === "lost");
  window.scenery.connection = kind === "lost" ? "lost" : session?.live ? "live" : "connecting";
}

function describe(state) {
  const model = state?.model ?? {};
  const title = model.title ?? model.tab ?? "";
  return `${state?.scene ?? "no scene"}${title ? ` · ${title}` : ""} · rev ${session?.rev ?? 0}`;
}

/** Opens preset `index` on device `deviceIndex` in a new session; the old one is closed on
 * purpose, which is not a lost connection. */
async function open(index, deviceIndex) {
  const mine = ++generation;
  clearTimeout(lost?.timer);
  window.scenery.ready = false;
  current = { index, deviceIndex };
  const preset = presets.presets[index], device = presets.devices[deviceIndex];
  session?.close();
  semantics?.close();
  semantics = null;
  const next = new Session(sessionURL);
  session = next;
  window.scenery.session = next;
  next.onChange((event) => {
    if (next !== session) return;
    if (event.closed) { if (!event.deliberate) connectionLost(event); return; }
    if (renderer?.session !== next) return;
    if (event.clock) renderer.rephase();
    if (event.state) { renderer.render(event.state); semantics?.changed(); if (!lost) say(describe(event.state)); }
  });
  try {
    await next.connect();
  } catch {
    return;  // its close event schedules the next attempt
  }
  if (mine !== generation) return;
  // The old drawing stays (dimmed, when the connection was lost) until the new session draws.
  screen.replaceChildren();
  renderer = new Renderer(screen, next);
  let failure = null;
  try {
    await next.request("initialize", { protocolVersion: "1.0", clock: "real", viewport: device.viewport });
    await next.resync();  // the scene clock, before the scene is drawn: animations start in phase
    await next.request("scene.open", { scene: preset.scene, ...preset.params }).catch((error) => {
      if (error.code === "closed") throw error;
      failure = `scene.open: ${error.message}`;
    });
  } catch {
    return;  // closed meanwhile: its close event says so
  }
  if (mine !== generation) return;
  const after = lost;
  lost = null;
  if (after) {
    show("notice", `Reconnected after ${((performance.now() - after.since) / 1000).toFixed(1)} s in a new session: `
      + `"${preset.title}" started afresh on ${device.title}, and nothing you did before was kept.`);
    window.scenery.reconnects += 1;
  } else {
    show(null);
  }
  say(failure ?? describe(next.state));
  // Told of the scene once it is open: its first list announces nothing.
  semantics = new Semantics(screen, next, announcer, (method, error) => say(`${method}: ${error.message}`));
  semantics.changed();
  window.scenery.ready = true;
}

/** The server closed the session (or could not be reached): the screen dims under a banner, and
 * the same scene and device are opened again after 0.25 s, 0.5 s, ... up to 5 s between tries. */
function connectionLost(event) {
  window.scenery.ready = false;
  const now = performance.now();
  lost = lost ? { ...lost, delay: Math.min(lost.delay * 2, LAST_RETRY_MS), attempts: lost.attempts + 1 }
    : { since: now, delay: FIRST_RETRY_MS, attempts: 0 };
  const why = event.code === 1006 ? "the server cannot be reached" : `closed by the server (${event.code}${event.reason ? ": " + event.reason : ""})`;
  show("lost", `Connection lost: ${why}. Reconnecting in ${(lost.delay / 1000).toFixed(2)} s`
    + `${lost.attempts ? ` (attempt ${lost.attempts + 1})` : ""}. What you see is no longer live.`);
  say("connection lost");
  lost.timer = setTimeout(() => open(current.index, current.deviceIndex), lost.delay);
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
  // A picker holds the keys only while it is open: once a choice is made the focus leaves it, so
  // the arrow keys page the screen (a focused <select> would take them and change its choice).
  scenePicker.onchange = () => {
    scenePicker.blur();
    open(Number(scenePicker.value), Number(devicePicker.value));
  };
  devicePicker.onchange = () => {
    devicePicker.blur();
    current.deviceIndex = Number(devicePicker.value);
    if (!session?.live) return;  // a reconnection opens on it
    session.request("viewport.set", presets.devices[current.deviceIndex].viewport).catch((error) => {
      if (error.code !== "closed") say(`viewport.set: ${error.message}`);
    });
  };
  // One set of handlers for the page's life, forwarding to whichever session is live.
  new Gestures(screen, () => (session?.live && !lost ? session : null), (method, error) => say(`${method}: ${error.message}`));
  fitScreen(screen);  // scaled to the window: the page never scrolls
  screen.addEventListener("pointerdown", () => { if (!lost) show(null); });
  await open(start, Number(devicePicker.value));
}

/** What the browser tests read: the mirror, a snapshot, where each node is drawn, the connection. */
window.scenery = {
  ready: false,
  session: null,
  connection: "connecting",
  reconnects: 0,
  state: () => session?.state,
  rev: () => session?.rev,
  snapshot: () => session.request("snapshot"),
  /** The rev of the accessibility list the semantics layer shows (null before one). */
  semanticsRev: () => semantics?.rev ?? null,
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

/** Draws a state document (`snapshot`'s `state`) with its assets ({id: {mime, data}}) at scene
 * time `nowMs`, through the same Renderer as a live session, with animations held at that time;
 * resolves once every image is decoded and the drawing is on screen. */
async function renderState(state, assets, nowMs) {
  const urls = new Map(Object.entries(assets ?? {}).map(([id, asset]) => [id, `data:${asset.mime};base64,${asset.data}`]));
  await Promise.all([...urls.values()].map((url) => { const image = new Image(); image.src = url; return image.decode().catch(() => {}); }));
  const still = { sceneNow: () => nowMs, image: (id) => Promise.resolve(urls.get(id) ?? null) };
  screen.replaceChildren();
  renderer = new Renderer(screen, still);
  renderer.render(state);
  renderer.hold();
  await new Promise((resolve) => setTimeout(resolve, 0));  // the images' promises have set their styles
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

if (new URLSearchParams(location.search).has("conformance")) {
  document.body.classList.add("conformance");
  window.scenery.renderState = renderState;
  window.scenery.ready = true;
} else {
  main().catch((error) => say(`could not start: ${error.message}`));
}
