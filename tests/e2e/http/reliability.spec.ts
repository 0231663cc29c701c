import http from "node:http";
import { once } from "node:events";

import autocannon from "autocannon";

import { artists } from "#app/content/index.ts";
import { SECTION_PAGES } from "#tests/support/pages.mjs";
import { startServer } from "#tests/support/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * The load and shutdown tests start servers of their own on other loopback ports, so they can
 * load one without slowing the shared test server and stop one with SIGTERM.
 */
/** 21 and 22 above the shared server's port (E2E_PORT, default 3210), so side-by-side checkouts never clash. */
const [LOAD_PORT, SHUTDOWN_PORT] = [21, 22].map((offset) => Number(process.env.E2E_PORT ?? 3210) + offset);
test.describe("reliability", () => {
  test.skip(({ isMobile }) => isMobile, "the server's behaviour does not depend on the screen");

  test("/healthz answers 200 with the commit served as JSON, uncached and without a redirect", async ({ request }) => {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await request.fetch("/healthz", { method, maxRedirects: 0 });
      expect(response.status(), method).toBe(200);
      expect(response.headers()["cache-control"], method).toBe("no-store");
      expect(response.headers()["content-type"], method).toBe("application/json; charset=utf-8");
      // An instance that follows no branch serves the build beside it, of no commit it knows.
      if (method === "GET") expect(await response.json()).toEqual({ status: "ok", commit: null });
    }
  });

  test("64 concurrent connections over a mix of pages: zero errors, zero non-2xx", async () => {
    test.setTimeout(60_000);
    const { child, origin } = await startServer(LOAD_PORT);
    try {
      const paths = [
        ...SECTION_PAGES,
        artists.directors[0].url,
        artists.photographers[0].url,
        "/sitemap.xml",
        "/healthz",
      ];
      const result = await autocannon({
        url: origin,
        connections: 64,
        duration: 5,
        requests: paths.map((path) => ({ method: "GET", path })),
        headers: { "accept-encoding": "gzip" },
      });
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      // Every connection got answers (a floor, not a speed: other tests may share the machine).
      expect(result["2xx"]).toBe(result.requests.total);
      expect(result["2xx"]).toBeGreaterThanOrEqual(64 * 2);
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("SIGTERM lets requests in flight finish, then the process exits 0 within 10 s", async () => {
    test.setTimeout(30_000);
    const { child, origin } = await startServer(SHUTDOWN_PORT);
    const exited = once(child, "exit");
    const agent = new http.Agent({ keepAlive: true });

    // A kept-alive connection that sits idle must not hold the process open.
    await fetchText(`${origin}/healthz`, agent);

    // A large download, its reader paused so it is mid-transfer when the signal arrives.
    const download = new Promise<{ status: number; received: number; expected: number }>((resolve, reject) => {
      http
        .get(`${origin}/videos/reels/reel-2020.mp4`, { agent }, (response) => {
          response.pause();
          let received = 0;
          response.on("data", (chunk: Buffer) => (received += chunk.length));
          response.on("end", () =>
            resolve({ status: response.statusCode!, received, expected: Number(response.headers["content-length"]) }),
          );
          setTimeout(() => response.resume(), 1_500);
        })
        .on("error", reject);
    });
    // Pages requested at the same moment as the signal, each on a connection of its own: one sent on the
    // idle kept-alive connection can cross the server's closing it (HTTP's own race, which browsers
    // answer by sending again), and a loaded run read that as ECONNRESET.
    const fresh = new http.Agent({ keepAlive: false });
    const pages = SECTION_PAGES.map((path) => fetchText(origin + path, fresh));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    child.kill("SIGTERM");
    const [[code], finishedDownload, ...finishedPages] = await Promise.all([exited, download, ...pages]);
    const seconds = (Date.now() - signalled) / 1000;

    expect(finishedDownload.status).toBe(200);
    expect(finishedDownload.received).toBe(finishedDownload.expected);
    for (const page of finishedPages) expect(page.status).toBe(200);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10);
    // Once it has gone, nothing answers on its port.
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});

function fetchText(url: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      })
      .on("error", reject);
  });
}
