/**
 * A save that names a staged upload (edit/server/apply-save.ts): taken only by the editor it was minted for
 * (edit/server/upload-staging.ts), its record gone once it is; another editor's is refused as an upload gone.
 */
import { existsSync, readFileSync } from "node:fs";
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { mediaSource } from "#model/media-paths.ts";
import { applySave } from "#edit/server/apply-save.ts";
import type { Save } from "#edit/server/save-gate.ts";
import { readRecord, uploadStaging } from "#edit/server/upload-staging.ts";
import { sourceUploadName, stagedReference } from "#edit/upload-names.ts";
import { STAGED_DIR, UPLOADS_DIR } from "#edit/upload-rules.ts";
import { scratchProject } from "#tests/support/project-copy.ts";

const ADA = "ada@agency.example";
const BOB = "bob@agency.example";
const DIRECTOR = "app/content/artists/directors/ada-rowe.md";
const CLIP = `${UPLOADS_DIR}/ada-rowe/${sourceUploadName("directorClip", "clip", "mp4")}`;

const file = (name: string, contents: string | Uint8Array) => ({
  path: name,
  contents: Buffer.from(contents).toString("base64url"),
});

/** A new director, her clip the upload staged under `token`. */
const newDirector = (token: string): Save => ({
  additions: [
    file(
      DIRECTOR,
      `---\nid: ada-rowe\norder: 30\nname: Ada Rowe\ntitle: Director\nwebsite: ada-rowe.example\ninstagram: ''\n` +
        `recentWorkThumbs: []\nextraThumbs: []\nbioPhoto: true\n---\nAda Rowe films people at work.\n`,
    ),
    file(CLIP, stagedReference(token)),
    file(`${UPLOADS_DIR}/ada-rowe/${sourceUploadName("bioPhoto", "bioPhoto", "jpg")}`, "a photo"),
  ],
  deletions: [],
});

describe("a save naming a staged upload", () => {
  let root: string;
  let staged: string;
  let token: string;
  const site = { saved: () => undefined };

  beforeAll(async () => {
    root = await scratchProject("upload-owner-save-", ["app/content", "media/manifest.json"]);
    staged = path.join(root, STAGED_DIR);
    const minted = await uploadStaging(staged).mint(ADA, { extension: "mp4", bytes: 6 });
    if (minted.status !== 201) throw new Error(minted.message);
    token = minted.token;
    await writeFile(path.join(staged, token), "a film");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test("by another editor: 422, as an upload no longer there; nothing taken", async () => {
    expect(await applySave(root, newDirector(token), site, BOB)).toEqual({
      status: 422,
      problems: [`${CLIP}: its upload is no longer on the server; choose the file again`],
    });
    expect(existsSync(path.join(root, DIRECTOR))).toBe(false);
    expect(await readRecord(staged, token)).toEqual({ owner: ADA, bytes: 6 });
    expect(existsSync(path.join(staged, token))).toBe(true);
  });

  test("naming one upload in two fields (a work's dialog handed the clip's value): 422 naming both, nothing taken", async () => {
    const work = `${UPLOADS_DIR}/ada-rowe/${sourceUploadName("directorWork", "recentWorkThumbs/0/film", "mp4")}`;
    const save = newDirector(token);
    save.additions.push(file(work, stagedReference(token)));
    expect(await applySave(root, save, site, ADA)).toEqual({
      status: 422,
      problems: [`${work}: names the same upload as ${CLIP}; choose its file again`],
    });
    expect(existsSync(path.join(root, DIRECTOR))).toBe(false);
    expect(existsSync(path.join(staged, token))).toBe(true);
  });

  test("by her: filed where the media build reads it, its record removed", async () => {
    const outcome = await applySave(root, newDirector(token), site, ADA);
    expect(outcome.status).toBe(200);
    expect(readFileSync(path.join(root, `${mediaSource("directorClip", "ada-rowe")}.mp4`), "utf8")).toBe("a film");
    expect(await readdir(staged)).toEqual([]);
    expect(await readRecord(staged, token)).toBeUndefined();
  });
});
