import type { SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";

import { ArtistGrid } from "#app/components/artist-grid.tsx";
import { ClipMotionContext, DirectorClip } from "#app/components/director-clip.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { useThumbnailMotion } from "#app/components/use-thumbnail-motion.tsx";
import type { loader } from "#app/loaders/directors-page.server.ts";
import type { ImageLoading } from "#model/media.ts";
import { sectionMeta } from "#app/lib/seo.ts";

/** A 1440×900 desktop shows three rows of three (the third just begins), a phone three tiles. */
const FIRST_SCREEN_TILES = 9;

export { loader } from "#app/loaders/directors-page.server.ts";

type Director = SerializeFrom<typeof loader>["directors"][number];

const clipOf = (director: Director, loading: ImageLoading) => (
  <DirectorClip clip={director.thumb} still={director.mobileBG} videoTop={director.cssVideoTop} loading={loading} />
);

export default function Directors() {
  const { directors } = useLoaderData<typeof loader>();
  const motion = useThumbnailMotion();
  const clipMotion = useMemo(() => ({ shown: motion.clips, playing: motion.playing }), [motion.clips, motion.playing]);
  return (
    <>
      <PageHeading action={motion.toggle}>Artists — Film & Content</PageHeading>
      <ClipMotionContext.Provider value={clipMotion}>
        <ArtistGrid shape="landscape" artists={directors} media={clipOf} firstScreenTiles={FIRST_SCREEN_TILES} />
      </ClipMotionContext.Provider>
    </>
  );
}

export const meta = sectionMeta;
