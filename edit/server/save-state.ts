/**
 * A save's state, from its answer to its end, and the one place it changes (`moveSave`): the steps
 * a save takes, for `npm run edit` and the team's service alike, and what its author's screen says
 * of each. Before its answer a save is the request's (save-request.ts: received, decoded, its paths
 * and content checked, written); from then on it is a record here:
 *
 *   saving → saved                                    `npm run edit`, a text save: written is landed
 *   saving → pushing                                  the service commits it in its clone
 *   saving → making media → publishing → saved | pushing         a save with media, on the worker
 *                                publishing → waiting for the bucket (again…) → saved | pushing
 *   making media → kept aside | failed                its media could not be made (service | npm run edit)
 *   pushing → pushed | waiting for the remote (again…) → pushed | kept aside (the remote moved)
 *   saved | pushed → live | not live,  not live → live | not live     the public site's word
 *
 * Any step before landed (saving to waiting for the remote) may end failed. `saved` is `npm run
 * edit`'s landed (its working copy is the save); the team's service commits (pushing) and pushes.
 */
import type { MediaBuild } from "#edit/upload-rules.ts";
import type { ContentEntry } from "#model/entry-url.ts";

/** Who saved: the signed-in editor, or the one person of `npm run edit`. */
export interface Author {
  name: string;
  email: string;
}

/** What a save did to which entry, carried from its request: `{ collection: "directors", id: "ada-rowe", action: "create" }`. */
export interface SaveEntry extends ContentEntry {
  /** "create", "update", "delete", or "new clip, still" for a save that brings only uploads. */
  action: string;
}

/** The entry as the screen and git's history name it: "directors/ada-rowe", "contact". */
export const entryName = ({ collection, id }: ContentEntry): string =>
  id === undefined ? collection : `${collection}/${id}`;

/** The save's line in git's history and Recent saves: "directors/ada-rowe: create". */
export const subjectLine = (entry: SaveEntry): string => `${entryName(entry)}: ${entry.action}`;

/** Each state, with what it carries. */
export type SaveState =
  | { step: "saving" }
  | { step: "making media" }
  | { step: "publishing" }
  | { step: "waiting for the bucket"; message: string }
  | { step: "pushing"; commit: string }
  | { step: "waiting for the remote" }
  | { step: "saved" }
  | { step: "pushed"; commit: string }
  | { step: "live"; link: string }
  | { step: "not live"; message: string }
  | { step: "kept aside"; message: string; branch: string }
  | { step: "failed"; message: string };

export type SaveStep = SaveState["step"];

export interface SaveRecord {
  author: Author;
  /** The entry the save was of, from its request. */
  readonly entry: SaveEntry;
  /** Its line in git's history (`subjectLine(entry)`): "directors/theo-marchand: new clip". */
  readonly subject: string;
  readonly step: SaveStep;
  /** When it was saved, ISO 8601 in UTC. */
  date: string;
  /** Why it failed or was kept aside, in the editor's words; why the public site refused it, in its check's. */
  readonly message?: string;
  /** The `edits/…` branch a save kept aside is on. */
  readonly branch?: string;
  /** The commit that holds it, once committed: the public site shows it from that commit on. */
  readonly commit?: string;
  /** Its entry's page on the public site, once live there (model/entry-url.ts). */
  readonly link?: string;
  /** Until when the public site is asked whether it shows it, in ms since the epoch (site-watch.ts). */
  siteUntil?: number;
}

/** The steps each step may go on to; any other move is refused. */
const NEXT: Record<SaveStep, readonly SaveStep[]> = {
  saving: ["making media", "saved", "pushing", "failed"],
  "making media": ["publishing", "kept aside", "failed"],
  // A bucket away is waited for, then the save lands from there (the message goes with the move).
  publishing: ["waiting for the bucket", "saved", "pushing", "failed"],
  "waiting for the bucket": ["waiting for the bucket", "saved", "pushing", "failed"],
  pushing: ["waiting for the remote", "pushed", "kept aside", "failed"],
  "waiting for the remote": ["waiting for the remote", "pushed", "kept aside", "failed"],
  saved: ["live", "not live"],
  pushed: ["live", "not live"],
  // A later commit the site serves may hold a save it refused: it is judged again.
  "not live": ["live", "not live"],
  live: [],
  "kept aside": [],
  failed: [],
};

/** Where a record may start: a new save, or one a previous run left committed (pushed, or waiting for the remote). */
export type FirstState = { step: "saving" } | { step: "pushed" | "waiting for the remote"; commit: string };

/** The fields a state sets; every other is cleared by a move (a message is the state's, never the last one's). */
const STATE_FIELDS = ["message", "branch", "link"] as const;

export class SaveStepRefused extends Error {
  constructor(from: SaveStep, to: SaveStep) {
    super(`a save does not go from "${from}" to "${to}"`);
  }
}

/** Whether a save at `from` may go to `to`. */
export const mayMove = (from: SaveStep, to: SaveStep): boolean => NEXT[from].includes(to);

/** A record of a save answered at `date`, in its first state. */
export function newRecord(
  author: Author,
  entry: SaveEntry,
  date = new Date().toISOString(),
  first: FirstState = { step: "saving" },
): SaveRecord {
  return { author, entry, subject: subjectLine(entry), date, ...first };
}

/**
 * The one way a save changes step: `record` moves to `next`, or the move is refused (thrown) and
 * the record is left as it was. The commit a save is on stays with it once known.
 */
export function moveSave(record: SaveRecord, next: SaveState): void {
  if (!mayMove(record.step, next.step)) throw new SaveStepRefused(record.step, next.step);
  const writable = record as { -readonly [K in keyof SaveRecord]: SaveRecord[K] };
  for (const field of STATE_FIELDS) delete writable[field];
  Object.assign(writable, next);
}

/** Done: the save goes no further of its own (live and not live are the site's, not the save's). */
export const isDone = (step: SaveStep): boolean =>
  ["saved", "pushed", "live", "not live", "kept aside", "failed"].includes(step);

/** Landed: written (`npm run edit`) or on the remote, where git's history lists it (the service). */
export const isLanded = (step: SaveStep): boolean => ["saved", "pushed", "live", "not live"].includes(step);

/** What the author's screen says of a record (its entry's status, entry-status.ts), and whether it asks again soon. */
export function screenStatus(record: SaveRecord | undefined, now = Date.now()): MediaBuild {
  if (record === undefined) return { state: "idle" };
  const { subject, message } = record;
  const entry = entryName(record.entry);
  // While the site is asked, the screen asks again in a moment, to show "live" as soon as it is.
  const waiting = (record.siteUntil ?? 0) > now;
  switch (record.step) {
    case "saved":
      return { state: "idle", message: `Saved: ${subject}.`, ...(waiting && { waiting }) };
    case "pushed":
      return waiting
        ? { state: "idle", message: `Saved and pushed: ${subject}. Waiting for the site to show it…`, waiting }
        : { state: "idle", message: `Saved and pushed: ${subject}.` };
    case "live":
      return { state: "idle", message: `Live on the site: ${entry} — ${record.link}` };
    case "not live":
      return {
        state: "failed",
        message: `Not live on the site: ${message}\nYour save is recorded; the site still shows the version before it.`,
      };
    case "kept aside":
      return {
        state: "failed",
        message: `Not published: ${message}\nYour save is kept on the branch ${record.branch}.`,
      };
    case "failed":
      return { state: "failed", message: `Not published: ${message}` };
    case "making media":
      return { state: "running", message: `Making the media of ${entry}…` };
    case "publishing":
      // To the bucket where there is one; without, the media are committed with the save.
      return { state: "running", message: `Publishing the media of ${entry}…` };
    case "waiting for the bucket":
      return {
        state: "running",
        message: `Made; waiting for the bucket to publish the media of ${entry}, tried again in a moment: ${message}`,
      };
    case "waiting for the remote":
      return {
        state: "idle",
        message: `Saved here, waiting for the git remote: ${subject}. It is pushed as soon as the remote answers.`,
        waiting: true,
      };
    default:
      return { state: "running", message: `Saving ${subject}…` };
  }
}
