/**
 * The one rule for what a save may write (edit/server/save-paths.ts), against paths written out by
 * hand: the content's files as docs/content.md lists them, the screen's uploads, and the ways a path
 * can name another file than it seems to (`..`, `./`, `//`, a backslash, a symbolic link on the way).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, test } from "vitest";

import { mayLand, savePathProblem } from "#edit/server/save-paths.ts";

const root = mkdtempSync(path.join(tmpdir(), "save-paths-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("what a save may write", () => {
  test.each([
    "app/content/biography.md",
    "app/content/clients.yaml",
    "app/content/contact.yaml",
    "app/content/site.yaml",
    "app/content/artists/directors/theo-marchand.md",
    "app/content/artists/photographers/ada-rowe.md",
    "app/content/reels/reel-2021.md",
    "app/content/reels/reel-2021.pt-BR.vtt",
    "app/content/reels/reel-2021.en.srt",
    "media/.uploads/theo-marchand/directorClip--clip.mp4",
    "media/.uploads/theo-marchand/directorWork--recentWorkThumbs-1-film.mov",
    "media/.uploads/reel-2021/captions--fr.remove",
    "media/.uploads/agentPhoto--photo.jpg",
  ])("%s", (file) => expect(savePathProblem(root, file)).toBeUndefined());

  test.each([
    ["app/content/index.ts", "app/content/index.ts: not a file the screen saves"],
    ["app/content/types.ts", "app/content/types.ts: not a file the screen saves"],
    ["app/content/generated.js", "app/content/generated.js: not a file the screen saves"],
    ["package.json", "package.json: not a file the screen saves"],
    ["app/content/artists/directors/Theo.md", "app/content/artists/directors/Theo.md: not a file the screen saves"],
    ["app/content/artists/directors/a/b.md", "app/content/artists/directors/a/b.md: not a file the screen saves"],
    ["app/content/artists/theo.md", "app/content/artists/theo.md: not a file the screen saves"],
    ["app/content/reels/reel.en.txt", "app/content/reels/reel.en.txt: not a file the screen saves"],
    [
      "media/.uploads/x/y/directorClip--clip.mp4",
      "media/.uploads/x/y/directorClip--clip.mp4: not a file the screen saves",
    ],
    ["media/.uploads/theo/run.sh", "media/.uploads/theo/run.sh: not a file the screen saves"],
    ["media/artists/theo/clip.mp4", "media/artists/theo/clip.mp4: not a file the screen saves"],
    ["app/content/../../package.json", '"app/content/../../package.json": not a path in normal form'],
    ["./app/content/site.yaml", '"./app/content/site.yaml": not a path in normal form'],
    ["app/content//site.yaml", '"app/content//site.yaml": not a path in normal form'],
    ["/app/content/site.yaml", '"/app/content/site.yaml": not a path in normal form'],
    ["app\\content\\site.yaml", '"app\\\\content\\\\site.yaml": not a path in normal form'],
    ["app/content/site.yaml\n", '"app/content/site.yaml\\n": not a path in normal form'],
    ["", '"": not a path in normal form'],
  ])("%j is refused", (file, problem) => expect(savePathProblem(root, file)).toBe(problem));

  test("a symbolic link on the way is refused, wherever it is", () => {
    mkdirSync(path.join(root, "app/content/artists"), { recursive: true });
    mkdirSync(path.join(root, "elsewhere"));
    symlinkSync(path.join(root, "elsewhere"), path.join(root, "app/content/artists/directors"));
    symlinkSync(path.join(root, "package.json"), path.join(root, "app/content/site.yaml"));
    expect(savePathProblem(root, "app/content/artists/directors/theo-marchand.md")).toBe(
      "app/content/artists/directors/theo-marchand.md: app/content/artists/directors is a symbolic link",
    );
    expect(savePathProblem(root, "app/content/site.yaml")).toBe(
      "app/content/site.yaml: app/content/site.yaml is a symbolic link",
    );
    expect(savePathProblem(root, "app/content/artists/photographers/ada-rowe.md")).toBeUndefined();
  });
});

describe("what a commit may hold", () => {
  test("the content, the manifest, the sources' list, and the outputs only where no bucket holds them", () => {
    expect(mayLand("app/content/reels/reel-2021.md", { outputs: false })).toBe(true);
    expect(mayLand("media/manifest.json", { outputs: false })).toBe(true);
    expect(mayLand("media/sources.json", { outputs: false })).toBe(true);
    expect(mayLand("media/artists/theo/clip.mp4", { outputs: false })).toBe(false);
    expect(mayLand("public/videos/directors/theo.mp4", { outputs: false })).toBe(false);
    expect(mayLand("public/videos/directors/theo.mp4", { outputs: true })).toBe(true);
    expect(mayLand("public/images/work/theo/1.webp", { outputs: true })).toBe(true);
  });

  test.each([
    "app/content/index.ts",
    "package.json",
    "public/build/x.js",
    "app/content/../../package.json",
    ".git/config",
    "media/reels/reel-2021.mp4",
    "media/./sources.json",
  ])("never %s", (file) => expect(mayLand(file, { outputs: true })).toBe(false));
});
