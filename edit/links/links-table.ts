/**
 * The links page's list (links-page-script.ts puts it in place): one row per link, each cell with the
 * class the end-to-end test reads (recipient, shortlist, opens, pages, reels, actions), and each
 * figure in a data attribute beside its words. DOM only, no requests: the row's buttons call back.
 */
import type { LinkFigures, LinksAnswer } from "#analytics/types.ts";
import type { ViewsContent } from "#edit/views/views-content.ts";
import { linkStatus, pagesLine, reelLine, when } from "./links-format.ts";

type Child = Node | string;

export function element(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

/** What a row's buttons do. */
export interface RowActions {
  copy(link: LinkFigures): void;
  revoke(link: LinkFigures): void;
  erase(recipient: string): void;
}

const HEADINGS = ["Recipient", "Shortlist", "Openings", "Artists' pages read", "Reels played", "Actions"];

/** A row's button: its name adds the recipient to the visible text, as every row has the same three. */
function button(text: string, recipient: string, onClick: () => void, className?: string): HTMLElement {
  const attributes = {
    type: "button",
    "aria-label": `${text}: ${recipient}`,
    ...(className ? { class: className } : {}),
  };
  const made = element("button", attributes, text);
  made.addEventListener("click", onClick);
  return made;
}

/**
 * A cell, named by its column's heading for a phone, where the rows stand as cards (links-page.ts's
 * style); the roles keep the table a table to a screen reader once its parts are display:block.
 */
const cell = (className: string, ...children: Child[]) =>
  element("td", { class: className, role: "cell", "data-label": HEADINGS[CELLS.indexOf(className)] }, ...children);
/** Each column's cell class, in HEADINGS' order. */
const CELLS = ["recipient", "shortlist", "opens", "pages", "reels", "actions"];
const items = (children: HTMLElement[], className?: string) =>
  element("ul", className ? { class: className } : {}, ...children);
const none = (text: string) => element("p", { class: "note" }, text);

function row(link: LinkFigures, content: ViewsContent, enabled: boolean, actions: RowActions): HTMLElement {
  const { id, recipient, artists, opens, pagesAfter, reels } = link;
  const nameOf = (artist: string) => content.artists[artist] ?? artist;
  const times = opens.map(({ at }) => element("li", {}, element("time", { datetime: at }, when(at))));
  const pages = pagesAfter.map(({ id: artist, views }) =>
    element("li", { "data-artist": artist, "data-views": String(views) }, pagesLine(nameOf(artist), views)),
  );
  const played = reels.map((reel) => {
    const figures = {
      "data-reel": reel.slug,
      "data-plays": String(reel.plays),
      "data-watched": String(reel.averageWatched),
      "data-finished": String(reel.finishRate),
    };
    return element("li", figures, reelLine(content.reels[reel.slug]?.title ?? reel.slug, reel));
  });
  return element(
    "tr",
    { "data-link": id, role: "row" },
    cell("recipient", recipient, element("span", { class: "note" }, linkStatus(link, enabled))),
    cell("shortlist", element("ol", {}, ...artists.map((artist) => element("li", {}, nameOf(artist))))),
    cell("opens", String(opens.length), ...(times.length === 0 ? [] : [items(times, "times")])),
    cell("pages", ...(pagesAfter.every(({ views }) => views === 0) ? [none("none read")] : []), items(pages)),
    cell("reels", played.length === 0 ? none("none played") : items(played)),
    cell(
      "actions",
      button("Copy link", recipient, () => actions.copy(link), "quiet"),
      ...(link.active ? [button("Revoke", recipient, () => actions.revoke(link), "quiet")] : []),
      button("Erase", recipient, () => actions.erase(recipient), "danger"),
    ),
  );
}

/** The answer's links as a table, newest first as it lists them; a sentence when there are none. */
export function linksTable({ enabled, links }: LinksAnswer, content: ViewsContent, actions: RowActions): HTMLElement {
  if (links.length === 0) return element("p", {}, "No link has been made yet.");
  const headings = HEADINGS.map((heading) => element("th", { scope: "col", role: "columnheader" }, heading));
  return element(
    "table",
    { class: "links", role: "table" },
    element("thead", { role: "rowgroup" }, element("tr", { role: "row" }, ...headings)),
    element("tbody", { role: "rowgroup" }, ...links.map((link) => row(link, content, enabled, actions))),
  );
}
