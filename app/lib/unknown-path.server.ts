/** A path no page claims: a redirect to the directors' grid, but a 404 for anything like a file (a missing asset). */
const ASSET_PATH = /^\/(images|videos|build)(\/|$)|\.[a-z0-9]+$/i;

export function unknownPath(request: Request): Response {
  if (ASSET_PATH.test(new URL(request.url).pathname)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(null, { status: 302, headers: { Location: "/artists/directors" } });
}
