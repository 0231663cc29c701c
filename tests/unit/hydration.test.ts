import { describe, expect, it } from "vitest";

import { deferHydration, skipNeedlessScrollRead } from "~/lib/hydration.server";

/** The tail of a page as Remix 2 renders it with single fetch and lazy route discovery. */
const REMIX_OUTPUT = `<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/><link rel="modulepreload" href="/build/root-C.js"/><script>window.__remixContext = {};window.__remixContext.stream = new ReadableStream();</script><script type="module" async="">;
import * as route0 from "/build/root-C.js";
import * as route1 from "/build/routes/contact-D.js";
window.__remixManifest = {"entry":{"module":"/build/entry.client-A.js"}};
window.__remixRouteModules = {"root":route0,"routes/contact":route1};

import("/build/entry.client-A.js");</script></body></html><!--$--><script>window.__remixContext.streamController.enqueue("[1]");</script><!--$--><script>window.__remixContext.streamController.close();</script><!--/$--><!--/$-->`;

const moduleScript = (html: string) => html.match(/<script type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";

describe("deferHydration", () => {
  const html = deferHydration(REMIX_OUTPUT);
  const script = moduleScript(html);

  it("leaves the module preloads in place but inert, so nothing is fetched before the first paint", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.match(/<link data-rel="modulepreload" href="[^"]+"\/>/g)).toEqual([
      '<link data-rel="modulepreload" href="/build/entry.client-A.js"/>',
      '<link data-rel="modulepreload" href="/build/_shared/chunk-B.js"/>',
      '<link data-rel="modulepreload" href="/build/root-C.js"/>',
    ]);
  });

  it("imports the route modules only after the load event, or a key or pointer press, or a step in history", () => {
    expect(script).not.toMatch(/^import \*/m);
    const wait = script.indexOf('addEventListener("load"');
    const turnOn = script.indexOf("link.rel = link.dataset.rel");
    const routes = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/build/root-C.js"), import("/build/routes/contact-D.js")]);',
    );
    expect(wait).toBeGreaterThan(-1);
    expect(script).toContain('for (const type of ["keydown", "pointerdown", "popstate"])');
    expect(turnOn).toBeGreaterThan(wait);
    expect(routes).toBeGreaterThan(turnOn);
  });

  it("moves the loader data's hand-over into the module script, in order, before the routes", () => {
    const handoff = [
      "window.__remixContext = {};window.__remixContext.stream = new ReadableStream();",
      'window.__remixContext.streamController.enqueue("[1]");',
      "window.__remixContext.streamController.close();",
    ];
    const positions = handoff.map((code) => script.indexOf(code));
    expect(positions.every((position) => position > script.indexOf("link.rel = link.dataset.rel"))).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(positions[2]).toBeLessThan(script.indexOf("const [route0, route1]"));
    // The emptied elements stay where React rendered them.
    expect(html.match(/<script><\/script>/g)).toHaveLength(3);
    expect(html).toContain("<!--$--><script></script><!--$--><script></script><!--/$--><!--/$-->");
  });

  it("keeps the rest of Remix's script, which hydrates with the imported routes", () => {
    expect(script).toContain('window.__remixRouteModules = {"root":route0,"routes/contact":route1};');
    expect(script.trimEnd().endsWith('import("/build/entry.client-A.js");')).toBe(true);
  });

  it("remembers a button pressed before hydration, for entry.client to press again", () => {
    expect(script).toContain('addEventListener("click"');
    expect(script).toContain("window.__pressedBeforeHydration = button");
  });

  it("leaves a document without Remix's module script alone", () => {
    const plain = '<html><body><link rel="modulepreload" href="/x.js"/><p>Hi</p></body></html>';
    expect(deferHydration(plain)).toBe(plain);
  });
});

describe("skipNeedlessScrollRead", () => {
  /** Remix 2.17's `<ScrollRestoration>` script, as it renders. */
  const SCROLL_SCRIPT = `<script>((STORAGE_KEY, restoreKey) => {
    if (!window.history.state || !window.history.state.key) {
      let key = Math.random().toString(32).slice(2);
      window.history.replaceState({
        key
      }, "");
    }
    try {
      let positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) || "{}");
    } catch (error) {}
  })("positions", null)</script>`;

  it("returns after keying a new history entry, before reading sessionStorage", () => {
    const script = skipNeedlessScrollRead(SCROLL_SCRIPT);
    expect(script).toContain('      }, "");\n      return;\n    }\n    try {');
    expect(script.indexOf("return;")).toBeLessThan(script.indexOf("sessionStorage.getItem"));
  });

  it("leaves a page without that script alone", () => {
    expect(skipNeedlessScrollRead(REMIX_OUTPUT)).toBe(REMIX_OUTPUT);
  });
});
