import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { DOCUMENT_CACHE_CONTROL } from "~/lib/http.server";
import { requestedSelects } from "~/lib/selects";
import { searchRoster } from "~/lib/selects-search.server";

/**
 * /selects/search?q=words&artists=a,b: the artists whose name or title matches, as JSON, for the
 * selects page's search as the visitor types (the page's own `?q=` answers it without JavaScript).
 * At most SEARCH_LIMIT matches, so the answer's size never follows the roster's.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return json(searchRoster(params.get("q") ?? "", requestedSelects(params).ids), {
    headers: { "Cache-Control": DOCUMENT_CACHE_CONTROL, "X-Robots-Tag": "noindex" },
  });
}
