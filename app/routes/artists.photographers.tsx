import { useLoaderData } from "@remix-run/react";

import { ArtistGrid } from "~/components/ArtistGrid";
import { ArtistTile } from "~/components/ArtistTile";
import { PageHeading } from "~/components/PageHeading";
import { PhotographerPicture } from "~/components/PhotographerPicture";
import { artists } from "~/content";
import { sectionMeta } from "~/lib/seo";

/** Tiles in the first screen of a phone (two columns) and a desktop row load eagerly. */
const EAGER_TILES = 4;

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
            name={photographer.name}
            website={photographer.website}
            profileUrl={photographer.url}
          >
            <PhotographerPicture
              desktopSrc={photographer.thumb}
              mobileSrc={photographer.mobileBG}
              eager={index < EAGER_TILES}
            />
          </ArtistTile>
        ))}
      </ArtistGrid>
    </>
  );
}

export const meta = sectionMeta("/artists/photographers");
