import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "~/components/ReelPage";
import { orNotFound, reelBySlug } from "~/lib/catalog";
import { reelMeta } from "~/lib/seo";

export const loader = () => ({ reel: orNotFound(reelBySlug("reel-2020")) });

export default function Reel2020() {
  const { reel } = useLoaderData<typeof loader>();
  return <ReelPage reel={reel} />;
}

export const meta = reelMeta;
