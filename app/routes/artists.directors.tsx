import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";

import { ArtistGrid } from "~/components/artist-grid";
import { ClipMotionContext } from "~/components/director-clip";
import { DirectorTile } from "~/components/director-tile";
import { PageHeading } from "~/components/page-heading";
import { useThumbnailMotion } from "~/components/use-thumbnail-motion";
import { artists } from "~/content";
import { listImageLoading } from "~/lib/media";
import { useSelects } from "~/lib/selects-store";
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
  const clipMotion = useMemo(() => ({ shown: motion.clips, playing: motion.playing }), [motion.clips, motion.playing]);
  const selects = useSelects();
  return (
    <>
      <PageHeading action={motion.toggle}>Artists — Film & Content</PageHeading>
      <ClipMotionContext.Provider value={clipMotion}>
        <ArtistGrid shape="landscape">
          {directors.map((director, index) => (
            <DirectorTile
              key={director.id}
              director={director}
              loading={listImageLoading(index, FIRST_SCREEN_TILES)}
              selected={selects?.includes(director.id) ?? false}
              discoverRoute={index === 0}
            />
          ))}
        </ArtistGrid>
      </ClipMotionContext.Provider>
    </>
  );
}

export const meta = sectionMeta("/artists/directors");
