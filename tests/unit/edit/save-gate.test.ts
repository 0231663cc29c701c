/**
 * The editing screen's gate (edit/server/save-gate.ts): a save is the content check's to refuse,
 * in its own words, before anything is written; the messages below are the check's, written out by hand.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { checkSave } from "../../../edit/server/save-gate.ts";
import { DEMO_ONLY, isDemoContent } from "#tests/support/demo-content.ts";

const ROOT = path.join(import.meta.dirname, "../../..");

const file = (name: string, text: string) => ({ path: name, contents: Buffer.from(text).toString("base64url") });

const photographer = (id: string, website: string) =>
  file(
    `app/content/artists/photographers/${id}.md`,
    `---\nid: ${id}\norder: 9\nname: Test Name\ntitle: Photographer\nthumb: /images/photographers/${id}.jpg\n` +
      `mobileBG: /images/photographers/${id}-mobile.jpg\nwebsite: ${website}\ninstagram: ''\nrecentWorkThumbs: []\n---\n`,
  );

// The roster's names and credits below are the demo's.
describe.skipIf(!isDemoContent)(`${DEMO_ONLY}: a save through the editing screen`, () => {
  test("a new photographer whose media are still to be made passes", async () => {
    const { problems } = await checkSave(ROOT, {
      additions: [photographer("ines-moreau", "ines-moreau.example")],
      deletions: [],
    });
    expect(problems).toEqual([]);
  });

  test("an id already on the roster, in the other list, is refused naming both files", async () => {
    const { problems } = await checkSave(ROOT, {
      additions: [photographer("mira-castell", "mira.example")],
      deletions: [],
    });
    expect(problems).toEqual([
      'app/content/artists/photographers/mira-castell.md:2: id: "mira-castell" is already used by artists/directors/mira-castell.md',
    ]);
  });

  test("a website with its scheme is refused with the field's line", async () => {
    const { problems } = await checkSave(ROOT, {
      additions: [photographer("ines-moreau", "https://ines-moreau.example")],
      deletions: [],
    });
    expect(problems).toEqual([
      'app/content/artists/photographers/ines-moreau.md:8: website: "https://ines-moreau.example" must be a bare host like jane-doe.example, without "https://" or a path',
    ]);
  });

  test("deleting a director lists every spot that credits him, and nothing is deleted", async () => {
    const theo = "app/content/artists/directors/theo-marchand.md";
    const { problems } = await checkSave(ROOT, { additions: [], deletions: [{ path: theo }] });
    expect(problems).toEqual([
      'app/content/reels/reel-2020.md:18: spots[2].artist: "theo-marchand" is not the id of a director',
    ]);
    expect(readFileSync(path.join(ROOT, theo), "utf8")).toContain("id: theo-marchand");
  });
});
