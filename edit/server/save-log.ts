/**
 * The saves of this run, for their authors' statuses and the team's Recent saves: each a record whose
 * state save-state.ts moves (saving → … → saved, pushed, live…). Kept in memory: once pushed or kept
 * aside, git's own history says it (edit/service/git-history.ts), and a save in flight when the
 * service stops is in the pipeline's journal, whose records come back here when it starts again.
 */
import type { MediaBuild } from "#edit/upload-rules.ts";
import {
  type Author,
  type FirstState,
  isDone,
  isLanded,
  newRecord,
  type SaveEntry,
  type SaveRecord,
  screenStatus,
} from "./save-state.ts";

export type { Author, SaveEntry, SaveRecord, SaveStep } from "./save-state.ts";

/** Saves remembered: a working day of a team's saves, whatever is in flight among them. */
const REMEMBERED = 200;

export function saveLog() {
  const records: SaveRecord[] = [];
  return {
    /** A save answered now, or at `date` in `first` state (one a previous run left, taken up again). */
    add(author: Author, entry: SaveEntry, date?: string, first?: FirstState): SaveRecord {
      const record = newRecord(author, entry, date, first);
      records.push(record);
      // The oldest finished ones go first: a save in flight is never forgotten while it runs.
      while (records.length > REMEMBERED) {
        const done = records.findIndex(({ step }) => isDone(step));
        records.splice(done < 0 ? 0 : done, 1);
      }
      return record;
    },
    /** Saves not yet on the remote, and those that failed without a branch: newest first. */
    unlanded: (): SaveRecord[] => records.filter(({ step, branch }) => !isLanded(step) && !branch).reverse(),
    /** Saves landed, newest first: the ones the public site is asked about, and Recent saves marks live. */
    landed: (): SaveRecord[] => records.filter(({ step }) => isLanded(step)).reverse(),
    /** The author's own latest save, as their screen's status. */
    statusOf(email: string): MediaBuild {
      return screenStatus([...records].reverse().find(({ author }) => author.email === email));
    },
  };
}

export type SaveLog = ReturnType<typeof saveLog>;
