/**
 * What the editing app's routes (edit/app/) are given by the screen that serves them, as Remix's load
 * context: who is editing, Keystatic's screen and API, an entry's status, the views' figures and names, the
 * links' store, and for the team's service its sign-in, sign-out and Recent saves. `npm run edit` (local-editor.ts) and the service (edit/service/service-server.ts) each
 * make one per request; a route reads it with editingOf, or signInOf for the sign-in's own routes
 * (/auth/), which the service hands to the app before anyone has signed in: their context has no editor.
 */
import type { AppLoadContext } from "@remix-run/node";

import type { StoreSettings } from "#analytics/settings.ts";
import { textAnswer } from "#edit/http/answers.ts";
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
  /** Pushed, and the public site is asked whether it shows it yet (site-watch.ts): it is soon live or not live. */
  waiting?: true;
}

/** Why a callback signed nobody in, for its page (edit/app/routes/auth.callback.tsx), with the status it is sent with. */
export type SignInRefusal =
  | { status: 400; reason: "expired"; minutes: number }
  | { status: 400; reason: "failed" }
  | { status: 403; reason: "no email" }
  | { status: 403; reason: "unverified" | "not allowed"; address: string };

/**
 * The team's sign-in as its routes (edit/app/routes/auth.*) call it, a Fetch request in and an answer out; the
 * service's edit/service/auth.ts keeps its sessions, cookies and the provider behind these.
 */
export interface SignIn {
  /** GET /auth/sign-in: 302 to the provider, the sign-in's own cookie set. */
  signIn(request: Request): Promise<Response>;
  /**
   * GET /auth/callback: 302 to the page the sign-in started from, with a session's cookie; or why not, and the
   * Set-Cookie that clears the sign-in's cookie (a callback is answered once).
   */
  callback(request: Request): Promise<Response | { refusal: SignInRefusal; spent: string }>;
  /** POST /auth/sign-out: 303 to /auth/signed-out, the session ended and its cookie cleared; 403 from another origin. */
  signOut(request: Request): Response;
}

export interface EditingContext {
  /** Who is editing: the signed-in editor, or the one person of `npm run edit`. */
  editor: Author;
  /** Keystatic's screen: its script's path and answer (screen-bundle.ts), and the preview's origin its fields show. */
  screen: { script: string; previewOrigin: string; answer(request: Request): Response };
  /** The editor's uploads (upload-routes.ts): a token asked for, a file sent, asked after or discarded. */
  uploads(request: Request): Promise<Response>;
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
  /** The sign-in: the team's service only. */
  auth?: SignIn;
}

/** What the service gives its sign-in's routes (/auth/), which anyone may reach: the sign-in, and nobody editing yet. */
export interface SigningInContext {
  auth: SignIn;
  editor?: never;
}

const KEY = "editing";

/** The load context a screen hands to Remix's request handler. */
export const loadContextOf = (given: EditingContext | SigningInContext): AppLoadContext => ({ [KEY]: given });

/** What a screen put in Remix's load context: an editor's, or the sign-in's alone. */
export function givenOf(context: AppLoadContext): EditingContext | SigningInContext {
  const given = context[KEY];
  if (given === undefined) throw new Error("The editing app was served without its load context (loadContextOf).");
  // loadContextOf put it there, typed; Remix types every member of the context as unknown.
  return given as EditingContext | SigningInContext;
}

/**
 * The editing context of a route that needs an editor. The screens ask for a session before they hand such a
 * path to the app; a request that reached one without it anyway is refused here, 401, before its route reads anything.
 */
export function editingOf(context: AppLoadContext): EditingContext {
  const given = givenOf(context);
  if (given.editor === undefined) throw textAnswer(401, "Not signed in: sign in again.");
  return given;
}

/** The sign-in, for its own routes; 404 where there is none (`npm run edit` has no sign-in). */
export function signInOf(context: AppLoadContext): SignIn {
  const { auth } = givenOf(context);
  if (auth === undefined) throw textAnswer(404, "Not Found");
  return auth;
}
