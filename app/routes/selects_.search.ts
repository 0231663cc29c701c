import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { DOCUMENT_CACHE_CONTROL } from "#app/lib/http.server.ts";
import { requestedSelects } from "#app/lib/selects.ts";
import { searchRoster } from "#app/lib/selects-search.server.ts";

/** /selects/search?q=words&artists=a,b: the selects page's artist search as one types, as JSON (at most SEARCH_LIMIT matches). */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return json(searchRoster(params.get("q") ?? "", requestedSelects(params).ids), {
    headers: { "Cache-Control": DOCUMENT_CACHE_CONTROL, "X-Robots-Tag": "noindex" },
  });
}
