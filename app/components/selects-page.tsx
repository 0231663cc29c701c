import { Link, useLocation, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";

import type { Artist } from "#app/content/types.ts";
import {
  artistCount,
  type ArtistSearch,
  MAX_SELECTS,
  moveSelect,
  requestedSelects,
  sameSelects,
  selectsPath,
  withoutSelect,
  withSelect,
} from "#app/lib/selects.ts";
import { readSelects, setSelects, useSelects } from "#app/lib/selects-store.ts";

import { AddArtists } from "./add-artists.tsx";
import { ArtistWebLinks, Biography } from "./artist-text.tsx";
import { PageHeading } from "./page-heading.tsx";
import { Picture } from "./picture.tsx";

export type SelectedArtist = Pick<Artist, "id" | "name" | "title" | "biography" | "website" | "instagram" | "url"> & {
  /** A director's wide still or a photographer's portrait. */
  image: { kind: "directorStill" | "photographerDesktop"; src: string };
};

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
}

/** The image column: two fifths of the list (at most 1536 px, 40 px padding, 40 px gap) from md up. */
const IMAGE_SIZES = "(min-width: 1536px) 566px, (min-width: 768px) calc((100vw - 120px) * 0.4), calc(100vw - 40px)";

const ACTION = "inline-flex min-h-6 items-center text-xs uppercase tracking-label text-muted hover:text-paper";
const BUTTON = "border border-line px-4 py-2.5 text-xs uppercase tracking-label hover:border-paper";

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
  const { artists, unknown, overLimit, search, siteUrl, shareUrl, agencyName, instagramBaseUrl } = props;
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

interface EntryProps extends Pick<SelectsPageProps, "siteUrl" | "instagramBaseUrl"> {
  artist: SelectedArtist;
  index: number;
  children: ReactNode;
}

function SelectedArtistEntry({ artist, index, siteUrl, instagramBaseUrl, children }: EntryProps) {
  const headingId = `select-${artist.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-10 print:block"
    >
      <Picture
        kind={artist.image.kind}
        src={artist.image.src}
        alt=""
        sizes={IMAGE_SIZES}
        loading={index === 0 ? "hero" : "lazy"}
        className="h-auto w-full bg-line print:max-h-[55vh] print:bg-transparent print:object-contain print:object-left"
      />
      <div className="print:mt-6">
        <p aria-hidden="true" className="text-xs tabular-nums text-muted print:text-neutral-600">
          {String(index + 1).padStart(2, "0")}
        </p>
        <h2 id={headingId} className="mt-2 text-2xl font-light md:text-3xl print:text-4xl">
          <Link to={artist.url} className="hover:text-muted">
            {artist.name}
          </Link>
        </h2>
        <p className="mt-2 text-xs uppercase tracking-label text-muted print:text-neutral-600">{artist.title}</p>
        {artist.biography && (
          <Biography
            text={artist.biography}
            className="mt-5 line-clamp-4 max-w-2xl font-light leading-relaxed print:line-clamp-none"
          />
        )}
        <ul className="mt-5 space-y-1 text-sm">
          <ArtistWebLinks website={artist.website} instagram={artist.instagram} instagramBaseUrl={instagramBaseUrl} />
          <li>
            <Link to={artist.url} aria-label={`Profile of ${artist.name}`} className="hover:text-muted">
              <span className="print:hidden">Profile</span>
              <span className="hidden print:inline">
                {siteUrl}
                {artist.url}
              </span>
            </Link>
          </li>
        </ul>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 print:hidden">{children}</div>
      </div>
    </article>
  );
}

/** Copy the link and print: both need scripts, so without them only the link's field shows. */
function ShareTools({ shareUrl }: { shareUrl: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");

  useEffect(() => setCopied(""), [shareUrl]);
  // The browser's own Print command, too, needs the lazy images loaded (see printList).
  useEffect(() => {
    window.addEventListener("beforeprint", loadAllImages);
    return () => window.removeEventListener("beforeprint", loadAllImages);
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied("Link copied.");
    } catch {
      // No clipboard (an insecure origin, a refused permission): leave the link ready to copy.
      field.current?.select();
      setCopied("Copy the selected link with Ctrl+C or ⌘C.");
    }
  };

  return (
    <div className="mt-8 max-w-2xl print:hidden">
      <label className="block text-xs uppercase tracking-label text-muted" htmlFor="selects-link">
        Link to this list
      </label>
      <input
        ref={field}
        id="selects-link"
        readOnly
        value={shareUrl}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-2 w-full border-b border-line bg-transparent py-2 text-sm text-paper"
      />
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="button" data-script-only onClick={copy} className={BUTTON}>
          Copy link
        </button>
        <button type="button" data-script-only onClick={printList} className={BUTTON}>
          Print or save as PDF
        </button>
        <p role="status" className="text-sm text-muted">
          {copied}
        </p>
      </div>
    </div>
  );
}

/** Loads the list's lazy images now, and returns them. */
function loadAllImages(): HTMLImageElement[] {
  const images = [...document.querySelectorAll<HTMLImageElement>("[data-selects-list] img[loading=lazy]")];
  for (const image of images) image.loading = "eager";
  return images;
}

/** Prints once every artist's image is there: lazy images below the screen would print blank. */
async function printList() {
  await Promise.all(loadAllImages().map((image) => image.decode().catch(() => undefined)));
  window.print();
}

/**
 * The working list on this device, kept together with this page's list where that is what the
 * visitor means (docs/selects.md, "The working list and the page's list").
 */
function useWorkingList(ids: string[]): readonly string[] | null {
  const working = useSelects();
  const navigate = useNavigate();
  const { search } = useLocation();
  const settled = useRef(false);
  const previous = useRef(ids);

  useEffect(() => {
    if (working === null || settled.current) return;
    settled.current = true;
    const requested = requestedSelects(new URLSearchParams(search)).ids;
    if (requested.length === 0 && working.length > 0) navigate(selectsPath(working), { replace: true });
    else if (working.length === 0 || sameSelects(working, requested)) setSelects(ids);
  }, [working, search, ids, navigate]);

  useEffect(() => {
    const before = previous.current;
    previous.current = ids;
    if (!sameSelects(before, ids) && sameSelects(readSelects(), before)) setSelects(ids);
  }, [ids]);

  return working;
}

/** Shown when the visitor's own working list is another list than the link's. */
function OtherWorkingList({ working, ids }: { working: readonly string[]; ids: string[] }) {
  const navigate = useNavigate();
  const addThese = () => {
    const merged = ids.reduce<string[]>((list, id) => withSelect(list, id), [...working]);
    setSelects(merged);
    navigate(selectsPath(merged), { replace: true, preventScrollReset: true });
  };
  return (
    <section aria-labelledby="other-list" className="mt-10 border border-line p-5">
      <h2 id="other-list" className="text-xs font-medium uppercase tracking-label text-muted">
        Your selects on this device
      </h2>
      <p className="mt-3 text-sm">
        Your own list on this device holds {artistCount(working.length)} and is not this one.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={addThese} className={BUTTON}>
          Add this list to mine
        </button>
        <Link to={selectsPath(working)} className={BUTTON}>
          Show mine
        </Link>
      </div>
    </section>
  );
}
