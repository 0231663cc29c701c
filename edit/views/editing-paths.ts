/**
 * The editing screen's own pages and their APIs, named once: the servers route them
 * (views-routes.ts, links-routes.ts), the pages link to each other and their scripts ask the APIs.
 * No imports, so a page's script takes these without any server code.
 */

/** Keystatic's screen: its own path, fixed by Keystatic. */
export const SCREEN_PATH = "/keystatic";
export const VIEWS_PATHS = { page: "/edit/views", api: "/edit/api/views", csv: "/edit/api/views.csv" } as const;
export const LINKS_PATHS = { page: "/edit/links", api: "/edit/api/links" } as const;
