/** A reel's page's data (app/routes/$slug.tsx re-exports it: docs/architecture.md says why). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { reelBySlug } from "#app/lib/catalog.server.ts";
import { unknownPath } from "#app/lib/unknown-path.server.ts";
import { reelPage } from "#app/reel/reel.server.ts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  if (reel === undefined) throw unknownPath(request);
  return { reel: reelPage(reel, request) };
}
