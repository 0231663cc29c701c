/**
 * Pixel sizes of every kind of generated media. The media script renders at these sizes and the
 * components reserve the same aspect-ratio boxes, so nothing shifts while media loads.
 */
export const MEDIA_SIZES = {
  directorClip: { width: 640, height: 360 },
  directorStill: { width: 960, height: 540 },
  photographerDesktop: { width: 960, height: 1200 },
  photographerMobile: { width: 720, height: 720 },
  filmWork: { width: 480, height: 270 },
  photoWork: { width: 600, height: 750 },
  reelThumb: { width: 640, height: 360 },
  reelPoster: { width: 1280, height: 720 },
  clientLogo: { width: 320, height: 160 },
  bioPhoto: { width: 600, height: 750 },
} as const;

export type MediaKind = keyof typeof MEDIA_SIZES;

/** Link-preview images (Open Graph / Twitter), 1200×630 JPEGs made by the media script. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

export const previewImages = {
  site: "/images/og/site.jpg",
  artist: (id: string) => `/images/og/artists/${id}.jpg`,
  reel: (slug: string) => `/images/og/reels/${slug}.jpg`,
};
