import type { SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ArtistGrid } from "#app/components/artist-grid.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { PhotographerPicture } from "#app/components/photographer-picture.tsx";
import type { loader } from "#app/loaders/photographers-page.server.ts";
import type { ImageLoading } from "#model/media.ts";
import { sectionMeta } from "#app/lib/seo.ts";

/** A 1440×900 desktop shows two rows of four (the second just begins), a phone three rows of two. */
const FIRST_SCREEN_TILES = 8;

export { loader } from "#app/loaders/photographers-page.server.ts";

type Photographer = SerializeFrom<typeof loader>["photographers"][number];

const pictureOf = (photographer: Photographer, loading: ImageLoading) => (
  <PhotographerPicture desktopSrc={photographer.thumb} mobileSrc={photographer.mobileBG} loading={loading} />
);

export default function Photographers() {
  const { photographers } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Artists — Photography</PageHeading>
      <ArtistGrid shape="portrait" artists={photographers} media={pictureOf} firstScreenTiles={FIRST_SCREEN_TILES} />
    </>
  );
}

export const meta = sectionMeta;
