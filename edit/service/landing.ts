/**
 * How a save the service has answered reaches the remote (issue 55: nobody waits behind a film).
 * Only git's own steps hold the lock (`index.lock`: one commit at a time in one clone): a text save
 * is committed and pushed under it at once. A save that brings a film hands its media to a worker of
 * their own, one film after another, outside the lock; once they are made and in the bucket, its
 * commit (its text, the manifest) takes the lock for a moment and is pushed. Meanwhile its files are
 * pending: another save of the same entry is refused (service-server.ts), for it would land her text
 * without her media.
 */
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { failureReport, reasonOf } from "#media-build/failures.ts";
import { isSourceJob, type Job } from "#media-build/kinds.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { buildMedia } from "#media-build/run.ts";
import { publishMedia } from "#media-publish/publish.ts";
import type { Settings as BucketSettings } from "#media-publish/settings.ts";
import type { Save as ScreenSave } from "#edit/server/save-gate.ts";
import type { Author } from "./git-cli.ts";
import type { GitStore } from "./git-store.ts";
import type { SaveRecord } from "./save-log.ts";
import { saveQueue, type SaveQueue } from "./save-queue.ts";
import { keptChanges } from "./save-subject.ts";

const run = promisify(execFile);

/** Files under `folder` that git sees changed or new in the working copy (the media build's outputs). */
async function changedUnder(dir: string, folder: string): Promise<string[]> {
  const { stdout } = await run("git", ["status", "--porcelain", "-z", "--untracked-files=all", "--", folder], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout
    .split("\0")
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3));
}

/**
 * The media jobs of the sources a save filed: their outputs and what is read from those. The clone
 * holds no other entry's sources (git leaves them out), nor, with a bucket, their outputs: a run of
 * every job would find those missing.
 */
function jobsOfSave(jobs: Job[], touched: string[]): (job: Job) => boolean {
  const sources = new Set(
    touched.filter((file) => file.startsWith(`${MEDIA_DIR}/`)).map((file) => file.replace(/\.[^./]+$/, "")),
  );
  const outputs = new Set(
    jobs.filter((job) => isSourceJob(job) && sources.has(job.source.slot.base)).map(({ site }) => site),
  );
  return (job) => outputs.has(job.site) || (!isSourceJob(job) && job.files.some((file) => outputs.has(file)));
}

export interface LandingOptions {
  checkout: string;
  branch: string;
  git: GitStore;
  /** The lock around git's steps: the service's one save queue. */
  lock: SaveQueue;
  bucket: BucketSettings | undefined;
  /** After each save has landed or failed: the screen's statuses and the preview are refreshed. */
  landed(): void;
}

/** One save, as the service hands it on once it has answered. */
export interface Saved {
  record: SaveRecord;
  author: Author;
  save: ScreenSave;
  /** Every file applySave wrote, deleted or filed. */
  touched: string[];
  /** The media to make, when the save filed a source or removed an entry. */
  jobs: Job[] | undefined;
}

export function landing({ checkout, branch, git, lock, bucket, landed }: LandingOptions) {
  const worker = saveQueue();
  /** Content files written by saves whose media are being made: on the remote only with them. */
  const pending = new Set<string>();

  /** Under the lock: one commit of `files` by its author, pushed; what happened, in the record. */
  async function commitAndPush({ record, author }: Saved, files: string[]) {
    record.step = "pushing";
    await git.commit(files, author, record.subject);
    const pushed = await git.push(author);
    if ("pushed" in pushed) record.step = "pushed";
    else Object.assign(record, { step: "kept aside", message: pushed.reason, branch: pushed.keptOn });
  }

  /** Puts the working copy back as the branch has it: a save that cannot land leaves nothing behind. */
  async function restore(files: string[]) {
    const tracked = await git.blobShas(files);
    for (const file of files) if (tracked.get(file) === undefined) await rm(path.join(checkout, file), { force: true });
    const known = files.filter((file) => tracked.get(file) !== undefined);
    if (known.length > 0) await run("git", ["checkout", branch, "--", ...known], { cwd: checkout });
  }

  /** The worker's part: the media made, then published, then the commit under the lock for a moment. */
  async function makeMedia(saved: Saved, content: string[]) {
    const { record, author, save, touched, jobs = [] } = saved;
    record.step = "making media";
    landed();
    const { failed } = await buildMedia(jobs, {
      root: checkout,
      force: false,
      only: jobsOfSave(jobs, touched),
      log: (line) => console.log(line),
    });
    if (failed.length > 0) {
      const reason = failureReport(failed).join("\n");
      const keptOn = await lock.run(async () => {
        const kept = await git.keepAside(
          await git.head(),
          keptChanges(save),
          author,
          `${record.subject} (media failed)`,
        );
        await restore(content);
        return kept;
      });
      Object.assign(record, { step: "kept aside", message: reason, branch: keptOn });
      return;
    }
    const made = await changedUnder(checkout, "public");
    if (bucket) {
      record.step = "publishing";
      landed();
      const { openBucket } = await import("#media-publish/bucket.ts");
      const published = await publishMedia(await openBucket(bucket), checkout, {
        bucket: bucket.bucket,
        prefix: bucket.prefix,
        log: (line) => console.log(line),
      });
      const own = new Set(made.map((file) => file.slice("public".length)));
      const lost = [
        ...published.failed.map(({ key, error }) => `${key}: ${error}`),
        ...published.missing.filter((site) => own.has(site)),
      ];
      if (lost.length > 0) throw new Error(`the media could not be published: ${lost.join("; ")}`);
    }
    await lock.run(() => commitAndPush(saved, [...content, MANIFEST, ...(bucket ? [] : made)]));
  }

  async function settle(saved: Saved, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      console.error(error);
      Object.assign(saved.record, { step: "failed", message: reasonOf(error) });
    } finally {
      landed();
    }
  }

  return {
    /** The files of saves whose media are being made. */
    pending: (): ReadonlySet<string> => pending,
    /** How many saves with media are waiting behind the one being made. */
    waiting: () => worker.waiting(),
    /**
     * Called under the lock, once the save is written and answered: a text save lands now; a save
     * with media goes to the worker, and this returns at once.
     */
    async land(saved: Saved): Promise<void> {
      const content = saved.touched.filter((file) => !file.startsWith(`${MEDIA_DIR}/`));
      if (!saved.jobs) return settle(saved, () => commitAndPush(saved, content));
      for (const file of content) pending.add(file);
      void worker.run(() =>
        settle(saved, () => makeMedia(saved, content)).finally(() => {
          for (const file of content) pending.delete(file);
        }),
      );
    },
    /** Resolves once every film handed over so far has landed or failed. */
    idle: () => worker.run(async () => undefined),
  };
}
