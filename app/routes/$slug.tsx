import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "#app/components/reel-page.tsx";
import { reelBySlug } from "#app/lib/catalog.server.ts";
import { reelMeta } from "#app/lib/seo.ts";
import { unknownPath } from "#app/lib/unknown-path.server.ts";
import { reelPage } from "#app/reel/reel.server.ts";

/**
 * /{slug}: a reel's page, one per file in app/content/reels/. The site's own pages are static
 * routes and win over this one; any other single-segment path gets what $.tsx gives it.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  if (reel === undefined) throw unknownPath(request);
  return { reel: reelPage(reel, request) };
}

export default function Reel() {
  return <ReelPage {...useLoaderData<typeof loader>()} />;
}

export const meta = reelMeta;
