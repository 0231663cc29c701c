/**
 * Every kind of media file the content names, read by the content's shapes and checks and by the
 * media build: adding a kind is one entry here (and its recipe).
 */
import type { LadderKind } from "./media.ts";

export interface MediaKind {
  folder: "/images/" | "/videos/";
  extension: string;
  noun: string;
  ladder?: LadderKind;
  /** How the media build's size summary names it. */
  label: string;
  /** The version of its recipe: bumped, the next media build remakes every file of the kind. */
  version: number;
}

// Only .jpg and .png stills get responsive copies (app/lib/media.ts): not .jpeg.
const JPG = { folder: "/images/", extension: ".jpg", noun: "a .jpg image" } as const;
const WEBP = { folder: "/images/", extension: ".webp", noun: "an animated .webp image" } as const;
const MP4 = { folder: "/videos/", extension: ".mp4", noun: "an .mp4 video" } as const;

export const MEDIA_KINDS = {
  directorClip: { ...MP4, label: "director clip (mp4)", version: 3 },
  directorStill: { ...JPG, ladder: "directorStill", label: "director still (jpg)", version: 2 },
  filmWork: { ...WEBP, label: "film work (webp)", version: 3 },
  filmWorkStill: { ...JPG, ladder: "filmWork", label: "film work still (jpg)", version: 2 },
  photographerDesktop: { ...JPG, ladder: "photographerDesktop", label: "photographer desktop (jpg)", version: 2 },
  photographerMobile: { ...JPG, ladder: "photographerMobile", label: "photographer mobile (jpg)", version: 2 },
  photoWork: { ...JPG, ladder: "photoWork", label: "photo work (jpg)", version: 2 },
  bioPhoto: { ...JPG, ladder: "bioPhoto", label: "bio photo (jpg)", version: 2 },
  reelMp4: { ...MP4, label: "reel (mp4)", version: 3 },
  reelHls: { folder: "/videos/", extension: ".m3u8", noun: "an HLS playlist (.m3u8)", label: "reel (hls)", version: 4 },
  reelPoster: { ...JPG, ladder: "reelPoster", label: "reel poster (jpg)", version: 2 },
  reelThumb: { ...WEBP, label: "reel thumb (webp)", version: 2 },
  clientLogo: { folder: "/images/", extension: ".png", noun: "a .png image", label: "client logo (png)", version: 1 },
} as const satisfies Record<string, MediaKind>;

export type MediaKindName = keyof typeof MEDIA_KINDS;

const KINDS_BY_NAME: Readonly<Record<string, MediaKind>> = MEDIA_KINDS;

/** The ladder a kind of still is shown through, if it is one the content names and it has one. */
export function ladderOf(kind: string): LadderKind | undefined {
  return Object.hasOwn(KINDS_BY_NAME, kind) ? KINDS_BY_NAME[kind].ladder : undefined;
}
