/**
 * The Links page's list: one row per link, each cell with the class the end-to-end test reads
 * (recipient, shortlist, opens, pages, reels, actions), each figure in a data attribute beside its
 * words. A row's Revoke and Erase are forms posting to the page's action, asked first in the browser
 * (they cannot be undone); Copy link copies in the browser only.
 */
import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";

import type { LinkFigures, LinksAnswer } from "#analytics/types.ts";
import { eraseQuestion, linkStatus, pagesLine, reelLine, revokeQuestion, when } from "#edit/app/lib/links-format.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";

/** Each column's cell class and heading; on a phone the heading stands above each figure (edit/views/editing-style.ts). */
const COLUMNS = {
  recipient: "Recipient",
  shortlist: "Shortlist",
  opens: "Openings",
  pages: "Artists' pages read",
  reels: "Reels played",
  actions: "Actions",
} as const;

/*
 * The table's roles are given though each is its element's own: on a phone its parts are display:block
 * (edit/views/editing-style.ts), and a browser then drops the roles they had, so a screen reader reads no table.
 */

/** A cell, named by its column's heading for a phone, where the rows stand as cards. */
const Cell = ({ column, children }: { column: keyof typeof COLUMNS; children: ReactNode }) => (
  // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- see the roles above
  <td className={column} role="cell" data-label={COLUMNS[column]}>
    {children}
  </td>
);

const None = ({ children }: { children: string }) => <p className="note">{children}</p>;

/** Stops a form's submission unless the agent confirms `question`. */
const askFirst = (question: string) => (event: FormEvent) => {
  if (!confirm(question)) event.preventDefault();
};

/**
 * A row's button posting `intent` for the link: its name adds the recipient to the visible text, as
 * every row has the same ones.
 */
function RowAction({
  link,
  intent,
  question,
  className,
}: {
  link: LinkFigures;
  intent: "revoke" | "erase";
  question: string;
  className: string;
}) {
  const text = intent === "revoke" ? "Revoke" : "Erase";
  return (
    <Form method="post" onSubmit={askFirst(question)}>
      <input type="hidden" name="id" value={link.id} />
      <input type="hidden" name="recipient" value={link.recipient} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={className}
        aria-label={`${text}: ${link.recipient}`}
      >
        {text}
      </button>
    </Form>
  );
}

interface RowProps {
  link: LinkFigures;
  links: LinkFigures[];
  content: ViewsContent;
  enabled: boolean;
  onCopy(link: LinkFigures): void;
}

function LinkRow({ link, links, content, enabled, onCopy }: RowProps) {
  const { id, recipient, artists, opens, pagesAfter, reels } = link;
  const nameOf = (artist: string) => content.artists[artist] ?? artist;
  return (
    <tr data-link={id} role="row">
      <Cell column="recipient">
        {recipient}
        <span className="note">{linkStatus(link, enabled)}</span>
      </Cell>
      <Cell column="shortlist">
        <ol>
          {artists.map((artist) => (
            <li key={artist}>{nameOf(artist)}</li>
          ))}
        </ol>
      </Cell>
      <Cell column="opens">
        {opens.length}
        {opens.length > 0 && (
          <ul className="times">
            {opens.map(({ at }) => (
              <li key={at}>
                <time dateTime={at}>{when(at)}</time>
              </li>
            ))}
          </ul>
        )}
      </Cell>
      <Cell column="pages">
        {pagesAfter.every(({ views }) => views === 0) && <None>none read</None>}
        <ul>
          {pagesAfter.map(({ id: artist, views }) => (
            <li key={artist} data-artist={artist} data-views={views}>
              {pagesLine(nameOf(artist), views)}
            </li>
          ))}
        </ul>
      </Cell>
      <Cell column="reels">
        {reels.length === 0 ? (
          <None>none played</None>
        ) : (
          <ul>
            {reels.map((reel) => (
              <li
                key={reel.slug}
                data-reel={reel.slug}
                data-plays={reel.plays}
                data-watched={reel.averageWatched}
                data-finished={reel.finishRate}
              >
                {reelLine(content.reels[reel.slug]?.title ?? reel.slug, reel)}
              </li>
            ))}
          </ul>
        )}
      </Cell>
      <Cell column="actions">
        <button type="button" className="quiet" aria-label={`Copy link: ${recipient}`} onClick={() => onCopy(link)}>
          Copy link
        </button>
        {link.active && (
          <RowAction link={link} intent="revoke" question={revokeQuestion(recipient)} className="quiet" />
        )}
        <RowAction link={link} intent="erase" question={eraseQuestion(recipient, links)} className="danger" />
      </Cell>
    </tr>
  );
}

/** The answer's links as a table, newest first as it lists them; a sentence when there are none. */
export function LinksTable({
  answer,
  content,
  onCopy,
}: {
  answer: LinksAnswer;
  content: ViewsContent;
  onCopy(link: LinkFigures): void;
}) {
  const { enabled, links } = answer;
  if (links.length === 0) return <p>No link has been made yet.</p>;
  return (
    <table className="links" role="table">
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- see the roles above */}
      <thead role="rowgroup">
        <tr role="row">
          {Object.values(COLUMNS).map((heading) => (
            <th key={heading} scope="col" role="columnheader">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- see the roles above */}
      <tbody role="rowgroup">
        {links.map((link) => (
          <LinkRow key={link.id} link={link} links={links} content={content} enabled={enabled} onCopy={onCopy} />
        ))}
      </tbody>
    </table>
  );
}
