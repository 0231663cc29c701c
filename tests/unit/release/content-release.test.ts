import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { buildRelease } from "#release/build-release.ts";
import { contentRefusal, MAX_CONTENT_FILE_BYTES, MEDIA_EXTENSIONS } from "#release/content-release.ts";
import { openMirror } from "#release/git-mirror.ts";
import { releaseKind } from "#release/release-plan.ts";

/** The files under `folder`, through links (a copy of the project may link its media folders to the checkout's). */
async function filesUnder(folder: string): Promise<string[]> {
  const files = await Promise.all(
    (await readdir(folder)).map(async (name) => {
      const entry = path.join(folder, name);
      return (await stat(entry)).isDirectory() ? filesUnder(entry) : [entry];
    }),
  );
  return files.flat();
}

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "content-release-"));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

const DIRECTOR = "app/content/artists/directors/mira-castell.md";

/** A remote whose first commit holds a director, and the follower's mirror of it; `push` commits and fetches. */
async function followed() {
  const remote = path.join(scratch, "remote");
  await mkdir(path.join(remote, path.dirname(DIRECTOR)), { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: remote, encoding: "utf8" }).trim();
  git("init", "-q", "-b", "main");
  const mirror = await openMirror(path.join(scratch, "data"), remote, "main");
  async function push(files: Record<string, string | { linkTo: string }>) {
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(remote, file)), { recursive: true });
      if (typeof content === "string") await writeFile(path.join(remote, file), content);
      else await symlink(content.linkTo, path.join(remote, file));
    }
    git("add", "-A");
    git("-c", "user.name=Dev", "-c", "user.email=dev@agency.example", "commit", "-qm", "a change");
    return mirror.fetch();
  }
  const first = await push({ [DIRECTOR]: "---\nname: Mira\n---\n" });
  return { mirror, first, push };
}

describe("a content-only release", () => {
  it("refuses a symlink, wherever it is among the files it changed, read from git's own modes", async () => {
    const { mirror, first, push } = await followed();
    let serving = first;
    for (const [file, target] of [
      ["public/images/directors/mira-castell.jpg", "/etc/passwd"],
      ["app/content/artists/directors/sasha-brandt.md", "/var/lib/site/serving.json"],
    ] as const) {
      const commit = await push({ [file]: { linkTo: target } });
      const changed = await mirror.changedFiles(serving, commit);
      serving = commit;
      expect(releaseKind(changed.map(({ path: changedFile }) => changedFile))).toBe("content");
      expect(contentRefusal(changed)).toBe(`${file}: a symlink; a content release takes files only`);
    }
  });

  it("refuses under public/ what the media build never makes, and takes what it does", async () => {
    const { mirror, first, push } = await followed();
    const commit = await push({
      "public/images/directors/mira-castell.jpg": "jpeg",
      "public/videos/reels/reel-2021/1080p/seg-001.ts": "mpeg-ts",
      "public/images/about.html": "<script>steal()</script>",
      "public/images/x.svg": "<svg onload=steal()>",
      [DIRECTOR]: "---\nname: Mira Castell\n---\n",
    });
    expect(contentRefusal(await mirror.changedFiles(first, commit))).toMatch(
      /^public\/images\/about\.html: not a media file the site serves \(.*\) \(and 1 more\)$/,
    );
    // The next commit takes them away: from the release serving, it changed media and content only.
    for (const file of ["public/images/about.html", "public/images/x.svg"])
      await rm(path.join(scratch, "remote", file));
    const fixed = await push({});
    expect(contentRefusal(await mirror.changedFiles(first, fixed))).toBeUndefined();
  });

  it("takes every kind of file the media build made for this project", async () => {
    const made = (await Promise.all(["public/images", "public/videos"].map(filesUnder))).flat();
    expect(made.length).toBeGreaterThan(100);
    const types = new Set(made.map((file) => path.extname(file)));
    expect([...types].filter((type) => !MEDIA_EXTENSIONS.has(type))).toEqual([]);
    // And no type the site's pages never name: a page, a script, a style sheet.
    for (const type of [".html", ".js", ".css", ".svg", ".json"]) expect(MEDIA_EXTENSIONS.has(type)).toBe(false);
  });

  it("refuses a file over MAX_CONTENT_FILE_BYTES, and takes one of that size", () => {
    const film = { path: "public/videos/reels/reel-2021.mp4", mode: "100644" };
    expect(contentRefusal([{ ...film, size: MAX_CONTENT_FILE_BYTES }])).toBeUndefined();
    expect(contentRefusal([{ ...film, size: MAX_CONTENT_FILE_BYTES + 1 }])).toBe(
      "public/videos/reels/reel-2021.mp4: 2.0 GiB, over the 2.0 GiB a content release takes",
    );
    expect(contentRefusal([{ ...film, mode: "000000" }])).toBeUndefined();
  });

  it("is refused as bad content is, before its folder is touched", async () => {
    const { mirror, first, push } = await followed();
    const commit = await push({ "public/images/bio/mira-castell.jpg": { linkTo: "/etc/shadow" } });
    const folder = path.join(scratch, "data", "releases", "b");
    const building = buildRelease(mirror, {
      folder,
      commit,
      serving: { folder: path.join(scratch, "data", "releases", "a"), commit: first },
      data: path.join(scratch, "data"),
      checkout: process.cwd(),
    });
    await expect(building).rejects.toThrow(
      "public/images/bio/mira-castell.jpg: a symlink; a content release takes files only",
    );
    expect(existsSync(folder)).toBe(false);
  });
});
