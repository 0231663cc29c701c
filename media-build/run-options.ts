/** What a run of the media build is given, and what it returns. */
import type { Output } from "#lib/progress.ts";
import type { Failure } from "./failures.ts";
import type { Job } from "./kinds.ts";

/** ffmpeg jobs on a two-core budget. */
export const CONCURRENCY = 2;

export interface RunOptions extends Output {
  /** Holds media/ and public/. */
  root: string;
  /** Remake every output that has a source, up to date or not. */
  force: boolean;
  /**
   * Limits the run to these jobs (`--reels`); the others are neither made nor checked, and their
   * manifest entries stay as they are.
   */
  only?(job: Job): boolean;
  /** Called for each output made. */
  made?(job: Job): void;
  /** Seconds between two progress lines of one encode in a log; PROGRESS_EVERY by default. */
  progressEvery?: number;
}

export interface RunSummary {
  made: number;
  upToDate: number;
  /** Outputs left as they are because their source is not here. */
  kept: number;
  /** The files that could not be used, and what each left unmade; empty when all went well. */
  failed: Failure[];
}

/** A job to run: the root-relative paths it reads, and the key its output will be recorded under. */
export interface Pending<J extends Job> {
  job: J;
  inputs: string[];
  key: string;
}
