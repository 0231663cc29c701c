/**
 * Counts the pages a visitor sees: one page view once the page is hydrated and one on each client-side
 * navigation, sent by track.client.ts, a chunk of its own fetched only then (never before the first screen).
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

import { requestedSelects, SELECTS_PATH } from "#app/lib/selects.ts";
import { LINK_PARAM, shortlistKey } from "#model/analytics-event.ts";

export function PageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // The URL now, not once the chunk has arrived: the visitor may have moved on by then.
    const href = location.href;
    // A shortlist link's key: the first MAX_SELECTS ids it asks for (the page shows no more), sorted.
    // Worked out here, where the selects helpers are already loaded: imported by the chunk, they would
    // be split from the header's into a chunk of their own.
    const params = new URLSearchParams(search);
    const selects = pathname === SELECTS_PATH;
    const shortlist = selects ? shortlistKey(requestedSelects(params).ids) : "";
    // A recipient link's token: the chunk keeps it for the visit when this is the document's first page.
    const token = selects ? params.get(LINK_PARAM) : null;
    import("./track.client.ts").then(
      ({ pageview }) => pageview(href, shortlist, token),
      () => undefined,
    );
  }, [pathname, search]);
  return null;
}
