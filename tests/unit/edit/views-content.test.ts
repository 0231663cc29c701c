/**
 * The names the views page takes from the content (edit/views/views-content.ts), read once per change
 * of the content's files rather than on every request: the same names while nothing changes, new ones
 * as soon as a file is written, added or removed.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { artists } from "#app/content/index.ts";
import { contentState, viewsContent } from "#edit/views/views-content.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const artist = artists.directors[0];
const artistFile = (dir: string) => path.join(dir, "app/content/artists/directors", `${artist.id}.md`);

describe("the names, read once per change of the content", () => {
  let dir = "";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "views-content-"));
    await cp(path.join(ROOT, "app/content"), path.join(dir, "app/content"), { recursive: true });
    await cp(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("the same names, not read again, while no file changes", () => {
    const first = viewsContent(dir);
    expect(first.artists[artist.id]).toBe(artist.name);
    expect(viewsContent(dir)).toBe(first);
  });

  test("a renamed artist's new name on the next request", async () => {
    const before = viewsContent(dir);
    const text = await readFile(artistFile(dir), "utf8");
    await writeFile(artistFile(dir), text.replace(`name: ${artist.name}`, "name: Somebody Renamed"));
    const after = viewsContent(dir);
    expect(after).not.toBe(before);
    expect(after.artists[artist.id]).toBe("Somebody Renamed");
    expect(viewsContent(dir)).toBe(after);
  });

  test("the state changes when a file is added or removed, and when the films' record is written", async () => {
    const states = [contentState(dir)];
    const added = path.join(dir, "app/content/reels/notes.txt");
    await writeFile(added, "a stray file");
    states.push(contentState(dir));
    await rm(added);
    await writeFile(path.join(dir, "media/manifest.json"), "{}\n");
    states.push(contentState(dir));
    expect(new Set(states).size).toBe(3);
  });

  test("each project its own names", () => {
    expect(viewsContent(ROOT).artists[artist.id]).toBe(artist.name);
    expect(viewsContent(dir).artists[artist.id]).toBe("Somebody Renamed");
  });
});
