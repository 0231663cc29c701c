/**
 * One save, from the screen's request to its answer, for `npm run edit` and the team's service
 * alike: received (a POST of JSON, at most 1 MB), decoded once, its paths checked once by the one
 * rule (save-paths.ts); then under the lock, the guard's word (the service's: its clone up to date,
 * nothing of the save stale or waiting for media), its entry worked out, checked and written
 * (applySave), recorded (save-state.ts), answered with the listing, and handed to the pipeline
 * (save-pipeline.ts), which lands it through its landing (save-landing.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";

import type { Job } from "#media-build/kinds.ts";
import { applySave, type SaveOutcome } from "./apply-save.ts";
import { SAVE_DISK_FULL, unlessDiskFull } from "./disk-full.ts";
import { type KeystaticAnswer, keystaticResponse, MAX_SAVE_BYTES } from "./keystatic-api.ts";
import { textAnswer } from "#edit/http/answers.ts";
import { boundedBody } from "#edit/http/request-body.ts";
import { type DecodedSave, decodeSave, type Save, saveShape } from "./save-gate.ts";
import type { Saved } from "./save-landing.ts";
import type { SaveLog } from "./save-log.ts";
import { savePathProblems } from "./save-paths.ts";
import type { SaveQueue } from "./save-queue.ts";
import type { Author, SaveEntry, SaveRecord } from "./save-state.ts";
import { contentFilesOf, entryOfSave } from "./save-subject.ts";

/** A save, or why its request is refused: 400 not a save, 413 too large. */
export type SaveRequest = { save: Save } | { status: 400 | 413; message: string };

/**
 * A save as Keystatic's local API takes one: a POST of JSON with a header a page elsewhere cannot
 * send without asking first (no-cors), so no other site can save through a visitor's browser.
 */
export async function saveOf(request: Request): Promise<SaveRequest> {
  const refused = { status: 400, message: "Bad Request" } as const;
  const { method, headers } = request;
  if (method !== "POST" || headers.get("no-cors") !== "1" || headers.get("content-type") !== "application/json")
    return refused;
  const body = await boundedBody(request, MAX_SAVE_BYTES);
  if (body === undefined)
    return {
      status: 413,
      message: `Not saved: a save carries at most ${MAX_SAVE_BYTES / 1024 / 1024} MB of text; films and pictures are uploaded on their own.`,
    };
  try {
    const parsed = saveShape.safeParse(JSON.parse(body.toString("utf8")));
    return parsed.success ? { save: parsed.data } : refused;
  } catch {
    return refused;
  }
}

/** A refused save in the screen's words: what was wrong, a line each, under a line that says so. */
export function refusal({ status, problems }: Exclude<SaveOutcome, { status: 200 }>): string {
  const heading =
    status === 400
      ? "Bad Request"
      : `Not saved: the content check found ${problems.length === 1 ? "a problem" : "problems"}.`;
  return [heading, ...problems].join("\n");
}

/** A save refused before anything of it is written: its answer. */
export interface Refused {
  status: number;
  message: string;
}

/**
 * What may stop a save before it is written, under the lock: the team's service's (edit/service/
 * save-guard.ts) syncs its clone, and refuses a save whose files changed since her screen was given
 * them, or wait for another save's media. None for `npm run edit`: its working copy is the truth.
 */
export interface SaveGuard {
  /** First: whether each of `files` (the save's content files) is landed already, as the entry's action says. */
  landed(files: string[]): Promise<(file: string) => boolean>;
  /** Then, with the save's entry: a refusal, answered with nothing written; undefined, the save goes on. */
  refuse(save: DecodedSave, entry: SaveEntry): Promise<Refused | undefined>;
  /** Once written: the listing her screen is given with the answer. */
  written?(listing: KeystaticAnswer): void | Promise<void>;
}

export interface SaveRequestsOptions {
  /** The working copy saves are written to. */
  root: string;
  /** The lock every save and every landing takes. */
  lock: SaveQueue;
  log: SaveLog;
  /** The pipeline each save is handed to once answered (save-pipeline.ts). */
  pipeline: { keep(saved: Saved): Promise<void>; land(saved: Saved): Promise<void> };
  /** The working copy's listing, as Keystatic's API answers it: a save's answer. */
  listing(): Promise<KeystaticAnswer>;
  /** A save was recorded, with the content files it wrote or deleted (`npm run edit` follows them to the site). */
  recorded?(record: SaveRecord, files: string[]): void;
}

/** No guard: a file is landed once it is in the working copy at `root`. */
const workingCopyGuard = (root: string): SaveGuard => ({
  landed: async () => (file) => existsSync(path.join(root, file)),
  refuse: async () => undefined,
});

/**
 * The screens' save: `answer(request, author)` answers one save request, then hands it on. The answer
 * is given as soon as the save is journaled; its landing goes on under the lock after it, so the
 * next save waits for it. An error once answered is the landing's, logged here: the journal keeps
 * the save for the pipeline's resume().
 */
export function saveRequests({ root, lock, log, pipeline, listing, recorded }: SaveRequestsOptions) {
  return async function answer(
    request: Request,
    author: Author,
    guard: SaveGuard = workingCopyGuard(root),
  ): Promise<Response> {
    const asked = await saveOf(request);
    if (!("save" in asked)) return textAnswer(asked.status, asked.message);
    const save = decodeSave(asked.save);
    // Before anything is compared, written, kept or pushed: only content, in normal form.
    const outside = savePathProblems(root, save);
    if (outside.length > 0) return textAnswer(400, refusal({ status: 400, problems: outside }));
    return new Promise<Response>((answered, failed) => {
      let given = false;
      const give = (response: Response) => {
        given = true;
        answered(response);
      };
      lock
        .run(async () => {
          const files = contentFilesOf(save);
          const entry = entryOfSave(save, await guard.landed(files), root);
          const refused = await guard.refuse(save, entry);
          if (refused) return give(textAnswer(refused.status, refused.message));
          let jobs: Job[] | undefined;
          const saved = (planned: Job[] | undefined) => (jobs = planned);
          const outcome = await unlessDiskFull(applySave(root, save, { saved }, author.email), SAVE_DISK_FULL);
          if (outcome.status === 507) return give(textAnswer(507, outcome.message));
          if (outcome.status !== 200) return give(textAnswer(outcome.status, refusal(outcome)));
          const listed = await listing();
          await guard.written?.(listed);
          const handed: Saved = { record: log.add(author, entry), author, save, touched: outcome.touched, jobs };
          recorded?.(handed.record, files);
          // Journaled before the answer: once answered, a stop at any moment leaves it to the pipeline's resume().
          await pipeline.keep(handed);
          give(keystaticResponse(listed));
          // The answer on its way before the landing's first step (its commit spawns git).
          await new Promise((resolve) => setImmediate(resolve));
          await pipeline.land(handed);
        })
        .catch((error: unknown) => {
          if (!given) return failed(error);
          console.error(error);
        });
    });
  };
}
