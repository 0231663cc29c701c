import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "~/components/ReelPage";
import { orNotFound, reelBySlug } from "~/lib/catalog";
import { reelMeta } from "~/lib/seo";

export const loader = () => ({ reel: orNotFound(reelBySlug("collective-reel")) });

export default function CollectiveReel() {
  const { reel } = useLoaderData<typeof loader>();
  return <ReelPage reel={reel} />;
}

export const meta = reelMeta;
