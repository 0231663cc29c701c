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

/** A shortlist is somebody's, not a page to find in a search engine (the meta tag says so too). */
export const headers = () => ({ "X-Robots-Tag": "noindex" });
