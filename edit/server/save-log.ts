/**
 * Where each save is between its answer and its end, for its author's status and the team's Recent
 * saves: saving → (making media → publishing →) saved, for `npm run edit`; the team's service goes on
 * to pushing → pushed (save-pipeline.ts), by way of "waiting for the bucket" or "waiting for the
 * remote" while either cannot be reached. With EDIT_SITE_URL set, a landed save goes on to live, or
 * for the service not live when the site refused it (site-watch.ts). Kept in memory: once pushed or
 * kept aside, git's own history says it (edit/service/git-history.ts), and a save in flight when the
 * service stops is in the pipeline's journal, whose records come back here when it starts again.
 */
import type { MediaBuild } from "#edit/upload-rules.ts";

/** Who saved: the signed-in editor, or the one person of `npm run edit`. */
export interface Author {
  name: string;
  email: string;
}

export type SaveStep =
  | "saving"
  | "making media"
  | "publishing"
  | "waiting for the bucket"
  | "pushing"
  | "waiting for the remote"
  | "saved"
  | "pushed"
  | "live"
  | "not live"
  | "kept aside"
  | "failed";

export interface SaveRecord {
  author: Author;
  /** The commit's subject: "directors/theo-marchand: new clip". */
  subject: string;
  step: SaveStep;
  /** When it was saved, ISO 8601 in UTC. */
  date: string;
  /** Why it failed or was kept aside, in the editor's words; why the public site refused it, in its check's. */
  message?: string;
  /** The `edits/…` branch a save kept aside is on. */
  branch?: string;
  /** The commit that holds it, once pushed: the public site shows it from that commit on. */
  commit?: string;
  /** Its entry's page on the public site, once live there (entry-page.ts). */
  link?: string;
  /** Until when the public site is asked whether it shows it, in ms since the epoch (site-watch.ts). */
  siteUntil?: number;
}

/** Saves remembered: a working day of a team's saves, whatever is in flight among them. */
const REMEMBERED = 200;

const DONE = new Set<SaveStep>(["saved", "pushed", "live", "not live", "kept aside", "failed"]);

/** Landed: written (`npm run edit`) or on the remote, where git's history lists it (the service). */
const LANDED = new Set<SaveStep>(["saved", "pushed", "live", "not live"]);

/** What the author's screen says of a record, as the media status it already shows (entry-status.ts). */
function buildOf(record: SaveRecord | undefined): MediaBuild {
  if (record === undefined) return { state: "idle" };
  const entry = record.subject.split(":")[0];
  // While the site is asked, the screen asks again in a moment, to show "live" as soon as it is.
  const waiting = (record.siteUntil ?? 0) > Date.now();
  switch (record.step) {
    case "saved":
      return { state: "idle", message: `Saved: ${record.subject}.`, ...(waiting && { waiting }) };
    case "pushed":
      return waiting
        ? { state: "idle", message: `Saved and pushed: ${record.subject}. Waiting for the site to show it…`, waiting }
        : { state: "idle", message: `Saved and pushed: ${record.subject}.` };
    case "live":
      return { state: "idle", message: `Live on the site: ${entry} — ${record.link}` };
    case "not live":
      return {
        state: "failed",
        message: `Not live on the site: ${record.message}\nYour save is recorded; the site still shows the version before it.`,
      };
    case "kept aside":
      return {
        state: "failed",
        message: `Not published: ${record.message}\nYour save is kept on the branch ${record.branch}.`,
      };
    case "failed":
      return { state: "failed", message: `Not published: ${record.message}` };
    case "making media":
      return { state: "running", message: `Making the media of ${entry}…` };
    case "publishing":
      return { state: "running", message: `Publishing the media of ${entry} to the bucket…` };
    case "waiting for the bucket":
      return {
        state: "running",
        message: `Made; waiting for the bucket to publish the media of ${entry}, tried again in a moment: ${record.message}`,
      };
    case "waiting for the remote":
      return {
        state: "idle",
        message: `Saved here, waiting for the git remote: ${record.subject}. It is pushed as soon as the remote answers.`,
        waiting: true,
      };
    default:
      return { state: "running", message: `Saving ${record.subject}…` };
  }
}

export function saveLog() {
  const records: SaveRecord[] = [];
  return {
    /** A save answered now, or at `date` (one taken up again after a restart). */
    add(author: Author, subject: string, date = new Date().toISOString()): SaveRecord {
      const record: SaveRecord = { author, subject, step: "saving", date };
      records.push(record);
      // The oldest finished ones go first: a save in flight is never forgotten while it runs.
      while (records.length > REMEMBERED) {
        const done = records.findIndex(({ step }) => DONE.has(step));
        records.splice(done < 0 ? 0 : done, 1);
      }
      return record;
    },
    /** Saves not yet on the remote, and those that failed without a branch: newest first. */
    unlanded: (): SaveRecord[] => records.filter(({ step, branch }) => !LANDED.has(step) && !branch).reverse(),
    /** Saves landed, newest first: the ones the public site is asked about, and Recent saves marks live. */
    landed: (): SaveRecord[] => records.filter(({ step }) => LANDED.has(step)).reverse(),
    /** The author's own latest save, as their screen's status. */
    statusOf(email: string): MediaBuild {
      return buildOf([...records].reverse().find(({ author }) => author.email === email));
    },
  };
}

export type SaveLog = ReturnType<typeof saveLog>;
