/**
 * The visitor's journeys, written once and run in each engine besides Chromium (gecko.spec.ts,
 * webkit.spec.ts). The Chromium suite checks each feature in depth; these check that it works where
 * engines differ: the CSP, hydration, pointer and motion media queries, video.js's HLS engine over
 * Media Source Extensions (Chromium plays HLS natively and never runs it), and WebKit's autoplay
 * and media rules. Every journey ends by checking that no page logged an error or a CSP violation.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { expect, test as base } from "#tests/support/fixtures.ts";
import resolveConfig from "tailwindcss/resolveConfig.js";

import { artists, captions, reels } from "#app/content/index.ts";
import { PAGE_LANGUAGE } from "#model/page-language.ts";
import { inPageLanguageFirst } from "#model/cues/captions.ts";
import { freshText, scriptLines } from "#model/cues/cue-text.ts";
import { clockTime } from "#app/reel/timeline.ts";
import { plainText } from "#model/cues/webvtt.ts";
import tailwindConfig from "../../../tailwind.config.ts";
import { segmentSpan } from "#tests/support/hls.ts";
import { engineCues, expectServedAsOriginals } from "#tests/support/text-track.ts";
import { firstScreenTiming } from "#tests/support/hydration.ts";
import { ARTIST_SHAPE_PAGES } from "#tests/support/artist-shapes.ts";
import { SECTION_PAGES } from "#tests/support/pages.mjs";
import type { Engine, EngineDriver } from "#tests/support/engines/driver.ts";

const PHONE = 390;
const DESKTOP = 1440;
/** Below the site's narrowest breakpoint, every width lays a page out as a phone. */
const NARROWEST_BREAKPOINT = Math.min(
  ...Object.values(resolveConfig(tailwindConfig).theme.screens as Record<string, string>).map(parseFloat),
);

/**
 * A phone's width, or the narrowest the engine's window takes (WebKitGTK's MiniBrowser: 447 px),
 * which must still be below every breakpoint, so the phone's layout is what is tested.
 */
async function phoneWidth(site: EngineDriver) {
  const width = await site.resize(PHONE);
  expect(width, "a viewport laid out as a phone's").toBeLessThan(NARROWEST_BREAKPOINT);
}

const hydrated = (site: EngineDriver) =>
  expect.poll(() => site.run(() => window.__pressedBeforeHydration === null), { timeout: 30_000 }).toBe(true);

/** Moves the mouse over an element's centre, or a fraction of its width from its left edge. */
async function hover(site: EngineDriver, selector: string, across = 0.5) {
  const box = await site.run((target: string) => {
    const element = document.querySelector(target)!;
    element.scrollIntoView({ block: "center" });
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  }, selector);
  await site.moveMouse(box.x + box.width * across, box.y + box.height / 2);
}

/** A real click on the button showing this text. */
async function pressButton(site: EngineDriver, text: string) {
  await site.run((label: string) => {
    const button = [...document.querySelectorAll("button")].find(
      (candidate) => candidate.textContent?.trim() === label,
    );
    if (!button) throw new Error(`no button "${label}"`);
    button.dataset.journeyPress = "";
  }, text);
  await site.click("[data-journey-press]");
  await site.run(() =>
    document.querySelector<HTMLElement>("[data-journey-press]")?.removeAttribute("data-journey-press"),
  );
}

/** How many of the directors' clips are playing. */
const clipsPlaying = (site: EngineDriver) =>
  site.run(
    () =>
      [...document.querySelectorAll<HTMLVideoElement>("video[data-director-clip]")].filter((video) => !video.paused)
        .length,
  );

const playhead = (site: EngineDriver) =>
  site.run(() => document.querySelector<HTMLVideoElement>("main video")!.currentTime);

const previewToggle = (title: string) => `button[aria-label="Play preview: ${title}"]`;
/** Whether a thumbnail's animation is shown. */
const previewShown = (site: EngineDriver, title: string) =>
  site.run((toggle: string) => {
    const animated = document
      .querySelector(toggle)
      ?.parentElement?.querySelector<HTMLImageElement>("img[data-animated]");
    return !!animated && !animated.hidden;
  }, previewToggle(title));

/** A captions track's lines as a script reads them: a speaker's name before what they say. */
const scriptOf = (cues: readonly { text: string }[]) =>
  cues.flatMap((cue, index) =>
    scriptLines(freshText(cue.text, cues[index - 1]?.text)).map(({ speaker, text }) =>
      speaker ? `${speaker}: ${text}` : text,
    ),
  );

export function defineJourneys(engine: Engine) {
  // Playwright's own reducedMotion option says which journeys ask the engine for reduced motion.
  const test = base.extend<{ site: EngineDriver }>({
    site: async ({ baseURL, reducedMotion }, use, testInfo) => {
      const missing = engine.missing();
      // On a laptop without the engine, say so; in CI (where npm test installs it) it fails.
      testInfo.skip(!!missing && !process.env.CI, missing);
      const options = { baseURL: baseURL!, reducedMotion: reducedMotion === "reduce" };
      const site = await (engine.visit ? engine.visit(options) : engine.open(options));
      await use(site);
      try {
        // A page that stopped answering (WebKitGTK's media pipeline has hung one) fails the test
        // and still has its browser closed: left running, it spun a core for the rest of the run.
        const timeout = sleep(10_000).then(() => ["the page stopped answering the driver"]);
        const problems = await Promise.race([site.problems(), timeout]);
        expect(problems, "errors and CSP violations").toEqual([]);
      } finally {
        await site.close();
      }
    },
  });

  for (const [screen, width] of [
    ["a phone's", PHONE],
    ["a desktop's", DESKTOP],
  ] as const) {
    test(`a page of every kind at ${screen} width: hydrated, with no error and no CSP violation`, async ({ site }) => {
      test.setTimeout(240_000);
      // Chromium's security.spec visits every page; here, each section and reel, and an artist's page per shape.
      const paths = [...SECTION_PAGES, ...ARTIST_SHAPE_PAGES];
      if (width === PHONE) await phoneWidth(site);
      else expect(await site.resize(width)).toBe(width);
      for (const path of paths) {
        await site.goto(path);
        await hydrated(site);
        expect(await site.run(() => document.querySelector("h1")?.textContent?.trim()), path).toBeTruthy();
      }
    });
  }

  test("a press on a link navigates within the page, prefetched on hover where the engine prefetches", async ({
    site,
  }) => {
    await site.goto("/artists/directors");
    await hydrated(site);
    await site.run(() => void Object.assign(window, { sameDocument: true }));
    await hover(site, 'header a[href="/clients"]');
    // Remix prefetches with <link rel=prefetch>, which not every engine implements (Safari doesn't).
    if (await site.run(() => document.createElement("link").relList.supports("prefetch"))) {
      await expect
        .poll(() =>
          site.run(() =>
            performance.getEntriesByType("resource").some((entry) => entry.name.includes("_data=routes%2Fclients")),
          ),
        )
        .toBe(true);
    }
    await site.click('header a[href="/clients"]');
    await expect
      .poll(() => site.run(() => `${location.pathname} ${document.querySelector("h1")?.textContent}`))
      .toBe("/clients Clients");
    // A client navigation keeps the document (and so this property); a full load would not.
    expect(await site.run(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("the phone menu opens and closes", async ({ site }) => {
    await phoneWidth(site);
    await site.goto("/contact");
    await hydrated(site);
    const expanded = () =>
      site.run(() => document.querySelector("header [aria-expanded]")?.getAttribute("aria-expanded"));
    await site.click("header [aria-expanded]");
    await expect.poll(expanded).toBe("true");
    await site.click("header [aria-expanded]");
    await expect.poll(expanded).toBe("false");
  });

  test("the directors' clips play once in view, and one control pauses and plays them all", async ({ site }) => {
    test.setTimeout(90_000);
    await site.goto("/artists/directors");
    await hydrated(site);
    expect(await site.run(() => document.querySelectorAll("video[data-director-clip]").length)).toBe(
      artists.directors.length,
    );
    for (let index = 0; index < artists.directors.length; index++) {
      await site.run(
        (at: number) => document.querySelectorAll("video[data-director-clip]")[at].scrollIntoView({ block: "center" }),
        index,
      );
      await expect
        .poll(
          () =>
            site.run((at: number) => {
              const clip = document.querySelectorAll<HTMLVideoElement>("video[data-director-clip]")[at];
              return !clip.paused && clip.currentTime > 0;
            }, index),
          { message: `clip ${index + 1}`, timeout: 15_000 },
        )
        .toBe(true);
    }
    await pressButton(site, "Pause motion");
    await expect.poll(() => clipsPlaying(site)).toBe(0);
    await pressButton(site, "Play motion");
    await expect.poll(() => clipsPlaying(site)).toBeGreaterThan(0);
  });

  test("a thumbnail's preview plays while the mouse is over it", async ({ site }) => {
    const { title } = reels[0];
    await site.goto("/collective-reels");
    await hydrated(site);
    await hover(site, `main a[href="/${reels[0].slug}"]`);
    await expect.poll(() => previewShown(site, title)).toBe(true);
    await site.moveMouse(1, 1);
    await expect.poll(() => previewShown(site, title)).toBe(false);
  });

  test("selects: a press adds an artist, the header counts it and opens the list", async ({ site }) => {
    const film = artists.directors[0];
    await site.goto("/artists/directors");
    await hydrated(site);
    const add = `button[aria-label="Add to selects: ${film.name}"]`;
    await site.click(add);
    await expect
      .poll(() => site.run((button: string) => document.querySelector(button)?.getAttribute("aria-pressed"), add))
      .toBe("true");
    await expect.poll(() => site.run(() => document.querySelector("[data-selects-count]")?.textContent)).toBe("1");
    await site.click('header a[href^="/selects"]');
    await expect
      .poll(() =>
        site.run(() =>
          [...document.querySelectorAll("[data-selects-list] > li h2")].map((heading) => heading.textContent),
        ),
      )
      .toEqual([film.name]);
    expect(await site.run(() => location.search)).toBe(`?artists=${film.id}`);
  });

  for (const reel of reels) {
    test(`${reel.slug}: plays on from a ?t= link after a press, with seek-bar thumbnails and markers`, async ({
      site,
    }) => {
      test.setTimeout(90_000);
      const from = reel.spots[Math.floor(reel.spots.length / 2)].start;
      await site.goto(`/${reel.slug}?t=${from}`);
      await hydrated(site);
      await expect.poll(() => site.run(() => !!document.querySelector(".vjs-big-play-button"))).toBe(true);
      await site.click(".vjs-big-play-button");
      // Advancing from the linked moment, not merely set to it (on the MP4 where the engine's MSE
      // cannot play the HLS engine's stream: see mse-probe.client.ts).
      await expect.poll(() => playhead(site), { timeout: 40_000 }).toBeGreaterThan(from + 1);
      // Where the engine streams the ladder (over MSE: a blob: source), the first segment it fetched
      // holds the moment.
      const { streamed, segments } = await site.run(() => ({
        streamed: document.querySelector<HTMLVideoElement>("main video")!.currentSrc.startsWith("blob:"),
        segments: performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.endsWith(".ts")),
      }));
      if (streamed) {
        expect(segments.length, "segments fetched").toBeGreaterThan(0);
        const { start, end } = await segmentSpan(segments[0], segments[0]);
        expect(start).toBeLessThanOrEqual(from);
        expect(end).toBeGreaterThan(from);
      }

      // The thumbnails' index loads on the first hover: move until the frame shows its sprite cell.
      await expect
        .poll(
          async () => {
            await hover(site, ".vjs-progress-holder", 0.2);
            await hover(site, ".vjs-progress-holder", 0.6);
            return site.run(() => {
              const frame = document.querySelector(".reel-seek-frame");
              return frame ? getComputedStyle(frame).backgroundImage : "";
            });
          },
          { timeout: 15_000 },
        )
        .toContain(`${reel.slug}-seek.webp`);
      expect(await site.run(() => document.querySelectorAll(".reel-marker").length)).toBe(reel.spots.length);
    });
  }

  test("a reel page hydrates once its first screen has arrived, not when its <video> lets the load event come", async ({
    site,
  }) => {
    await site.goto(`/${reels[0].slug}`);
    await hydrated(site);
    const timing = await site.run(firstScreenTiming);
    expect(timing.imagesEnd).toBeLessThan(Infinity);
    expect(timing.scriptsStart).toBeGreaterThanOrEqual(timing.imagesEnd);
    // WebKitGTK holds the load event back 3.2 s for a <video preload="none">, until video.js takes
    // it over: the scripts must not wait for it. Elsewhere the load event comes with the images.
    expect(timing.scriptsStart).toBeLessThanOrEqual(Math.max(timing.loadStart, timing.imagesEnd + 1000));
  });

  test("a reel's credits and chapters: a press plays, a credit's moment plays from there, the menu lists the spots", async ({
    site,
  }) => {
    test.setTimeout(90_000);
    const { slug, spots } = reels[0];
    const middle = spots[Math.floor(spots.length / 2)];
    await site.goto(`/${slug}`);
    await hydrated(site);
    const credits = 'section[aria-labelledby="reel-credits"] li';
    expect(await site.run((items: string) => document.querySelectorAll(items).length, credits)).toBe(spots.length);
    await expect.poll(() => site.run(() => !!document.querySelector(".vjs-big-play-button"))).toBe(true);
    await site.click(".vjs-big-play-button");
    await expect.poll(() => playhead(site), { timeout: 40_000 }).toBeGreaterThan(1);

    await site.run(() => void Object.assign(window, { sameDocument: true }));
    await site.click(`a[aria-label="Play “${middle.title}” from ${clockTime(middle.start)}"]`);
    await expect.poll(() => playhead(site), { timeout: 20_000 }).toBeGreaterThanOrEqual(middle.start);
    expect(await playhead(site)).toBeLessThan(middle.start + 10);
    expect(await site.run(() => `${location.pathname}${location.search}`)).toBe(`/${slug}`);
    expect(await site.run(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect
      .poll(() =>
        site.run(
          (items: string) =>
            [...document.querySelectorAll(items)].findIndex((item) => item.hasAttribute("aria-current")),
          credits,
        ),
      )
      .toBe(spots.indexOf(middle));

    // Paused, as in the captions journey: playing, video.js hides its control bar 2 s after the
    // last mouse move, which a loaded machine's click can come after (seen in CI).
    await site.run(() => document.querySelector<HTMLVideoElement>("main video")!.pause());
    // video.js hides its chapters button until the menu has items.
    await expect
      .poll(() => site.run(() => document.querySelector(".vjs-chapters-button")?.classList.contains("vjs-hidden")))
      .toBe(false);
    await hover(site, ".vjs-control-bar");
    await site.click(".vjs-chapters-button > button");
    const menu = await site.run(() =>
      [...document.querySelectorAll(".vjs-chapters-button .vjs-menu-item")].map((item) => item.textContent ?? ""),
    );
    expect(menu).toHaveLength(spots.length);
    spots.forEach((spot, index) => expect(menu[index]).toContain(spot.title));
  });

  const captioned = reels.find((reel) => (captions[reel.slug] ?? []).length > 0);
  test("captions chosen in the player's menu show while the reel plays", async ({ site }) => {
    test.skip(!captioned, "no reel has captions");
    test.setTimeout(90_000);
    const track = captions[captioned!.slug]![0];
    await site.goto(`/${captioned!.slug}`);
    await hydrated(site);
    await expect.poll(() => site.run(() => !!document.querySelector(".vjs-big-play-button"))).toBe(true);
    await site.click(".vjs-big-play-button");
    await expect.poll(() => playhead(site), { timeout: 40_000 }).toBeGreaterThan(0);
    // Paused, video.js keeps its control bar in view (playing, it hides it after 2 s without a
    // mouse move, too soon for a loaded machine); the reel plays on once captions are chosen.
    await site.run(() => document.querySelector<HTMLVideoElement>("main video")!.pause());
    await site.click(".vjs-subs-caps-button > button");
    await site.run((label: string) => {
      const item = [...document.querySelectorAll<HTMLElement>(".vjs-subs-caps-button .vjs-menu-item")].find(
        (candidate) => candidate.textContent?.includes(label),
      );
      if (!item) throw new Error(`no captions item "${label}"`);
      item.dataset.journeyPress = "";
    }, track.label);
    await site.click("[data-journey-press]");
    await site.run(() => void document.querySelector<HTMLVideoElement>("main video")!.play());
    // Drawn by video.js where it renders the cues itself (Firefox), by the browser where it lets the
    // browser do so (WebKit, as in Safari): either way, the cue at the playhead is shown.
    const shown = () =>
      site.run(() => {
        const drawn = document.querySelector(".vjs-text-track-display")?.textContent ?? "";
        const native = [...document.querySelector<HTMLVideoElement>("main video")!.textTracks]
          .filter((candidate) => candidate.kind === "captions" && candidate.mode === "showing")
          .flatMap((candidate) =>
            [...(candidate.activeCues ?? [])].map((cue) => (cue as VTTCue).getCueAsHTML().textContent ?? ""),
          );
        return `${drawn} ${native.join(" ")}`;
      });
    const now = await playhead(site);
    const cue = track.cues.find((candidate) => candidate.end > now + 2) ?? track.cues[0];
    await expect.poll(shown, { timeout: 20_000 }).toContain(plainText(cue.text));
  });

  for (const reel of reels.filter((candidate) => (captions[candidate.slug] ?? []).length > 0)) {
    test(`${reel.slug}: the served captions read in the engine as their originals do, and the transcript reads as a script`, async ({
      site,
    }) => {
      await site.goto(`/${reel.slug}`);
      await hydrated(site);
      // Each served file as the engine's own parser reads it, against the same engine's reading of the original.
      const langs = captions[reel.slug]!.map((track) => track.lang);
      await expectServedAsOriginals(reel, langs, (source) => site.run(engineCues, source));
      // The transcript: the page's language first, each line by its speaker, the others marked with theirs.
      const [shown, ...others] = inPageLanguageFirst(captions[reel.slug]!, PAGE_LANGUAGE);
      const transcript = await site.run(() => {
        const heading = [...document.querySelectorAll("h2, h3")].find((h) => h.textContent?.trim() === "Transcript");
        const details = heading?.closest("details");
        const list = details?.querySelector(":scope > ol");
        return {
          lang: list?.getAttribute("lang"),
          text: list?.textContent ?? "",
          others: [...(details?.querySelectorAll("details") ?? [])].map((other) => ({
            lang: other.querySelector("summary")?.getAttribute("lang"),
            listLang: other.querySelector("ol")?.getAttribute("lang"),
            text: other.querySelector("ol")?.textContent ?? "",
          })),
        };
      });
      expect(transcript.lang).toBe(shown.lang);
      for (const line of scriptOf(shown.cues)) expect(transcript.text).toContain(line);
      for (const track of others) {
        const other = transcript.others.find((candidate) => candidate.lang === track.lang);
        expect(other?.listLang, `the transcript in ${track.lang}`).toBe(track.lang);
        for (const line of scriptOf(track.cues)) expect(other!.text).toContain(line);
      }
    });
  }

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("clips and previews stay still until the visitor plays them", async ({ site }) => {
      await site.goto("/artists/directors");
      await hydrated(site);
      expect(await site.run(() => matchMedia("(prefers-reduced-motion: reduce)").matches)).toBe(true);
      // Once hydrated, the control says what a press would do: here, start the clips.
      await expect
        .poll(() =>
          site.run(() =>
            [...document.querySelectorAll("button")].some((button) => button.textContent === "Play motion"),
          ),
        )
        .toBe(true);
      expect(await clipsPlaying(site)).toBe(0);
      await pressButton(site, "Play motion");
      await expect.poll(() => clipsPlaying(site)).toBeGreaterThan(0);

      const { title, slug } = reels[0];
      await site.goto("/collective-reels");
      await hydrated(site);
      await hover(site, `main a[href="/${slug}"]`);
      await expect
        .poll(() =>
          site.run(
            (toggle: string) => document.querySelector(toggle)!.parentElement!.matches(":hover"),
            previewToggle(title),
          ),
        )
        .toBe(true);
      // Two frames: React has rendered whatever the hover changed.
      await site.run(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await previewShown(site, title)).toBe(false);
      await site.click(previewToggle(title));
      await expect.poll(() => previewShown(site, title)).toBe(true);
    });
  });
}
