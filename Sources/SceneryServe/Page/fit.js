// Scales the screen to fit the window, so the page never scrolls: the device keeps its aspect and
// is never drawn above 1:1. The scale is a CSS transform on the screen element, which the browser
// lays out and rasterises anew at the device pixel ratio times the scale (text stays crisp: no
// bitmap is stretched); gestures.js turns client coordinates into points by the screen's drawn
// size over its size in points, so a click taps where it lands. `#stage`, the screen's parent,
// holds the scaled screen's place in the page.

/** Keeps `screen` (inside `#stage`, inside `main`) scaled into the room the window leaves it;
 * `screen.dataset.scale` says the scale. */
export function fitScreen(screen) {
  const stage = screen.parentElement, main = stage.parentElement;
  const fit = () => {
    const width = screen.offsetWidth, height = screen.offsetHeight;
    if (!width || !height) return;
    const padding = getComputedStyle(main);
    const roomWidth = main.clientWidth - parseFloat(padding.paddingLeft) - parseFloat(padding.paddingRight);
    // The window's height less everything on the page but the stage (the header, the footer, the
    // padding around the stage).
    const around = document.body.getBoundingClientRect().height - stage.getBoundingClientRect().height;
    const roomHeight = document.documentElement.clientHeight - around;
    const scale = Math.max(0.05, Math.min(1, Math.floor(roomWidth) / width, Math.floor(roomHeight) / height));
    stage.style.width = `${width * scale}px`;
    stage.style.height = `${height * scale}px`;
    screen.style.transform = scale < 1 ? `scale(${scale})` : "";
    screen.dataset.scale = String(scale);
  };
  const observer = new ResizeObserver(fit);
  for (const element of [screen, document.querySelector("header"), document.querySelector("footer")]) if (element) observer.observe(element);
  window.addEventListener("resize", fit);
  fit();
}
