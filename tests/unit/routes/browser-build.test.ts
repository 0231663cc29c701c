/**
 * The browser's build holds no content: pages' meta and components get every word from loaders'
 * data. Then a commit that changes only content leaves the browser's scripts as they were, byte for
 * byte (esbuild's minifier names a chunk's symbols from character frequencies over its inputs), and
 * a content-only release keeps the builds of the release serving
 * (docs/decisions/0013-site-follows-a-branch.md). Read from the build `npm run build` wrote, which
 * `npm test` makes before the unit tests.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { artists, contact, reels, site } from "#app/content/index.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
/** What the classic compiler records of the browser's build: each input, and each output's. */
const METAFILE = path.join(ROOT, "build/metafile.js.json");
const CONTENT = path.join(ROOT, "app/content");

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

function browserBuild(): { inputs: string[]; scripts: string[] } {
  if (!existsSync(METAFILE)) throw new Error(`${METAFILE} is missing: run npm run build, then the tests again`);
  const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as Metafile;
  const scripts = Object.keys(metafile.outputs)
    .filter((output) => output.endsWith(".js"))
    .map((output) => path.join(ROOT, output));
  const missing = scripts.filter((script) => !existsSync(script));
  if (missing.length > 0)
    throw new Error(`public/build is not the build ${METAFILE} records (${missing[0]}…): run npm run build again`);
  return { inputs: Object.keys(metafile.inputs).map((input) => path.resolve(ROOT, input)), scripts };
}

describe("the browser's build", () => {
  const { inputs, scripts } = browserBuild();

  it("reads no file of the content: neither its modules nor its compiled data", () => {
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((input) => input.startsWith(CONTENT + path.sep))).toEqual([]);
  });

  it("holds none of the content's words: the agency, the contact details, the artists' names, the reels' titles", () => {
    const words = [
      site.agentName,
      site.agencyName,
      contact.email,
      contact.phone,
      ...Object.values(artists).flatMap((list) => list.map((artist) => artist.name)),
      ...reels.map((reel) => reel.title),
    ];
    const found = scripts.flatMap((script) => {
      const source = readFileSync(script, "utf8");
      return words.filter((word) => source.includes(word)).map((word) => `${path.relative(ROOT, script)}: ${word}`);
    });
    expect(scripts.length).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });
});
