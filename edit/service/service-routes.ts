/**
 * The editing service's routes (service-server.ts), each behind sign-in, with a concrete request of
 * each for the test that asks every one without a session (tests/e2e/editing/service.spec.ts).
 */
/**
 * The service's routes, each behind sign-in: a page is redirected to it, an API answered 401. The
 * examples are concrete requests of each, for the test that asks every one without a session.
 */
const ROUTES = [
  {
    prefix: "/api/keystatic/",
    kind: "api",
    examples: [
      ["GET", "/api/keystatic/tree"],
      ["GET", "/api/keystatic/blob/0000000000000000000000000000000000000000/app/content/site.yaml"],
      ["POST", "/api/keystatic/update"],
    ],
  },
  { prefix: "/edit/api/saves", kind: "api", examples: [["GET", "/edit/api/saves"]] },
  {
    prefix: "/edit/api/",
    kind: "api",
    examples: [
      ["GET", "/edit/api/status?entry=directors/mira-castell"],
      ["POST", "/edit/api/uploads"],
      ["DELETE", "/edit/api/uploads/00000000-0000-4000-8000-000000000000.mp4"],
      ["PUT", "/edit/api/uploads/00000000-0000-4000-8000-000000000000.mp4"],
      ["HEAD", "/edit/api/uploads/00000000-0000-4000-8000-000000000000.mp4"],
      ["GET", "/edit/api/views?from=2025-01-01&to=2025-01-07"],
      ["GET", "/edit/api/views.csv?table=shortlists&from=2025-01-01&to=2025-01-07"],
      ["GET", "/edit/api/links?from=2025-01-01&to=2025-01-07"],
      ["POST", "/edit/api/links"],
      ["DELETE", "/edit/api/links/AAAAAAAAAAAA"],
      ["DELETE", "/edit/api/links?recipient=Juniper%20Films"],
    ],
  },
  { prefix: "/edit/saves", kind: "page", examples: [["GET", "/edit/saves"]] },
  {
    prefix: "/keystatic",
    kind: "page",
    examples: [
      ["GET", "/keystatic"],
      ["GET", "/keystatic/collection/directors/item/mira-castell"],
    ],
  },
  {
    prefix: "/edit/",
    kind: "page",
    examples: [
      ["GET", "/edit/screen.0123456789abcdef.js"],
      ["GET", "/edit/views?from=2025-01-01&to=2025-01-07"],
      ["GET", "/edit/views.0123456789abcdef.js"],
      ["GET", "/edit/build/entry.client-ABCDEFGH.js"],
      ["GET", "/edit/links"],
    ],
  },
  { prefix: "/", kind: "page", examples: [["GET", "/artists/directors"]] },
] as const;

export type Route = (typeof ROUTES)[number];

export const SERVICE_ROUTES = ROUTES.flatMap(({ kind, examples }) =>
  examples.map(([method, example]) => ({ method, path: example, kind })),
);

export const routeOf = (pathname: string): Route =>
  ROUTES.find(({ prefix }) => pathname.startsWith(prefix)) ?? ROUTES[ROUTES.length - 1];
