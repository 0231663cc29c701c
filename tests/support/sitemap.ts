import { type APIRequestContext, expect } from "@playwright/test";

/** A link-preview crawler: runs no JavaScript and reads only the server's HTML. */
export const CRAWLER = { "User-Agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" };

/** The absolute URLs the sitemap lists, read as a crawler reads it. */
export async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/sitemap.xml", { headers: CRAWLER });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url);
}
