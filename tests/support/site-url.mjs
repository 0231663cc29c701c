/** The public origin the test server is configured with (SITE_URL), distinct from where it listens. */
export const SITE_URL = "https://calloway-artists.example";
