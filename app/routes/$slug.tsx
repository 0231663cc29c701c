import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "~/components/ReelPage";
import { reelBySlug } from "~/lib/catalog";
import { reelPageData } from "~/lib/reelPage.server";
import { reelMeta } from "~/lib/seo";
import { unknownPath } from "~/lib/unknown-path.server";

/**
 * /{slug}: a reel's page, one per file in app/content/reels/. The site's own pages are static
 * routes and win over this one; any other single-segment path gets what $.tsx gives it.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const reel = reelBySlug(params.slug ?? "");
  if (reel === undefined) throw unknownPath(request);
  return reelPageData(reel, request);
}

export default function Reel() {
  return <ReelPage {...useLoaderData<typeof loader>()} />;
}

export const meta = reelMeta;
