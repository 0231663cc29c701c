/**
 * For load balancers and container health checks: 200 with a tiny body once the app can answer
 * requests. Never cached, never redirected.
 */
export function loader() {
  return new Response("ok\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
