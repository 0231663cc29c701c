/**
 * Reels that name their parts (issue 19): the chapters track and menu, the seek bar's markers and
 * thumbnails, the credits under the player, links to a moment (`?t=`, `#t=`, the copy control),
 * the JSON-LD Clips, their accessibility and the CSP. Every expectation is read from the content,
 * so the tests hold for any valid reels and spots.
 */
import type { Page } from "@playwright/test";

import { artists, reels } from "#app/content/index.ts";
import { clockTime } from "#app/reel/timeline.ts";
import { mediaPaths } from "#model/media-paths.ts";
import { chaptersTrack } from "#model/tracks.ts";
import { parseWebVtt } from "#model/cues/webvtt.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";
import type { ReelPlayer } from "#tests/support/reel-player.ts";

const reel = reels[0];
const { spots, duration, slug } = reel;
/** A spot past the first, so a moment is never the reel's start. */
const middle = spots[Math.min(2, spots.length - 1)];
const directorOf = (id: string) => artists.directors.find((artist) => artist.id === id);

/** Plays until the markers are in the control bar, then pauses so the bar stays. */
async function startedAndPaused(player: ReelPlayer) {
  await player.play();
  await player.pause();
  await expect(player.page.locator(".reel-marker")).toHaveCount(spots.length);
}

/** Text as React writes it into HTML. */
const asHtmlText = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

test.describe("the reel's parts in the server HTML", () => {
  test.skip(({ isMobile }) => isMobile, "the HTML does not depend on the screen");

  for (const { slug: page, spots: pageSpots } of reels) {
    test(`/${page}: a chapters track, and the credits with their links, without JavaScript's help`, async ({
      request,
    }) => {
      const html = await (await request.get(`/${page}`)).text();
      expect(html).toContain(`<track kind="chapters" src="${chaptersTrack(page)}"`);
      // The CSP forbids style attributes; positions are set from script, through the CSSOM.
      expect(html).not.toMatch(/<[^>]+\sstyle=/);
      for (const spot of pageSpots) {
        const director = directorOf(spot.artist);
        expect(html).toContain(`href="/${page}?t=${spot.start}"`);
        expect(html).toContain(`href="${director?.url}"`);
        for (const text of [spot.title, spot.client]) expect(html).toContain(asHtmlText(text));
      }
    });
  }

  test("the chapters file is WebVTT made from the content: one cue per spot, to the next spot or the end", async ({
    request,
  }) => {
    for (const { slug: page, spots: pageSpots, duration: length } of reels) {
      const response = await request.get(chaptersTrack(page));
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/vtt; charset=utf-8");
      const body = await response.text();
      expect(body.startsWith("WEBVTT\n")).toBe(true);
      const { cues, unreadable } = parseWebVtt(body);
      expect(unreadable).toEqual([]);
      expect(cues.map((cue) => cue.start)).toEqual(pageSpots.map((spot) => spot.start));
      expect(cues.map((cue) => cue.end)).toEqual([...pageSpots.slice(1).map((spot) => spot.start), length]);
      cues.forEach((cue, index) => expect(cue.text).toContain(pageSpots[index].title));
    }
    expect((await request.get("/reels/no-such-reel/chapters.vtt")).status()).toBe(404);
  });

  test("the seek-bar thumbnails: a WebP sprite and a WebVTT index covering the whole reel", async ({ request }) => {
    for (const { slug: page, duration: length } of reels) {
      const { sprite, index } = mediaPaths.seekThumbnails(page);
      const spriteResponse = await request.get(sprite);
      expect(spriteResponse.headers()["content-type"]).toBe("image/webp");
      const indexResponse = await request.get(index);
      expect(indexResponse.headers()["content-type"]).toMatch(/^text\/vtt/);
      const cues = parseWebVtt(await indexResponse.text()).cues;
      expect(cues[0].start).toBe(0);
      expect(cues[cues.length - 1].end).toBeCloseTo(length, 1);
      cues.slice(1).forEach((cue, i) => expect(cue.start).toBe(cues[i].end));
      for (const cue of cues)
        expect(cue.text).toMatch(new RegExp(`^${sprite.split("/").pop()}#xywh=\\d+,\\d+,\\d+,\\d+$`));
    }
  });

  test("a moment's link: the canonical URL drops ?t=, and bad values of t are a 200", async ({ request }) => {
    for (const t of [
      String(middle.start),
      "-5",
      String(duration),
      "abc",
      "1e308",
      "99999999999999999999999",
      "",
      "NaN",
      "%00",
    ]) {
      const response = await request.get(`/${slug}?t=${t}`);
      expect(response.status(), `?t=${t}`).toBe(200);
      const html = await response.text();
      expect(html, `?t=${t}`).toContain(`<link rel="canonical" href="${SITE_URL}/${slug}"/>`);
      expect(html, `?t=${t}`).toContain(`<meta property="og:url" content="${SITE_URL}/${slug}"/>`);
    }
  });

  test("JSON-LD: the VideoObject has a Clip per spot, with its offsets and a ?t= link", async ({ request }) => {
    for (const { slug: page, spots: pageSpots, duration: length } of reels) {
      const html = await (await request.get(`/${page}`)).text();
      const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}";
      const graph = (JSON.parse(json) as { "@graph": Record<string, unknown>[] })["@graph"];
      const video = graph.find((node) => node["@type"] === "VideoObject") as { hasPart: Record<string, unknown>[] };
      expect(video.hasPart).toEqual(
        pageSpots.map((spot, index) =>
          expect.objectContaining({
            "@type": "Clip",
            name: expect.stringContaining(spot.title),
            startOffset: spot.start,
            endOffset: pageSpots[index + 1]?.start ?? length,
            url: `${SITE_URL}/${page}?t=${spot.start}`,
          }),
        ),
      );
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("?t= gives the browser's own player the moment as a media fragment", async ({ page }) => {
    await page.goto(`/${slug}?t=${middle.start}`);
    for (const source of reel.sources) {
      await expect(page.locator(`main video source[type="${source.type}"]`)).toHaveAttribute(
        "src",
        `${source.src}#t=${middle.start}`,
      );
    }
    await expect(page.locator("main li[aria-current]")).toContainText(middle.title);
  });
});

test.describe("the credits under the player", () => {
  test("list each spot: its moment, title, client and director, the one at the playhead marked", async ({ page }) => {
    await page.goto(`/${slug}`);
    const credits = page.getByRole("region", { name: "In this reel" });
    const items = credits.getByRole("listitem");
    await expect(items).toHaveCount(spots.length);
    for (const [index, spot] of spots.entries()) {
      const item = items.nth(index);
      await expect(
        item.getByRole("link", { name: `Play “${spot.title}” from ${clockTime(spot.start)}` }),
      ).toHaveAttribute("href", `/${slug}?t=${spot.start}`);
      await expect(item).toContainText(spot.title);
      await expect(item).toContainText(spot.client);
      const director = directorOf(spot.artist);
      await expect(item.getByRole("link", { name: director?.name })).toHaveAttribute("href", director?.url ?? "");
    }
    await expect(credits.locator("li[aria-current]")).toHaveCount(1);
    await expect(items.first()).toHaveAttribute("aria-current", "true");
  });

  test("a spot's moment plays the reel from there without a reload, and the marking follows the playhead", async ({
    page,
    player,
  }) => {
    await page.goto(`/${slug}`);
    await player.ready();
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByRole("link", { name: `Play “${middle.title}” from ${clockTime(middle.start)}` }).click();
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThanOrEqual(middle.start);
    expect(await player.playhead()).toBeLessThan(middle.start + 5);
    expect(page.url()).toMatch(new RegExp(`/${slug}$`));
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const items = page.getByRole("region", { name: "In this reel" }).getByRole("listitem");
    await expect(items.nth(spots.indexOf(middle))).toHaveAttribute("aria-current", "true");

    // Played across the next spot's start, the marking moves on by itself.
    const next = spots[spots.indexOf(middle) + 1];
    test.skip(!next, "the reel has no spot after this one");
    await player.video.evaluate((video: HTMLVideoElement, at) => (video.currentTime = at), next.start - 0.5);
    await expect(items.nth(spots.indexOf(next))).toHaveAttribute("aria-current", "true", { timeout: 10_000 });
    await expect(page.locator("main li[aria-current]")).toHaveCount(1);
  });

  test("a director's name opens their page", async ({ page, hydration }) => {
    await page.goto(`/${slug}`);
    await hydration.wait();
    const director = directorOf(middle.artist);
    await page
      .getByRole("region", { name: "In this reel" })
      .getByRole("link", { name: director?.name })
      .first()
      .click();
    await expect(page).toHaveURL(director?.url ?? "");
    await expect(page.locator("h1")).toContainText(director?.name ?? "");
  });
});

test.describe("links to a moment", () => {
  test("?t= starts the reel there when played, and marks that spot", async ({ page, player }) => {
    await page.goto(`/${slug}?t=${middle.start}`);
    await expect(page.locator("main li[aria-current]")).toContainText(middle.title);
    await player.play();
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThanOrEqual(middle.start);
    expect(await player.playhead()).toBeLessThan(middle.start + 5);
  });

  test("#t= does too", async ({ page, player }) => {
    const last = spots[spots.length - 1];
    await page.goto(`/${slug}#t=${last.start}`);
    await player.play();
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThanOrEqual(last.start);
    await expect(page.locator("main li[aria-current]")).toContainText(last.title);
  });

  for (const t of ["-5", "99999999999999999999", "abc"]) {
    test(`?t=${t} starts the reel at 0`, async ({ page, player }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(`/${slug}?t=${t}`);
      expect(response?.status()).toBe(200);
      await player.play();
      await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await player.playhead()).toBeLessThan(spots[1]?.start ?? duration);
      expect(errors).toEqual([]);
    });
  }

  test("“Copy link to this moment” copies the reel's URL at the playhead and says so", async ({
    page,
    context,
    baseURL,
    player,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(`/${slug}?t=${middle.start}`);
    await player.ready();
    const copy = page.getByRole("button", { name: "Copy link to this moment" });
    // Before the reel has played, the moment is the link's.
    await copy.click();
    await expect(page.getByRole("status")).toHaveText(`Link to ${clockTime(middle.start)} copied`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/${slug}?t=${middle.start}`);
    // Then it is wherever the reel is.
    const later = spots[spots.length - 1].start + 1;
    await page.locator("main video").evaluate(async (video: HTMLVideoElement, at) => {
      video.muted = true;
      await video.play();
      video.pause();
      video.currentTime = at;
    }, later);
    await expect.poll(() => player.playhead()).toBeGreaterThanOrEqual(later);
    await copy.click();
    await expect(page.getByRole("status")).toHaveText(`Link to ${clockTime(later)} copied`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/${slug}?t=${Math.floor(later)}`);
  });
});

test.describe("the player's chapters", () => {
  test("video.js's chapters menu lists the spots and plays the one picked", async ({ page, isMobile, player }) => {
    await page.goto(`/${slug}`);
    await startedAndPaused(player);
    const button = page.getByRole("button", { name: "Chapters" });
    await (isMobile ? button.tap() : button.click());
    const items = page.locator(".vjs-chapters-button .vjs-menu-item");
    await expect(items).toHaveCount(spots.length);
    for (const [index, spot] of spots.entries()) expect(await items.nth(index).textContent()).toContain(spot.title);
    const pick = items.nth(spots.indexOf(middle));
    await (isMobile ? pick.tap() : pick.click());
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThanOrEqual(middle.start);
  });

  test("a marker on the seek bar at each chapter's start, named, reached by keyboard, titled on focus", async ({
    page,
    player,
  }) => {
    await page.goto(`/${slug}`);
    await startedAndPaused(player);
    const markers = page.getByRole("group", { name: "Chapters" }).getByRole("button");
    await expect(markers).toHaveCount(spots.length);
    const holder = await page.locator(".vjs-progress-holder").boundingBox();
    for (const [index, spot] of spots.entries()) {
      const marker = markers.nth(index);
      await expect(marker).toHaveAccessibleName(
        new RegExp(`^${spot.title} — ${spot.client}: chapter ${index + 1}, at ${clockTime(spot.start)}$`),
      );
      const box = await marker.boundingBox();
      expect(box!.x + box!.width / 2).toBeCloseTo(holder!.x + (holder!.width * spot.start) / duration, -1);
    }
    // From the seek bar, Tab moves on to the markers; Enter on one plays its chapter.
    await page.locator(".vjs-progress-holder").focus();
    await page.keyboard.press("Tab");
    await expect(markers.first()).toBeFocused();
    const target = spots.indexOf(middle);
    for (let i = 0; i < target; i++) await page.keyboard.press("Tab");
    await expect(markers.nth(target)).toBeFocused();
    await expect(markers.nth(target).locator(".reel-marker-tip")).toBeVisible();
    await expect(markers.nth(target).locator(".reel-marker-tip")).toHaveText(`${middle.title} — ${middle.client}`);
    await page.keyboard.press("Enter");
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThanOrEqual(middle.start);
  });

  test("a marker shows its chapter's title on hover", async ({ page, isMobile, player }) => {
    test.skip(isMobile, "no hover on a touch screen: the thumbnail names the chapter");
    await page.goto(`/${slug}`);
    await startedAndPaused(player);
    const marker = page.locator(".reel-marker").nth(spots.indexOf(middle));
    await marker.hover();
    await expect(marker.locator(".reel-marker-tip")).toBeVisible();
    await expect(marker.locator(".reel-marker-tip")).toHaveText(`${middle.title} — ${middle.client}`);
  });
});

test.describe("seek-bar thumbnails", () => {
  /** The cue of the index at `seconds`: which cell of the sprite the preview must show. */
  async function cellAt(page: Page, seconds: number) {
    const cues = parseWebVtt(await (await page.request.get(mediaPaths.seekThumbnails(slug).index)).text()).cues;
    const cue = cues.find((candidate) => candidate.start <= seconds && seconds < candidate.end);
    const [x, y] = (cue?.text.split("#xywh=")[1] ?? "").split(",");
    return `-${x}px -${y}px`;
  }

  const frame = (page: Page) => page.locator(".reel-seek-frame");

  test("hovering the seek bar shows the frame there, with the time and the chapter", async ({
    page,
    isMobile,
    player,
  }) => {
    test.skip(isMobile, "no hover on a touch screen: see the drag test");
    await page.goto(`/${slug}`);
    await startedAndPaused(player);
    const holder = (await page.locator(".vjs-progress-holder").boundingBox())!;
    // Between two markers, so the pointer is on the slider itself.
    const at = (middle.start + (spots[spots.indexOf(middle) + 1]?.start ?? duration)) / 2;
    await page.mouse.move(holder.x + 2, holder.y + holder.height / 2);
    await page.mouse.move(holder.x + (holder.width * at) / duration, holder.y + holder.height / 2, { steps: 4 });
    await expect(preview(page)).toBeVisible();
    await expect(frame(page)).toHaveCSS(
      "background-image",
      new RegExp(mediaPaths.seekThumbnails(slug).sprite.replaceAll(".", "\\.")),
    );
    await expect(frame(page)).toHaveCSS("background-position", await cellAt(page, at));
    await expect(preview(page)).toContainText(middle.title);
    await page.mouse.move(holder.x + holder.width / 2, holder.y - 200);
    await expect(preview(page)).toBeHidden();
  });

  test("dragging the seek bar, with a finger too, shows the frame under it", async ({ page, isMobile, player }) => {
    await page.goto(`/${slug}`);
    await startedAndPaused(player);
    const holder = (await page.locator(".vjs-progress-holder").boundingBox())!;
    const y = holder.y + holder.height / 2;
    const from = holder.x + holder.width * 0.05;
    const to = holder.x + holder.width * 0.93;
    if (isMobile) {
      const touch = await page.context().newCDPSession(page);
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
      for (let step = 1; step <= 5; step++) {
        await touch.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [{ x: from + ((to - from) * step) / 5, y }],
        });
      }
      await expect(preview(page)).toBeVisible();
      await expect(frame(page)).toHaveCSS("background-position", await cellAt(page, 0.93 * duration));
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect(preview(page)).toBeHidden();
    } else {
      await page.mouse.move(from, y);
      await page.mouse.down();
      // Dragged above the bar: the preview follows the drag, as video.js's slider does.
      await page.mouse.move(to, y - 60, { steps: 5 });
      await expect(preview(page)).toBeVisible();
      await expect(frame(page)).toHaveCSS("background-position", await cellAt(page, 0.93 * duration));
      await page.mouse.up();
      await expect(preview(page)).toBeHidden();
    }
    await expect.poll(() => player.playhead()).toBeGreaterThan(0.85 * duration);
  });
});

test.describe("accessible and within the CSP", () => {
  test("axe finds nothing with the reel started, a marker focused and its menu open; no CSP violation", async ({
    page,
    isMobile,
    csp,
    player,
    axe,
  }) => {
    await page.goto(`/${slug}?t=${middle.start}`);
    await startedAndPaused(player);
    await page.locator(".reel-marker").nth(1).focus();
    const check = () => axe.expectNoViolations();
    await check();
    if (!isMobile) {
      const holder = (await page.locator(".vjs-progress-holder").boundingBox())!;
      await page.mouse.move(holder.x + holder.width * 0.3, holder.y + holder.height / 2);
      await expect(preview(page)).toBeVisible();
      await check();
    }
    expect(await csp.violations()).toEqual([]);
    // The one <style> is the root's, the reel players' shapes (allowed by its hash); video.js injects none.
    await expect(page.locator("style:not([data-reel-frames])")).toHaveCount(0);
  });
});

/** The seek bar's thumbnail, with its caption. */
function preview(page: Page) {
  return page.locator(".reel-seek-preview");
}
