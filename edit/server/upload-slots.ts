/**
 * Files each source the screen saved (media/.uploads/{id}/{kind}--{field}.{ext}, named by
 * edit/upload-names.ts) where the media build reads it, found from the build's own plan of the
 * saved content (its source slots), so the names are the build's and nothing here repeats them.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import type { Content } from "#model/content.ts";
import { SOURCE_EXTENSIONS } from "#model/media-paths.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { isSourceJob, mediaContentOf, type SourceOf } from "#media-build/kinds.ts";
import { findSource, listSources } from "#media-build/sources.ts";
import { readSourceUploadName, type SourceUploadName } from "#edit/upload-names.ts";
import { UPLOADS_DIR } from "#edit/upload-rules.ts";

/** Whether the upload saved in the folder of `entry` (none for a singleton's) is the source `of`. */
function isSourceOf(of: SourceOf, entry: string | undefined, upload: SourceUploadName): boolean {
  if (of.kind !== upload.kind) return false;
  switch (of.kind) {
    case "agentPhoto":
      return true;
    case "reel":
      return of.reel.slug === entry;
    case "logo":
      return false;
    case "directorWork":
    case "photographerWork": {
      if (of.artist.id !== entry || upload.work === undefined) return false;
      // The build numbers an artist's works through both groups, recent first.
      const offset = upload.work.group === "extraThumbs" ? of.artist.recentWorkThumbs.length : 0;
      return of.index === offset + upload.work.index;
    }
    default:
      return of.artist.id === entry;
  }
}

/**
 * Moves every saved upload into its slot (removing the slot's source of another type); each file
 * filed or removed is added to `touched` (root-relative) as it goes.
 */
export async function fileUploads(root: string, content: Content, touched: string[]): Promise<void> {
  const uploads = path.join(root, UPLOADS_DIR);
  if (!existsSync(uploads)) return;
  const jobs = planJobs(mediaContentOf(content)).filter(isSourceJob);
  for (const entry of await readdir(uploads, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const folder = path.relative(uploads, entry.parentPath);
    const upload = readSourceUploadName(entry.name);
    const job = upload && jobs.find((candidate) => isSourceOf(candidate.source.of, folder || undefined, upload));
    const from = path.join(entry.parentPath, entry.name);
    if (!upload || !job || !(SOURCE_EXTENSIONS[job.source.slot.type] as readonly string[]).includes(upload.extension)) {
      await rm(from);
      continue;
    }
    const { slot } = job.source;
    const to = `${slot.base}.${upload.extension}`;
    const present = findSource(slot, await listSources(root));
    if (present) {
      await rm(path.join(root, present));
      if (present !== to) touched.push(present);
    }
    await mkdir(path.dirname(path.join(root, to)), { recursive: true });
    await rename(from, path.join(root, to));
    touched.push(to);
  }
  await rm(uploads, { recursive: true, force: true });
}
