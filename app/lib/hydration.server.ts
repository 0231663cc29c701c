/**
 * Hydration waits until the first screen has painted.
 *
 * Remix's `<Scripts>` preloads every module of the page (about 80 KiB compressed) and runs them as
 * soon as the HTML is parsed. On a slow phone those bytes share the thin connection with the first
 * screen's images, and their evaluation delays the first paint, while the server-rendered page
 * already reads, links and plays without them. `deferHydration` rewrites that output so that:
 *
 * - the module preloads are inert (`data-rel` in place of `rel`) until the window's `load` event
 *   and the frame after it (or 100 ms, where no frame comes), or the visitor's first key or
 *   pointer press or step back or forward in history, whichever comes first;
 * - Remix's inline scripts that hand the loader data over (the context, and the chunks of its
 *   single-fetch stream) are emptied, and their code runs at that moment too, in the same order:
 *   setting up the stream alone took about 10 ms of main thread here, in the middle of parsing;
 * - the route modules are then imported, and Remix hydrates as it always does;
 * - a button pressed before then (the phone menu, say) is remembered, and entry.client.tsx presses
 *   it again once the page is hydrated, so no tap is lost.
 *
 * The elements stay where React rendered them, so hydration still matches the server's HTML:
 * React compares elements, not their attributes or a script's text, in production. Development
 * keeps Remix's output, where React would warn about the changed attributes.
 */

/** The module script's route imports, as Remix writes them: `import * as route0 from "/build/root-X.js";` */
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;
const MODULE_SCRIPT = /(<script type="module" async="">)([\s\S]*?)(<\/script>)/;
const MODULE_PRELOAD = /<link rel="modulepreload" href=/g;
/** `<script>window.__remixContext = {…}</script>`, then `<script>window.__remixContext.streamController…</script>`s. */
const HANDOFF_SCRIPT = /<script>(window\.__remixContext\b[\s\S]*?)<\/script>/g;

/**
 * Runs first in the module script (which has no static imports left, so the browser runs it as soon
 * as it is parsed): remembers pressed buttons, waits, then turns the preloads on. Issuing a dozen
 * requests takes a few ms of main thread, so the hand-over yields before it goes on: two short tasks
 * rather than one long one.
 */
const WAIT_FOR_FIRST_PAINT = `window.__pressedBeforeHydration = undefined;
addEventListener("click", (event) => {
  const button = event.target instanceof Element && event.target.closest("button");
  if (button && window.__pressedBeforeHydration !== null) window.__pressedBeforeHydration = button;
}, { capture: true });
await new Promise((start) => {
  const afterNextFrame = () => {
    requestAnimationFrame(() => setTimeout(start));
    setTimeout(start, 100);
  };
  if (document.readyState === "complete") afterNextFrame();
  else addEventListener("load", afterNextFrame, { once: true });
  for (const type of ["keydown", "pointerdown", "popstate"]) addEventListener(type, start, { once: true, capture: true });
});
for (const link of document.querySelectorAll("link[data-rel]")) link.rel = link.dataset.rel;
await new Promise((next) => setTimeout(next));
`;

export function deferHydration(html: string): string {
  const script = html.match(MODULE_SCRIPT);
  if (!script) return html;
  const [whole, open, body, close] = script;
  const routes: string[] = [];
  const imports: string[] = [];
  const rest = body.replace(ROUTE_IMPORT, (_statement, name: string, url: string) => {
    routes.push(name);
    imports.push(`import(${url})`);
    return "";
  });
  const load = `const [${routes.join(", ")}] = await Promise.all([${imports.join(", ")}]);\n`;
  const handoff = [...html.matchAll(HANDOFF_SCRIPT)].map(([, code]) => `${code}\n`).join("");
  return html
    .replace(whole, () => open + WAIT_FOR_FIRST_PAINT + handoff + load + rest + close)
    .replace(HANDOFF_SCRIPT, "<script></script>")
    .replace(MODULE_PRELOAD, '<link data-rel="modulepreload" href=');
}

/** The end of the new-key branch in Remix's script (the function's source, as Remix 2.17 prints it). */
const NEW_KEY_THEN_READ = '      }, "");\n    }\n    try {';

/**
 * Remix's `<ScrollRestoration>` script gives a history entry without one a new key, then reads the
 * saved scroll positions from sessionStorage: a synchronous trip to the browser process (2 to 20 ms
 * of main thread here) on every first visit, though a key made a moment ago cannot have a position
 * saved under it. This makes the script return once it has made the key. Entries that already had
 * one (a reload, back and forward) still read their position and scroll to it before the first paint.
 */
export function skipNeedlessScrollRead(html: string): string {
  return html.replace(NEW_KEY_THEN_READ, '      }, "");\n      return;\n    }\n    try {');
}
