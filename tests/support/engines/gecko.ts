import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

import puppeteer, { type Browser, type JSHandle, type Page } from "puppeteer-core";

import { type Engine, type EngineDriver, startXvfb, VIEWPORT_HEIGHT, watchForProblems } from "./driver.ts";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** Firefox on a virtual display of its own, asking for reduced motion or not (a preference of the whole browser). */
async function launch(
  reducedMotion: boolean,
): Promise<{ browser: Browser; display: { stop: () => void }; stop: () => Promise<void> }> {
  const xvfb = await startXvfb();
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: false,
    env: { ...process.env, DISPLAY: xvfb.display },
    extraPrefsFirefox: { "ui.prefersReducedMotion": reducedMotion ? 1 : 0 },
  });
  return {
    browser,
    display: xvfb,
    async stop() {
      await browser.close();
      xvfb.stop();
    },
  };
}

/** The driver of a visitor on `page`; `close` ends the visit. */
async function drive(page: Page, baseURL: string, close: () => Promise<void>): Promise<EngineDriver> {
  const problems: string[] = [];
  page.on("pageerror", (error) =>
    problems.push(`${new URL(page.url()).pathname}: ${error instanceof Error ? error.message : String(error)}`),
  );
  // A console error's own text names its arguments' types only ("JSHandle@error"): each is read
  // in the page, an error as its name and message, anything else as JSON.
  // A page the driver is leaving may log an error as its fetches are cut off (video.js does, with
  // its stream half loaded): the leaving's doing, not the page's. Such an error's arguments can no
  // longer be read, as the page is gone by then; it is left out.
  let leaving = false;
  const gone = Symbol("the page was gone");
  const reading: Promise<void>[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = new URL(page.url()).pathname;
    const whileLeaving = leaving;
    const readArgument = (arg: JSHandle) =>
      arg
        .evaluate((value) =>
          value instanceof Error
            ? `${value.name}: ${value.message}`
            : typeof value === "string"
              ? value
              : JSON.stringify(value),
        )
        .catch(() => (whileLeaving ? gone : arg.toString()));
    reading.push(
      Promise.all(message.args().map(readArgument)).then((args) => {
        if (args.includes(gone)) return;
        problems.push(`${where}: ${args.join(" ") || message.text()}`);
      }),
    );
  });
  await page.evaluateOnNewDocument(watchForProblems);
  await page.setViewport({ width: 1440, height: VIEWPORT_HEIGHT });

  return {
    async goto(path) {
      // Leaving while the page still fetches (video.js, route data) aborts those fetches, which
      // Firefox reports as errors: that would be the test's doing, not the page's.
      if (page.url().startsWith("http")) await page.waitForNetworkIdle({ idleTime: 300, timeout: 15_000 });
      const seen = await page
        .evaluate(() => (window as Window & { __problems?: string[] }).__problems ?? [])
        .catch(() => []);
      problems.push(...seen);
      leaving = true;
      const response = await page.goto(`${baseURL}${path}`, { waitUntil: "load" }).finally(() => (leaving = false));
      if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    },
    // Puppeteer types the arguments as it would pass element handles; these are plain JSON.
    run: <T, A extends unknown[]>(fn: (...args: A) => T, ...args: A) =>
      page.evaluate(fn as (...args: unknown[]) => T, ...args) as Promise<Awaited<T>>,
    click: async (selector) => (await page.waitForSelector(selector, { visible: true }))!.click(),
    moveMouse: (x, y) => page.mouse.move(x, y),
    async resize(width) {
      await page.setViewport({ width, height: VIEWPORT_HEIGHT });
      return page.evaluate(() => innerWidth);
    },
    async problems() {
      await Promise.all(reading);
      const current = await page.evaluate(() => (window as Window & { __problems?: string[] }).__problems ?? []);
      return [...problems, ...current];
    },
    close,
  };
}

/** The browsers kept for visitors, one by motion preference, launched on the first visitor's call. */
const kept = new Map<boolean, ReturnType<typeof launch>>();

/**
 * Gecko: Debian's Firefox ESR (or any Firefox at FIREFOX_PATH), driven over WebDriver BiDi by
 * puppeteer-core, since Playwright's own Firefox build cannot be downloaded everywhere. Headed, on a
 * virtual display: headless Firefox reports neither hover nor a fine pointer, so a desktop visitor's
 * moving thumbnails would never be tested.
 */
export const gecko: Engine = {
  name: "Firefox",
  missing: () =>
    existsSync(FIREFOX) && existsSync("/usr/bin/Xvfb")
      ? undefined
      : `no Firefox at ${FIREFOX} or no Xvfb (npm test installs Debian's firefox-esr and xvfb as root: scripts/setup/ensure-engines.mjs)`,

  async open({ baseURL, reducedMotion }) {
    const firefox = await launch(reducedMotion);
    const page = (await firefox.browser.pages())[0] ?? (await firefox.browser.newPage());
    return drive(page, baseURL, firefox.stop);
  },

  // Firefox takes seconds to start, a user context a fraction of one: its cookies, storage and HTTP
  // cache are its own (Firefox keys them by context), so each visitor still starts with nothing.
  async visit({ baseURL, reducedMotion }) {
    let launched = kept.get(reducedMotion);
    if (!launched) {
      launched = launch(reducedMotion);
      kept.set(reducedMotion, launched);
      // Puppeteer ends its browsers with the process; their display goes too. A launch that failed
      // is forgotten, so the next visitor tries again.
      launched.then(
        ({ display }) => process.once("exit", display.stop),
        () => kept.delete(reducedMotion),
      );
    }
    const firefox = await launched;
    const context = await firefox.browser.createBrowserContext();
    return drive(await context.newPage(), baseURL, async () => {
      // A page that stopped answering can keep its context from closing: its browser goes instead,
      // and the next visitor gets another.
      const closed = await Promise.race([context.close().then(() => true), sleep(10_000, false)]);
      if (!closed) {
        kept.delete(reducedMotion);
        await firefox.stop();
      }
    });
  },
};
