/**
 * The Links page's words (routes/_editor.edit.links.tsx), in the browser and on the server alike: reading a
 * pasted shortlist, the request its form makes (checked by the API's schema), and the words of a
 * link's row and of the confirmations. No React, so the unit tests read them as they are.
 */
import type { LinkFigures } from "#analytics/types.ts";
import { percent } from "#edit/views/watch-chart.ts";
import { isSlug } from "#model/content-files.ts";
import { type LinkRequest, linkRequestShape } from "#model/recipient-link.ts";
import { ARTISTS_PARAM, shortlistEntries } from "#model/shortlist-url.ts";

/** A recipient or an entry in the page's sentences, set apart by quotation marks. */
export const quoted = (text: string) => `“${text}”`;

/** What a pasted shortlist names: the artists the content knows, in order, and the rest as typed. */
export interface PastedShortlist {
  artists: { id: string; name: string }[];
  /** Entries that name no artist: ids the content does not have, and words that cannot be ids. */
  unknown: string[];
}

/**
 * The entries of a pasted shortlist: a selects URL (full, a path, or its query alone) read as the
 * selects page reads it (model/shortlist-url.ts), or ids separated by commas or spaces, lowercased
 * and each once, in order.
 */
export function pastedEntries(text: string): string[] {
  const trimmed = text.trim();
  const asked = trimmed.indexOf("?");
  const query =
    asked >= 0 ? trimmed.slice(asked + 1) : new RegExp(`(^|&)${ARTISTS_PARAM}=`).test(trimmed) ? trimmed : undefined;
  // `#…` is no part of a query.
  if (query !== undefined) return shortlistEntries(new URLSearchParams(query.split("#")[0]));
  const entries = trimmed.split(/[\s,]+/).map((entry) => entry.toLowerCase());
  return [...new Set(entries.filter((entry) => entry !== ""))];
}

/** The pasted shortlist `text` read against the content's artists' names by id. */
export function readShortlist(text: string, names: Record<string, string>): PastedShortlist {
  const artists: PastedShortlist["artists"] = [];
  const unknown: string[] = [];
  for (const entry of pastedEntries(text))
    if (isSlug(entry) && Object.hasOwn(names, entry)) artists.push({ id: entry, name: names[entry] });
    else unknown.push(entry);
  return { artists, unknown };
}

/** The form's three fields, as typed. */
export interface LinkFields {
  shortlist: string;
  recipient: string;
  expires: string;
}

/** What is wrong with the form, named by its field, in the page's words. */
export interface FieldError {
  field: keyof LinkFields;
  error: string;
}

/** The form's field that gives each of the request's, and its label. */
const FIELDS: Record<keyof LinkRequest, { field: keyof LinkFields; label: string }> = {
  artists: { field: "shortlist", label: "Shortlist" },
  recipient: { field: "recipient", label: "Recipient" },
  expires: { field: "expires", label: "Expires" },
};

/**
 * The request the form's fields make, or the first thing wrong with them, checked before sending so
 * the agent hears it at once, by the schema the API checks it with (model/recipient-link.ts). `today`
 * is YYYY-MM-DD: an expiry before it would make a link that never counts.
 */
export function linkRequest(
  fields: LinkFields,
  names: Record<string, string>,
  today: string,
): { body: LinkRequest } | FieldError {
  const expires = fields.expires.trim();
  const asked = { artists: pastedEntries(fields.shortlist), recipient: fields.recipient, ...(expires && { expires }) };
  const parsed = linkRequestShape({ names, today }).safeParse(asked);
  if (parsed.success) return { body: parsed.data };
  const [issue] = parsed.error.issues;
  // The object is made here, whole: every issue is one of its three fields'.
  const { field, label } = FIELDS[issue.path[0] as keyof LinkRequest];
  return { field, error: `${label}: ${issue.message}.` };
}

/** The moment in UTC, as the other editing pages give times: YYYY-MM-DD HH:MM UTC. */
export const when = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The last day (UTC) a link expiring at `iso` counts, as 31 Dec 2026: the API takes a day and counts
 * to its end, so it answers the next midnight, which is no longer counted. Written out, so no reader
 * takes 03/04 for the wrong month.
 */
export function lastDay(iso: string): string {
  const moment = new Date(Date.parse(iso) - 1);
  return `${moment.getUTCDate()} ${MONTHS[moment.getUTCMonth()]} ${moment.getUTCFullYear()}`;
}

/** Whether the link counts, and if not why: revoked, expired (the API's `active` says no else), or links turned off. */
export function linkStatus(link: Pick<LinkFigures, "revoked" | "active" | "expires">, enabled: boolean): string {
  if (link.revoked) return "revoked";
  if (!link.active) return "expired";
  if (!enabled) return "not counting: links are off";
  return link.expires === null ? "counting, no expiry" : `counting, expires ${lastDay(link.expires)}`;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

/** An artist's line in a link's row: how often their page was read in the visits the link opened. */
export const pagesLine = (name: string, views: number) => `${name}: ${plural(views, "view")}`;

/** A reel's line in a link's row. */
export const reelLine = (title: string, { plays, averageWatched, finishRate }: LinkFigures["reels"][number]) =>
  `${title}: ${plural(plays, "play")}, ${percent(averageWatched)} watched, ${percent(finishRate)} finished`;

export const revokeQuestion = (recipient: string) =>
  `Revoke the link for ${quoted(recipient)}? It will still show the shortlist, but count nothing more.`;

/** Erasing goes by the recipient's exact text: every link sharing it goes, so the question says how many. */
export function eraseQuestion(recipient: string, links: Pick<LinkFigures, "recipient">[]): string {
  const count = links.filter((link) => link.recipient === recipient).length;
  return (
    `Erase ${count === 1 ? "the link" : `all ${count} links`} made for ${quoted(recipient)}, ` +
    `and everything recorded of their visits? This cannot be undone.`
  );
}

/** What the status line says once a recipient is erased. */
export const erasedMessage = (recipient: string, erased: number) =>
  `Erased ${plural(erased, "link")} made for ${quoted(recipient)}, and what their visits did.`;
