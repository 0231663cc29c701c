/**
 * How the site asks the Varnish in front to drop pages (deploy/varnish/default.vcl's vcl_recv): a
 * BAN request whose header holds a regular expression over the objects' paths and queries. Said
 * once for the follower's purges (release/page-purge.ts) and `npm run purge` (scripts/cli/purge.mjs),
 * which imports this file under plain Node: erasable syntax only, and no imports.
 */

/** The request's method, which the VCL takes only from the machines it lists. */
export const BAN_METHOD = "BAN";

/** The header holding the pattern; every object whose URL matches it goes. */
export const BAN_HEADER = "X-Ban-Url";

/** The pattern of every page: what shows on each of them (the header's nav, the head's JSON-LD) maps to it. */
export const EVERYTHING = "^/";
