import { Scripts } from "@remix-run/react";

/**
 * Remix's `<Scripts>`, held in a `<template>` until the first screen has painted, and the inline
 * script that starts them (why: docs/decisions/0001-deferred-scripts.md).
 */
export function DeferredScripts() {
  // In the browser the template is rendered empty and not hydrated: React leaves an element with
  // `dangerouslySetInnerHTML` as the server sent it, and a template's contents are not its children.
  return (
    <>
      {typeof document === "undefined" ? (
        <template id={TEMPLATE_ID}>
          <Scripts />
        </template>
      ) : (
        <template id={TEMPLATE_ID} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      )}
      <script dangerouslySetInnerHTML={{ __html: START_SCRIPTS }} suppressHydrationWarning />
    </>
  );
}

const TEMPLATE_ID = "remix-scripts";

/**
 * Waits for the window's `load` event and the frame after it (or 100 ms, where no frame comes), for
 * every image the page fetches at once (eager `<img>`s, image preloads) and the frame after it, or
 * for the visitor's first key or pointer press or step through history, whichever comes first; then
 * inserts a copy of the template (`importNode`: the parser's own script elements inside a template
 * never run, fresh copies do). A button pressed before then is kept for entry.client.tsx to press
 * again. Runs once, at parse time; in the browser React renders the same text, which it does not
 * run again.
 */
const START_SCRIPTS = `(() => {
  addEventListener("click", (event) => {
    const button = event.target instanceof Element && event.target.closest("button");
    if (button && window.__pressedBeforeHydration !== null) window.__pressedBeforeHydration = button;
  }, { capture: true });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const template = document.getElementById(${JSON.stringify(TEMPLATE_ID)});
    document.body.append(document.importNode(template.content, true));
  };
  const afterNextFrame = () => {
    requestAnimationFrame(() => setTimeout(start));
    setTimeout(start, 100);
  };
  const imagesArrived = () =>
    [...document.images].every((image) => image.loading === "lazy" || image.complete) &&
    [...document.querySelectorAll("link[rel=preload][as=image][href]")].every((link) => performance.getEntriesByName(link.href).length > 0);
  const onImage = () => {
    if (!imagesArrived()) return;
    document.removeEventListener("load", onImage, true);
    afterNextFrame();
  };
  if (document.readyState === "complete") afterNextFrame();
  else {
    addEventListener("load", afterNextFrame, { once: true });
    // An image's or a preload's load event does not bubble, but a document hears it on the way down.
    document.addEventListener("load", onImage, true);
    addEventListener("DOMContentLoaded", onImage, { once: true });
  }
  for (const type of ["keydown", "pointerdown", "popstate"]) addEventListener(type, start, { once: true, capture: true });
})();`;
