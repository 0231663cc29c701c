/**
 * Where the screen's Preview button opens a page: the site's production server beside the editing
 * instance (edit/server/preview-site.ts), which shows each save as visitors will see it. The server
 * names its origin in the page it serves (edit/server/edit-server.ts).
 */
export const PREVIEW_META = "preview-origin";

export function previewUrl(path: string): string {
  const origin =
    typeof document === "undefined"
      ? ""
      : (document.querySelector(`meta[name="${PREVIEW_META}"]`)?.getAttribute("content") ?? "");
  return `${origin}${path}`;
}
