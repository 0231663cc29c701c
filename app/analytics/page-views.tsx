/**
 * Counts the pages a visitor sees: one page view once the page is hydrated and one on each client-side
 * navigation, sent by track.client.ts, a chunk of its own fetched only then (never before the first screen).
 */
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";

import type { loader as selectsLoader } from "#app/loaders/selects-page.server.ts";
import { requestedSelects, SELECTS_PATH } from "#app/lib/selects.ts";
import { shortlistKey } from "#model/analytics-event.ts";
import { LINK_PARAM } from "#model/shortlist-url.ts";

/** The selects page's route (app/routes/selects.tsx), whose data says whether its notice is shown. */
const SELECTS_ROUTE = "routes/selects";

/** What a page view says of a page (track.client.ts's `pageview`). */
export interface PageView {
  href: string;
  /** A shortlist link's key: the first MAX_SELECTS ids it asks for (the page shows no more), sorted; "" elsewhere. */
  shortlist: string;
  /** The recipient link's token, for the visit's events; null unless its page showed the notice. */
  token: string | null;
}

/**
 * The page view of the page at `url`. Its address goes without a recipient link's token, and the
 * token goes only when the page told the buyer (`noticeShown`: the loader's word that the link
 * counts): a token the store refused, or did not confirm within its second, leaves in no event.
 * Worked out here, where the selects helpers are already loaded: imported by the chunk, they would
 * be split from the header's into a chunk of their own.
 */
export function pageViewOf(url: URL, noticeShown: boolean): PageView {
  const selects = url.pathname === SELECTS_PATH;
  const token = url.searchParams.get(LINK_PARAM);
  const plain = new URL(url);
  plain.searchParams.delete(LINK_PARAM);
  return {
    href: token === null ? url.href : plain.href,
    shortlist: selects ? shortlistKey(requestedSelects(url.searchParams).ids) : "",
    token: selects && noticeShown ? token : null,
  };
}

export function PageViews() {
  const { pathname, search } = useLocation();
  const noticeShown = useRouteLoaderData<typeof selectsLoader>(SELECTS_ROUTE)?.recipientNotice === true;
  useEffect(() => {
    // The URL now, not once the chunk has arrived: the visitor may have moved on by then.
    const { href, shortlist, token } = pageViewOf(new URL(location.href), noticeShown);
    // A recipient link's token: the chunk keeps it for the visit when this is the document's first page.
    import("./track.client.ts").then(
      ({ pageview }) => pageview(href, shortlist, token),
      () => undefined,
    );
  }, [pathname, search, noticeShown]);
  return null;
}
