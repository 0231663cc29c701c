/**
 * What the editing app's routes (edit/app/) are given by the screen that serves them, as Remix's load
 * context: who is editing, an entry's status, the views' figures and names, the links' store, and for the team's
 * service its sign-out and Recent saves. `npm run edit` (local-editor.ts) and the service (edit/service/service-server.ts) each
 * make one per request; a route reads it with editingOf.
 */
import type { AppLoadContext } from "@remix-run/node";

import type { StoreSettings } from "#analytics/settings.ts";
import type { AnalyticsStore } from "#analytics/store.ts";
import type { ViewFigures } from "#analytics/types.ts";
import type { EntryStatus } from "#edit/upload-rules.ts";
import type { DayRange } from "#edit/views/range.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";
import type { NoFigures } from "#edit/views/views-store.ts";
import type { Author, SaveStep } from "./save-state.ts";

/** A save in Recent saves: git's (pushed, kept aside) or the service's own, not yet on the remote. */
export interface ListedSave {
  author: Author;
  subject: string;
  /** When it was saved, ISO 8601 in UTC. */
  date: string;
  state: "pushed" | "kept aside" | SaveStep;
  commit?: string;
  /** The `edits/…` branch a save kept aside is on. */
  branch?: string;
  /** Why it failed or is not live, in the editor's words. */
  message?: string;
  /** Its entry's page on the public site, once live there. */
  link?: string;
}

export interface EditingContext {
  /** Who is editing: the signed-in editor, or the one person of `npm run edit`. */
  editor: Author;
  /** Keystatic's API for this editor (keystatic-api.ts's keystaticRoute): a save, or Keystatic's own answer. */
  keystatic(request: Request): Promise<Response>;
  /** The entry's status as the editor's screen shows it (entry-status.ts): "directors/ada-rowe", "contact". */
  entryStatus(entry: string): EntryStatus;
  /** Where the sign-out form posts: the team's service only. */
  signOut?: string;
  views: {
    /** The content's names of the reels and artists, as they are now (views-content.ts). */
    content(): ViewsContent;
    /** The store's figures for the days of `range`, or why there are none. */
    figures(range: DayRange, now: Date): Promise<ViewFigures | NoFigures>;
    /** The clock the default range and the figures are read by. */
    now(): Date;
  };
  /** Links for one recipient (docs/privacy.md), named by views.content() and dated by views.now(). */
  links: {
    /** The analytics store the links and their visits are kept in (views-store.ts), or a StoreUnavailable saying why not. */
    open(): Promise<AnalyticsStore>;
    /** Whether links count, and how long what they record is kept, as the site reads its settings. */
    settings(): Pick<StoreSettings, "recipientLinks" | "recipientRetentionDays">;
    /** The public site's origin, which the links' URLs start with. */
    siteUrl: string;
  };
  /** Recent saves, newest first: the team's service only. */
  recentSaves?(): Promise<ListedSave[]>;
}

const KEY = "editing";

/** The load context a screen hands to Remix's request handler. */
export const loadContextOf = (editing: EditingContext): AppLoadContext => ({ [KEY]: editing });

/** The editing context a screen put in Remix's load context. */
export function editingOf(context: AppLoadContext): EditingContext {
  const editing = context[KEY];
  if (editing === undefined) throw new Error("The editing app was served without its load context (loadContextOf).");
  // loadContextOf put it there, typed; Remix types every member of the context as unknown.
  return editing as EditingContext;
}
