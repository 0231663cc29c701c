import { Link } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";

import {
  artistCount,
  type ArtistSearch,
  MAX_SELECTS,
  moveSelect,
  sameSelects,
  selectsPath,
  withoutSelect,
} from "#app/lib/selects.ts";

import { AddArtists } from "./add-artists.tsx";
import { OtherWorkingList } from "./other-working-list.tsx";
import { PageHeading } from "./page-heading.tsx";
import { RecipientNotice } from "./recipient-notice.tsx";
import { type SelectedArtist, SelectedArtistEntry } from "./selected-artist-entry.tsx";
import { ShareTools } from "./share-tools.tsx";
import { useWorkingList } from "./use-working-list.ts";

interface SelectsPageProps {
  artists: SelectedArtist[];
  unknown: number;
  overLimit: number;
  /** An artist search's matches, when the link asks for one (`&q=`). */
  search: ArtistSearch | null;
  siteUrl: string;
  shareUrl: string;
  agencyName: string;
  instagramBaseUrl: string;
  /** The link is a recipient link that counts now: the page says so. */
  recipientNotice: boolean;
}

const ACTION = "inline-flex min-h-6 items-center text-xs uppercase tracking-label text-muted hover:text-paper";

/** What a press on an edit control was, so focus can follow the artist once the list has changed. */
interface Edit {
  id: string;
  action: "up" | "down" | "remove";
  index: number;
}

/**
 * The selects page: the link's artists in order, with controls to edit the list (links to the
 * edited list, so they work without JavaScript), copy its link or print it (an artist a page).
 */
export function SelectsPage(props: SelectsPageProps) {
  const { artists, unknown, overLimit, search, siteUrl, shareUrl, agencyName, instagramBaseUrl, recipientNotice } =
    props;
  const ids = useMemo(() => artists.map((artist) => artist.id), [artists]);
  const working = useWorkingList(ids);
  const [announcement, setAnnouncement] = useState("");
  const lastEdit = useRef<Edit | null>(null);

  // After an edit, focus stays with the moved artist's control (or goes to the next one's Remove).
  useEffect(() => {
    const edit = lastEdit.current;
    lastEdit.current = null;
    if (!edit) return;
    const focusable = (key: string) => document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`);
    const next = ids[Math.min(edit.index, ids.length - 1)];
    const target =
      edit.action === "remove"
        ? next && focusable(`${next}:remove`)
        : (focusable(`${edit.id}:${edit.action}`) ?? focusable(`${edit.id}:remove`));
    (target || document.getElementById("main"))?.focus();
  }, [ids]);

  const edit = (artist: SelectedArtist, index: number, action: Edit["action"]) => {
    lastEdit.current = { id: artist.id, action, index };
    setAnnouncement(action === "remove" ? `${artist.name} removed.` : `${artist.name} moved ${action}.`);
  };

  const full = artists.length >= MAX_SELECTS;
  return (
    <>
      <PageHeading>Selects</PageHeading>
      <div className="mx-auto max-w-screen-2xl px-5 md:px-10">
        <p className="hidden text-sm print:block">
          {agencyName} · {shareUrl}
        </p>
        {artists.length > 0 ? (
          <p className="max-w-2xl text-lg font-light leading-relaxed print:hidden">
            A shortlist of {artistCount(artists.length)}, kept in this page’s link: send it to your team, or print it as
            a treatment.
          </p>
        ) : (
          <EmptyNotice />
        )}
        {recipientNotice && <RecipientNotice agencyName={agencyName} plainPath={selectsPath(ids)} />}
        {unknown > 0 && (
          <p className="mt-4 max-w-2xl text-sm text-muted print:hidden">
            {unknown === 1
              ? "1 entry in this link no longer matches an artist, so it is left out."
              : `${unknown} entries in this link no longer match an artist, so they are left out.`}
          </p>
        )}
        {overLimit > 0 && (
          <p className="mt-4 max-w-2xl text-sm text-muted print:hidden">
            Selects hold at most {MAX_SELECTS} artists: the first {MAX_SELECTS} of this link are shown, and {overLimit}{" "}
            more {overLimit === 1 ? "is" : "are"} left out.
          </p>
        )}
        {artists.length > 0 && <ShareTools shareUrl={shareUrl} />}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>

      {artists.length > 0 && (
        <ol data-selects-list className="mx-auto mt-10 max-w-screen-2xl px-5 md:px-10 print:mt-6">
          {artists.map((artist, index) => {
            const editLink = (action: Edit["action"], edited: string[], label: string) => (
              <Link
                to={selectsPath(edited)}
                replace
                preventScrollReset
                data-focus-key={`${artist.id}:${action}`}
                onClick={() => edit(artist, index, action)}
                aria-label={`${label}: ${artist.name}`}
                className={ACTION}
              >
                {label}
              </Link>
            );
            return (
              <li
                key={artist.id}
                className="border-t border-line py-10 print:break-before-page print:break-inside-avoid print:border-0 print:py-0 print:first:break-before-auto"
              >
                <SelectedArtistEntry
                  artist={artist}
                  index={index}
                  siteUrl={siteUrl}
                  instagramBaseUrl={instagramBaseUrl}
                >
                  {index > 0 && editLink("up", moveSelect(ids, index, -1), "Move up")}
                  {index < artists.length - 1 && editLink("down", moveSelect(ids, index, 1), "Move down")}
                  {editLink("remove", withoutSelect(ids, artist.id), "Remove")}
                </SelectedArtistEntry>
              </li>
            );
          })}
        </ol>
      )}

      <div className="mx-auto max-w-screen-2xl px-5 pb-24 md:px-10 print:hidden">
        {working && working.length > 0 && artists.length > 0 && !sameSelects(working, ids) && (
          <OtherWorkingList working={working} ids={ids} />
        )}
        {!full && <AddArtists ids={ids} search={search} />}
      </div>
    </>
  );
}

function EmptyNotice() {
  return (
    <div className="max-w-2xl space-y-4 text-lg font-light leading-relaxed">
      <p>No artists selected yet.</p>
      <p>
        Press “Add to selects” under an artist on the{" "}
        <Link to="/artists/directors" className="underline underline-offset-4">
          Directors
        </Link>{" "}
        or{" "}
        <Link to="/artists/photographers" className="underline underline-offset-4">
          Photographers
        </Link>{" "}
        pages, on an artist’s page, or below. The list is kept on this device only. Here you can put it in order, copy
        its link for your team, or print it as a treatment.
      </p>
    </div>
  );
}
