/**
 * Recent saves as a table: who, which entry, when, and where each save is (saved, making media,
 * publishing, waiting for the bucket or the git remote, pushed, live with a link to its page on
 * the public site, not live and why, kept aside on its branch).
 */
import type { ListedSave } from "#edit/server/editing-context.ts";

function Outcome({ save: { state, branch, message, link } }: { save: ListedSave }) {
  if (state === "kept aside")
    return (
      <>
        kept aside on <code>{branch ?? ""}</code>
      </>
    );
  if (state === "failed") return <>{`not published: ${message ?? ""}`}</>;
  if (state === "waiting for the remote") return <>saved here, waiting for the git remote</>;
  if (state === "waiting for the bucket") return <>{`made, waiting for the bucket: ${message ?? ""}`}</>;
  if (state === "live" && link)
    return (
      <>
        live: <a href={link}>{link}</a>
      </>
    );
  if (state === "not live") return <>{`not live: ${message ?? ""}`}</>;
  return <>{state}</>;
}

export function SavesTable({ saves }: { saves: ListedSave[] }) {
  return (
    // A box that scrolls must take the keyboard's focus to be scrolled without a mouse (axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-box" tabIndex={0} role="region" aria-label="Recent saves">
      <table>
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Entry</th>
            <th scope="col">When (UTC)</th>
            <th scope="col">What happened</th>
          </tr>
        </thead>
        <tbody>
          {saves.map((save) => (
            <tr key={`${save.date} ${save.commit ?? save.subject} ${save.author.email}`}>
              <td>{save.author.name}</td>
              <td>{save.subject}</td>
              <td>
                <time dateTime={save.date}>{save.date.slice(0, 16).replace("T", " ")}</time>
              </td>
              <td>
                <Outcome save={save} />
              </td>
            </tr>
          ))}
          {saves.length === 0 && (
            <tr>
              <td colSpan={4}>No saves yet.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
