import { artists, reels } from "#app/content/index.ts";
import { ladderFiles } from "#model/media.ts";
import { REEL_PAGES, SECTION_PAGES } from "#tests/support/pages.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/** A missing file, answered as the site's server answers one. */
const MISSING_FILE = { status: 404, contentType: "text/plain; charset=utf-8", body: "Not Found" };

const ARTIST_PAGES = [...artists.directors, ...artists.photographers].map((artist) => artist.url);
const NOT_FOUND_PAGE = "/artists/film/nobody-by-this-name";
const HTML_PAGES = [...SECTION_PAGES, ...ARTIST_PAGES, NOT_FOUND_PAGE];

/** Parses a CSP header into its directives: `{ "script-src": ["'self'", …], … }`. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

test.describe("security headers", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on the screen");

  test("every HTML page carries a strict CSP and the hardening headers", async ({ request }) => {
    for (const path of HTML_PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(path === NOT_FOUND_PAGE ? 404 : 200);
      const headers = response.headers();
      expect(headers["content-type"], path).toContain("text/html");

      const csp = directives(headers["content-security-policy"] ?? "");
      expect(csp["script-src"], path).toContain("'self'");
      expect(csp["script-src"].join(" "), path).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(
        csp["script-src"].some((source) => source.startsWith("'sha256-")),
        path,
      ).toBe(true);
      expect(csp["style-src"].join(" "), path).not.toMatch(/unsafe-inline|\*/);
      expect(csp["default-src"], path).toEqual(["'self'"]);
      expect(csp["frame-src"], path).toEqual(["'none'"]);
      expect(csp["manifest-src"], path).toBeUndefined();
      expect(csp["object-src"], path).toEqual(["'none'"]);
      expect(csp["base-uri"], path).toEqual(["'none'"]);
      expect(csp["frame-ancestors"], path).toEqual(["'none'"]);
      expect(csp["img-src"], path).toEqual(["'self'"]);
      expect(csp["media-src"], path).toEqual(["'self'", "blob:"]);

      const hsts = headers["strict-transport-security"] ?? "";
      expect(Number(hsts.match(/max-age=(\d+)/)?.[1]), path).toBeGreaterThanOrEqual(365 * 24 * 3600);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      for (const feature of ["camera", "microphone", "geolocation"]) {
        expect(headers["permissions-policy"], path).toContain(`${feature}=()`);
      }
      expect(headers["cross-origin-opener-policy"], path).toBe("same-origin");
      expect(headers["x-powered-by"], path).toBeUndefined();
    }
  });

  test("static files are served with their real types and nosniff", async ({ request }) => {
    const types = { ".avif": "image/avif", ".webp": "image/webp", ".jpg": "image/jpeg", ".svg": "image/svg+xml" };
    for (const [extension, type] of Object.entries(types)) {
      const path =
        ladderFiles("reelPoster", reels[0].poster).find((file) => file.path.endsWith(extension))?.path ??
        `/favicon${extension}`;
      expect((await request.get(path)).headers()["content-type"], path).toBe(type);
    }
    for (const path of ["/favicon.svg", "/site.webmanifest", reels[0].poster]) {
      const headers = (await request.get(path)).headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-powered-by"], path).toBeUndefined();
    }
  });
});

test.describe("the CSP holds in the browser", () => {
  test("no page reports a violation, scrolled to the end and navigated through", async ({ page, csp }) => {
    test.setTimeout(120_000);
    for (const path of HTML_PAGES) {
      await page.goto(path);
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState("networkidle");
      expect(await csp.violations(), path).toEqual([]);
    }
    // Client-side navigation fetches route data and modules after hydration.
    await page.goto("/artists/photographers");
    await page
      .getByRole("link", { name: /^Profile of / })
      .first()
      .click();
    await expect(page).toHaveURL(artists.photographers[0].url);
    await expect(page.locator("h1")).toContainText(artists.photographers[0].name);
    expect(await csp.violations()).toEqual([]);
  });

  test("a reel streams in video.js without a violation or an injected style", async ({ page, player, csp }) => {
    // Four reels played in turn, each allowed 15 s to get going.
    test.setTimeout(90_000);
    const play = async (path: string) => {
      await page.goto(path);
      await player.press();
      await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(1);
      // The one <style> is the root's, the reel players' shapes (allowed by its hash); video.js injects none.
      await expect(page.locator("style:not([data-reel-frames])")).toHaveCount(0);
      expect(await csp.violations(), path).toEqual([]);
    };
    for (const path of REEL_PAGES) await play(path);
    // With a rendition missing, video.js's HLS engine plays instead of the browser: Media Source
    // Extensions feed it through a blob: URL, which the CSP allows.
    await page.route(/\/videos\/reels\/.+\/\d+p\/index\.m3u8$/, (route, request) =>
      request.url().includes("/360p/") ? route.fulfill(MISSING_FILE) : route.fallback(),
    );
    await play(REEL_PAGES[0]);
    expect(await player.video.evaluate((element: HTMLVideoElement) => element.src)).toMatch(/^blob:/);
  });
});
