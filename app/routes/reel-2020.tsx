import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "~/components/ReelPage";
import { reelPageData } from "~/lib/reelPage.server";
import { reelMeta } from "~/lib/seo";

export const loader = ({ request }: LoaderFunctionArgs) => reelPageData("reel-2020", request);

export default function Reel2020() {
  return <ReelPage {...useLoaderData<typeof loader>()} />;
}

export const meta = reelMeta;
