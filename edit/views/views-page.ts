/**
 * The views page's HTML: the range form, a place for each table and its CSV link, and the content's
 * names for the script (views-page-script.ts), which reads the figures from GET /edit/api/views and
 * fills the tables, as any other client of that API would. Staff browsers run JavaScript; without it
 * the page says so and the CSV links still give every figure. Inline styles: the editing screen's
 * pages set no Content-Security-Policy. On a phone the page never scrolls sideways: each table
 * scrolls in its own focusable box, and the editing screen's links (editing-nav.ts) stand in a row
 * above the page.
 */
import { editingNav } from "./editing-nav.ts";
import { SCREEN_PATH, VIEWS_PATHS } from "./editing-paths.ts";
import type { DayRange } from "./range.ts";
import { escapeHtml } from "#lib/escape-html.ts";
import type { ViewsContent } from "./views-content.ts";

/** Where the script finds the content's names, and where it puts each table. */
export const VIEWS_PAGE_IDS = {
  content: "views-content",
  status: "views-status",
  reels: "views-reels",
  artists: "views-artists",
  shortlists: "views-shortlists",
} as const;

/** The editing pages' look, shared by the links page (edit/links/links-page.ts). */
export const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f;background:#fff;max-width:78rem}
@media (max-width:40rem){body{margin:1rem}}
nav.editing{display:flex;justify-content:flex-end;align-items:center;flex-wrap:wrap;gap:.5rem;margin-bottom:1rem}
nav.editing form{margin:0}
.table-box{overflow-x:auto}.table-box:focus-visible{outline:2px solid #0a58ca;outline-offset:2px}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.2rem;margin:2rem 0 .25rem}
a{color:#0a58ca}
form{display:flex;gap:1rem;align-items:end;flex-wrap:wrap;margin:1rem 0}
label{display:grid;gap:.2rem;font-size:.85rem;color:#555}
input,button{font:inherit;padding:.3rem .5rem;border:1px solid #bbb;border-radius:4px}
button{background:#0a58ca;color:#fff;border-color:#0a58ca;cursor:pointer}
.about{color:#555;margin:.25rem 0 .75rem;max-width:52rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e3e3e3;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:#555}
td.number,th.number{text-align:right;font-variant-numeric:tabular-nums}
.slug{display:block;color:#595959;font-size:.8rem}
.watch-chart{width:260px;height:78px;display:block;background:#f4f6f9;overflow:visible}
.watch-chart .bar{fill:#2f6fd6}.watch-chart .half{stroke:#c5ccd6;stroke-dasharray:2 2;stroke-width:.5}
.watch-chart .spot{stroke:#d4380d;stroke-width:1.2}
.scale{display:flex;justify-content:space-between;width:260px;font-size:.75rem;color:#595959}
details{font-size:.8rem;color:#555;margin-top:.25rem}details table{width:auto}details td{padding:.1rem .5rem}
ul{margin:0;padding-left:1.1rem}
`;

/** Puts JSON in a <script> element: no "</script>" or "<!--" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * A page of the editing screen's own beside Keystatic's (the views, the links): `content` as JSON for
 * its script, which fills `main`; the corner links (`banner`) in a row above it.
 */
export function editingPage(page: {
  title: string;
  style: string;
  contentId: string;
  content: unknown;
  script: string;
  banner: string;
  main: string;
}): string {
  const { title, style, contentId, content, script, banner, main } = page;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — editing</title>
<style>${style}</style>
<script type="application/json" id="${contentId}">${scriptJson(content)}</script>
<script type="module" src="${escapeHtml(script)}"></script>
</head>
<body>${banner && editingNav(banner)}
<main>
${main}
</main>
</body>
</html>`;
}

/** The form that asks a page of the editing screen (`action`) for other days. */
export const rangeForm = (action: string, { from, to }: DayRange) => `<form method="get" action="${action}">
<label>From <input type="date" name="from" value="${escapeHtml(from)}" required></label>
<label>To (included) <input type="date" name="to" value="${escapeHtml(to)}" required></label>
<button type="submit">Show</button>
</form>`;

const csvLink = (table: string, { from, to }: DayRange) =>
  `<a href="${VIEWS_PATHS.csv}?${escapeHtml(new URLSearchParams({ table, from, to }).toString())}" download>Download CSV</a>`;

export function viewsPage({
  range,
  content,
  script,
  banner,
}: {
  /** The days shown, or those asked for when they are not a valid range (the script then shows why). */
  range: DayRange;
  content: ViewsContent;
  script: string;
  banner: string;
}): string {
  const section = (table: "reels" | "artists" | "shortlists", title: string, about: string) =>
    `<section aria-labelledby="${VIEWS_PAGE_IDS[table]}-title">
<h2 id="${VIEWS_PAGE_IDS[table]}-title">${title}</h2>
<p class="about">${about} ${csvLink(table, range)}</p>
<div id="${VIEWS_PAGE_IDS[table]}" class="table-box" tabindex="0" role="region" aria-label="${title} table"></div>
</section>`;
  const main = `<h1>Views</h1>
<p><a href="${SCREEN_PATH}">Back to the editing screen</a></p>
${rangeForm(VIEWS_PATHS.page, range)}
<p id="${VIEWS_PAGE_IDS.status}" role="status">Loading the figures…</p>
<noscript><p>This page needs JavaScript to show the figures; the CSV links below give them all.</p></noscript>
${section("reels", "Reels", "Plays started by a visitor (never the muted grid clips). Visitors are counted per day. The chart: for each twentieth of the film, the share of plays that watched it; red lines mark where each spot starts.")}
${section("artists", "Artists", "Views of each artist's page, and plays of any reel that watched at least half of one of their spots.")}
${section("shortlists", "Shortlists", "Each shortlist sent, by its artists: how often it was opened, when last, and the artists' pages the same visitor read after opening it that day.")}
`;
  return editingPage({
    title: "Views",
    style: STYLE,
    contentId: VIEWS_PAGE_IDS.content,
    content,
    script,
    banner,
    main,
  });
}
