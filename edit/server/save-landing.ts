/**
 * Where a save lands once it is written, answered and its media made: the port the save pipeline
 * (save-pipeline.ts) lands through. `npm run edit` lands in its working copy (`workingCopyLanding`,
 * below: written is landed); the team's service implements it with git (edit/service/git-landing.ts:
 * one commit by the save's author, pushed in order, or kept aside on an `edits/…` branch).
 */
import type { Job } from "#media-build/kinds.ts";
import type { DecodedSave } from "./save-gate.ts";
import { type Author, moveSave, type SaveRecord } from "./save-state.ts";

/** One save, as the request hands it on once it has answered (save-request.ts). */
export interface Saved {
  record: SaveRecord;
  author: Author;
  save: DecodedSave;
  /** Every file applySave wrote, deleted or filed. */
  touched: string[];
  /** The media to make, when the save filed a source or removed an entry. */
  jobs: Job[] | undefined;
}

/** A save a previous run landed here (committed in the service's clone) and could not push. */
export interface Unpushed {
  commit: string;
  author: Author;
  /** The author's date, ISO 8601 in UTC. */
  date: string;
  subject: string;
}

/** Where a save's files go once its media are ready. Each moves the save's record (save-state.ts). */
export interface Landing {
  /** Under the lock: `files` (its content, the manifest, with a bucket the sources' list, else the outputs) land; the record says how it went. */
  land(saved: Saved, files: string[]): Promise<void>;
  /** Under the lock: its media could not be made; its text is put aside as the landing keeps it. */
  mediaFailed(saved: Saved, content: string[], reason: string): Promise<void>;
  /**
   * Under the lock: the saves landed and not yet on the remote (oldest first) pushed in order, each
   * record saying how it went; throws while the remote cannot be reached. None: landed is the end.
   */
  push?(waiting: SaveRecord[]): Promise<void>;
  /** The saves a previous run landed and could not push, oldest first. */
  unpushed?(): Promise<Unpushed[]>;
}

/** A working copy of one's own (`npm run edit`): written is landed, and nothing goes elsewhere. */
export const workingCopyLanding: Landing = {
  async land({ record }) {
    moveSave(record, { step: "saved" });
  },
  async mediaFailed({ record }, _content, reason) {
    moveSave(record, { step: "failed", message: reason });
  },
};
