import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "~/components/reel-page";
import { reelBySlug } from "~/lib/catalog";
import { reelMeta } from "~/lib/seo";
import { unknownPath } from "~/lib/unknown-path.server";
import { reelPage } from "~/reel/reel.server";

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
