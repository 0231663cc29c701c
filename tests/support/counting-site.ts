/**
 * What the editing screen's figures are tested on (tests/e2e/editing/views.spec.ts, recipient-links.spec.ts):
 * the site's production server counting into an SQLite store, and the single editor's server
 * (startEditServer, without the preview site `npm run edit` starts beside it, which the figures do not
 * need) on a copy of the content, reading that store; visitors of their own in the browser; a reel
 * watched to a given second; and the text a fixed element covers.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, rm } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import { promisify } from "node:util";

import { expect, type Browser, type Page } from "@playwright/test";

import { startEditServer } from "#edit/server/local-editor.ts";
import type { ReelPlayer } from "./reel-player.ts";
import { freePort, scratchProject } from "./scratch-project.ts";
import { startServer } from "./server-process.mjs";
import { SITE_URL } from "./site-url.mjs";

const ROOT = path.join(import.meta.dirname, "../..");
/** What the editing server reads: the content, and the code its pages' scripts and its app are built from. */
const SOURCES = [
  "app/content",
  "edit",
  "analytics",
  "model",
  "content-check",
  "media-build",
  "media-publish",
  "lib",
  "package.json",
  "tsconfig.json",
];
/** The settings both servers read, as the site and `npm run edit` do. */
const SETTINGS = ["ANALYTICS", "ANALYTICS_DB", "ANALYTICS_DATABASE_URL", "ANALYTICS_RECIPIENT_LINKS"] as const;

export interface CountingSite {
  /** The public site. */
  siteOrigin: string;
  /** The editing screen. */
  editOrigin: string;
  stop(): Promise<void>;
}

/** The site and the editing screen over one store; `env` is both servers' further settings. */
export async function startCountingSite(name: string, env: Record<string, string> = {}): Promise<CountingSite> {
  const dir = await scratchProject(`${name}-`, SOURCES);
  await mkdir(path.join(dir, "media"));
  await cp(path.join(ROOT, "media/manifest.json"), path.join(dir, "media/manifest.json"));
  const database = path.join(dir, "data/analytics.sqlite");
  // The editing server reads the site's settings from its environment, as `npm run edit` does.
  const saved = Object.fromEntries(SETTINGS.map((setting) => [setting, process.env[setting]]));
  for (const setting of SETTINGS) delete process.env[setting];
  Object.assign(process.env, { ANALYTICS_DB: database, SITE_URL, ...env });
  // As `npm run edit` does before it starts: the editing app's build (edit/build/), in the copy.
  await promisify(execFile)(path.join(dir, "node_modules/.bin/remix"), ["build", "edit/remix"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
  });
  const editPort = await freePort(2);
  const site = await startServer(editPort + 1, { env: { ANALYTICS_DB: database, SITE_URL, ...env } });
  const { server } = await startEditServer({ root: dir, port: editPort });
  return {
    siteOrigin: site.origin,
    editOrigin: `http://127.0.0.1:${editPort}`,
    async stop() {
      site.child.kill();
      await closeServer(server);
      for (const setting of [...SETTINGS, "SITE_URL", ...Object.keys(env)])
        if (saved[setting] === undefined) delete process.env[setting];
        else process.env[setting] = saved[setting];
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function closeServer(server: Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A visitor of their own: each browser's user agent is another (the address is the same here). */
export async function visitor(browser: Browser, index: number) {
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.${index}.0 Safari/537.36`,
    viewport: { width: 1440, height: 900 },
  });
  return { context, page: await context.newPage() };
}

/** That a visitor's browser holds nothing of the site's: no cookie, no storage entry. */
export async function expectNothingStored({ context, page }: Awaited<ReturnType<typeof visitor>>) {
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
}

/** Plays the reel from its start, four times as fast, pausing at `stopAt` seconds (to the frame) or at its end. */
export async function watch(player: ReelPlayer, stopAt: number) {
  await player.play();
  await player.video.evaluate((video: HTMLVideoElement, at: number) => {
    video.playbackRate = 4;
    const check = () => {
      if (video.currentTime >= at) video.pause();
      else if (!video.ended) video.requestVideoFrameCallback(check);
    };
    video.requestVideoFrameCallback(check);
  }, stopAt);
  await expect
    .poll(() => player.video.evaluate((video: HTMLVideoElement) => video.paused), { timeout: 30_000 })
    .toBe(true);
}

/**
 * The main content's text and table headings that a fixed element's box covers at some scroll
 * position of the page (the boxes overlapping across, and a scroll that brings them level).
 */
export const coveredText = (page: Page) =>
  page.evaluate(() => {
    const fixed = [...document.querySelectorAll("body *")]
      .filter((element) => getComputedStyle(element).position === "fixed")
      .map((element) => element.getBoundingClientRect());
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    const boxes: { text: string; box: DOMRect }[] = [...document.querySelectorAll("main th")].map((heading) => ({
      text: heading.textContent ?? "",
      box: heading.getBoundingClientRect(),
    }));
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) boxes.push({ text: node.textContent ?? "", box });
    }
    return boxes
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) =>
        fixed.some((over) => {
          const [top, bottom] = [box.top + scrollY, box.bottom + scrollY];
          const across = box.left < over.right && box.right > over.left;
          return across && Math.max(0, top - over.bottom) < Math.min(maxScroll, bottom - over.top);
        }),
      )
      .map(({ text }) => text.trim());
  });

/** At 1440 and 390 px: no sideways scroll, no fixed box over text, axe clean; a screenshot of each. */
export async function expectFitsEveryWidth(page: Page, axe: { expectNoViolations(): Promise<void> }, name: string) {
  await mkdir(path.join(ROOT, "test-results/screenshots"), { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Never sideways: a wide table scrolls in its own box; no fixed corner link over a heading or any text.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${width}`,
    ).toBeLessThanOrEqual(0);
    expect(await coveredText(page), `${width}`).toEqual([]);
    await axe.expectNoViolations();
    await page.screenshot({ path: path.join(ROOT, `test-results/screenshots/${name}-${width}.png`), fullPage: true });
  }
}
