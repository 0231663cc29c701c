/**
 * The editing screen's own links (the views, the links; for the team, who is signed in, Recent
 * saves and the sign-out), each page drawing them in one `nav`: in a row above the editing pages'
 * own (the links page's here; the editing app's, edit/app/components/editing-nav.tsx); on Keystatic's screen, which has no place for them, in its corner on a wide
 * screen, and after it on a phone, where a corner would cover its fields.
 */
import { LINKS_PATHS, VIEWS_PATHS } from "./editing-paths.ts";

/** The links around Keystatic's screen: a corner from 48rem up, in the page's flow below it. */
export const SCREEN_NAV_STYLE = `nav.editing{padding:6px 10px;font:13px system-ui,sans-serif;background:#fff;color:#222}
nav.editing a,nav.editing button{color:#06c}
nav.editing form{display:inline;margin:0}
nav.editing button{font:inherit;border:0;background:none;padding:0;cursor:pointer}
@media (min-width:48rem){nav.editing{position:fixed;right:8px;bottom:8px;z-index:1000;border:1px solid #ccc;border-radius:6px}}`;

/** `links` in the editing pages' nav. */
export const editingNav = (links: string) => `<nav class="editing" aria-label="Editing">${links}</nav>`;

/** The views and the links: the single editor's links (`npm run edit`), and among the team's. */
export const VIEWS_AND_LINKS = `<a href="${VIEWS_PATHS.page}">Views</a> · <a href="${LINKS_PATHS.page}">Links</a>`;
