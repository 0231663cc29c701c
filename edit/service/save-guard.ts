/**
 * The team's service's guard of each save (edit/server/save-request.ts's `SaveGuard`), under its
 * lock, before anything is written: the clone brought up to date with the remote, then the save
 * refused (409) when her screen's copy of a file is out of date, her version kept on an `edits/…`
 * branch from the commit her screen was given (Keystatic's GitHub mode's rule), or when a file of it
 * waits for another save's media, which would otherwise land her text without them.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { LRUCache } from "lru-cache";

import { isContentFile } from "#model/content-files.ts";
import type { KeystaticAnswer } from "#edit/server/keystatic-api.ts";
import type { DecodedSave } from "#edit/server/save-gate.ts";
import type { Refused, SaveGuard } from "#edit/server/save-request.ts";
import { type Author, type SaveEntry, subjectLine } from "#edit/server/save-state.ts";
import { keptChanges } from "#edit/server/save-subject.ts";
import type { GitStore } from "./git-store.ts";

/** What an editor's screen was last given: each file's blob sha in the listing, and the commit then. */
interface View {
  commit: string;
  shas: Map<string, string>;
}

/** Screens remembered: more than a team has open at once; a sign-in's view outlives its session no longer than this. */
const VIEWS_KEPT = 200;

const bodyText = (body: unknown): string =>
  typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array);

/** What each signed-in screen was last given, by session: what a save of hers is checked against. */
export function screenViews(git: GitStore) {
  const views = new LRUCache<string, View>({ max: VIEWS_KEPT });
  return {
    get: (session: string) => views.get(session),
    /** `listing` is what `session`'s screen shows now: its content files' shas, at the branch's commit. */
    async given(session: string, listing: KeystaticAnswer) {
      const entries = JSON.parse(bodyText(listing.body)) as { path: string; sha: string; type: string }[];
      // The content files alone: the rest of the checkout is never saved.
      const content = entries.filter(({ type, path: file }) => type === "blob" && isContentFile(file));
      views.set(session, {
        commit: await git.head(),
        shas: new Map(content.map(({ path: file, sha }) => [file, sha])),
      });
    },
  };
}

export interface GuardOptions {
  git: GitStore;
  checkout: string;
  views: ReturnType<typeof screenViews>;
  /** The files of saves whose media are being made (save-pipeline.ts's `pending()`). */
  pending(): ReadonlySet<string>;
  /** The clone's sync changed files: the statuses and the preview are refreshed. */
  synced(): void;
}

/** The guard of one save by `author`, from the screen of `session`. */
export function serviceGuard(
  { git, checkout, views, pending, synced }: GuardOptions,
  author: Author,
  session: string,
): SaveGuard {
  let now = new Map<string, string | undefined>();

  /** Her version kept on a branch from the commit her screen was given, and who changed what. */
  async function keepStale(view: View, stale: string[], save: DecodedSave, entry: SaveEntry): Promise<Refused> {
    const change = await git.lastChange(view.commit, stale);
    const subject = `${subjectLine(entry)} (kept aside)`;
    const branch = await git.keepAside(view.commit, keptChanges(save), author, subject);
    const who = change ? `by ${change.author.name} (${change.author.email}) on ${change.date}` : "by someone else";
    return {
      status: 409,
      message:
        `Not saved: ${stale.join(", ")} changed since you opened it, ${who}.\n` +
        `Your version is kept on the branch ${branch}.\nReload to see their change, then make yours again.`,
    };
  }

  return {
    async landed(files) {
      if ((await git.sync()).length > 0) synced();
      now = await git.blobShas(files);
      // A save that only brings a picture writes no content file: its entry is looked up in the working copy,
      // which is the branch's until the save is applied.
      return (file) => (now.has(file) ? now.get(file) !== undefined : existsSync(path.join(checkout, file)));
    },
    async refuse(save, entry) {
      const view = views.get(session);
      if (view === undefined)
        return {
          status: 409,
          message: "Not saved: the service does not know what your screen shows. Reload it and save again.",
        };
      const files = [...now.keys()];
      const waiting = files.filter((file) => pending().has(file));
      if (waiting.length > 0)
        return {
          status: 409,
          message:
            `Not saved: ${waiting.join(", ")} is waiting for its media to be made and published.\n` +
            "Save again once Recent saves shows it pushed.",
        };
      const stale = files.filter((file) => now.get(file) !== view.shas.get(file));
      if (stale.length > 0) return keepStale(view, stale, save, entry);
      return undefined;
    },
    written: (listing) => views.given(session, listing),
  };
}
