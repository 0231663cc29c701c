import type { Page } from "@playwright/test";

/**
 * Every media URL a page gives: its images, videos, posters and tracks, its preloads, its link previews and
 * its JSON-LD (the site's icons and manifest stay with the site, and are not media).
 */
export function mediaUrlsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const urls: string[] = [];
    for (const element of document.querySelectorAll("img, source, video, track, link[rel=preload], meta[property]")) {
      for (const name of ["src", "poster", "href", "content"]) {
        const value = element.getAttribute(name);
        if (value) urls.push(value);
      }
      for (const candidate of (element.getAttribute("srcset") ?? "").split(",")) {
        if (candidate.trim()) urls.push(candidate.trim().split(/\s+/)[0]);
      }
    }
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      JSON.stringify(JSON.parse(script.textContent ?? "null"), (_key, value) => {
        if (typeof value === "string") urls.push(value);
        return value;
      });
    }
    return urls.filter((url) => /\/(images|videos)\//.test(url));
  });
}
