import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { type Engine, type EngineDriver, startXvfb, VIEWPORT_HEIGHT, watchForProblems } from "./driver.ts";

const DRIVER = "/usr/bin/WebKitWebDriver";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
/** How WebDriver names an element in its answers. */
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** A port no one listens on, for the driver. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

/**
 * A GTK settings folder that turns animations off, which WebKitGTK reports to pages as
 * `prefers-reduced-motion: reduce` (GTK reads it from $XDG_CONFIG_HOME/gtk-3.0/settings.ini).
 */
function reducedMotionConfig(): string {
  const home = mkdtempSync(join(tmpdir(), "webkit-reduced-motion-"));
  mkdirSync(join(home, "gtk-3.0"));
  writeFileSync(join(home, "gtk-3.0", "settings.ini"), "[Settings]\ngtk-enable-animations=0\n");
  return home;
}

/**
 * WebKit, the engine of every iPhone: Debian's WebKitGTK (MiniBrowser) driven by its
 * WebKitWebDriver on a virtual display, since Playwright's own WebKit build cannot be downloaded
 * everywhere. The WebDriver client is the few HTTP calls below: the maintained clients
 * (webdriverio, selenium-webdriver) bring a driver manager and dozens of packages for what is six
 * endpoints here.
 */
export const webkit: Engine = {
  name: "WebKit",
  missing: () =>
    existsSync(DRIVER) && existsSync("/usr/bin/Xvfb")
      ? undefined
      : "no WebKitWebDriver or Xvfb (npm test installs Debian's webkit2gtk-driver and xvfb as root: scripts/setup/ensure-engines.mjs)",

  async open({ baseURL, reducedMotion }) {
    const xvfb = await startXvfb();
    const port = await freePort();
    const config = reducedMotion ? reducedMotionConfig() : undefined;
    const env = { ...process.env, DISPLAY: xvfb.display, ...(config && { XDG_CONFIG_HOME: config }) };
    // A process group of its own (detached), so that closing ends MiniBrowser and its web process too.
    const driverProcess = spawn(DRIVER, [`--port=${port}`], { stdio: "ignore", env, detached: true });

    async function webdriver<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
      if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value.error} ${value.message}`);
      return value;
    }

    for (
      let tries = 0;
      !(await fetch(`http://127.0.0.1:${port}/status`).then(
        (r) => r.ok,
        () => false,
      ));
      tries++
    ) {
      if (tries > 100) throw new Error("WebKitWebDriver did not start in 20 s");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { sessionId } = await webdriver<{ sessionId: string }>("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
        },
      },
    });
    const session = (method: string, path: string, body?: unknown) =>
      webdriver<unknown>(method, `/session/${sessionId}${path}`, body);
    const run = <T, A extends unknown[]>(fn: (...args: A) => T, ...args: A) =>
      session("POST", "/execute/async", {
        // Awaits what fn returns, so that a promise's value comes back as for Firefox.
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve((${fn.toString()}).apply(null, Array.from(arguments).slice(0, -1))).then(done, (e) => done({ __error: String(e) }));`,
        args,
      }).then((value) => {
        const failure = (value as { __error?: string } | null)?.__error;
        if (failure) throw new Error(failure);
        return value as Awaited<T>;
      });
    const problems: string[] = [];

    const driver: EngineDriver = {
      async goto(path) {
        problems.push(
          ...((await run(() => (window as Window & { __problems?: string[] }).__problems ?? []).catch(
            () => [],
          )) as string[]),
        );
        await session("POST", "/url", { url: `${baseURL}${path}` });
        // WebDriver offers no script before a page's own: errors before this still leave the page
        // unhydrated, which the journeys see.
        await run(watchForProblems);
      },
      run,
      async click(selector) {
        const element = (await session("POST", "/element", { using: "css selector", value: selector })) as Record<
          string,
          string
        >;
        await session("POST", `/element/${element[ELEMENT] ?? Object.values(element)[0]}/click`, {});
      },
      async moveMouse(x, y) {
        await session("POST", "/actions", {
          actions: [
            {
              type: "pointer",
              id: "mouse",
              parameters: { pointerType: "mouse" },
              actions: [{ type: "pointerMove", duration: 0, origin: "viewport", x: Math.round(x), y: Math.round(y) }],
            },
          ],
        });
      },
      async resize(width) {
        // The window's rectangle holds the browser's own frame: size it, then correct by what the
        // page measures. MiniBrowser's toolbar keeps the window 447 px wide at the least.
        let frame = { width, height: VIEWPORT_HEIGHT };
        let inner: number[] = [];
        for (let tries = 0; tries < 2; tries++) {
          await session("POST", "/window/rect", frame);
          inner = await run(() => [innerWidth, innerHeight]);
          frame = { width: frame.width + width - inner[0], height: frame.height + VIEWPORT_HEIGHT - inner[1] };
        }
        return inner[0];
      },
      async problems() {
        return [
          ...problems,
          ...((await run(() => (window as Window & { __problems?: string[] }).__problems ?? [])) as string[]),
        ];
      },
      async close() {
        // A hung page leaves the driver without an answer: give it a few seconds, then end them all.
        await Promise.race([session("DELETE", "").catch(() => undefined), sleep(5_000)]);
        try {
          process.kill(-driverProcess.pid!, "SIGKILL");
        } catch {
          // The driver and its browser have already gone.
        }
        xvfb.stop();
        if (config) rmSync(config, { recursive: true, force: true });
      },
    };
    await driver.resize(1440);
    return driver;
  },
};
