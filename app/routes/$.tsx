import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/**
 * Every path no other route claims. Pages redirect to the directors' grid, but anything that looks
 * like a file (under /images, /videos or /build, or with an extension) is a missing asset: 404,
 * so a broken image never turns into an HTML page.
 */
const ASSET_PATH = /^\/(images|videos|build)(\/|$)|\.[a-z0-9]+$/i;

export function loader({ request }: LoaderFunctionArgs) {
  if (ASSET_PATH.test(new URL(request.url).pathname)) {
    throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return redirect("/artists/directors", 302);
}
