import { artists, clientLogos, clientNames, contact, reels, testimonials } from "#app/content/index.ts";
import { ladderFiles, logoSprites, responsiveImage, videoPoster } from "#model/media.ts";
import { MEDIA_KINDS } from "#model/media-kinds.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { scrollThrough } from "#tests/support/scroll.ts";

/** Every page of the spec's route table with its exact heading. */
const PAGES = [
  { path: "/artists/directors", heading: "Artists — Film & Content" },
  { path: "/artists/photographers", heading: "Artists — Photography" },
  { path: "/collective-reels", heading: "Collective Reels" },
  ...reels.map((reel) => ({ path: `/${reel.slug}`, heading: reel.title })),
  { path: "/clients", heading: "Clients" },
  { path: "/biography", heading: "Biography" },
  { path: "/contact", heading: "Contact" },
  { path: artists.directors[0].url, heading: artists.directors[0].name },
  { path: artists.photographers[0].url, heading: artists.photographers[0].name },
];

for (const { path, heading } of PAGES) {
  test(`${path} answers 200 with its heading, header, nav and footer`, async ({ page }, testInfo) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("link", { name: "Ines Calloway" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("contentinfo")).toContainText("© 2020");

    // Lazy images load before the full-page screenshot.
    await scrollThrough(page);
    const name = path.replace(/^\//, "").replaceAll("/", "_");
    await page.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}/${name}.png`,
      fullPage: true,
    });
  });
}

test("every external link opens a new tab without opener or referrer", async ({ page }) => {
  for (const { path } of PAGES) {
    await page.goto(path);
    const external = page.locator('a[href^="http"]');
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  }
});

test.describe("page content", () => {
  test("directors: a muted looping inline clip over a still per film artist, linking out", async ({
    page,
    isMobile,
    hydration,
  }) => {
    await page.goto("/artists/directors");
    await hydration.wait();
    const tiles = page.getByRole("main").getByRole("listitem");
    await expect(tiles).toHaveCount(artists.directors.length);
    for (const [index, artist] of artists.directors.entries()) {
      const tile = tiles.nth(index);
      await expect(tile.locator(`a[href="https://${artist.website}"]`)).toContainText(artist.name);
      await expect(tile.locator("img")).toHaveAttribute("src", responsiveImage("directorStill", artist.mobileBG).src);
      const video = tile.locator("video");
      // Phones show only the still, and build no video element for it.
      if (isMobile) {
        await expect(video).toHaveCount(0);
        continue;
      }
      await expect(video).toHaveJSProperty("muted", true);
      await expect(video).toHaveJSProperty("loop", true);
      await expect(video).toHaveAttribute("playsinline", "");
      // Its own clip, given once the tile is in view and the page at rest (app/lib/motion.ts's watchClip).
      await video.scrollIntoViewIfNeeded();
      await expect
        .poll(() => video.evaluate((clip: HTMLVideoElement) => clip.currentSrc))
        .toMatch(new RegExp(`${artist.thumb}$`));
      await expect(video).toBeVisible();
    }
  });

  test("directors: a window widened past phone width gains the clips, and loses them narrowed again", async ({
    page,
    isMobile,
    hydration,
  }) => {
    test.skip(isMobile, "a desktop window that is resized");
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto("/artists/directors");
    await hydration.wait();
    const clips = page.locator("main video");
    await expect(clips).toHaveCount(0);
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(clips).toHaveCount(artists.directors.length);
    await expect(clips.first()).toBeVisible();
    await page.setViewportSize({ width: 600, height: 900 });
    await expect(clips).toHaveCount(0);
  });

  test("photographers: art-directed desktop and mobile images, linking out", async ({ page }) => {
    await page.goto("/artists/photographers");
    const tiles = page.getByRole("main").getByRole("listitem");
    await expect(tiles).toHaveCount(artists.photographers.length);
    for (const [index, artist] of artists.photographers.entries()) {
      const tile = tiles.nth(index);
      await expect(tile.locator(`a[href="https://${artist.website}"]`)).toContainText(artist.name);
      const desktop = responsiveImage("photographerDesktop", artist.thumb);
      const mobile = responsiveImage("photographerMobile", artist.mobileBG);
      await expect(tile.locator('picture source[media][type="image/avif"]')).toHaveAttribute(
        "srcset",
        desktop.sources[0].srcSet,
      );
      await expect(tile.locator("picture source[media]:not([type])")).toHaveAttribute("srcset", desktop.srcSet);
      await expect(tile.locator('picture source:not([media])[type="image/avif"]')).toHaveAttribute(
        "srcset",
        mobile.sources[0].srcSet,
      );
      await expect(tile.locator("picture img")).toHaveAttribute("src", mobile.src);
    }
  });

  test("photographers: the picture shows the mobile crop on a phone and the desktop one on a desktop", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/artists/photographers");
    const first = page.locator("picture img").first();
    await expect(first).toHaveJSProperty("complete", true);
    const shown = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    const [photographer] = artists.photographers;
    const expected = isMobile
      ? ladderFiles("photographerMobile", photographer.mobileBG)
      : ladderFiles("photographerDesktop", photographer.thumb);
    expect(expected.map((file) => file.path)).toContain(shown);
  });

  test("clients: the logo grid with alt text, then the names in capitals", async ({ page }) => {
    await page.goto("/clients");
    const logos = page.getByRole("main").locator("img");
    await expect(logos).toHaveCount(clientLogos.length);
    for (const [index, client] of clientLogos.entries()) {
      await expect(logos.nth(index)).toHaveAttribute("alt", client.alt);
    }
    const names = page.getByRole("main").getByRole("list").last().getByRole("listitem");
    await expect(names).toHaveCount(clientNames.length);
    await expect(names.first()).toHaveText(clientNames[0]);
  });

  test("clients: each logo shows its own cell of a strip, and the strips are the only logo files fetched", async ({
    page,
  }) => {
    const fetched = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "image") fetched.add(new URL(request.url()).pathname);
    });
    await page.goto("/clients");
    await scrollThrough(page);
    const sprites = logoSprites(clientLogos);
    expect([...fetched].filter((path) => path.startsWith("/images/clients/")).sort()).toEqual(
      sprites.map((sprite) => sprite.webp).sort(),
    );

    const shown = await page
      .getByRole("main")
      .locator("img")
      .evaluateAll((images) =>
        (images as HTMLImageElement[]).map((image) => {
          const style = getComputedStyle(image);
          const box = image.getBoundingClientRect();
          return {
            strip: new URL(image.currentSrc).pathname,
            natural: [image.naturalWidth, image.naturalHeight],
            shape: Math.round((box.width / box.height) * 100) / 100,
            fit: style.objectFit,
            // "50% 9.0909%": where the strip's overflow is cut, as a share from its top.
            cut: Number(style.objectPosition.split(" ")[1].replace("%", "")),
          };
        }),
      );
    const { width, height } = MEDIA_KINDS.clientLogo.size;
    const expected = sprites.flatMap((sprite) =>
      sprite.logos.map((_, cell) => ({
        strip: sprite.webp,
        natural: [width, height * sprite.logos.length],
        shape: width / height,
        fit: "cover",
        // Cell `cell` starts `cell` logo heights down, of the strip's overflow of (count − 1).
        cut: expect.closeTo(sprite.logos.length > 1 ? (cell / (sprite.logos.length - 1)) * 100 : 0, 3),
      })),
    );
    expect(shown).toEqual(expected);
  });

  test("clients: names run in three columns on a desktop and one on a phone", async ({ page, isMobile }) => {
    await page.goto("/clients");
    const columns = await page
      .getByRole("main")
      .getByRole("list")
      .last()
      .evaluate((list) => getComputedStyle(list).columnCount);
    expect(columns).toBe(isMobile ? "1" : "3");
  });

  test("biography: profile text, then each testimonial as a quote with name and job title", async ({ page }) => {
    await page.goto("/biography");
    const figures = page.locator("figure");
    await expect(figures).toHaveCount(testimonials.length);
    for (const [index, testimonial] of testimonials.entries()) {
      const figure = figures.nth(index);
      await expect(figure.locator("blockquote")).toContainText(testimonial.quote);
      await expect(figure.locator("figcaption")).toContainText(testimonial.name);
      await expect(figure.locator("figcaption")).toContainText(testimonial.jobTitle);
    }
  });

  test("contact: an address, a tel: link, a mailto: link and the PR line", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator("address")).toContainText(contact.addressLines[1]);
    await expect(page.locator('a[href^="tel:"]')).toHaveText(contact.phone);
    await expect(page.locator(`a[href="mailto:${contact.email}"]`)).toHaveText(contact.email);
    await expect(page.getByText(contact.pr)).toBeVisible();
  });

  test("collective reels: a thumbnail linking to each reel, in the content's order", async ({ page }) => {
    await page.goto("/collective-reels");
    const links = page.getByRole("main").getByRole("link");
    await expect(links).toHaveCount(reels.length);
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(reels.map((reel) => `/${reel.slug}`));
  });

  for (const reel of reels) {
    test(`/${reel.slug}: the server HTML holds a native player with poster and controls, no autoplay, HLS and MP4`, async ({
      request,
    }) => {
      // The server's markup, before video.js replaces the element in a browser.
      const html = await (await request.get(`/${reel.slug}`)).text();
      const video = html.match(/(<video [^>]*>)(.*?)<\/video>/s);
      expect(video, "a <video> element").not.toBeNull();
      const [tag, sources] = [video?.[1] ?? "", video?.[2] ?? ""];
      expect(tag).toContain(`poster="${videoPoster(reel.poster)}"`);
      expect(tag).toMatch(/ controls=""/);
      expect(tag).not.toContain("autoplay");
      expect(sources).toContain(`<source src="${reel.sources[0].src}" type="application/x-mpegURL"/>`);
      expect(sources).toContain(`<source src="${reel.sources[1].src}" type="video/mp4"/>`);
    });
  }
});
