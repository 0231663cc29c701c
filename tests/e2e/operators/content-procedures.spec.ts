import type { ChildProcess } from "node:child_process";
import { copyFile, lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

import { artists, reels } from "#app/content/index.ts";
import { startServer } from "#tests/support/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import { freePort, PROJECT_SOURCES, run, scratchProject } from "#tests/support/scratch-project.ts";

const ROOT = path.join(import.meta.dirname, "../../..");
const DOC = "docs/content.md";

/** Folders under public/ a procedure adds files to or deletes files from: real folders in the copy. */
const EDITED_MEDIA = [
  "images/bio",
  "images/directors",
  "images/og/artists",
  "images/og/reels",
  "images/photographers",
  "images/reels",
  "images/work",
  "videos/directors",
  "videos/reels",
];

/** A procedure of docs/content.md: its example's names (the backticked ids of its "Say …" line) and its steps. */
interface Procedure {
  heading: string;
  names: string[];
  /** Each numbered step, its lines joined; the last runs on to the end of the section. */
  steps: string[];
}

function procedure(doc: string, heading: string): Procedure {
  const section = doc.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`${DOC} has no section "## ${heading}"`);
  const say = section.match(/^Say .*$/m)?.[0] ?? "";
  const names = [...say.matchAll(/`([a-z0-9-]+)`/g)].map(([, name]) => name);
  const steps = section
    .split(/^\d+\. /m)
    .slice(1)
    .map((step) => step.replace(/\s+/g, " ").trim());
  return { heading, names, steps };
}

/** The step that matches `pattern`, and the match; the test fails, naming the procedure, if the doc has none. */
function stepWith({ heading, steps }: Procedure, pattern: RegExp, what: string): [string, RegExpMatchArray] {
  for (const step of steps) {
    const found = step.match(pattern);
    if (found) return [step, found];
  }
  throw new Error(`${DOC}, "${heading}": no step ${what} (${pattern})`);
}

/** Step 1's copy: the template file, and the new file's name in its folder; and the file it says to delete. */
function copyStep(procedure: Procedure) {
  const [step, [, from, to]] = stepWith(
    procedure,
    /Copy [^`]*`(app\/content\/[^`]+\.md)`,? to `([^`]+\.md)`/,
    "copies a file",
  );
  return { from, to: path.posix.join(path.posix.dirname(from), to), deleted: step.match(/then delete `([^`]+)`/)?.[1] };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Edits a content file's front matter as the step that sets its fields says: each `field: value` the step spells
 * out (a work thumb's `image: …/1.webp` for every thumb, numbered in turn), each media path it shows bare
 * (`/images/work/{id}/1.jpg`, …) in place of the template's of the same form, and each `Remove \`field\`` done.
 * `named` gives the fields the step names without a value (a `name`, a `title`): what the operator types.
 */
function editAsStep(
  file: string,
  step: string,
  template: string,
  id: string,
  named: Record<string, string>,
  kept: string[] = [],
): string {
  let edited = file;
  for (const [, field, value] of step.matchAll(/`(\w+): ([^`]+)`/g)) {
    const line = new RegExp(`^(\\s*(?:- )?)${field}: .*$`, "gm");
    let n = 0;
    edited = edited.replace(line, (_, indent: string) => `${indent}${field}: ${value.replace(/\/1\./, `/${++n}.`)}`);
  }
  for (const [, shown] of step.matchAll(/(?<!: )`(\/[^`\s]+\/1\.\w+)`/g)) {
    const [newBefore, newAfter] = shown.split("/1.");
    const [oldBefore, oldAfter] = shown.replaceAll(id, template).split("/1.");
    const old = new RegExp(`${escapeRegExp(oldBefore)}/(\\d+)\\.${escapeRegExp(oldAfter)}`, "g");
    edited = edited.replace(old, `${newBefore}/$1.${newAfter}`);
  }
  for (const [, field] of [...step.matchAll(/Remove `(\w+)`/g)].filter(([, field]) => !kept.includes(field)))
    edited = edited.replace(new RegExp(`^${field}: .*\\n`, "m"), "");
  for (const [field, value] of Object.entries(named))
    edited = edited.replace(new RegExp(`^${field}: .*$`, "m"), `${field}: ${value}`);
  return edited;
}

/**
 * Gives the copy media for `to` as `npm run media` makes it (the checkout holds no media sources to run it on):
 * `from`'s outputs under `to`'s name in each edited folder of public/, linked to the originals, and their records
 * in media/manifest.json.
 */
async function giveMediaOf(dir: string, from: string, to: string): Promise<void> {
  const sameName = (entry: string) => entry === from || entry.startsWith(`${from}.`) || entry.startsWith(`${from}-`);
  for (const folder of EDITED_MEDIA.map((media) => path.join(dir, "public", media))) {
    for (const entry of (await readdir(folder)).filter(sameName)) {
      const source = path.join(folder, entry);
      // A link to the original stands in for a copy: same bytes, none of the megabytes.
      const target = (await lstat(source)).isSymbolicLink() ? path.join(ROOT, path.relative(dir, source)) : source;
      await symlink(target, path.join(folder, entry.replace(from, to)));
    }
  }
  const manifestFile = path.join(dir, "media/manifest.json");
  const manifest: Record<string, unknown> = JSON.parse(await readFile(manifestFile, "utf8"));
  const segment = new RegExp(`/${from}(?=[./-]|$)`, "g");
  for (const [output, record] of Object.entries(manifest)) {
    const renamed = output.replace(segment, `/${to}`);
    if (renamed !== output) manifest[renamed] = JSON.parse(JSON.stringify(record).replace(segment, `/${to}`));
  }
  await writeFile(manifestFile, JSON.stringify(manifest));
}

/** Deletes what the step's backticked `public/…` paths name (a trailing `*` for every name it begins), for `id`. */
async function deleteAsStep(dir: string, step: string, example: string, id: string): Promise<string[]> {
  const paths = [...step.matchAll(/public\/[^`\s,)]+/g)].map(([found]) => found.replaceAll(example, id));
  for (const cited of paths) {
    const folder = path.join(dir, path.posix.dirname(cited));
    const name = path.posix.basename(cited);
    for (const entry of await readdir(folder)) {
      if (name.endsWith("*") ? entry.startsWith(name.slice(0, -1)) : entry === name)
        await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  }
  return paths;
}

/** The site paths a step says to look at (backticked, from `/`), and whether it says each is now a 404. */
function pagesOf(step: string): { url: string; gone: boolean }[] {
  return [...step.matchAll(/`(\/[^`\s]*)`( is now a 404)?/g)].map(([, url, gone]) => ({ url, gone: !!gone }));
}

const titleCase = (id: string) =>
  id.replace(/(^|-)(\w)/g, (_, dash: string, letter: string) => `${dash ? " " : ""}${letter.toUpperCase()}`);

/**
 * A copy of the project to follow docs/content.md in: the sources and tests copied, media/ its own folder (a copy
 * of the manifest, links to the rest), and no compiled content, so the procedure compiles it as a fresh checkout would.
 */
async function procedureProject(): Promise<string> {
  const dir = await scratchProject(
    "content-procedures-",
    // edit/ too: a unit test checks the editing screen's save gate; deploy/, whose Grafana dashboard one checks.
    [...PROJECT_SOURCES, "tests", "vitest.config.ts", "edit", "deploy"],
    EDITED_MEDIA,
  );
  await rm(path.join(dir, "app/content/generated.js"), { force: true });
  await mkdir(path.join(dir, "media"));
  for (const entry of await readdir(path.join(ROOT, "media"))) {
    if (entry === "manifest.json") await copyFile(path.join(ROOT, "media", entry), path.join(dir, "media", entry));
    else await symlink(path.join(ROOT, "media", entry), path.join(dir, "media", entry));
  }
  return dir;
}

/**
 * The folders whose modules a unit test imports: the project's own folders but scripts/ (tests/ may import all but
 * scripts/ and demo/), the screen's, and the unit tests'.
 */
const UNIT_TESTED = [
  ...PROJECT_SOURCES.filter((source) => !source.includes(".") && source !== "scripts"),
  "edit",
  "tests/unit",
];
/** A module that finds the project's own folder: where it reads content files from, when it does. */
const NAMES_THE_PROJECT = /import\.meta\.(dirname|url|filename)|process\.cwd\(\)/;

/**
 * The files through which a unit test can see the content, for `vitest related` (which runs the tests that
 * import any of them, directly or not): the compiled content; the server the tests start from the working
 * directory (tests/support/server-process.mjs), whose build bundles it; and every module, test or not, that
 * finds the project's folder, as a test must to read a content file, public/ or media/manifest.json itself.
 * The other unit tests pass or fail whatever the roster: they never see it.
 */
async function contentReaders(dir: string): Promise<string[]> {
  const found = ["app/content/generated.js", "app/content/generated.data.js", "tests/support/server-process.mjs"];
  for (const folder of UNIT_TESTED)
    for (const entry of await readdir(path.join(dir, folder), { recursive: true })) {
      const file = path.join(folder, entry);
      if (/\.(ts|tsx|mjs|js)$/.test(file) && !found.includes(file))
        if (NAMES_THE_PROJECT.test(await readFile(path.join(dir, file), "utf8"))) found.push(file);
    }
  return found;
}

test.describe("docs/content.md's procedures", () => {
  test("adding, replacing and removing an artist and adding a reel, as the doc's steps say: check, build, unit tests and pages follow", async ({
    request,
    page,
  }) => {
    test.setTimeout(420_000);
    const doc = await readFile(path.join(ROOT, DOC), "utf8");
    const adding = procedure(doc, "Adding an artist, step by step");
    const replacing = procedure(doc, "Replacing an artist, step by step");
    const addingReel = procedure(doc, "Adding a reel, step by step");
    const [joining] = adding.names;
    const [leaving, replacement] = replacing.names;
    const addReel = copyStep(addingReel);
    const reelSlug = path.posix.basename(addReel.to, ".md");

    // The examples invent their newcomers: none may be on the roster, or a step would overwrite a real entry.
    const roster = [...artists.directors, ...artists.photographers];
    for (const id of [joining, replacement]) {
      expect(
        roster.map((artist) => artist.id),
        `${DOC}'s example ${id}`,
      ).not.toContain(id);
      expect(
        roster.map((artist) => artist.name),
        `${DOC}'s example ${id}`,
      ).not.toContain(titleCase(id));
    }
    expect(reels.map((reel) => reel.slug)).not.toContain(reelSlug);
    expect(roster.map((artist) => artist.id)).toContain(leaving);
    // The removal follows the replacement's steps for another photographer: the last one in the grid.
    const removed = artists.photographers.filter(({ id }) => id !== leaving).at(-1);
    if (!removed) throw new Error(`the roster has no photographer besides ${leaving} to remove`);

    const dir = await procedureProject();
    let server: ChildProcess | undefined;
    try {
      // Adding an artist: step 1 copies a file, step 2 sets its fields, steps 3–4 give it media.
      const add = copyStep(adding);
      const [addFields] = stepWith(adding, /set `id: /, "sets the fields");
      const template = path.posix.basename(add.from, ".md");
      const added = editAsStep(await readFile(path.join(dir, add.from), "utf8"), addFields, template, joining, {
        name: titleCase(joining),
        order: "1",
      });
      // Every site path in the file is the newcomer's: a path the step forgot would still be the template's.
      expect(added, `${DOC}: "${adding.heading}" step 2 leaves ${template}'s media`).not.toMatch(
        new RegExp(`: /\\S*\\b${template}\\b`),
      );
      await writeFile(path.join(dir, add.to), added);
      await giveMediaOf(dir, template, joining);
      const [, [, said]] = stepWith(adding, /`(content OK: [^`…]*)[^`]*`/, "says what the check prints");
      expect(run(dir, "npm", ["run", "--silent", "content:check"])).toContain(said);

      // Replacing an artist: copy, delete, set the fields, give the media, delete the old media.
      const replace = copyStep(replacing);
      const [replaceFields] = stepWith(replacing, /set `id: /, "sets the fields");
      const replaced = editAsStep(
        await readFile(path.join(dir, replace.from), "utf8"),
        replaceFields,
        leaving,
        replacement,
        { name: titleCase(replacement) },
      );
      expect(replaced, `${DOC}: "${replacing.heading}" step 2 leaves ${leaving}'s media`).not.toMatch(
        new RegExp(`: /\\S*\\b${leaving}\\b`),
      );
      await writeFile(path.join(dir, replace.to), replaced);
      expect(replace.deleted, `${DOC}: "${replacing.heading}" step 1 deletes the leaving artist's file`).toBe(
        `${leaving}.md`,
      );
      await rm(path.join(dir, replace.from));
      await giveMediaOf(dir, leaving, replacement);
      const [oldMedia] = stepWith(replacing, /Delete .* old files from `public\/`/, "deletes the old media");
      expect(await deleteAsStep(dir, oldMedia, leaving, leaving)).not.toEqual([]);

      // Removing an artist: the steps of the replacement the doc lists (the delete, the old media).
      const [removal] = stepWith(
        replacing,
        /Removing an artist is steps 1 \(the delete\), (\d+)/,
        "says how to remove",
      );
      expect(removal, `${DOC}: the removal deletes the old media`).toContain(
        `steps 1 (the delete), ${replacing.steps.indexOf(oldMedia) + 1},`,
      );
      await rm(path.join(dir, replace.from.replace(`${leaving}.md`, `${removed.id}.md`)));
      await deleteAsStep(dir, oldMedia, leaving, removed.id);

      // Adding a reel: copy, set the fields (and credit the newcomer, as the adding's last step allows), media,
      // captions.
      const [reelFields] = stepWith(addingReel, /set `slug: /, "sets the fields");
      const reelTemplate = path.posix.basename(addReel.from, ".md");
      const reelTitle = `Reel ${reelSlug}`;
      // The reel keeps its `duration`, as the step allows ("or keep it right to half a second"): the unit tests the
      // copy runs check its content in a project without media/manifest.json, where a reel without one has no length.
      const reelFile = editAsStep(
        await readFile(path.join(dir, addReel.from), "utf8"),
        reelFields,
        reelTemplate,
        reelSlug,
        { title: reelTitle, order: String(reels.length + 1) },
        ["duration"],
      ).replace(/^(spots:\n\s+- start: 0\n\s+artist: ).*$/m, `$1${joining}`);
      expect(reelFile, `${DOC}: "${addingReel.heading}" step 2 leaves ${reelTemplate}'s media`).not.toMatch(
        new RegExp(`: /\\S*\\b${reelTemplate}\\b`),
      );
      expect(reelFile).toContain(`artist: ${joining}`);
      await writeFile(path.join(dir, addReel.to), reelFile);
      await giveMediaOf(dir, reelTemplate, reelSlug);
      const [, [, captions, language]] = stepWith(
        addingReel,
        new RegExp(`\`(${reelSlug}\\.(\\w+)\\.vtt)\``),
        "adds captions",
      );
      await copyFile(
        path.join(dir, `app/content/reels/${reelTemplate}.${language}.vtt`),
        path.join(dir, "app/content/reels", captions),
      );

      const photographers = artists.photographers.length - 1;
      expect(run(dir, "npm", ["run", "--silent", "content:check"])).toContain(
        `(${artists.directors.length + 1} directors, ${photographers} photographers), ${reels.length + 1} reels`,
      );
      run(dir, "npm", ["run", "--silent", "build"]);
      // The media pipeline's encoding tests, left out: they encode sources of their own, whatever the roster.
      const encodingTests = ["build", "publish", "run", "shapes", "without-demo"];
      const unitTests = stripVTControlCharacters(
        run(dir, "npx", [
          "--no-install",
          "vitest",
          "related",
          "--run",
          ...(await contentReaders(dir)),
          ...encodingTests.flatMap((name) => ["--exclude", `tests/unit/media/${name}.test.ts`]),
        ]),
      );
      expect(unitTests).toMatch(/Tests\s+\d+ passed/);
      // The roster is no longer the demo's, so the checks against SPEC.md's counts stand aside.
      expect(unitTests).toMatch(/content\.test\.ts \((\d+) tests \| \1 skipped\)/);

      const started = await startServer(await freePort(), { cwd: dir });
      server = started.child;
      const { origin } = started;
      const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text();
      const get = (url: string) => request.get(origin + url, { maxRedirects: 0 });

      // Each procedure's look: the pages its step names answer (or are gone), and the sitemap follows.
      for (const look of [
        stepWith(adding, /`npm run dev`/, "looks at the site")[0],
        stepWith(replacing, /`npm run dev`/, "looks at the site")[0],
        stepWith(addingReel, /`npm run dev`/, "looks at the site")[0],
      ]) {
        const pages = pagesOf(look);
        expect(pages, look).not.toEqual([]);
        for (const { url, gone } of pages) {
          expect((await get(url)).status(), url).toBe(gone ? 404 : 200);
          if (!url.startsWith("/artists/directors") && !url.startsWith("/reels/"))
            expect(sitemap.includes(`${url}</loc>`), `${url} in the sitemap`).toBe(!gone);
        }
      }

      const directors = await (await get("/artists/directors")).text();
      expect(directors).toContain(`href="/artists/film/${joining}"`);
      const photographersGrid = await (await get("/artists/photographers")).text();
      expect(photographersGrid).toContain(`href="/artists/photography/${replacement}"`);
      for (const id of [leaving, removed.id]) {
        expect(photographersGrid).not.toContain(`/artists/photography/${id}"`);
        expect(sitemap).not.toContain(`/artists/photography/${id}</loc>`);
      }
      expect((await get(removed.url)).status()).toBe(404);
      expect(await (await get(`/artists/film/${joining}`)).text()).toContain(titleCase(joining));

      const reelHtml = await (await get(`/${reelSlug}`)).text();
      expect(reelHtml).toMatch(new RegExp(`<h1[^>]*>${reelTitle}</h1>`));
      expect(reelHtml).toMatch(new RegExp(`"@type":"VideoObject","name":"${reelTitle}"`));
      expect(await (await get("/collective-reels")).text()).toContain(`href="/${reelSlug}"`);
      // The step's flags, as the doc sets them: `autoplay: true` starts the reel by itself, muted.
      const video = reelHtml.match(/<video [^>]*>/)?.[0] ?? "";
      if (/`autoplay: true`/.test(reelFields)) {
        expect(video).toMatch(/ autoplay="" muted=""/);
        await page.goto(`${origin}/${reelSlug}`);
        await expect
          .poll(() => page.locator("video").evaluate((element: HTMLVideoElement) => element.currentTime))
          .toBeGreaterThan(0);
        expect(await page.locator("video").evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
      }
    } finally {
      server?.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
