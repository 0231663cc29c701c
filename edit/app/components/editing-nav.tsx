/**
 * The editing screen's own links in one `nav`, above each page of the app: the views and the links,
 * and for the team who is signed in, Recent saves and the sign-out (a form: signing out changes
 * something). Keystatic's screen draws the same links itself (edit/views/editing-nav.ts).
 */
import { LINKS_PATHS, SAVES_PATHS, VIEWS_PATHS } from "#edit/views/editing-paths.ts";

export interface TeamEditor {
  name: string;
  email: string;
  /** Where the sign-out form posts. */
  signOut: string;
}

export function EditingNav({ team }: { team?: TeamEditor }) {
  return (
    <nav className="editing" aria-label="Editing">
      {team && (
        <>
          <span title={team.email}>{team.name}</span> · <a href={SAVES_PATHS.page}>Recent saves</a> ·{" "}
        </>
      )}
      <a href={VIEWS_PATHS.page}>Views</a> · <a href={LINKS_PATHS.page}>Links</a>
      {team && (
        <>
          {" · "}
          <form method="post" action={team.signOut}>
            <button type="submit">Sign out</button>
          </form>
        </>
      )}
    </nav>
  );
}
