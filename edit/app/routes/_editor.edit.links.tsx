/**
 * Links for one recipient (/edit/links; docs/privacy.md, "Links for one buyer"): the form that makes
 * a link, and every link made with what its recipient's visits did in the days asked. Its forms post
 * to the page's action (loaders/links.server.ts); the same figures are JSON at /edit/api/links.
 */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import type { LinkFigures } from "#analytics/types.ts";
import { quoted } from "#edit/app/lib/links-format.ts";
import { LINKS_PATHS, SCREEN_PATH, VIEWS_PATHS } from "#edit/views/editing-paths.ts";
import { LinksTable } from "../components/links-table.tsx";
import { copyText, MakeLink } from "../components/make-link.tsx";
import { RangeForm } from "../components/range-form.tsx";
import type { linksPageAction, linksPageLoader } from "../loaders/links.server.ts";

export { linksPageAction as action, linksPageLoader as loader } from "../loaders/links.server.ts";

export const meta: MetaFunction = () => [{ title: "Links — editing" }];

export default function LinksPage() {
  const { range, today, content, artists, problem, answer } = useLoaderData<typeof linksPageLoader>();
  const done = useActionData<typeof linksPageAction>();
  const navigation = useNavigation();
  const list = useRef<HTMLDivElement>(null);
  /** What the page said since the last answer (a copy); the answer's own words otherwise. */
  const [said, setSaid] = useState<string>();
  useEffect(() => {
    setSaid(undefined);
    // The pressed button may be gone with its row: the list keeps the focus near where it was.
    if (done?.intent === "revoke" || done?.intent === "erase") list.current?.focus();
  }, [done]);
  const copy = (link: LinkFigures) => void copyText(link.url, `the link for ${quoted(link.recipient)}`, setSaid);
  const made = done?.intent === "make" ? done : undefined;
  return (
    <>
      <h1>Links</h1>
      <p className="about">
        Each link is the shortlist’s public URL with a random token, made for one recipient. Whoever opens it sees a
        one-line notice on the page that the visit is counted; what their visit did is kept{" "}
        {answer ? answer.retentionDays : "a set number of"} days, and can be erased at any time. The plain URL, without
        the token, is the untracked choice.
      </p>
      <p>
        <a href={SCREEN_PATH}>Back to the editing screen</a> · <a href={VIEWS_PATHS.page}>Views</a>
      </p>
      <section aria-labelledby="links-make-title">
        <h2 id="links-make-title">Make a link</h2>
        {answer?.enabled === false && (
          <p className="off">
            Links for one recipient are off. The operator turns them on with ANALYTICS_RECIPIENT_LINKS=on; see
            docs/privacy.md.
          </p>
        )}
        {answer?.enabled && (
          <MakeLink
            names={content.artists}
            today={today}
            artists={artists}
            answer={made}
            busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "make"}
          />
        )}
      </section>
      <section aria-labelledby="links-list-title">
        <h2 id="links-list-title">Links made</h2>
        <p className="about">
          Every link, newest first, with what its recipient’s visits did in the days chosen: each opening, the
          shortlist’s artists’ pages read in those visits, the reels played and how far.
        </p>
        <RangeForm action={LINKS_PATHS.page} range={range} />
        <p id="links-status" role="status">
          {said ?? (done && !("refused" in done) ? done.message : problem)}
        </p>
        {/* Focusable, so a keyboard scrolls the table within it (as figures-table.tsx's). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div id="links-list" ref={list} className="table-box" tabIndex={0} role="region" aria-label="Links table">
          {answer && <LinksTable answer={answer} content={content} onCopy={copy} />}
        </div>
      </section>
    </>
  );
}
