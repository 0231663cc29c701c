import { useLoaderData } from "@remix-run/react";

import { ArtistGrid } from "~/components/artist-grid";
import { ArtistTile } from "~/components/artist-tile";
import { PageHeading } from "~/components/page-heading";
import { PhotographerPicture } from "~/components/photographer-picture";
import { artists } from "~/content";
import { listImageLoading } from "~/lib/media";
import { sectionMeta } from "~/lib/seo";

/** A 1440×900 desktop shows two rows of four (the second just begins), a phone three rows of two. */
const FIRST_SCREEN_TILES = 8;

export function loader() {
  return {
    photographers: artists.photographers.map(({ id, name, thumb, mobileBG, website, url }) => ({
      id,
      name,
      thumb,
      mobileBG,
      website,
      url,
    })),
  };
}

export default function Photographers() {
  const { photographers } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Artists — Photography</PageHeading>
      <ArtistGrid shape="portrait">
        {photographers.map((photographer, index) => (
          <ArtistTile
            key={photographer.id}
            id={photographer.id}
            name={photographer.name}
            website={photographer.website}
            profileUrl={photographer.url}
          >
            <PhotographerPicture
              desktopSrc={photographer.thumb}
              mobileSrc={photographer.mobileBG}
              loading={listImageLoading(index, FIRST_SCREEN_TILES)}
            />
          </ArtistTile>
        ))}
      </ArtistGrid>
    </>
  );
}

export const meta = sectionMeta("/artists/photographers");
