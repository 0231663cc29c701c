import { useLoaderData } from "@remix-run/react";

import { ArtistProfile } from "#app/components/artist-profile.tsx";
import type { loader } from "#app/loaders/artist-page.server.ts";
import { artistMeta } from "#app/lib/seo.ts";

/** /artists/:type/:id: an artist's detail page. */
export { loader } from "#app/loaders/artist-page.server.ts";

export default function ArtistDetail() {
  const { artist, instagramBaseUrl } = useLoaderData<typeof loader>();
  return <ArtistProfile artist={artist} instagramBaseUrl={instagramBaseUrl} />;
}

export const meta = artistMeta;
