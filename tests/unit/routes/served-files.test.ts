import { readFileSync } from "node:fs";
import { join } from "node:path";

import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

import { loader as chaptersLoader } from "#app/routes/reels.$slug.chapters[.]vtt.ts";
import { loader as descriptionsLoader } from "#app/routes/reels.$slug.descriptions[.]vtt.ts";

import { DEMO_ONLY, isDemoContent } from "#tests/support/demo-content.ts";

/** A file as the site serves it, written by hand from the demo content (tests/fixtures/golden/served/). */
const golden = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures/golden/served", name), "utf8");

const args = (path: string, params: LoaderFunctionArgs["params"]): LoaderFunctionArgs => ({
  request: new Request(`http://localhost${path}`),
  params,
  context: {},
});

// Byte for byte against files written by hand: the site's own reader never judges what its writer wrote.
describe.skipIf(!isDemoContent)(`${DEMO_ONLY}: the files the site serves, byte for byte`, () => {
  it("a reel's chapters: a cue per spot, to the next spot or the film's end, named title — client", async () => {
    const response = chaptersLoader(args("/reels/reel-2021/chapters.vtt", { slug: "reel-2021" }));
    expect(await response.text()).toBe(golden("reel-2021.chapters.vtt"));
  });

  it("a reel's described picture: a cue per spot, its director named, & escaped", async () => {
    const response = descriptionsLoader(args("/reels/reel-2021/descriptions.vtt", { slug: "reel-2021" }));
    expect(await response.text()).toBe(golden("reel-2021.descriptions.vtt"));
  });

  it("the sitemap: the sections, each reel, each artist, from the public origin", async () => {
    vi.stubEnv("SITE_URL", "https://calloway-artists.example");
    vi.resetModules();
    const { loader } = await import("#app/routes/sitemap[.]xml.ts");
    expect(await loader().text()).toBe(golden("sitemap.xml"));
    vi.unstubAllEnvs();
  });
});
