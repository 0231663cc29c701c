/**
 * A save from the editing screen as one function (edit/server/apply-save.ts), on a copy of the
 * project: what it writes and files, the files it says it touched, and that the content is checked
 * once a save. The media build it hands its jobs to is a stand-in here: its own tests are in media/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { loadContent, validateContent } from "#content-check/check.ts";
import { readContentFiles } from "#content-check/read.ts";
import { captionsPath } from "#model/content-files.ts";
import { mediaPaths, mediaSource } from "#model/media-paths.ts";
import type { Job } from "#media-build/kinds.ts";
import { applySave } from "#edit/server/apply-save.ts";
import { entryStatuses } from "#edit/server/entry-status.ts";
import type { Save } from "#edit/server/save-gate.ts";
import { captionsUploadName, sourceUploadName } from "#edit/upload-names.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";
import { scratchProject } from "#tests/support/project-copy.ts";

// Each entry point of the content check, counted: a save may run it once.
vi.mock("#content-check/check.ts", async (importOriginal) => {
  const check = await importOriginal<typeof import("#content-check/check.ts")>();
  return { ...check, validateContent: vi.fn(check.validateContent), loadContent: vi.fn(check.loadContent) };
});
vi.mock("#content-check/read.ts", async (importOriginal) => {
  const read = await importOriginal<typeof import("#content-check/read.ts")>();
  return { ...read, readContentFiles: vi.fn(read.readContentFiles) };
});

const checks = () => vi.mocked(validateContent).mock.calls.length + vi.mocked(loadContent).mock.calls.length;

const file = (name: string, contents: string | Buffer) => ({
  path: name,
  contents: Buffer.from(contents).toString("base64url"),
});

const DIRECTOR = "app/content/artists/directors/ada-rowe.md";

/** A new director's file; `website` as given, so a test can make it wrong. */
const director = (website: string) =>
  file(
    DIRECTOR,
    `---\nid: ada-rowe\norder: 30\nname: Ada Rowe\ntitle: Director\nwebsite: ${website}\ninstagram: ''\n` +
      `recentWorkThumbs: []\nextraThumbs: []\nbioPhoto: true\n---\nAda Rowe films people at work.\n`,
  );

/** A new director with her clip and bio photo, as the screen saves her. */
const newDirector = (website: string): Save => ({
  additions: [
    director(website),
    file(`${UPLOADS_DIR}/ada-rowe/${sourceUploadName("directorClip", "clip", "mp4")}`, "a film"),
    file(`${UPLOADS_DIR}/ada-rowe/${sourceUploadName("bioPhoto", "bioPhoto", "jpg")}`, "a photo"),
  ],
  deletions: [],
});

/** Every file under the copy's app/content/ and media/, to see that nothing changed. */
const filesOf = (root: string) =>
  ["app/content", "media"].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const name = path.relative(root, path.join(entry.parentPath, entry.name));
        return `${name} ${readFileSync(path.join(root, name)).length}`;
      })
      .sort(),
  );

describe("a save through applySave", () => {
  let root: string;
  const saved = vi.fn<(jobs: Job[] | undefined) => void>();

  beforeAll(async () => {
    root = await scratchProject("apply-save-", ["app/content", "media/manifest.json"]);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  afterEach(() => vi.clearAllMocks());

  test("refused by the check: 422 with the check's line, nothing written, no media asked for", async () => {
    const before = filesOf(root);
    const outcome = await applySave(root, newDirector("https://ada-rowe.example"), { saved });
    expect(outcome).toEqual({
      status: 422,
      problems: [
        `${DIRECTOR}:6: website: "https://ada-rowe.example" must be a bare host like jane-doe.example, without "https://" or a path`,
      ],
    });
    expect(filesOf(root)).toEqual(before);
    expect(existsSync(path.join(root, UPLOADS_DIR))).toBe(false);
    expect(saved).not.toHaveBeenCalled();
    expect(checks()).toBe(1);
  });

  test("a new director with her clip and bio photo: her file and sources, each named once, her media asked for", async () => {
    const outcome = await applySave(root, newDirector("ada-rowe.example"), { saved });
    const clip = `${mediaSource("directorClip", "ada-rowe")}.mp4`;
    const bioPhoto = `${mediaSource("bioPhoto", "ada-rowe")}.jpg`;
    expect(outcome).toEqual({ status: 200, touched: [DIRECTOR, bioPhoto, clip].sort() });
    expect(readFileSync(path.join(root, DIRECTOR), "utf8")).toContain("name: Ada Rowe");
    expect(readFileSync(path.join(root, clip), "utf8")).toBe("a film");
    expect(readFileSync(path.join(root, bioPhoto), "utf8")).toBe("a photo");
    expect(existsSync(path.join(root, UPLOADS_DIR))).toBe(false);
    // Her media, planned from the content the one check compiled.
    expect(checks()).toBe(1);
    expect(saved).toHaveBeenCalledTimes(1);
    const [jobs] = saved.mock.calls[0];
    expect(jobs?.map((job) => job.site)).toContain(mediaPaths.directorClip("ada-rowe"));
  });

  test("a new photographer with her grid photo, a recent work's photograph and a bio photo: all three filed and planned", async () => {
    const entry = "app/content/artists/photographers/noor-hale.md";
    const upload = (kind: Parameters<typeof sourceUploadName>[0], field: string, contents: string) =>
      file(`${UPLOADS_DIR}/noor-hale/${sourceUploadName(kind, field, "jpg")}`, contents);
    const save: Save = {
      additions: [
        file(
          entry,
          "---\nid: noor-hale\norder: 40\nname: Noor Hale\ntitle: Photographer\nwebsite: noor-hale.example\n" +
            "instagram: ''\nrecentWorkThumbs:\n  - name: Brine — “Salt”\n    url: https://noor-hale.example/salt\n" +
            "extraThumbs: []\nbioPhoto: true\n---\nNoor Hale photographs food.\n",
        ),
        upload("photograph", "photo", "a grid photo"),
        upload("photographerWork", "recentWorkThumbs/0/photo", "a work's photograph"),
        upload("bioPhoto", "bioPhoto", "a bio photo"),
      ],
      deletions: [],
    };
    const outcome = await applySave(root, save, { saved });
    const work = "media/artists/noor-hale/work-1.jpg";
    expect(outcome).toEqual({
      status: 200,
      touched: [entry, "media/artists/noor-hale/bio.jpg", "media/artists/noor-hale/photo.jpg", work].sort(),
    });
    expect(readFileSync(path.join(root, work), "utf8")).toBe("a work's photograph");
    const [jobs] = saved.mock.calls[0];
    expect(jobs?.map((job) => job.site)).toEqual(
      expect.arrayContaining([
        "/images/photographers/noor-hale.jpg",
        "/images/work/noor-hale/1.jpg",
        "/images/bio/noor-hale.jpg",
      ]),
    );
  });

  test("a reel's captions: filed beside the reel and named, no media, so the content is compiled at once", async () => {
    const slug = readdirSync(path.join(root, "app/content/reels"))
      .find((name) => name.endsWith(".md"))!
      .slice(0, -".md".length);
    const lang = ["is", "fi", "da"].find((tag) => !existsSync(path.join(root, captionsPath(slug, tag, "vtt"))))!;
    const upload = file(
      `${UPLOADS_DIR}/${slug}/${captionsUploadName(lang, "vtt")}`,
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHalló\n",
    );
    const outcome = await applySave(root, { additions: [upload], deletions: [] }, { saved });
    expect(outcome).toEqual({ status: 200, touched: [captionsPath(slug, lang, "vtt")] });
    expect(readFileSync(path.join(root, captionsPath(slug, lang, "vtt")), "utf8")).toContain("Halló");
    expect(saved.mock.calls).toEqual([[undefined]]);
    expect(checks()).toBe(1);
  });

  test("a deletion names the file it deleted, and asks for the media build (its outputs leave the manifest)", async () => {
    const outcome = await applySave(root, { additions: [], deletions: [{ path: DIRECTOR }] }, { saved });
    expect(outcome).toEqual({ status: 200, touched: [DIRECTOR] });
    expect(existsSync(path.join(root, DIRECTOR))).toBe(false);
    expect(saved.mock.calls[0][0]).toBeInstanceOf(Array);
    expect(checks()).toBe(1);
  });
});

describe("the status the screen polls", () => {
  let root: string;

  beforeAll(async () => {
    root = await scratchProject("entry-status-", ["app/content", "media/manifest.json"]);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  afterEach(() => vi.clearAllMocks());

  test("is worked out once per change, however often it is asked", () => {
    const statuses = entryStatuses(root);
    const director = readdirSync(path.join(root, "app/content/artists/directors"))[0].slice(0, -".md".length);
    const polls = [1, 2, 3].map(() => statuses.of(`directors/${director}`, { state: "running" }));
    expect(vi.mocked(readContentFiles)).toHaveBeenCalledTimes(1);
    const once = checks();
    expect(once).toBeGreaterThan(0);
    expect(polls[2]).toEqual(polls[0]);
    expect(polls[0].media.length).toBeGreaterThan(0);

    statuses.changed();
    statuses.of(`directors/${director}`, { state: "idle" });
    statuses.of("biography", { state: "idle" });
    expect(vi.mocked(readContentFiles)).toHaveBeenCalledTimes(2);
    expect(checks()).toBe(2 * once);
  });

  test("looks for the media in the bucket's manifest when they are published there, as a build with MEDIA_ORIGIN does", async () => {
    // A clone of the team's service: no media in public/, only where the manifest says they were published.
    const clone = await scratchProject("entry-status-bucket-", ["app/content", "media/manifest.json"]);
    await rm(path.join(clone, "public"), { recursive: true });
    await mkdir(path.join(clone, "public"));
    const director = readdirSync(path.join(clone, "app/content/artists/directors"))[0].slice(0, -".md".length);
    const inPublic = entryStatuses(clone).of(`directors/${director}`, { state: "idle" });
    expect(inPublic.media.filter(({ made }) => made)).toEqual([]);
    expect(inPublic.problems).not.toEqual([]);
    const inBucket = entryStatuses(clone, true).of(`directors/${director}`, { state: "idle" });
    await rm(clone, { recursive: true, force: true });
    expect(inBucket.media.length).toBeGreaterThan(0);
    expect(inBucket.media.filter(({ made }) => !made)).toEqual([]);
    expect(inBucket.problems).toEqual([]);
  });
});
