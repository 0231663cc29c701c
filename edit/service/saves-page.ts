/**
 * The pages the service writes itself around Keystatic's: who is signed in, with the editing
 * pages' links (editing-nav.ts), and Recent saves, each save with where it is (saved, making media, publishing, waiting
 * for the bucket or the git remote, pushed, live with a link to its page on the public site, not
 * live and why, kept aside). Inline styles:
 * these pages set no style policy (Keystatic's own inline styles need none).
 */
import { VIEWS_AND_LINKS } from "#edit/views/editing-nav.ts";
import { SAVES_PATHS, SCREEN_PATH } from "#edit/views/editing-paths.ts";
import { escapeHtml as html } from "#lib/escape-html.ts";
import type { Editor } from "./auth.ts";
import type { Save as SavedCommit } from "./git-history.ts";
import type { SaveRecord } from "#edit/server/save-log.ts";

/** Who is signed in, Recent saves, the views, the links and the sign-out (editing-nav.ts draws them). */
export const banner = ({ name, email }: Editor, signOut: string) =>
  `<span title="${html(email)}">${html(name)}</span> · <a href="${SAVES_PATHS.page}">Recent saves</a> · ${VIEWS_AND_LINKS} · <form method="post" action="${signOut}"><button type="submit">Sign out</button></form>`;

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
<main>
<h1>Recent saves</h1>
<p><a href="${SCREEN_PATH}">Back to the editing screen</a></p>
<div style="overflow-x:auto" tabindex="0" role="region" aria-label="Recent saves">
<table>
<thead><tr><th scope="col">Who</th><th scope="col">Entry</th><th scope="col">When (UTC)</th><th scope="col">What happened</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">No saves yet.</td></tr>'}
</tbody>
</table>
</div>
</main>
</body>
</html>`;
}
