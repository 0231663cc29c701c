import type { Artist } from "#app/content/types.ts";

/** A photographer of the media build's tests: a photo and its phone crop, no work. */
export const photographer: Artist = {
  id: "ines-park",
  name: "Ines Park",
  title: "Photographer",
  thumb: "/images/photographers/ines-park.jpg",
  mobileBG: "/images/photographers/ines-park-mobile.jpg",
  url: "/artists/photography/ines-park",
  website: "ines-park.example",
  instagram: "",
  biography: "",
  recentWorkThumbs: [],
};
