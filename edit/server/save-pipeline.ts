/**
 * What follows a save, once it is checked, written and answered (apply-save.ts), for `npm run edit`
 * and the team's service alike: the steps are these, in this order, and only what wraps them
 * differs (the service's sign-in, and its git in `Landing`).
 *
 * A save without media lands at once, under the lock. A save that brings a film hands its media to
 * a worker of their own, one film after another, outside the lock, while other saves go on: made,
 * then published to the bucket when there is one, then landed under the lock for a moment. Its
 * files are pending meanwhile, so that another save of the same entry can be refused rather than
 * land her text without her media. After each save, whatever its fate, `landed` (the preview).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { failureReport, reasonOf } from "#media-build/failures.ts";
import { isSourceJob, type Job } from "#media-build/kinds.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import { buildMedia } from "#media-build/run.ts";
import { fetchLackingSources, readBy } from "#media-publish/lacking-sources.ts";
import { publishMedia } from "#media-publish/publish.ts";
import type { Settings as BucketSettings } from "#media-publish/settings.ts";
import { isSourcePath, SOURCES } from "#media-publish/source-list.ts";
import type { Save as ScreenSave } from "./save-gate.ts";
import type { Author, SaveRecord } from "./save-log.ts";
import { saveQueue, type SaveQueue } from "./save-queue.ts";

const run = promisify(execFile);

/** One save, as the server hands it on once it has answered. */
export interface Saved {
  record: SaveRecord;
  author: Author;
  save: ScreenSave;
  /** Every file applySave wrote, deleted or filed. */
  touched: string[];
  /** The media to make, when the save filed a source or removed an entry. */
  jobs: Job[] | undefined;
}

/** Where a save's files go once its media are ready: the team's service commits and pushes them. */
export interface Landing {
  /** Under the lock: `files` (its content, the manifest, with a bucket the sources' list, else the outputs) land; the record says how it went. */
  land(saved: Saved, files: string[]): Promise<void>;
  /** Under the lock: its media could not be made; its text is put aside as the wrapper keeps it. */
  mediaFailed(saved: Saved, content: string[], reason: string): Promise<void>;
}

/** Nothing more for a working copy of one's own (`npm run edit`): written is landed. */
const IN_PLACE: Landing = {
  async land({ record }) {
    record.step = "saved";
  },
  async mediaFailed({ record }, _content, reason) {
    Object.assign(record, { step: "failed", message: reason });
  },
};

export interface PipelineOptions {
  root: string;
  /** Where a save's files go; in place when unset. */
  landing?: Landing;
  /** The lock around what must be one at a time; the caller's, which its saves also take. */
  lock: SaveQueue;
  /** The bucket the media are published to before they land, as `npm run media:publish` does; none: they stay in public/. */
  bucket: BucketSettings | undefined;
  /** A save moved on a step: the screen's statuses are refreshed. */
  changed(): void;
  /** A save has landed or failed: the preview is built again. */
  landed(): void;
}

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
 * The media jobs of the sources a save filed: their outputs and what is read from those. The service's
 * clone holds no other entry's sources (git leaves them out), nor, with a bucket, their outputs: a run
 * of every job would find those missing. The manifest still forgets the outputs of what the save
 * removed: it keeps the entries of every job planned, run or not (media-build/run.ts).
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

export function savePipeline({ root, landing = IN_PLACE, lock, bucket, changed, landed }: PipelineOptions) {
  const worker = saveQueue();
  /** Content files written by saves whose media are being made: landed only with them. */
  const pending = new Set<string>();

  /**
   * The sources the save filed kept in the bucket (listed in media/sources.json, which lands with it:
   * this disk is not their only copy), and the media published where the site reads them; a source or
   * an output of the save's that did not get there stops it.
   */
  async function publish({ touched }: Saved, made: string[]) {
    if (!bucket) return;
    const { openBucket } = await import("#media-publish/bucket.ts");
    const { publishSources } = await import("#media-publish/sources.ts");
    const client = await openBucket(bucket);
    const log = (line: string) => console.log(line);
    const sources = await publishSources(client, root, touched.filter(isSourcePath), {
      bucket: bucket.sourcesBucket,
      prefix: bucket.prefix,
      log,
    });
    const published = await publishMedia(client, root, { bucket: bucket.bucket, prefix: bucket.prefix, log });
    const own = new Set(made.map((file) => file.slice("public".length)));
    const lost = [
      ...sources.failed.map(({ key, error }) => `${key}: ${error}`),
      ...published.failed.map(({ key, error }) => `${key}: ${error}`),
      ...published.missing.filter((site) => own.has(site)),
    ];
    if (lost.length > 0) throw new Error(`the media could not be published: ${lost.join("; ")}`);
  }

  /** The worker's part: the media made, then published, then landed under the lock for a moment. */
  async function makeMedia(saved: Saved, content: string[]) {
    const { record, touched, jobs = [] } = saved;
    record.step = "making media";
    changed();
    const only = jobsOfSave(jobs, touched);
    // A source its jobs read that this copy lacks (a service started afresh on a new disk) comes from the bucket.
    await fetchLackingSources(root, bucket, { only: readBy(jobs.filter(only)), log: (line) => console.log(line) });
    const { failed } = await buildMedia(jobs, { root, force: false, only, log: (line) => console.log(line) });
    if (failed.length > 0) return lock.run(() => landing.mediaFailed(saved, content, failureReport(failed).join("\n")));
    // A working copy that is no repository (`npm run edit` on a downloaded copy) has nothing to commit.
    const made = await changedUnder(root, "public").catch(() => []);
    record.step = "publishing";
    changed();
    await publish(saved, made);
    await lock.run(() => landing.land(saved, [...content, MANIFEST, ...(bucket ? [SOURCES] : made)]));
  }

  async function settle(saved: Saved, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      console.error(error);
      Object.assign(saved.record, { step: "failed", message: reasonOf(error) });
    } finally {
      changed();
      landed();
    }
  }

  return {
    /** The files of saves whose media are being made. */
    pending: (): ReadonlySet<string> => pending,
    /**
     * Called under the lock, once the save is written and answered: a save without media lands now;
     * one with media goes to the worker, and this returns at once.
     */
    async land(saved: Saved): Promise<void> {
      const content = saved.touched.filter((file) => !file.startsWith(`${MEDIA_DIR}/`));
      if (!saved.jobs) return settle(saved, () => landing.land(saved, content));
      for (const file of content) pending.add(file);
      void worker.run(() =>
        settle(saved, () => makeMedia(saved, content)).finally(() => {
          for (const file of content) pending.delete(file);
        }),
      );
    },
  };
}
