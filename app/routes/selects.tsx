import type { HeadersFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { SelectsPage } from "#app/components/selects-page.tsx";
import type { loader } from "#app/loaders/selects-page.server.ts";
import { selectsMeta } from "#app/lib/seo.ts";

/** /selects?artists=a,b,c: a visitor's shortlist. */
export { loader } from "#app/loaders/selects-page.server.ts";

export default function Selects() {
  return <SelectsPage {...useLoaderData<typeof loader>()} />;
}

export const meta = selectsMeta;

/**
 * A shortlist is somebody's, not a page to find in a search engine (the meta tag says so too). The
 * loader's Cache-Control, when it sets one (a recipient link's page: no cache may keep it), is the
 * page's: app/entry.server.tsx sets the documents' usual one only where a route set none.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { "X-Robots-Tag": "noindex", ...(cacheControl && { "Cache-Control": cacheControl }) };
};
