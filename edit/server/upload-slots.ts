/**
 * Files each source the screen saved (media/.uploads/{id}/{kind}--{field}.{ext}) where the media
 * build reads it, found from the build's own plan of the saved content (its source slots), so the
 * names are the build's and nothing here repeats them.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import type { Content } from "#model/content.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { isSourceJob, type SourceOf } from "#media-build/kinds.ts";
import { EXTENSIONS, findSource, listSources } from "#media-build/sources.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";
import { mediaContentOf } from "./media-content.ts";

/** "directorWork--extraThumbs-1-film.mp4" in folder "ada-rowe" → what it is of. */
function describe(entry: string | undefined, file: string) {
  const match = /^([A-Za-z]+)--(?:(recentWorkThumbs|extraThumbs)-(\d+)-)?[A-Za-z]+\.([a-z0-9]+)$/.exec(file);
  if (!match) return undefined;
  const [, kind, group, index, extension] = match;
  return { entry, kind, group, index: index === undefined ? undefined : Number(index), extension };
}

function matches(of: SourceOf, upload: NonNullable<ReturnType<typeof describe>>): boolean {
  if (of.kind !== upload.kind) return false;
  switch (of.kind) {
    case "agentPhoto":
      return true;
    case "reel":
      return of.reel.slug === upload.entry;
    case "logo":
      return false;
    case "directorWork":
    case "photographerWork": {
      if (of.artist.id !== upload.entry || upload.index === undefined) return false;
      // The build numbers an artist's works through both groups, recent first.
      const offset = upload.group === "extraThumbs" ? of.artist.recentWorkThumbs.length : 0;
      return of.index === offset + upload.index;
    }
    default:
      return of.artist.id === upload.entry;
  }
}

/** Moves every saved upload into its slot (removing the slot's source of another type); the slots filled, root-relative. */
export async function fileUploads(root: string, content: Content): Promise<string[]> {
  const uploads = path.join(root, UPLOADS_DIR);
  if (!existsSync(uploads)) return [];
  const jobs = planJobs(mediaContentOf(content)).filter(isSourceJob);
  const filled: string[] = [];
  for (const entry of await readdir(uploads, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const folder = path.relative(uploads, entry.parentPath);
    const upload = describe(folder === "" ? undefined : folder, entry.name);
    const job = upload && jobs.find((candidate) => matches(candidate.source.of, upload));
    const from = path.join(entry.parentPath, entry.name);
    if (!upload || !job || !(EXTENSIONS[job.source.slot.type] as readonly string[]).includes(upload.extension)) {
      await rm(from);
      continue;
    }
    const { slot } = job.source;
    const present = findSource(slot, await listSources(root));
    if (present) await rm(path.join(root, present));
    const to = `${slot.base}.${upload.extension}`;
    await mkdir(path.dirname(path.join(root, to)), { recursive: true });
    await rename(from, path.join(root, to));
    filled.push(to);
  }
  await rm(uploads, { recursive: true, force: true });
  return filled;
}
