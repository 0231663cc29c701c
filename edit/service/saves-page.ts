/**
 * The pages the service writes itself around Keystatic's: who is signed in, in a corner of the
 * screen, and Recent saves, each save with where it is (saved, making media, publishing, waiting
 * for the bucket or the git remote, pushed, live with a link to its page on the public site, not
 * live and why, kept aside). Inline styles:
 * these pages set no style policy (Keystatic's own inline styles need none).
 */
import { escapeHtml as html } from "#lib/escape-html.ts";
import type { Editor } from "./auth.ts";
import type { Save as SavedCommit } from "./git-history.ts";
import type { SaveRecord } from "#edit/server/save-log.ts";

/** Who is signed in, the recent saves, the views, the links and the sign-out, in a corner: Keystatic's page has no place for them. */
export const banner = (
  { name, email }: Editor,
  signOut: string,
) => `<form method="post" action="${signOut}" style="position:fixed;right:8px;bottom:8px;z-index:1000;margin:0;padding:6px 10px;font:13px system-ui,sans-serif;background:#fff;color:#222;border:1px solid #ccc;border-radius:6px">
<span title="${html(email)}">${html(name)}</span> · <a href="/edit/saves">Recent saves</a> · <a href="/edit/views">Views</a> · <a href="/edit/links">Links</a> · <button type="submit" style="font:inherit;border:0;background:none;color:#06c;padding:0;cursor:pointer">Sign out</button>
</form>`;

/** A save in the list: git's (pushed, kept aside) or the service's own, not yet on the remote. */
export type ListedSave = Omit<SavedCommit, "commit" | "state"> & {
  commit?: string;
  state: SavedCommit["state"] | SaveRecord["step"];
  message?: string;
  /** Its entry's page on the public site, once live there. */
  link?: string;
};

/**
 * A pushed save of git's as the public site has it, when the service followed it there (`followed`,
 * save-log.ts's landed saves): live with its link, or not live and why. A save pushed before the
 * service started, or not followed, stays "pushed".
 */
function onSite(save: SavedCommit, followed: Map<string, SaveRecord>): ListedSave {
  const record = followed.get(save.commit);
  if (save.state !== "pushed" || (record?.step !== "live" && record?.step !== "not live")) return save;
  const { step, link, message } = record;
  return {
    ...save,
    state: step,
    ...(link === undefined ? {} : { link }),
    ...(message === undefined ? {} : { message }),
  };
}

/** Git's saves, with the service's own not yet on the remote above them: newest first. */
export function listedSaves(landed: SavedCommit[], unlanded: SaveRecord[], followed: SaveRecord[] = []): ListedSave[] {
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
  const git = landed.map((save) => onSite(save, byCommit));
  return [...own, ...git].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

function what({ state, branch, message, link }: ListedSave): string {
  if (state === "kept aside") return `kept aside on <code>${html(branch ?? "")}</code>`;
  if (state === "failed") return `not published: ${html(message ?? "")}`;
  if (state === "waiting for the remote") return "saved here, waiting for the git remote";
  if (state === "waiting for the bucket") return `made, waiting for the bucket: ${html(message ?? "")}`;
  if (state === "live" && link) return `live: <a href="${html(link)}">${html(link)}</a>`;
  if (state === "not live") return `not live: ${html(message ?? "")}`;
  return html(state);
}

export function savesPage(saves: ListedSave[]): string {
  const rows = saves
    .map(
      (save) =>
        `<tr><td>${html(save.author.name)}</td><td>${html(save.subject)}</td><td><time datetime="${html(save.date)}">${html(save.date.slice(0, 16).replace("T", " "))}</time></td><td>${what(save)}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Recent saves — editing</title></head>
<body style="font:15px system-ui,sans-serif;margin:2rem">
<h1>Recent saves</h1>
<p><a href="/keystatic">Back to the editing screen</a></p>
<table>
<thead><tr><th scope="col">Who</th><th scope="col">Entry</th><th scope="col">When (UTC)</th><th scope="col">What happened</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">No saves yet.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
}
