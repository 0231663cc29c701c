import { artists, site } from "#app/content/index.ts";
import type { Artist } from "#app/content/types.ts";
import { responsiveImage } from "#model/media.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const allArtists: Artist[] = [...artists.directors, ...artists.photographers];
const find = (predicate: (artist: Artist) => boolean) => {
  const artist = allArtists.find(predicate);
  if (!artist) throw new Error("the content lacks an artist this test needs");
  return artist;
};

for (const artist of allArtists) {
  test(`${artist.url} answers 200 with name, title, links and bio`, async ({ page }) => {
    const response = await page.goto(artist.url);
    expect(response?.status(), artist.url).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(artist.name);
    await expect(main).toContainText(artist.title);
    await expect(main.getByRole("heading", { name: "View More Work:" })).toBeVisible();
    await expect(main.locator(`a[href="https://${artist.website}"]`)).toBeVisible();

    const recent = main.getByRole("region", { name: "Recent Work" });
    await expect(recent).toHaveCount(artist.recentWorkThumbs.length > 0 ? 1 : 0);
    if (artist.recentWorkThumbs.length > 0) {
      // Read at once, and compared as a list: which link differs, and how.
      const links = await recent.getByRole("link").evaluateAll((anchors: HTMLAnchorElement[]) =>
        anchors.map((anchor) => ({
          href: anchor.getAttribute("href"),
          target: anchor.target,
          text: anchor.textContent,
        })),
      );
      expect(links, artist.url).toEqual(
        artist.recentWorkThumbs.map((thumb) => ({
          href: thumb.url,
          target: "_blank",
          text: expect.stringContaining(thumb.name),
        })),
      );
    }

    const instagram = main.getByRole("link", { name: `@${artist.instagram}` });
    if (artist.instagram) {
      await expect(instagram).toHaveAttribute("href", `${site.instagramBaseUrl}${artist.instagram}`);
    } else {
      await expect(main.getByText(/^@/)).toHaveCount(0);
    }
  });
}

test("line breaks in a biography are rendered", async ({ page }) => {
  const artist = find((candidate) => candidate.biography.includes("\n"));
  await page.goto(artist.url);
  const bio = page.getByRole("region", { name: "Bio:" });
  await expect(bio.locator("br")).toHaveCount(artist.biography.split("\n").length - 1);
});

test("an extra thumbnail group shows under its own title", async ({ page }) => {
  const artist = find((candidate) => Boolean(candidate.extraThumbsTitle && candidate.extraThumbs?.length));
  await page.goto(artist.url);
  const group = page.getByRole("region", { name: artist.extraThumbsTitle });
  await expect(group.getByRole("link")).toHaveCount(artist.extraThumbs?.length ?? 0);
});

test("a bio photo shows when the artist has one", async ({ page }) => {
  const artist = find((candidate) => candidate.bioPhoto !== undefined);
  await page.goto(artist.url);
  await expect(page.getByRole("img", { name: `Portrait of ${artist.name}` })).toHaveAttribute(
    "src",
    responsiveImage("bioPhoto", artist.bioPhoto ?? "").src,
  );
});

test("an artist without a biography shows no empty Bio section", async ({ page }) => {
  const artist = find((candidate) => candidate.biography === "" && !candidate.bioPhoto);
  await page.goto(artist.url);
  await expect(page.getByRole("heading", { name: "Bio:" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "View More Work:" })).toBeVisible();
});
