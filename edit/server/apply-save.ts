/**
 * One save from the editing screen, start to end: checked once, written, its uploads filed with the
 * content that check compiled, its media jobs handed on (save-pipeline.ts makes them). The answer
 * names every file the save touched, so that a caller can commit exactly those.
 */
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { mediaContentOf } from "#media-build/kinds.ts";
import { planJobs } from "#media-build/plan-jobs.ts";
import { readStagedReference } from "#edit/upload-names.ts";
import { STAGED_DIR, UPLOADS_DIR } from "#edit/upload-rules.ts";
import { fileCaptions } from "./captions-uploads.ts";
import { writeWhole } from "./disk-full.ts";
import { checkSave, type DecodedSave, decodeSave, type Save } from "./save-gate.ts";
import type { Job } from "#media-build/kinds.ts";
import { fileUploads } from "./upload-slots.ts";
import { readRecord, removeRecord } from "./upload-staging.ts";

/**
 * 200: saved, with every file it wrote, deleted, filed or removed (root-relative, sorted); 400: a
 * path the screen never saves (save-request.ts's, before the lock); 422: refused by the content
 * check, one line a problem.
 */
export type SaveOutcome = { status: 200; touched: string[] } | { status: 400 | 422; problems: string[] };

/** Writes the save's files and deletes those it deletes, as Keystatic's local API would; the content files among them are added to `touched`. */
async function writeSave(root: string, { additions, deletions }: DecodedSave, touched: string[]): Promise<void> {
  for (const { path: file, bytes } of additions) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    // A film or picture streamed before the save (upload-stream.ts): the save names it, and it moves.
    const staged = file.startsWith(`${UPLOADS_DIR}/`) ? readStagedReference(bytes) : undefined;
    if (staged !== undefined) {
      await rename(path.join(root, STAGED_DIR, staged), path.join(root, file));
      // Taken: its record goes, so that it counts against no quota and no request can write it again.
      await removeRecord(path.join(root, STAGED_DIR), staged);
    } else await writeWhole(path.join(root, file), bytes);
    // An upload is filed from there (below): where it lands is what the save touched.
    if (!file.startsWith(`${UPLOADS_DIR}/`)) touched.push(file);
  }
  for (const { path: file } of deletions.filter(({ path: file }) => existsSync(path.join(root, file)))) {
    await rm(path.join(root, file));
    if (!file.startsWith(`${UPLOADS_DIR}/`)) touched.push(file);
  }
}

/**
 * Applies `save`, whose paths the rule has passed (save-paths.ts, in save-request.ts), to the project
 * at `root`; `site` is handed the media to make, if any. `owner` is the editor saving: an upload
 * staged for another (upload-staging.ts) is not hers to save.
 */
export async function applySave(
  root: string,
  asked: Save | DecodedSave,
  site: { saved(jobs: Job[] | undefined): void },
  owner?: string,
): Promise<SaveOutcome> {
  const save = decodeSave(asked);
  const staged = save.additions.map(({ path: file, bytes }) =>
    file.startsWith(`${UPLOADS_DIR}/`) ? readStagedReference(bytes) : undefined,
  );
  // One upload moves to one place: a second field naming it (a work's dialog handed another's value) is refused.
  const shared = save.additions.flatMap(({ path: file }, index) => {
    const first = staged[index] === undefined ? index : staged.indexOf(staged[index]);
    return first === index
      ? []
      : [`${file}: names the same upload as ${save.additions[first].path}; choose its file again`];
  });
  if (shared.length > 0) return { status: 422, problems: shared };

  const isLost = await Promise.all(
    staged.map(async (token) => {
      if (token === undefined) return false;
      if (!existsSync(path.join(root, STAGED_DIR, token))) return true;
      // Another editor's is answered as one gone, as its PUT is (404): she cannot learn that it exists.
      return owner !== undefined && (await readRecord(path.join(root, STAGED_DIR), token))?.owner !== owner;
    }),
  );
  const lost = save.additions.filter((_, index) => isLost[index]);
  if (lost.length > 0)
    return {
      status: 422,
      problems: lost.map(({ path: file }) => `${file}: its upload is no longer on the server; choose the file again`),
    };

  const checked = await checkSave(root, save);
  if (checked.content === undefined) return { status: 422, problems: checked.problems };

  const touched: string[] = [];
  await writeSave(root, save, touched);
  try {
    // Captions are content: filed as the check read them. Sources go where the media build reads them.
    await fileCaptions(root, touched);
    await fileUploads(root, checked.content, touched);
  } catch (error) {
    // The save stands: a source that cannot be filed shows as media not made (entry-status.ts).
    console.error(`the uploads could not be filed: ${error instanceof Error ? error.message : String(error)}`);
  }

  // Media to make when it filed a source or removed an entry (whose outputs the manifest then
  // forgets); else the content is compiled at once.
  const needsMedia = save.deletions.length > 0 || touched.some((file) => file.startsWith(`${MEDIA_DIR}/`));
  site.saved(needsMedia ? planJobs(mediaContentOf(checked.content)) : undefined);
  return { status: 200, touched: [...new Set(touched)].sort() };
}
