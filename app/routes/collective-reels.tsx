import { Link, useLoaderData } from "@remix-run/react";

import { FreezeFrame } from "#app/components/freeze-frame.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import type { loader } from "#app/loaders/collective-reels-page.server.ts";
import { listImageLoading } from "#model/media.ts";
import { sectionMeta } from "#app/lib/seo.ts";

export { loader } from "#app/loaders/collective-reels-page.server.ts";

/** One column on a phone, three from md (32 px gaps), inside 20 px (md: 40 px) padding, in at most 1536 px. */
const THUMB_SIZES = "(min-width: 1536px) 464px, (min-width: 768px) calc((100vw - 144px) / 3), calc(100vw - 40px)";

/** A desktop row holds all three; a phone shows the first two and the top of the third. */
const FIRST_SCREEN_THUMBS = 3;

export default function CollectiveReels() {
  const { reels } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Collective Reels</PageHeading>
      <ul className="mx-auto grid max-w-screen-2xl grid-cols-1 gap-x-8 gap-y-12 px-5 pb-20 md:grid-cols-3 md:px-10">
        {reels.map((reel, index) => (
          <li key={reel.slug}>
            <FreezeFrame
              still={reel.poster}
              stillKind="reelPoster"
              sizes={THUMB_SIZES}
              loading={listImageLoading(index, FIRST_SCREEN_THUMBS)}
              animated={reel.thumb}
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

export const meta = sectionMeta;
