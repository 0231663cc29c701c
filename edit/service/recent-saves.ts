/**
 * Recent saves, as the team's service lists them (edit/app/routes/_editor.edit.saves.tsx draws them): git's
 * own history of saves, pushed and kept aside, with what the service followed to the public site
 * (live, not live), and above them the saves of this run not yet on the remote.
 */
import type { ListedSave } from "#edit/server/editing-context.ts";
import type { SaveRecord } from "#edit/server/save-log.ts";
import type { Save as SavedCommit } from "./git-history.ts";

/**
 * A pushed save of git's as the public site has it, when the service followed it there (`followed`,
 * save-log.ts's landed saves): live with its link, not live and why, or waiting while the site is
 * still asked about it (until `now`'s 10 minutes are up). A save pushed before the service started,
 * or not followed, stays "pushed".
 */
function onSite(save: SavedCommit, followed: Map<string, SaveRecord>, now: number): ListedSave {
  const record = followed.get(save.commit);
  if (save.state !== "pushed") return save;
  if (record?.step === "pushed" && (record.siteUntil ?? 0) > now) return { ...save, waiting: true };
  if (record?.step !== "live" && record?.step !== "not live") return save;
  const { step, link, message } = record;
  return {
    ...save,
    state: step,
    ...(link === undefined ? {} : { link }),
    ...(message === undefined ? {} : { message }),
  };
}

/** Git's saves, with the service's own not yet on the remote above them: newest first. */
export function listedSaves(
  landed: SavedCommit[],
  unlanded: SaveRecord[],
  followed: SaveRecord[] = [],
  now = Date.now(),
): ListedSave[] {
  // Oldest first, so that of two records of one commit (a save that changed nothing) the newest counts.
  const byCommit = new Map(
    [...followed].reverse().flatMap((record) => (record.commit ? [[record.commit, record] as const] : [])),
  );
  const own: ListedSave[] = unlanded.map(({ author, subject, step, date, message }) => ({
    author,
    subject,
    date,
    state: step,
    ...(message === undefined ? {} : { message }),
  }));
  const git = landed.map((save) => onSite(save, byCommit, now));
  return [...own, ...git].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}
