/** Files each reel's captions upload the save's gate has passed where the content check reads it (save-gate.ts says where). */
import { existsSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import { UPLOADS_DIR } from "#edit/upload-rules.ts";
import { captionsUploadOf } from "./save-gate.ts";

/**
 * Moves every captions upload to app/content/reels/, in place of its language's file, and carries
 * out every removal; each file filed or removed is added to `touched` (root-relative) as it goes.
 */
export async function fileCaptions(root: string, touched: string[]): Promise<void> {
  const uploads = path.join(root, UPLOADS_DIR);
  if (!existsSync(uploads)) return;
  for (const entry of await readdir(uploads, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const captions = captionsUploadOf(path.relative(root, from).split(path.sep).join("/"));
    if (!captions) continue;
    for (const removed of captions.removes.filter((file) => existsSync(path.join(root, file)))) {
      await rm(path.join(root, removed));
      touched.push(removed);
    }
    if (captions.path === undefined) await rm(from);
    else {
      await rename(from, path.join(root, captions.path));
      touched.push(captions.path);
    }
  }
}
