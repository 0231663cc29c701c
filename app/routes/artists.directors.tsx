import { useLoaderData } from "@remix-run/react";

import { ArtistGrid } from "~/components/artist-grid";
import { ArtistTile } from "~/components/artist-tile";
import { DirectorClip } from "~/components/director-clip";
import { useThumbnailMotion } from "~/components/use-thumbnail-motion";
import { PageHeading } from "~/components/page-heading";
import { artists } from "~/content";
import { listImageLoading } from "~/lib/media";
import { sectionMeta } from "~/lib/seo";

/** A 1440×900 desktop shows three rows of three (the third just begins), a phone three tiles. */
const FIRST_SCREEN_TILES = 9;

export function loader() {
  return {
    directors: artists.film.map(({ id, name, thumb, mobileBG, website, url, cssVideoTop }) => ({
      id,
      name,
      thumb,
      mobileBG,
      website,
      url,
      cssVideoTop,
    })),
  };
}

export default function Directors() {
  const { directors } = useLoaderData<typeof loader>();
  const motion = useThumbnailMotion();
  return (
    <>
      <PageHeading action={motion.toggle}>Artists — Film & Content</PageHeading>
      <ArtistGrid shape="landscape">
        {directors.map((director, index) => (
          <ArtistTile
            key={director.id}
            id={director.id}
            name={director.name}
            website={director.website}
            profileUrl={director.url}
          >
            <DirectorClip
              clip={director.thumb}
              still={director.mobileBG}
              videoTop={director.cssVideoTop}
              loading={listImageLoading(index, FIRST_SCREEN_TILES)}
              showClip={motion.clips}
              play={motion.playing}
            />
          </ArtistTile>
        ))}
      </ArtistGrid>
    </>
  );
}

export const meta = sectionMeta("/artists/directors");
