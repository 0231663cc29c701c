/**
 * The editing screen's own pages and their APIs, named once: the editing app's routes
 * (edit/app/routes/) answer them, the pages link to each other and the screen's fields ask the APIs.
 * No imports, so the screen's script takes these without any server code.
 */

/** Keystatic's screen: its own path, fixed by Keystatic. */
export const SCREEN_PATH = "/keystatic";
export const VIEWS_PATHS = { page: "/edit/views", api: "/edit/api/views", csv: "/edit/api/views.csv" } as const;
export const LINKS_PATHS = { page: "/edit/links", api: "/edit/api/links" } as const;
/** The team's service's Recent saves (edit/app/routes/_editor.edit.saves.tsx). */
export const SAVES_PATHS = { page: "/edit/saves", api: "/edit/api/saves" } as const;
/** The team's sign-in (edit/app/routes/auth.*, the service only), which the service hands to the app without a session. */
export const AUTH_PATHS = {
  prefix: "/auth/",
  signIn: "/auth/sign-in",
  callback: "/auth/callback",
  signOut: "/auth/sign-out",
  signedOut: "/auth/signed-out",
} as const;
/**
 * The paths both screens hand to the editing app (edit/app/, edit/http/editing-app.ts), after their
 * own checks: its pages and APIs, the uploads, Keystatic's page, script and API.
 */
export const EDITING_APP_PREFIXES = ["/edit/", "/api/keystatic/", SCREEN_PATH] as const;
/** An entry's status, which the screen's fields ask (edit/fields/use-entry-status.ts). */
export const STATUS_PATH = "/edit/api/status";
