import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "#app/components/reel-page.tsx";
import type { loader } from "#app/loaders/reel-page.server.ts";
import { reelMeta } from "#app/lib/seo.ts";

/**
 * /{slug}: a reel's page, one per file in app/content/reels/. The site's own pages are static
 * routes and win over this one; any other single-segment path gets what $.tsx gives it.
 */
export { loader } from "#app/loaders/reel-page.server.ts";

export default function Reel() {
  return <ReelPage {...useLoaderData<typeof loader>()} />;
}

export const meta = reelMeta;
