/**
 * `npm run content:build`: checks app/content/ and writes app/content/generated.js and .d.ts if
 * they changed; on a problem, prints one line each, writes nothing and exits 1. `--check` only
 * checks (`npm run content:check`), `--remote` also asks MEDIA_ORIGIN for every media file named,
 * `--watch` compiles again on every change (`npm run dev`).
 */
import { existsSync, readFileSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { Content } from "#model/content.ts";
import { generatedModule } from "#content-check/generated-module.ts";
import { loadContent } from "#content-check/check.ts";
import { mapLimited } from "#lib/pool.ts";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CONTENT_DIR = path.join(ROOT, "app/content");
const GENERATED = { js: path.join(CONTENT_DIR, "generated.js"), dts: path.join(CONTENT_DIR, "generated.d.ts") };

/**
 * Where the pages point for media: MEDIA_ORIGIN, or "" for public/, read by the server's own module
 * (which refuses a malformed one as it loads: said here as a message, not a stack trace).
 */
const MEDIA_ORIGIN: string = await import("#app/lib/media-origin.server.ts").then(
  (module) => module.MEDIA_ORIGIN,
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

/** Every media path the last check saw the content name. */
const named = new Set<string>();

/** Checks the content; writes the module unless `check`. Whether the content is valid. */
function build({ check }: { check: boolean }): boolean {
  named.clear();
  const place = {
    publicDir: path.join(ROOT, "public"),
    remote: MEDIA_ORIGIN !== "",
    named: (sitePath: string) => named.add(sitePath),
  };
  const { content, problems, warnings } = loadContent(ROOT, place);
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  if (content === undefined) {
    for (const problem of problems) console.error(problem);
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    console.error(`\n${count} in app/content/ (listed above): fix and run npm run content:check again.`);
    return false;
  }
  if (!check) writeIfChanged(content);
  console.log(summary(content));
  if (MEDIA_ORIGIN)
    console.log(`media: at ${MEDIA_ORIGIN}, as recorded in media/manifest.json (not looked for in public/)`);
  return true;
}

/** Asks MEDIA_ORIGIN for every media path the content names (HEAD); each one missing is a problem line. Whether all answered. */
async function checkRemote(): Promise<boolean> {
  if (!MEDIA_ORIGIN) {
    console.error(
      "--remote checks the media at MEDIA_ORIGIN: set it (e.g. MEDIA_ORIGIN=https://media.your-agency.example)",
    );
    return false;
  }
  const statuses = await mapLimited([...named], 8, async (sitePath) => {
    const url = MEDIA_ORIGIN + sitePath;
    const status = await fetch(url, { method: "HEAD" }).then(
      (response) => String(response.status),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    return status === "200" ? undefined : `${url}: ${status} (run npm run media:publish)`;
  });
  const missing = statuses.filter((line) => line !== undefined);
  for (const line of missing.sort()) console.error(line);
  console.log(`media at ${MEDIA_ORIGIN}: ${named.size - missing.length} of ${named.size} files answer`);
  return missing.length === 0;
}

/** build(), with an error it throws (a folder named like a content file, say) as a message, not a stack trace. */
function buildOrSay(options: { check: boolean }): boolean {
  try {
    return build(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `could not read the content: ${reason}\n(check that each file in app/content/, and media/manifest.json, is a readable file of its kind, then run npm run content:check again)`,
    );
    return false;
  }
}

/** An unchanged file is left alone, so `remix dev` does not rebuild for nothing. */
function writeIfChanged(content: Content) {
  const module = generatedModule(content);
  for (const part of ["dts", "js"] as const) {
    if (!existsSync(GENERATED[part]) || readFileSync(GENERATED[part], "utf8") !== module[part])
      writeFileSync(GENERATED[part], module[part]);
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

const args = process.argv.slice(2);
if (args.includes("--watch")) {
  // `npm run dev` has compiled once before starting this. Editors save in bursts (a temporary
  // file, then a rename): compile once they are done.
  let timer: NodeJS.Timeout | undefined;
  watch(CONTENT_DIR, { recursive: true }, (_event, file) => {
    if (file === null || !/\.(md|yaml|vtt|srt)$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => buildOrSay({ check: false }), 100);
  });
} else if (!buildOrSay({ check: args.includes("--check") }) || (args.includes("--remote") && !(await checkRemote()))) {
  process.exit(1);
}
