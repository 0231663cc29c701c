/**
 * The look of the editing screen's own links (edit/app/components/editing-nav.tsx) on Keystatic's
 * screen, which has no place for them: in its corner on a wide screen, and after it on a phone,
 * where a corner would cover its fields. On the editing app's other pages they stand in a row above
 * the page (editing-style.ts).
 */
/** The links around Keystatic's screen: a corner from 48rem up, in the page's flow below it. */
export const SCREEN_NAV_STYLE = `nav.editing{padding:6px 10px;font:13px system-ui,sans-serif;background:#fff;color:#222}
nav.editing a,nav.editing button{color:#06c}
nav.editing form{display:inline;margin:0}
nav.editing button{font:inherit;border:0;background:none;padding:0;cursor:pointer}
@media (min-width:48rem){nav.editing{position:fixed;right:8px;bottom:8px;z-index:1000;border:1px solid #ccc;border-radius:6px}}`;
