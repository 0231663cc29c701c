import { createContext, useContext } from "react";

import { mediaUrl } from "#model/media.ts";

/**
 * The media origin (MEDIA_ORIGIN, or "" for the site itself), which root.tsx provides from its
 * loader's data, the same on the server and in the browser, so hydration matches.
 */
export const MediaOriginContext = createContext("");

/** `mediaUrl` on the media origin the page was rendered with. */
export function useMediaUrl(): (path: string) => string {
  const origin = useContext(MediaOriginContext);
  return (path) => mediaUrl(origin, path);
}
