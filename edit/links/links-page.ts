/**
 * The links page's HTML (/edit/links): the form that makes a link for one recipient, the range form,
 * and a place for the list of links, which the script (links-page-script.ts) fills from
 * GET /edit/api/links, as any other client of that API would. Whether links are on is that answer's
 * to say: the form is shown until it says they are off. The editing pages' look (EDITING_STYLE), with
 * what this page adds; on a phone it never scrolls sideways either, the list scrolling in its own box.
 */
import { escapeHtml } from "#lib/escape-html.ts";
import type { DayRange } from "#edit/views/range.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";
import { LINKS_PATHS, SCREEN_PATH, VIEWS_PATHS } from "#edit/views/editing-paths.ts";
import { editingNav } from "#edit/views/editing-nav.ts";
import { EDITING_STYLE } from "#edit/views/editing-style.ts";
import { MAX_RECIPIENT_LENGTH } from "#model/recipient-link.ts";

/** Where the script finds the content's names and each part of the page it fills or reads. */
export const LINKS_PAGE_IDS = {
  content: "links-content",
  retention: "links-retention",
  off: "links-off",
  form: "links-make",
  shortlist: "links-shortlist",
  recognised: "links-recognised",
  recipient: "links-recipient",
  expires: "links-expires",
  formError: "links-form-error",
  made: "links-made",
  madeFor: "links-made-for",
  madeUrl: "links-made-url",
  copyMade: "links-copy-made",
  plainUrl: "links-plain-url",
  copyPlain: "links-copy-plain",
  copied: "links-copied",
  status: "links-status",
  list: "links-list",
} as const;

/**
 * What this page adds to the editing pages' look (EDITING_STYLE, put before it): the form in one column, the
 * copy rows, the rows' buttons, and on a phone each link a card of its own, each figure under its
 * column's name, so the agent reads her buyers' rows without scrolling sideways. Joined in the page,
 * not here, so the script's bundle leaves both out.
 */
const LINKS_STYLE = `
[hidden]{display:none!important}
h3{font-size:1rem;margin:1rem 0 .25rem}
form.make{display:grid;gap:.9rem;max-width:40rem;align-items:start}
form.make button[type=submit]{justify-self:start}
.field{display:grid;gap:.2rem}.field>input[type=date]{justify-self:start}.field>label{font-size:.9rem;color:#1d1d1f;font-weight:600}
textarea{font:inherit;padding:.3rem .5rem;border:1px solid #bbb;border-radius:4px;resize:vertical}
form.make textarea,form.make input:not([type=date]),.copy-row input{width:100%;box-sizing:border-box}
.hint{font-size:.8rem;color:#595959}
.recognised{font-size:.85rem;min-height:1.3em}.recognised p{margin:.1rem 0}
.unknown{color:#b42318}
.alert{color:#b42318;margin:0}.alert:empty,.recognised:empty{display:none}
.made{max-width:40rem;border-left:3px solid #0a58ca;padding:.25rem 0 .25rem 1rem;margin:1rem 0}
.copy-row{display:flex;gap:.5rem;align-items:end;margin:.5rem 0}.copy-row label{flex:1;min-width:0}
.off{background:#fff4e5;border-left:3px solid #b54708;padding:.5rem .75rem;max-width:52rem}
.note{display:block;color:#595959;font-size:.8rem}p.note{margin:0 0 .2rem}
ol{margin:0;padding-left:1.4rem}
button.quiet{background:#fff;color:#0a58ca}button.danger{background:#fff;color:#b42318;border-color:#b42318}
td.actions button{display:block;margin:0 0 .4rem;white-space:nowrap}
td.recipient{min-width:9rem}td.shortlist{min-width:10rem}td.pages,td.reels{min-width:13rem}
ul.times{list-style:none;padding:0;font-size:.8rem;color:#555;white-space:nowrap}
@media (max-width:40rem){
table.links,table.links tbody,table.links tr,table.links td{display:block}
table.links thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.links tr{border-bottom:1px solid #e3e3e3;padding:.6rem 0}
table.links td{border:0;padding:.2rem 0;min-width:0}
table.links td::before{content:attr(data-label);content:attr(data-label) / "";display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.03em;color:#555}
td.actions button{display:inline-block;margin-right:.4rem}
}
`;

const ids = LINKS_PAGE_IDS;

/** Puts JSON in a <script> element: no "</script>" or "<!--" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * The links page's document: `content` as JSON for
 * its script, which fills `main`; the corner links (`banner`) in a row above it.
 */
function editingPage(page: {
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
const rangeForm = (action: string, { from, to }: DayRange) => `<form method="get" action="${action}">
<label>From <input type="date" name="from" value="${escapeHtml(from)}" required></label>
<label>To (included) <input type="date" name="to" value="${escapeHtml(to)}" required></label>
<button type="submit">Show</button>
</form>`;

const makeSection = (artists: string) => `<section aria-labelledby="links-make-title">
<h2 id="links-make-title">Make a link</h2>
<p id="${ids.off}" class="off" hidden>Links for one recipient are off. The operator turns them on with ANALYTICS_RECIPIENT_LINKS=on; see docs/privacy.md.</p>
<form id="${ids.form}" class="make" novalidate>
<div class="field">
<label for="${ids.shortlist}">Shortlist</label>
<span class="hint" id="${ids.shortlist}-hint">Paste a selects URL, such as https://…/selects?artists=ada-rowe,ben-ito, or the artists' ids separated by commas or spaces.</span>
<textarea id="${ids.shortlist}" name="shortlist" rows="2" spellcheck="false" autocomplete="off" aria-describedby="${ids.shortlist}-hint ${ids.recognised}">${escapeHtml(artists)}</textarea>
<div id="${ids.recognised}" class="recognised" aria-live="polite"></div>
</div>
<div class="field">
<label for="${ids.recipient}">Recipient (required)</label>
<span class="hint" id="${ids.recipient}-hint">Whom it is for, in your words, such as “Juniper Films — Sam”: the list below names the link by it.</span>
<input id="${ids.recipient}" name="recipient" required maxlength="${MAX_RECIPIENT_LENGTH}" autocomplete="off" aria-describedby="${ids.recipient}-hint">
</div>
<div class="field">
<label for="${ids.expires}">Expires (optional)</label>
<span class="hint" id="${ids.expires}-hint">After this day the link stops counting; it still shows the shortlist.</span>
<input type="date" id="${ids.expires}" name="expires" aria-describedby="${ids.expires}-hint">
</div>
<p id="${ids.formError}" class="alert" role="alert"></p>
<button type="submit">Make the link</button>
</form>
<div id="${ids.made}" class="made" hidden>
<h3>The link for <span id="${ids.madeFor}"></span></h3>
<div class="copy-row"><label>Its URL, with the token <input id="${ids.madeUrl}" readonly></label>
<button type="button" id="${ids.copyMade}" aria-label="Copy the link">Copy</button></div>
<div class="copy-row"><label>The plain URL, untracked: the same shortlist, nothing of the visit kept for anyone <input id="${ids.plainUrl}" readonly></label>
<button type="button" id="${ids.copyPlain}" class="quiet" aria-label="Copy the plain URL">Copy</button></div>
<p id="${ids.copied}" class="note" aria-live="polite"></p>
</div>
</section>`;

const listSection = (range: DayRange) => `<section aria-labelledby="links-list-title">
<h2 id="links-list-title">Links made</h2>
<p class="about">Every link, newest first, with what its recipient's visits did in the days chosen: each opening, the shortlist's artists' pages read in those visits, the reels played and how far.</p>
${rangeForm(LINKS_PATHS.page, range)}
<p id="${ids.status}" role="status">Loading the links…</p>
<div id="${ids.list}" class="table-box" tabindex="0" role="region" aria-label="Links table"></div>
</section>`;

export function linksPage({
  range,
  content,
  script,
  banner,
  artists,
}: {
  /** The days whose activity is shown, or those asked for when they are not a valid range (the script then shows why). */
  range: DayRange;
  content: ViewsContent;
  script: string;
  banner: string;
  /** The shortlist field's first value (the page's ?artists=, as the views page's "Make a link" sends it). */
  artists: string;
}): string {
  const main = `<h1>Links</h1>
<p class="about">Each link is the shortlist's public URL with a random token, made for one recipient. Whoever opens it sees a one-line notice on the page that the visit is counted; what their visit did is kept <span id="${ids.retention}">a set number of</span> days, and can be erased at any time. The plain URL, without the token, is the untracked choice.</p>
<p><a href="${SCREEN_PATH}">Back to the editing screen</a> · <a href="${VIEWS_PATHS.page}">Views</a></p>
<noscript><p>This page needs JavaScript to make links and to list them.</p></noscript>
${makeSection(artists)}
${listSection(range)}
`;
  const style = `${EDITING_STYLE}${LINKS_STYLE}`;
  return editingPage({ title: "Links", style, contentId: ids.content, content, script, banner, main });
}
