/**
 * Reels for every visitor (issue 28): captions and the described picture as WebVTT tracks, video.js's
 * menus for them, the live region that reads the described picture, the visitor's choice kept for
 * the next reel, and the transcript in the server's HTML. Every expectation is read from the
 * content, so the tests hold for any valid reels, spots and captions files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import type { Page } from "@playwright/test";

import { captions, reels } from "#app/content/index.ts";
import { PAGE_LANGUAGE } from "#model/page-language.ts";
import { inPageLanguageFirst } from "#model/cues/captions.ts";
import { freshText, scriptLines } from "#model/cues/cue-text.ts";
import { clockTime, momentPath } from "#app/reel/timeline.ts";
import { captionsTrack, descriptionsTrack } from "#model/tracks.ts";
import { numbered, plainText, writeWebVtt } from "#model/cues/webvtt.ts";
import { checkCaptions } from "#content-check/checks/captions.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { engineCues, everShown, expectServedAsOriginals } from "#tests/support/text-track.ts";

/** The captions files the unit tests read, shaped like the W3C's WebVTT parsing tests. */
const UNIT_FILES = join(import.meta.dirname, "../../fixtures/captions");

/** A captions track's lines as a script reads them: a speaker's name before what they say. */
const scriptOf = (cues: readonly { text: string }[]) =>
  cues.flatMap((cue, index) =>
    scriptLines(freshText(cue.text, cues[index - 1]?.text)).map(({ speaker, text }) =>
      speaker ? `${speaker}: ${text}` : text,
    ),
  );

/** A reel with captions, for the journeys that choose them. */
const captioned = reels.find((reel) => (captions[reel.slug] ?? []).length > 0);

/** Opens one of video.js's text track menus and picks an item. */
async function pick(page: Page, isMobile: boolean, menu: "subs-caps" | "descriptions", item: string) {
  const button = page.locator(`.vjs-${menu}-button > button`);
  await (isMobile ? button.tap() : button.click());
  const choice = page.locator(`.vjs-${menu}-button .vjs-menu-item`, { hasText: item });
  await (isMobile ? choice.tap() : choice.click());
}

test.describe("the tracks", () => {
  test.skip(({ isMobile }) => isMobile, "the HTML does not depend on the screen");

  for (const reel of reels) {
    test(`/${reel.slug}: links each captions language and the described picture as WebVTT`, async ({ request }) => {
      const html = await (await request.get(`/${reel.slug}`)).text();
      const tracks = [
        ...(captions[reel.slug] ?? []).map((track) => ({
          kind: "captions",
          src: captionsTrack(reel.slug, track.lang),
          lang: track.lang,
        })),
        { kind: "descriptions", src: descriptionsTrack(reel.slug), lang: "en" },
      ];
      for (const track of tracks) {
        expect(html).toMatch(
          new RegExp(`<track kind="${track.kind}" src="${track.src}" srcLang="${track.lang}" label="[^"]+"/>`),
        );
        const response = await request.get(track.src);
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toBe("text/vtt; charset=utf-8");
        expect(response.headers()["cache-control"]).toContain("max-age");
      }
    });
  }

  test("an unknown reel or language has no track", async ({ request }) => {
    expect((await request.get(captionsTrack(reels[0].slug, "xx"))).status()).toBe(404);
    expect((await request.get(descriptionsTrack("no-such-reel"))).status()).toBe(404);
  });
});

test.describe("as the browser's own WebVTT parser reads them", () => {
  test.skip(({ isMobile }) => isMobile, "the parser does not depend on the screen");

  for (const reel of reels) {
    test(`/${reel.slug}: each served captions file reads as its original, cue for cue, and the described picture as its spots`, async ({
      page,
    }) => {
      await page.goto("/biography");
      const langs = (captions[reel.slug] ?? []).map((track) => track.lang);
      await expectServedAsOriginals(reel, langs, (source) => page.evaluate(engineCues, source));
      const described = await page.evaluate(engineCues, { src: descriptionsTrack(reel.slug) });
      expect(described.map((cue) => cue.startTime)).toEqual(reel.spots.map((spot) => spot.start));
      reel.spots.forEach((spot, index) => {
        expect(described[index].shown).toContain(`${spot.title} for ${spot.client}, directed by`);
        if (spot.description) expect(described[index].shown).toContain(spot.description);
      });
    });
  }

  test("each captions file of the unit tests, served as the site would, reads as its original but for the cues never shown", async ({
    page,
  }) => {
    await page.goto("/biography");
    for (const name of readdirSync(UNIT_FILES).filter((file) => file.endsWith(".vtt"))) {
      const [slug, lang] = name.split(".");
      const text = readFileSync(join(UNIT_FILES, name), "utf8");
      // The film-end file is for a film of 10 s; the others for one longer than every cue.
      const duration = slug === "film-end" ? 10 : 400_000;
      const [track] = checkCaptions([{ name, slug, lang, format: "vtt", text }], { [slug]: duration }).captions[slug];
      const served = await page.evaluate(engineCues, { text: writeWebVtt(numbered(track.cues), track.blocks) });
      const read = everShown(await page.evaluate(engineCues, { text }), duration);
      expect(
        served.map(({ text: _text, ...cue }) => cue),
        name,
      ).toEqual(read.map(({ text: _text, ...cue }) => cue));
    }
  });
});

test.describe("the transcript without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ isMobile }) => isMobile, "the HTML does not depend on the screen");

  for (const reel of reels) {
    test(`/${reel.slug}: the captions and the described picture in time order, each linking to its moment`, async ({
      page,
    }) => {
      await page.goto(`/${reel.slug}`);
      const transcript = page.locator("details", { has: page.getByRole("heading", { name: "Transcript" }) });
      await transcript.locator("summary").first().click();
      const [shown, ...others] = inPageLanguageFirst(captions[reel.slug] ?? [], PAGE_LANGUAGE);
      const list = transcript.locator(":scope > ol");
      await expect(list).toHaveAttribute("lang", shown?.lang ?? PAGE_LANGUAGE);
      const lines = list.getByRole("listitem");
      const heard = scriptOf(shown?.cues ?? []);
      await expect(lines).toHaveCount(heard.length + reel.spots.length);
      const starts: number[] = [];
      for (const line of await lines.all()) {
        const link = line.getByRole("link");
        const href = (await link.getAttribute("href")) ?? "";
        const seconds = Number(new URL(href, "http://site").searchParams.get("t"));
        expect(href).toBe(momentPath(reel.slug, seconds));
        await expect(link).toHaveText(clockTime(seconds));
        starts.push(seconds);
      }
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      // A script: each line by its speaker where the captions name one ("Mara Quist: …").
      for (const line of heard) await expect(list).toContainText(line);
      for (const spot of reel.spots) await expect(list).toContainText(spot.title);
      // The described picture is the page's language, inside any captions language.
      await expect(list.locator(`p[lang="${PAGE_LANGUAGE}"]`)).toHaveCount(reel.spots.length);
      // Every other language reachable without JavaScript, in a <details> of its own, marked as that language.
      for (const track of others) {
        const other = transcript.locator("details", { has: page.locator(`summary[lang="${track.lang}"]`) });
        await other.locator("summary").click();
        await expect(other.locator("ol")).toHaveAttribute("lang", track.lang);
        for (const line of scriptOf(track.cues)) await expect(other.locator("ol")).toContainText(line);
      }
    });
  }
});

test.describe("in the player", () => {
  test.skip(!captioned, "no reel has captions");
  // Each starts the player and works its menus: 10 s alone, over 30 s while the editing screen's
  // spec builds its instance and media beside it (a bound, not a timing).
  test.slow();
  const reel = captioned!;
  const heard = captions[reel.slug]![0];

  test("captions chosen in video.js's menu show on the picture while the reel plays", async ({
    page,
    isMobile,
    player,
  }) => {
    await page.goto(`/${reel.slug}`);
    await player.play();
    await pick(page, isMobile, "subs-caps", heard.label);
    const now = await player.playhead();
    const cue = heard.cues.find((candidate) => candidate.end > now + 1) ?? heard.cues[0];
    await expect(page.locator(".vjs-text-track-display")).toContainText(plainText(cue.text), { timeout: 15_000 });
  });

  test("the described picture reaches a polite live region as its spot begins", async ({ page, isMobile, player }) => {
    await page.goto(`/${reel.slug}`);
    await player.play();
    await pick(page, isMobile, "descriptions", "Described picture");
    const region = page.locator("[aria-live=polite][data-reel-described]");
    // The spot on screen now (a loaded machine may have played into the second by the time the menu answered).
    const spotAt = (seconds: number) =>
      [...reel.spots].reverse().find((spot) => spot.start <= seconds) ?? reel.spots[0];
    const says = (spot: (typeof reel.spots)[number]) => `${spot.title} for ${spot.client}`;
    await expect
      .poll(async () => ((await region.textContent()) ?? "").includes(says(spotAt(await player.playhead()))), {
        timeout: 15_000,
      })
      .toBe(true);
    // Moved to another spot, the region says what is seen there.
    test.skip(reel.spots.length < 2, "the reel has one spot");
    const now = spotAt(await player.playhead());
    const other = reel.spots[(reel.spots.indexOf(now) + 1) % reel.spots.length];
    await player.video.evaluate((video: HTMLVideoElement, at) => (video.currentTime = at), other.start + 0.2);
    await expect(region).toContainText(says(other), { timeout: 10_000 });
  });

  test("a menu opened while the reel plays stays in view until the visitor chooses, however long they read it", async ({
    page,
    isMobile,
    player,
  }) => {
    await page.goto(`/${reel.slug}`);
    await player.play();
    // A finger on a phone, keys on a desktop (video.js keeps the bar for a mouse over it).
    const button = page.locator(".vjs-subs-caps-button > button");
    if (isMobile) await button.tap();
    else {
      await button.focus();
      await page.keyboard.press("Enter");
    }
    // Longer than video.js's 2 s from the last touch or key to hiding the controls.
    await page.waitForTimeout(3_000);
    expect(await player.video.evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
    await expect(page.locator("main .video-js")).not.toHaveClass(/vjs-user-inactive/);
    const choice = page.locator(".vjs-subs-caps-button .vjs-menu-item", { hasText: heard.label });
    await expect(choice).toBeVisible();
    await (isMobile ? choice.tap() : choice.press("Enter"));
    await expect(choice).toHaveAttribute("aria-checked", "true");
  });

  test("the choice carries to the next reel", async ({ page, isMobile, player }) => {
    const other = reels.find(
      (candidate) => candidate !== reel && captions[candidate.slug]?.some((track) => track.lang === heard.lang),
    );
    test.skip(!other, "no second reel has captions in the same language");
    await page.goto(`/${reel.slug}`);
    await player.play();
    await pick(page, isMobile, "subs-caps", heard.label);
    await page.goto(`/${other!.slug}`);
    await player.play();
    const cues = captions[other!.slug]!.find((track) => track.lang === heard.lang)!.cues;
    const now = await player.playhead();
    const cue = cues.find((candidate) => candidate.end > now + 1) ?? cues[0];
    await expect(page.locator(".vjs-text-track-display")).toContainText(plainText(cue.text), { timeout: 15_000 });
  });

  test("the captions settings open from the keyboard, and axe finds nothing there; no CSP violation", async ({
    page,
    isMobile,
    axe,
    csp,
    player,
  }) => {
    test.skip(isMobile, "a keyboard's journey");
    await page.goto(`/${reel.slug}`);
    await player.play();
    await page.locator(".vjs-subs-caps-button > button").focus();
    await page.keyboard.press("Enter");
    const settingsItem = page.locator(".vjs-subs-caps-button .vjs-menu-item", { hasText: "captions settings" });
    await expect(settingsItem).toBeVisible();
    await settingsItem.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /caption settings/i });
    await expect(dialog).toBeVisible();
    await axe.expectNoViolations();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await csp.violations()).toEqual([]);
  });

  test("the captions settings' colour reaches every cue, placed and voiced ones too", async ({
    page,
    isMobile,
    player,
  }) => {
    // Where video.js draws the cues (Chromium, Firefox) its dialog styles them: nothing served may beat it.
    const marked = heard.cues.find((cue) => cue.settings || cue.text.includes("<")) ?? heard.cues[0];
    await page.goto(`/${reel.slug}`);
    await player.play();
    await pick(page, isMobile, "subs-caps", heard.label);
    await pick(page, isMobile, "subs-caps", "captions settings");
    const dialog = page.getByRole("dialog", { name: /caption settings/i });
    await dialog.locator(".vjs-text-color > select").selectOption({ label: "Yellow" });
    await dialog.locator(".vjs-done-button").click();
    await player.video.evaluate((video: HTMLVideoElement, at) => {
      video.currentTime = at;
      video.pause();
    }, marked.start + 0.5);
    const display = page.locator(".vjs-text-track-display");
    await expect(display).toContainText(plainText(marked.text), { timeout: 15_000 });
    const colours = await display.evaluate((element) =>
      [...element.querySelectorAll("*")]
        .filter((node) => [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim()))
        .map((node) => getComputedStyle(node).color),
    );
    expect(colours.length).toBeGreaterThan(0);
    expect(new Set(colours)).toEqual(new Set(["rgb(255, 255, 0)"]));
  });

  test("a transcript's moment plays the reel from there, without a reload", async ({ page, player }) => {
    const line = heard.cues.find((cue) => cue.start > 0) ?? heard.cues[0];
    await page.goto(`/${reel.slug}`);
    await player.ready();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.locator("details summary", { hasText: "Transcript" }).click();
    await page
      .locator("details")
      .getByRole("link", { name: `Play from ${clockTime(line.start)}` })
      .last()
      .click();
    await expect.poll(() => player.playhead(), { timeout: 15_000 }).toBeGreaterThanOrEqual(line.start);
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  });
});
