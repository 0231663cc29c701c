/**
 * What follows a save, once it is checked, written and answered (apply-save.ts), for `npm run edit`
 * and the team's service alike: the steps are these, in this order, and only what wraps them
 * differs: where it lands (save-landing.ts). Each step is a move of its record (save-state.ts).
 *
 * A save without media lands at once, under the lock. A save that brings a film hands its media to
 * a worker of their own, one film after another, outside the lock, while other saves go on: made,
 * then published to the bucket when there is one, then landed under the lock for a moment. Its
 * files are pending meanwhile, so that another save of the same entry can be refused rather than
 * land her text without her media. After each save, whatever its fate, `landed` (the preview).
 *
 * Nothing answered is lost to a fault (decision 12): a bucket that cannot be reached is tried again,
 * and so is a remote (the commits wait in the clone, pushed in order once it answers); with a
 * journal, a save the service's stop interrupted is taken up again by `resume()` when it starts.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { MEDIA_DIR } from "#model/media-paths.ts";
import { reasonOf } from "#media-build/failures.ts";
import { MANIFEST } from "#media-build/manifest.ts";
import type { Settings as BucketSettings } from "#media-publish/settings.ts";
import { SOURCES } from "#media-publish/source-list.ts";
import { decodeSave, encodedSave } from "./save-gate.ts";
import { type Landing, type Saved, workingCopyLanding } from "./save-landing.ts";
import { saveJournal } from "./save-journal.ts";
import type { SaveLog } from "./save-log.ts";
import { makeSaveMedia, plannedJobs, publishSave } from "./save-media.ts";
import { moveSave, type SaveRecord } from "./save-state.ts";
import { entryOfSubject } from "./save-subject.ts";
import { saveQueue, type SaveQueue } from "./save-queue.ts";

export interface PipelineOptions {
  root: string;
  /** Where a save's files go (save-landing.ts): the working copy's when unset. */
  landing?: Landing;
  /** The lock around what must be one at a time; the caller's, which its saves also take. */
  lock: SaveQueue;
  /** The bucket the media are published to before they land, as `npm run media:publish` does; none: they stay in public/. */
  bucket: BucketSettings | undefined;
  /** A save changed the working copy's files (written, media made, landed, put back): the entries' statuses are read again. */
  changed(): void;
  /** A save has landed or failed: the preview is built again. */
  landed(): void;
  /**
   * A folder (under EDIT_DATA) where each save is journaled until it has landed, for `resume()` to
   * take up one a stop interrupted. None for `npm run edit`: its working copy is the save.
   */
  journal?: string;
  /** How long the first retry of an unreachable remote or bucket waits, in ms, doubling up to `most`. */
  retry?: { first: number; most: number };
}

/**
 * A remote or a bucket that is back is seen within `most`: the goal is the last waiting save
 * on the remote within 10 s of its return.
 */
const RETRY = { first: 2_000, most: 8_000 };

export function savePipeline({
  root,
  landing = workingCopyLanding,
  lock,
  bucket,
  changed,
  landed,
  journal,
  retry = RETRY,
}: PipelineOptions) {
  const worker = saveQueue();
  /** Content files written by saves whose media are being made: landed only with them. */
  const pending = new Set<string>();
  /** Saves landed here and not yet on the remote, oldest first: pushed together, in this order. */
  const waiting: SaveRecord[] = [];
  let nextPush: NodeJS.Timeout | undefined;
  let pushPause = retry.first;
  let stopped = false;
  const journaled = saveJournal(journal);

  /** The save written to the journal before anything of it lands. */
  const keepInJournal = ({ record, author, save, touched, jobs }: Saved) =>
    journaled.keep(record, {
      author,
      entry: record.entry,
      date: record.date,
      save: encodedSave(save),
      touched,
      media: !!jobs,
    });

  /** Pushes what waits in a moment, each time a little later, up to `retry.most` apart. */
  function pushLater() {
    if (nextPush !== undefined || stopped) return;
    nextPush = setTimeout(() => {
      void lock
        .run(async () => {
          nextPush = undefined;
          await pushWaiting();
        })
        .finally(() => {
          changed();
          landed();
        });
    }, pushPause);
    // A service stopping does not wait for it: what waits is in the clone, and pushed when it starts.
    nextPush.unref();
    pushPause = Math.min(pushPause * 2, retry.most);
  }

  /** Under the lock: the waiting saves pushed, in order, or left waiting for a retry. */
  async function pushWaiting() {
    if (landing.push === undefined || waiting.length === 0) return;
    try {
      await landing.push([...waiting]);
      waiting.length = 0;
      pushPause = retry.first;
    } catch (error) {
      console.error(`the remote could not be pushed to; ${waiting.length} save(s) wait: ${reasonOf(error)}`);
      for (const record of waiting) moveSave(record, { step: "waiting for the remote" });
      pushLater();
    }
  }

  /** Under the lock: `files` land here, then go to the remote with every save waiting before them. */
  async function landHere(saved: Saved, files: string[]) {
    await landing.land(saved, files);
    if (landing.push === undefined || saved.record.step !== "pushing") return;
    waiting.push(saved.record);
    // The remote is known to be away: the retry pushes this one with the others, and holds up no save meanwhile.
    if (nextPush !== undefined) moveSave(saved.record, { step: "waiting for the remote" });
    else await pushWaiting();
  }

  /** The worker's part: the media made, then published, then landed under the lock for a moment. */
  async function makeMedia(saved: Saved, content: string[]) {
    const { record, touched, jobs = [] } = saved;
    moveSave(record, { step: "making media" });
    changed();
    const made = await makeSaveMedia(root, bucket, jobs, touched);
    if ("failed" in made) return lock.run(() => landing.mediaFailed(saved, content, made.failed));
    moveSave(record, { step: "publishing" });
    changed();
    for (let pause = retry.first; ; pause = Math.min(pause * 2, retry.most)) {
      try {
        await publishSave(root, bucket, touched, made.files);
        break;
      } catch (error) {
        // A bucket away is waited for: the film is made, and its save kept in the journal meanwhile.
        console.error(error);
        // Its files are as they were: the entries' statuses need no new look, and its own is read from its record.
        moveSave(record, { step: "waiting for the bucket", message: reasonOf(error) });
        await sleep(pause, undefined, { ref: false });
        if (stopped) throw new Error("the service stopped; the save is taken up again when it starts");
      }
    }
    await lock.run(() => landHere(saved, [...content, MANIFEST, ...(bucket ? [SOURCES] : made.files)]));
  }

  async function settle(saved: Saved, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      console.error(error);
      moveSave(saved.record, { step: "failed", message: reasonOf(error) });
    } finally {
      // Told at once: a screen asking between its push and this would be told "pushed" with no site asked yet.
      changed();
      landed();
      // Landed, kept aside or failed, its record says so; a save a stop interrupted stays for resume().
      if (!stopped) await journaled.forget(saved.record);
    }
  }

  /**
   * Called under the lock, once the save is written and answered: a save without media lands now;
   * one with media goes to the worker, and this returns at once.
   */
  async function land(saved: Saved): Promise<void> {
    await keepInJournal(saved);
    const content = saved.touched.filter((file) => !file.startsWith(`${MEDIA_DIR}/`));
    if (!saved.jobs) return settle(saved, () => landHere(saved, content));
    for (const file of content) pending.add(file);
    void worker.run(() =>
      settle(saved, () => makeMedia(saved, content)).finally(() => {
        for (const file of content) pending.delete(file);
      }),
    );
  }

  /** One journaled save, taken up again: its record back in `log`, then landed as when it was answered. */
  async function takeUp(file: string, log: SaveLog) {
    const entry = await journaled.read(file);
    if (entry === undefined) return;
    // An entry journaled before saves carried their entry has its subject instead.
    const record = log.add(entry.author, entry.entry ?? entryOfSubject(entry.subject ?? ""), entry.date);
    journaled.adopt(record, file);
    const save = decodeSave(entry.save);
    const saved: Saved = { record, author: entry.author, save, touched: entry.touched, jobs: undefined };
    try {
      if (entry.media) saved.jobs = plannedJobs(root);
    } catch (error) {
      await settle(saved, () => Promise.reject(error instanceof Error ? error : new Error(String(error))));
      return;
    }
    await lock.run(() => land(saved));
  }

  return {
    /** The files of saves whose media are being made. */
    pending: (): ReadonlySet<string> => pending,
    /** Called before the save is answered: once answered, a stop at any moment leaves it to resume(). */
    keep: keepInJournal,
    land,
    /**
     * When the service starts, before any save: the saves its last run left in the clone unpushed
     * wait for the remote again, and those it left in the journal land again, films' media made
     * again from their sources; each with its record back in `log`, in the order they were answered.
     */
    async resume(log: SaveLog): Promise<void> {
      const left = (await landing.unpushed?.()) ?? [];
      for (const { author, subject, date, commit } of left)
        waiting.push(log.add(author, entryOfSubject(subject), date, { step: "waiting for the remote", commit }));
      const entries = await journaled.left();
      // Pushed in a moment, not now: a remote that hangs must not hold up the service's start.
      if (left.length > 0 || entries.length > 0) pushLater();
      for (const file of entries) await takeUp(file, log);
      changed();
    },
    /** No retry starts after this: what waits stays in the clone and the journal for the next start. */
    stop() {
      stopped = true;
      clearTimeout(nextPush);
      nextPush = undefined;
    },
  };
}
