import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

import type { Metafile } from "esbuild";

import { artists } from "#app/content/index.ts";
import { REEL_PAGES, SECTION_PAGES } from "#tests/support/pages.mjs";
import { videojsChunks } from "#tests/support/videojs-chunks.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { firstScreenTiming } from "#tests/support/hydration.ts";

const JS_BUDGET_BYTES = 100 * 1024;
/** What the pages send to count visits (app/analytics/track.client.ts), once hydrated: its chunk, gzipped. */
const ANALYTICS_BUDGET_BYTES = 2 * 1024;
const ANALYTICS_MODULE = "app/analytics/track.client.ts";
/** video.js, which the reel pages (and only they) load once hydrated: the core build or the full one. */
const VIDEOJS = /\/(core|video)\.es-[^/]+\.js$/;
/** Every chunk of video.js's, its own dependencies' included: not the site's JS, which the budget is for. */
const VIDEOJS_CHUNKS = videojsChunks();
const PAGES = [
  ...SECTION_PAGES,
  artists.directors[0].url,
  artists.photographers[0].url,
  `/selects?artists=${artists.directors[0].id},${artists.photographers[0].id}`,
];

test.describe("first-load budgets on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "the budgets are a phone's");

  for (const path of PAGES) {
    const reel = REEL_PAGES.includes(path);
    const what = reel ? "then video.js's core build alone" : "no video.js";
    test(`${path}: at most 100 KiB of JS on the wire, after the first screen, nothing third-party, ${what}`, async ({
      page,
      baseURL,
      hydration,
      player,
    }) => {
      const scripts: Promise<number>[] = [];
      const origins = new Set<string>();
      page.on("requestfinished", (request) => {
        origins.add(new URL(request.url()).origin);
        if (request.resourceType() === "script" && !VIDEOJS_CHUNKS.has(new URL(request.url()).pathname)) {
          scripts.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
        }
      });
      await page.goto(path);
      await hydration.wait();
      // A reel page's player, set up without a press, loads its scripts after the first screen:
      // every one of them is counted, however long the wait for them.
      if (reel) await player.ready();
      await page.waitForLoadState("networkidle");

      const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
      expect(jsBytes).toBeGreaterThan(0);
      expect(jsBytes, `${(jsBytes / 1024).toFixed(1)} KiB of JS`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect([...origins]).toEqual([new URL(baseURL!).origin]);
      // Hydration waits for the first screen's images (app/components/deferred-scripts.tsx): the
      // scripts never share the connection with them.
      const timing = await page.evaluate(firstScreenTiming);
      expect(timing.imagesEnd).toBeLessThan(Infinity);
      expect(timing.scriptsStart).toBeLessThan(Infinity);
      expect(timing.scriptsStart).toBeGreaterThanOrEqual(timing.imagesEnd);
      const videojs = await page.evaluate(
        (pattern) =>
          performance
            .getEntriesByType("resource")
            .flatMap((entry) => (new RegExp(pattern).test(entry.name) ? [entry] : [])),
        VIDEOJS.source,
      );
      if (reel) {
        // A phone that plays HLS itself never downloads the HLS engine, and the player comes after the first screen.
        expect(videojs.map((entry) => new URL(entry.name).pathname)).toEqual([
          expect.stringMatching(/\/core\.es-[^/]+\.js$/),
        ]);
        expect(videojs[0].startTime).toBeGreaterThanOrEqual(timing.imagesEnd);
      } else {
        expect(videojs).toEqual([]);
      }
    });
  }
});

test("no page preloads an empty module (a `.server` module a route imported)", async ({ request, isMobile }) => {
  test.skip(isMobile, "the build does not depend on the screen");
  // Remix empties a `.server` module in the browser's build to esbuild's CommonJS `module.exports = {}`.
  const EMPTY =
    /^(\/\/[^\n]*\n)?import\{\w+ as \w+\}from"[^"]+";var \w+=\w+\(\((\w+),(\w+)\)=>\{\3\.exports=\{\}\}\);export\{\w+ as \w+\};?\s*$/;
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href);
    expect(preloads.length, path).toBeGreaterThan(0);
    const empty = preloads.filter((href) => EMPTY.test(readFileSync(`public${href}`, "utf8")));
    expect(empty, `${path}: empty modules it preloads`).toEqual([]);
  }
});

test("video.js's ES modules import window and document as ES modules, not through CommonJS interop", ({ isMobile }) => {
  test.skip(!isMobile, "one check of the build is enough");
  // The bundler wraps a CommonJS module an ES module imports, and its wrapper copies every own
  // property of the module's value: for npm's global/window, all of window's (~1,240 in Chromium),
  // ~100 ms of a phone's main thread on every reel page. vendor/global/ is the ES-module equivalent.
  const { inputs }: Metafile = JSON.parse(readFileSync("build/metafile.js.json", "utf8"));
  const imports = Object.entries(inputs).flatMap(([file, { imports }]) =>
    imports
      .filter(({ kind, original }) => kind === "import-statement" && /^global\/(window|document)$/.test(original ?? ""))
      .map(({ path, original }) => ({ file, original, resolved: path, format: inputs[path]?.format })),
  );
  expect(imports.length).toBeGreaterThan(0);
  expect(imports.filter(({ format }) => format !== "esm")).toEqual([]);
});

test("what pages send to count visits is one chunk of at most 2 KiB gzipped, fetched only once hydrated", ({
  isMobile,
}) => {
  test.skip(isMobile, "the build does not depend on the screen");
  const { outputs }: Metafile = JSON.parse(readFileSync("build/metafile.js.json", "utf8"));
  const chunks = Object.entries(outputs).filter(
    ([output, { inputs }]) => output.endsWith(".js") && ANALYTICS_MODULE in inputs,
  );
  expect(chunks.map(([output]) => output)).toEqual([expect.stringMatching(/^public\/build\/.+\.js$/)]);
  const [[chunk, { imports }]] = chunks;
  const gzipped = gzipSync(readFileSync(chunk), { level: 9 }).length;
  expect(gzipped, `${chunk}: ${gzipped} bytes gzipped`).toBeLessThanOrEqual(ANALYTICS_BUDGET_BYTES);

  // The root imports it only when it runs (never as a module every page preloads), and the chunk
  // itself needs nothing the root has not already loaded: one request, after hydration.
  const root = Object.entries(outputs).find(([, { entryPoint }]) =>
    entryPoint?.startsWith("browser-route-module:root."),
  );
  expect(root).toBeDefined();
  const loaded = new Set<string>();
  const load = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const { path, kind } of outputs[output].imports) if (kind === "import-statement") load(path);
  };
  load(root![0]);
  expect(loaded.has(chunk)).toBe(false);
  expect(root![1].imports).toContainEqual(expect.objectContaining({ path: chunk, kind: "dynamic-import" }));
  expect(imports.filter(({ kind, path }) => kind === "import-statement" && !loaded.has(path))).toEqual([]);
});
