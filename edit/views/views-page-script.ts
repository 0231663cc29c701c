/**
 * The views page in the browser (views-page.ts): reads the figures of the page's range from
 * GET /edit/api/views, as any client of that API would, and fills the three tables. Plain DOM, a few
 * KB: the page needs none of the screen's 3 MB. Text goes in as text; only the chart's markup, which
 * escapes its own, is set as HTML.
 */
import type { ReelFigures, ViewFigures } from "#analytics/types.ts";
import { ARTISTS_PARAM } from "#model/shortlist-url.ts";
import { LINKS_PATHS, VIEWS_PATHS } from "./editing-paths.ts";
import { VIEWS_PAGE_IDS } from "./views-page.ts";
import type { ViewsContent } from "./views-content.ts";
import { percent, watchChart } from "./watch-chart.ts";

type Child = Node | string;

function element(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

const number = (value: number) => element("td", { class: "number" }, value.toLocaleString("en"));

function table(headings: string[], rows: Child[][], numeric: number[]): HTMLElement {
  const head = headings.map((heading, index) =>
    element("th", { scope: "col", ...(numeric.includes(index) ? { class: "number" } : {}) }, heading),
  );
  return element(
    "table",
    {},
    element("thead", {}, element("tr", {}, ...head)),
    element("tbody", {}, ...rows.map((cells) => element("tr", {}, ...cells))),
  );
}

/** The moment in UTC, as the other editing pages give times. */
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function named(title: string | undefined, id: string): HTMLElement {
  return element("td", {}, title ?? id, ...(title ? [element("span", { class: "slug" }, id)] : []));
}

function chartCell(reel: ReelFigures, content: ViewsContent): HTMLElement {
  const names = content.reels[reel.slug];
  const chart = element("div");
  chart.innerHTML = watchChart({
    title: names?.title ?? reel.slug,
    curve: reel.curve,
    duration: names?.duration ?? null,
    spots: (names?.spots ?? []).map((spot) => ({ ...spot, artist: content.artists[spot.artist] ?? spot.artist })),
  });
  const values = element(
    "details",
    {},
    element("summary", {}, "Each twentieth"),
    element(
      "table",
      {},
      element(
        "tbody",
        {},
        ...reel.curve.map((share, index) => {
          const [from, to] = [index, index + 1].map((edge) => (edge * 100) / reel.curve.length);
          return element("tr", {}, element("td", {}, `${from}–${to}%`), element("td", {}, percent(share)));
        }),
      ),
    ),
  );
  return element(
    "td",
    {},
    chart,
    element("div", { class: "scale", "aria-hidden": "true" }, element("span", {}, "start"), element("span", {}, "end")),
    values,
  );
}

function render(figures: ViewFigures, content: ViewsContent) {
  const artistName = (id: string) => content.artists[id];
  const place = (id: string, rows: Child[][], made: () => HTMLElement, none: string) =>
    document.getElementById(id)?.replaceChildren(rows.length === 0 ? element("p", {}, none) : made());

  const reels = [...figures.reels].sort((a, b) => b.plays - a.plays || a.slug.localeCompare(b.slug));
  const reelRows = reels.map((reel) => [
    named(content.reels[reel.slug]?.title, reel.slug),
    number(reel.plays),
    number(reel.visitors),
    element("td", { class: "number" }, percent(reel.averageWatched)),
    element("td", { class: "number" }, percent(reel.finishRate)),
    chartCell(reel, content),
  ]);
  place(
    VIEWS_PAGE_IDS.reels,
    reelRows,
    () => table(["Reel", "Plays", "Visitors", "Average watched", "Finished", "Watch-through"], reelRows, [1, 2, 3, 4]),
    "No plays in these days.",
  );

  const artists = [...figures.artists].sort((a, b) => b.views - a.views || a.id.localeCompare(b.id));
  const artistRows = artists.map(({ id, views, spotViews }) => [
    named(artistName(id), id),
    number(views),
    number(spotViews),
  ]);
  place(
    VIEWS_PAGE_IDS.artists,
    artistRows,
    () => table(["Artist", "Page views", "Plays watching half a spot"], artistRows, [1, 2]),
    "No artist's page was read, nor a spot watched, in these days.",
  );

  const shortlists = [...figures.shortlists].sort((a, b) => b.lastOpened.localeCompare(a.lastOpened));
  const shortlistRows = shortlists.map(({ key, artists: members, opens, lastOpened }) => [
    element(
      "td",
      {},
      element(
        "ul",
        {},
        ...members.map(({ id, views }) =>
          element("li", {}, `${artistName(id) ?? id}: ${views} page view${views === 1 ? "" : "s"} after`),
        ),
      ),
    ),
    number(opens),
    element("td", {}, element("time", { datetime: lastOpened }, when(lastOpened))),
    // The key's ids are slugs: nothing to escape, and its commas stay readable in the address.
    element(
      "td",
      {},
      element(
        "a",
        {
          href: `${LINKS_PATHS.page}?${ARTISTS_PARAM}=${key}`,
          "aria-label": `Make a link for one buyer: ${members.map(({ id }) => artistName(id) ?? id).join(", ")}`,
        },
        "Make a link",
      ),
    ),
  ]);
  place(
    VIEWS_PAGE_IDS.shortlists,
    shortlistRows,
    () =>
      table(
        ["Its artists, and their pages read after an opening", "Opens", "Last opened", "For one buyer"],
        shortlistRows,
        [1],
      ),
    "No shortlist was opened in these days.",
  );
}

async function show() {
  const status = document.getElementById(VIEWS_PAGE_IDS.status);
  const content = JSON.parse(document.getElementById(VIEWS_PAGE_IDS.content)?.textContent ?? "{}") as ViewsContent;
  const asked = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  for (const name of ["from", "to"]) if (asked.get(name)) query.set(name, asked.get(name) ?? "");
  const answer = await fetch(`${VIEWS_PATHS.api}?${query}`, { headers: { accept: "application/json" } });
  if (!answer.ok) {
    if (status) status.textContent = await answer.text();
    return;
  }
  render((await answer.json()) as ViewFigures, content);
  if (status) status.textContent = "";
}

show().catch((error: unknown) => {
  const status = document.getElementById(VIEWS_PAGE_IDS.status);
  if (status)
    status.textContent = `The figures could not be read: ${error instanceof Error ? error.message : String(error)}`;
});
