import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ReelPage } from "~/components/ReelPage";
import { reelPageData } from "~/lib/reelPage.server";
import { reelMeta } from "~/lib/seo";

export const loader = ({ request }: LoaderFunctionArgs) => reelPageData("reel-2021", request);

export default function Reel2021() {
  return <ReelPage {...useLoaderData<typeof loader>()} />;
}

export const meta = reelMeta;
