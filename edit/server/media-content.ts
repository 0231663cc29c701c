/** The compiled content as the media build takes it (as media-build/site-content.ts gives the site's). */
import type { Content } from "#model/content.ts";
import type { MediaContent } from "#media-build/kinds.ts";

export const mediaContentOf = (content: Content): MediaContent => ({
  directors: content.artists.directors,
  photographers: content.artists.photographers,
  agentPhoto: content.biography.biography.photo,
  reels: content.reels,
  clientLogos: content.clients.clientLogos,
  agencyName: content.site.agencyName,
});
