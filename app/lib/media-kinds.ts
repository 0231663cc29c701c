/**
 * Every kind of media file the content names: the folder and extension its path must have, how
 * a message names it, and the responsive ladder its still is shown through (app/lib/media.ts).
 * Adding a kind is one entry here; the content's shapes and checks read it.
 */
import type { LadderKind } from "./media";

export interface MediaKind {
  folder: "/images/" | "/videos/";
  extension: string;
  noun: string;
  ladder?: LadderKind;
}

// Only .jpg and .png stills get responsive copies (app/lib/media.ts): not .jpeg.
const JPG = { folder: "/images/", extension: ".jpg", noun: "a .jpg image" } as const;
const WEBP = { folder: "/images/", extension: ".webp", noun: "an animated .webp image" } as const;
const MP4 = { folder: "/videos/", extension: ".mp4", noun: "an .mp4 video" } as const;

export const MEDIA_KINDS = {
  directorClip: MP4,
  directorStill: { ...JPG, ladder: "directorStill" },
  filmWork: WEBP,
  filmWorkStill: { ...JPG, ladder: "filmWork" },
  photographerDesktop: { ...JPG, ladder: "photographerDesktop" },
  photographerMobile: { ...JPG, ladder: "photographerMobile" },
  photoWork: { ...JPG, ladder: "photoWork" },
  bioPhoto: { ...JPG, ladder: "bioPhoto" },
  reelHls: { folder: "/videos/", extension: ".m3u8", noun: "an HLS playlist (.m3u8)" },
  reelMp4: MP4,
  reelPoster: { ...JPG, ladder: "reelPoster" },
  reelThumb: WEBP,
  clientLogo: { folder: "/images/", extension: ".png", noun: "a .png image" },
} as const satisfies Record<string, MediaKind>;

export type MediaKindName = keyof typeof MEDIA_KINDS;
