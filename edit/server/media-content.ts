/** The compiled content as the media build takes it (as scripts/media/pipeline/site-content.ts gives the site's). */
import type { Content } from "#scripts/content/compile.ts";
import type { MediaContent } from "#scripts/media/pipeline/kinds.ts";

export const mediaContentOf = (content: Content): MediaContent => ({
  directors: content.artists.directors,
  photographers: content.artists.photographers,
  agentPhoto: content.biography.biography.photo,
  reels: content.reels,
  clientLogos: content.clients.clientLogos,
  agencyName: content.site.agencyName,
});
