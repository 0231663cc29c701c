import { artists } from "#app/content/index.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test("navigating scrolls to the top of the new page", async ({ page }) => {
  await page.goto("/artists/directors");
  const last = artists.directors[artists.directors.length - 1];
  const profile = page.getByRole("link", { name: `Profile of ${last.name}` });
  await profile.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await profile.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.name);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("back to a page left by a client-side navigation scrolls to where the visitor was", async ({
  page,
  hydration,
}) => {
  await page.goto("/artists/directors");
  await hydration.wait();
  const last = artists.directors[artists.directors.length - 1];
  await page.getByRole("link", { name: `Profile of ${last.name}` }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await page.getByRole("link", { name: `Profile of ${last.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.name);
  // Leave the app for another document, then come back twice: Remix's inline script restores it.
  await page.goto("/robots.txt");
  await page.goBack();
  await hydration.wait();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artists — Film & Content");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});
