import { existsSync } from "node:fs";

import puppeteer, { type JSHandle } from "puppeteer-core";

import { type Engine, type EngineDriver, startXvfb, VIEWPORT_HEIGHT, watchForProblems } from "./driver.ts";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

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
    const xvfb = await startXvfb();
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: false,
      env: { ...process.env, DISPLAY: xvfb.display },
      extraPrefsFirefox: { "ui.prefersReducedMotion": reducedMotion ? 1 : 0 },
    });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
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

    const driver: EngineDriver = {
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
      async close() {
        await browser.close();
        xvfb.stop();
      },
    };
    return driver;
  },
};
