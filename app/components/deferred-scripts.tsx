import { Scripts } from "@remix-run/react";

/**
 * Remix's `<Scripts>`, started once the first screen has painted.
 *
 * `<Scripts>` preloads every module of the page (about 80 KiB compressed) and runs them as soon as
 * the HTML is parsed. On a slow phone those bytes share the thin connection with the first screen's
 * images, while the server-rendered page already reads, links and plays without them (see
 * docs/architecture.md for the measurements behind this). So the server renders Remix's own
 * `<Scripts>` inside a `<template>`, where the browser neither fetches nor runs anything, and
 * `START_SCRIPTS` (below) copies the template into the document:
 *
 * - after the window's `load` event and the frame after it (or 100 ms, where no frame comes),
 * - or after every image the page fetches at once has arrived (its eager `<img>`s and image
 *   preloads) and the frame after it, should the load event wait on something else: WebKitGTK
 *   holds it 3.2 s for any `<video preload="none">`, which fetches nothing and which the reel page
 *   then has to wait for (the spec's media elements stop delaying the load event at once there),
 * - or at the visitor's first key or pointer press, or step back or forward in history,
 *
 * whichever comes first. Copies of a template's scripts run when they are inserted, in order: the
 * hand-over of the loader data first, then the module script that imports the routes and
 * hydrates. A button pressed before then (the phone menu, say) is remembered, and entry.client.tsx
 * presses it again once the page is hydrated, so no tap is lost.
 *
 * In the browser the template is rendered empty and not hydrated: React leaves an element with
 * `dangerouslySetInnerHTML` as the server sent it, and a template's contents are not its children
 * in the DOM anyway. This needs Remix's classic data hand-over (no `v3_singleFetch` in
 * remix.config.js): single fetch streams the data in scripts that `<RemixServer>` writes outside
 * `<Scripts>`, which would run before the template's copy has set up `window.__remixContext`.
 */
export function DeferredScripts() {
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
 * Waits as described above, then inserts a copy of the template (`importNode`: the parser's own
 * script elements inside a template never run, fresh copies do). Runs once, at parse time; in the
 * browser React renders the same text, which it does not run again.
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
