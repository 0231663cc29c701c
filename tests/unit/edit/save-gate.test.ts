/**
 * The editing screen's gate (edit/server/save-gate.ts): a save is the content check's to refuse,
 * in its own words, before anything is written; the messages below are the check's, written out by hand.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { captionsUploadOf, checkSave } from "#edit/server/save-gate.ts";
import { captionsPath } from "#model/content-files.ts";
import { captions, reels } from "#app/content/index.ts";
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

describe("a reel's captions file saved through the editing screen", () => {
  const [reel] = reels;
  // A language the reel has no captions in yet.
  const lang = ["fr", "de", "it", "is", "fi"].find((tag) => !captions[reel.slug]?.some((track) => track.lang === tag))!;
  const upload = (slug: string, name: string, text: string) => file(`media/.uploads/${slug}/${name}`, text);

  test("is checked as the reel's captions in its language, and added to them", async () => {
    const { problems, content } = await checkSave(ROOT, {
      additions: [upload(reel.slug, `captions--${lang}.vtt`, "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour\n")],
      deletions: [],
    });
    expect(problems).toEqual([]);
    const added = content?.captions[reel.slug]?.find((track) => track.lang === lang);
    expect(added?.cues.map(({ start, end, text }) => ({ start, end, text }))).toEqual([
      { start: 1, end: 2, text: "Bonjour" },
    ]);
  });

  test("is refused, named as the file it would be, when the check refuses it", async () => {
    const { problems } = await checkSave(ROOT, {
      additions: [upload(reel.slug, `captions--${lang}.vtt`, "00:00:01.000 --> 00:00:02.000\nBonjour\n")],
      deletions: [],
    });
    expect(problems).toEqual([`app/content/reels/${reel.slug}.${lang}.vtt:1: must start with the line "WEBVTT"`]);
  });

  const captioned = reels.find((candidate) => (captions[candidate.slug] ?? []).length > 0);
  test.skipIf(!captioned)("in the other format replaces its language's file, rather than doubling it", async () => {
    const [track] = captions[captioned!.slug];
    const srt = existsSync(path.join(ROOT, captionsPath(captioned!.slug, track.lang, "srt")));
    const other = srt ? "vtt" : "srt";
    const text =
      other === "srt"
        ? "1\n00:00:01,000 --> 00:00:02,000\nHello\n"
        : "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n";
    const { problems, content } = await checkSave(ROOT, {
      additions: [upload(captioned!.slug, `captions--${track.lang}.${other}`, text)],
      deletions: [],
    });
    expect(problems).toEqual([]);
    const tracks = content?.captions[captioned!.slug]?.filter(({ lang }) => lang === track.lang);
    expect(tracks?.map(({ cues }) => cues.map((cue) => cue.text))).toEqual([["Hello"]]);
  });

  test.skipIf(!captioned)("a removal takes that language's captions away, and nothing else", async () => {
    const tracks = captions[captioned!.slug];
    const [removed] = tracks;
    const { problems, content } = await checkSave(ROOT, {
      additions: [upload(captioned!.slug, `captions--${removed.lang}.remove`, "remove\n")],
      deletions: [],
    });
    expect(problems).toEqual([]);
    expect(content?.captions[captioned!.slug]?.map(({ lang }) => lang) ?? []).toEqual(
      tracks.filter(({ lang }) => lang !== removed.lang).map(({ lang }) => lang),
    );
    // Only the copy the gate checks changes: the file is still there.
    const kept = (["vtt", "srt"] as const).filter((format) =>
      existsSync(path.join(ROOT, captionsPath(captioned!.slug, removed.lang, format))),
    );
    expect(kept).toHaveLength(1);
  });

  test("elsewhere than a reel's upload folder is no captions file", () => {
    expect(captionsUploadOf("media/.uploads/captions--fr.vtt")).toBeUndefined();
    expect(captionsUploadOf("media/.uploads/a/b/captions--fr.vtt")).toBeUndefined();
    expect(captionsUploadOf("app/content/reels/a.fr.vtt")).toBeUndefined();
    expect(captionsUploadOf("media/.uploads/reel-x/captions--pt-BR.srt")).toEqual({
      path: "app/content/reels/reel-x.pt-BR.srt",
      removes: ["app/content/reels/reel-x.pt-BR.vtt"],
    });
    expect(captionsUploadOf("media/.uploads/reel-x/captions--pt-BR.remove")).toEqual({
      removes: ["app/content/reels/reel-x.pt-BR.vtt", "app/content/reels/reel-x.pt-BR.srt"],
    });
    expect(captionsUploadOf("media/.uploads/reel-x/captions--pt-BR.txt")).toBeUndefined();
  });
});
