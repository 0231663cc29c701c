/** The site's public origin, SITE_URL: every absolute URL starts from it, never from the Host a client can forge. */
export const SITE_URL = (process.env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");
