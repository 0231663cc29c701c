import { publicOrigin } from "#model/site-url.ts";

/** The site's public origin, SITE_URL: every absolute URL starts from it, never from the Host a client can forge. */
export const SITE_URL = publicOrigin(process.env.SITE_URL);
