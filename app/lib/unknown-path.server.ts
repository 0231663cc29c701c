/**
 * What a path no page claims gets. Pages redirect to the directors' grid, but anything that looks
 * like a file (under /images, /videos or /build, or with an extension) is a missing asset: 404,
 * so a broken image never turns into an HTML page.
 */
const ASSET_PATH = /^\/(images|videos|build)(\/|$)|\.[a-z0-9]+$/i;

export function unknownPath(request: Request): Response {
  if (ASSET_PATH.test(new URL(request.url).pathname)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(null, { status: 302, headers: { Location: "/artists/directors" } });
}
