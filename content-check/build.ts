/**
 * `npm run content:build`'s work (scripts/cli/content-build.ts parses its arguments and calls this),
 * which other code, the editing server, can run in-process: checks app/content/ and writes
 * app/content/generated.js and .d.ts, and the pages file app/content/generated.pages.json
 * (pages-file.ts), if they changed; on a problem, prints one line each and writes
 * nothing. Everything it has to say is printed here, as the command's output.
 */
import { existsSync, type FSWatcher, readFileSync, watch, writeFileSync } from "node:fs";
import path from "node:path";

import type { Content } from "#model/content.ts";
import { mapLimited } from "#lib/pool.ts";
import { loadContent } from "./check.ts";
import { generatedModule } from "./generated-module.ts";
import { PAGES_FILE } from "#model/content-pages.ts";
import { pagesFileText } from "./pages-file.ts";

export interface BuildOptions {
  /** Where the pages point for media: MEDIA_ORIGIN as the site parses it, or "" for public/. */
  mediaOrigin: string;
  /** Only check, write nothing (`npm run content:check`). */
  check?: boolean;
  /** Also ask `mediaOrigin` for every media file the content names (`--remote`). */
  remote?: boolean;
  /** The data in generated.js itself, for `npm run dev` (`--inline`; generated-module.ts). */
  inline?: boolean;
}

/**
 * Checks the content of the project at `root` and, unless `check`, writes its module; with `remote`,
 * then asks `mediaOrigin` for every media file it names. Whether all of it passed.
 */
export async function buildContent(
  root: string,
  { mediaOrigin, check = false, remote = false, inline = false }: BuildOptions,
): Promise<boolean> {
  const named = new Set<string>();
  if (!buildOrSay(root, { mediaOrigin, check, named, inline })) return false;
  return !remote || checkRemote(mediaOrigin, named);
}

/**
 * Compiles the content again on every change to its files (`npm run dev`, which has compiled once
 * before); the watcher, to close.
 */
export function watchContent(root: string, { mediaOrigin }: Pick<BuildOptions, "mediaOrigin">): FSWatcher {
  // Editors save in bursts (a temporary file, then a rename): compile once they are done.
  let timer: NodeJS.Timeout | undefined;
  return watch(path.join(root, "app/content"), { recursive: true }, (_event, file) => {
    if (file === null || !/\.(md|yaml|vtt|srt)$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => buildOrSay(root, { mediaOrigin, check: false, named: new Set(), inline: true }), 100);
  });
}

interface Build {
  mediaOrigin: string;
  check: boolean;
  /** Filled with every media path the content names. */
  named: Set<string>;
  /** The data in generated.js itself, for `remix dev` (generated-module.ts). */
  inline: boolean;
}

/** build(), with an error it throws (a folder named like a content file, say) as a message, not a stack trace. */
function buildOrSay(root: string, options: Build): boolean {
  try {
    return build(root, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `could not read the content: ${reason}\n(check that each file in app/content/, and media/manifest.json, is a readable file of its kind, then run npm run content:check again)`,
    );
    return false;
  }
}

/** Checks the content; writes the module unless `check`. Whether the content is valid. */
function build(root: string, { mediaOrigin, check, named, inline }: Build): boolean {
  const lookup = {
    publicDir: path.join(root, "public"),
    remote: mediaOrigin !== "",
    named: (sitePath: string) => named.add(sitePath),
  };
  const { content, problems, warnings } = loadContent(root, lookup);
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  if (content === undefined) {
    for (const problem of problems) console.error(problem);
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    console.error(`\n${count} in app/content/ (listed above): fix and run npm run content:check again.`);
    return false;
  }
  if (!check) writeIfChanged(root, content, inline);
  console.log(summary(content));
  if (mediaOrigin)
    console.log(`media: at ${mediaOrigin}, as recorded in media/manifest.json (not looked for in public/)`);
  return true;
}

/** Asks `mediaOrigin` for every media path in `named` (HEAD); each one missing is a problem line. Whether all answered. */
async function checkRemote(mediaOrigin: string, named: Set<string>): Promise<boolean> {
  if (!mediaOrigin) {
    console.error(
      "--remote checks the media at MEDIA_ORIGIN: set it (e.g. MEDIA_ORIGIN=https://media.your-agency.example)",
    );
    return false;
  }
  const statuses = await mapLimited([...named], 8, async (sitePath) => {
    const url = mediaOrigin + sitePath;
    const status = await fetch(url, { method: "HEAD" }).then(
      (response) => String(response.status),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    return status === "200" ? undefined : `${url}: ${status} (run npm run media:publish)`;
  });
  const missing = statuses.filter((line) => line !== undefined);
  for (const line of missing.sort()) console.error(line);
  console.log(`media at ${mediaOrigin}: ${named.size - missing.length} of ${named.size} files answer`);
  return missing.length === 0;
}

const GENERATED = {
  js: "app/content/generated.js",
  dts: "app/content/generated.d.ts",
  data: "app/content/generated.data.js",
  pages: PAGES_FILE,
};

/** An unchanged file is left alone, so `remix dev` does not rebuild for nothing. */
function writeIfChanged(root: string, content: Content, inline: boolean) {
  const texts = { ...generatedModule(content, { inline }), pages: pagesFileText(content) };
  // The data first: generated.js may name it. Under `npm run dev`, generated.js alone: each file written
  // under app/ is one more rebuild for `remix dev`, and one rebuild after the module's would tell the
  // open page that nothing changed. The pages file is for releases only.
  for (const part of inline ? (["dts", "js"] as const) : (["data", "dts", "js", "pages"] as const)) {
    const file = path.join(root, GENERATED[part]);
    if (!existsSync(file) || readFileSync(file, "utf8") !== texts[part]) writeFileSync(file, texts[part]);
  }
}

function summary({ artists, reels, captions, clients, biography }: Content): string {
  return (
    `content OK: ${artists.directors.length + artists.photographers.length} artists ` +
    `(${artists.directors.length} directors, ${artists.photographers.length} photographers), ${reels.length} reels, ` +
    `${Object.values(captions).flat().length} captions tracks, ${clients.clientLogos.length} client logos, ${clients.clientNames.length} client names, ` +
    `${biography.testimonials.length} testimonials`
  );
}
