import type { SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";

import { ArtistGrid } from "~/components/artist-grid";
import { ArtistTile } from "~/components/artist-tile";
import { ClipMotionContext, DirectorClip } from "~/components/director-clip";
import { PageHeading } from "~/components/page-heading";
import { useThumbnailMotion } from "~/components/use-thumbnail-motion";
import { artists } from "~/content";
import { type ImageLoading, listImageLoading } from "~/lib/media";
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

type Director = SerializeFrom<typeof loader>["directors"][number];

const clipOf = (director: Director, loading: ImageLoading) => (
  <DirectorClip clip={director.thumb} still={director.mobileBG} videoTop={director.cssVideoTop} loading={loading} />
);

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
            <ArtistTile
              key={director.id}
              artist={director}
              media={clipOf}
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
