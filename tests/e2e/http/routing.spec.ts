import { artists } from "#app/content/index.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const film = artists.directors[0];

test.describe("status codes", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answers do not depend on the screen");
  for (const path of ["/", "/about", "/artists", "/artists/film", "/reels/2021"]) {
    test(`${path} redirects 302 to the directors' grid`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe("/artists/directors");
    });
  }

  test("a path in capitals redirects 301 to its lowercase canonical URL", async ({ request }) => {
    for (const [path, canonical] of [
      ["/Contact", "/contact"],
      [film.url.toUpperCase(), film.url],
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(canonical);
    }
  });

  test("extra segments after an artist redirect 301 to the canonical URL", async ({ request }) => {
    for (const suffix of ["/", "/extra", "/a/b/c"]) {
      const response = await request.get(`${film.url}${suffix}`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(film.url);
    }
  });

  for (const path of ["/images/missing.jpg", "/videos/missing.mp4", "/build/missing.js", "/missing.css", "/images/"]) {
    test(`a missing asset ${path} answers 404, not a redirect`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
    });
  }

  for (const path of ["/%E0%A4%A", "/artists/%", "/%"]) {
    test(`a malformed URL ${path} answers 400 without a stack trace`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(400);
      expect(await response.text()).not.toMatch(/at .+\(.+:\d+:\d+\)|URIError/);
    });
  }
});

test.describe("404 page", () => {
  for (const path of [
    "/artists/film/nobody",
    "/artists/photography/nobody",
    "/artists/photographers/" + film.id,
    `/artists/photography/${film.id}`,
  ]) {
    test(`${path} is a real 404 page with the site's header, nav and a way back`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByRole("link", { name: "Ines Calloway" })).toBeVisible();
      await expect(page.locator('nav a[href="/artists/photographers"]').first()).toBeAttached();
      await page.getByRole("link", { name: "Back to the artists" }).click();
      await expect(page).toHaveURL(/\/artists\/directors$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artists — Film & Content");
    });
  }
});
