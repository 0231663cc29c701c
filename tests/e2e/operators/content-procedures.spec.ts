import type { ChildProcess } from "node:child_process";
import { lstat, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

import { artists, reels } from "#app/content/index.ts";
import { startServer } from "#scripts/lib/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { freePort, PROJECT_SOURCES, run, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");

/** Folders under public/ a procedure adds files to or deletes files from: real folders in the copy. */
const EDITED_MEDIA = [
  "images/bio",
  "images/og/artists",
  "images/og/reels",
  "images/photographers",
  "images/reels",
  "images/work",
  "videos/reels",
];

/**
 * A copy of the project to follow docs/content.md in: the sources and tests copied, media/ linked,
 * and no compiled content, so the procedure compiles it as a fresh checkout would.
 */
async function procedureProject(): Promise<string> {
  const dir = await scratchProject(
    "content-procedures-",
    [...PROJECT_SOURCES, "tests", "vitest.config.ts"],
    EDITED_MEDIA,
  );
  await rm(path.join(dir, "app/content/generated.js"), { force: true });
  await symlink(path.join(ROOT, "media"), path.join(dir, "media"));
  return dir;
}

/** Deletes what `pattern` matches in a folder of the copy (links to media, or the copy's own files). */
async function removeMatching(dir: string, pattern: RegExp): Promise<void> {
  for (const entry of await readdir(dir)) {
    if (pattern.test(entry)) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

/** Gives the copy a reel's media under new names, as `npm run media` would make them from a new source. */
async function copyReelMedia(dir: string, from: string, to: string): Promise<void> {
  for (const folder of ["public/images/reels", "public/videos/reels", "public/images/og/reels"]) {
    for (const entry of await readdir(path.join(dir, folder))) {
      if (entry !== from && !entry.startsWith(`${from}.`) && !entry.startsWith(`${from}-`)) continue;
      const source = path.join(dir, folder, entry);
      // A link to the original stands in for a copy: same bytes, none of the megabytes.
      const target = (await lstat(source)).isSymbolicLink() ? path.join(ROOT, folder, entry) : source;
      await symlink(target, path.join(dir, folder, entry.replace(from, to)));
    }
  }
}

test.describe("docs/content.md's procedures", () => {
  test.skip(({ isMobile }) => isMobile, "the procedures do not depend on the screen");

  test("removing a photographer and adding a reel take files only: check, build, unit tests and pages follow", async ({
    request,
    page,
  }) => {
    test.setTimeout(300_000);
    const dir = await procedureProject();
    const leaving = artists.photographers[artists.photographers.length - 1];
    const template = reels[reels.length - 1];
    const added = { slug: "reel-2099", title: "2099 Reel" };
    let server: ChildProcess | undefined;
    try {
      // Removing an artist: their content file and their media.
      await rm(path.join(dir, `app/content/artists/photographers/${leaving.id}.md`));
      const sameId = new RegExp(`^${leaving.id}([.-]|$)`);
      for (const folder of ["images/photographers", "images/work", "images/og/artists", "images/bio"]) {
        await removeMatching(path.join(dir, "public", folder), sameId);
      }

      // Adding a reel: a copy of another reel's file with its own slug, title, place and media.
      const file = (await readFile(path.join(dir, `app/content/reels/${template.slug}.md`), "utf8"))
        .replaceAll(template.slug, added.slug)
        .replace(/^title: .*$/m, `title: ${added.title}`)
        .replace(/^order: .*$/m, `order: ${reels.length + 1}`)
        // The new reel starts by itself, without controls: the player follows the content's flags.
        .replace(/^autoplay: .*$/m, "autoplay: true")
        .replace(/^controls: .*$/m, "controls: false");
      await writeFile(path.join(dir, `app/content/reels/${added.slug}.md`), file);
      await copyReelMedia(dir, template.slug, added.slug);

      const photographers = artists.photographers.length - 1;
      expect(run(dir, "npm", ["run", "--silent", "content:check"])).toContain(
        `(${artists.directors.length} directors, ${photographers} photographers), ${reels.length + 1} reels`,
      );
      run(dir, "npm", ["run", "--silent", "build"]);
      const unitTests = stripVTControlCharacters(run(dir, "npx", ["--no-install", "vitest", "run"]));
      expect(unitTests).toMatch(/Tests\s+\d+ passed/);
      // The roster is no longer the demo's, so the checks against SPEC.md's counts stand aside.
      expect(unitTests).toMatch(/content\.test\.ts \((\d+) tests \| \1 skipped\)/);

      const started = await startServer(await freePort(), { cwd: dir });
      server = started.child;
      const { origin } = started;

      const reelPage = await request.get(`${origin}/${added.slug}`);
      expect(reelPage.status()).toBe(200);
      const reelHtml = await reelPage.text();
      expect(reelHtml).toMatch(new RegExp(`<h1[^>]*>${added.title}</h1>`));
      expect(reelHtml).toMatch(new RegExp(`"@type":"VideoObject","name":"${added.title}"`));
      expect((await request.get(`${origin}/reels/${added.slug}/chapters.vtt`)).status()).toBe(200);
      const video = reelHtml.match(/<video [^>]*>/)?.[0] ?? "";
      expect(video).toMatch(/ autoplay="" muted=""/);
      expect(video).not.toContain("controls");
      await page.goto(`${origin}/${added.slug}`);
      await expect
        .poll(() => page.locator("video").evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0);
      expect(await page.locator("video").evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

      const reelsList = await (await request.get(`${origin}/collective-reels`)).text();
      expect(reelsList).toContain(`href="/${added.slug}"`);

      const gone = await request.get(`${origin}${leaving.url}`, { maxRedirects: 0 });
      expect(gone.status()).toBe(404);
      const grid = await (await request.get(`${origin}/artists/photographers`)).text();
      expect(grid).not.toContain(leaving.url);
      expect(grid).toContain(artists.photographers[0].url);

      const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text();
      expect(sitemap).toContain(`/${added.slug}</loc>`);
      expect(sitemap).not.toContain(`${leaving.url}</loc>`);
    } finally {
      server?.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
