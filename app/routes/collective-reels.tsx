import { Link, useLoaderData } from "@remix-run/react";

import { FreezeFrame } from "~/components/FreezeFrame";
import { PageHeading } from "~/components/PageHeading";
import { reels } from "~/content";
import { MEDIA_SIZES } from "~/lib/media";
import { sectionMeta } from "~/lib/seo";

export function loader() {
  return {
    reels: reels.map(({ slug, title, poster, thumb }) => ({ slug, title, poster, thumb })),
  };
}

const { width, height } = MEDIA_SIZES.reelPoster;

export default function CollectiveReels() {
  const { reels } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Collective Reels</PageHeading>
      <ul className="mx-auto grid max-w-screen-2xl grid-cols-1 gap-x-8 gap-y-12 px-5 pb-20 md:grid-cols-3 md:px-10">
        {reels.map((reel) => (
          <li key={reel.slug}>
            <FreezeFrame
              still={reel.poster}
              animated={reel.thumb}
              width={width}
              height={height}
              aspect="aspect-video"
              label={reel.title}
              renderLink={(media) => (
                <Link to={`/${reel.slug}`} prefetch="intent" className="block">
                  {media}
                  <span className="mt-3 block text-sm tracking-wide">{reel.title}</span>
                </Link>
              )}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

export const meta = sectionMeta("/collective-reels");
