import type { ChildProcess } from "node:child_process";

import { artists } from "#app/content/index.ts";
import { REEL_PAGES } from "#tests/support/pages.mjs";
import { encodedRequest } from "#tests/support/raw-http.ts";
import { startServer, stopProcess } from "#tests/support/server-process.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * A page already in the page cache is answered before Express (server/cache-hit.ts), with the same
 * answer the full path gives. A grid, an artist's page and a reel's page, each asked first of a
 * server that has not kept it (Express renders it, keeps it and answers) and then again (a hit):
 * the same status, headers (in order, byte for byte, but Date and X-Page-Cache) and body bytes, in
 * br, gzip and identity, with and without a matching If-None-Match; a HEAD of the hit gets the
 * GET's headers and no body. A 404 and a redirect, never kept, go the full path every time. Which
 * path answered is read from the server's log at the debug level, where Express's request line is at
 * info and a hit's at debug; the hits are counted in the metrics all the same.
 */

const KEPT = ["/artists/directors", artists.directors[0].url, REEL_PAGES[0]];
const NEVER_KEPT = ["/artists/film/nobody-by-this-name", "/"];
const ACCEPT_ENCODING = { br: "gzip, deflate, br", gzip: "gzip", identity: "identity" };
/** Headers that differ from one answer to the next by design. */
const PER_REQUEST = new Set(["date", "x-page-cache"]);

/** Express's request line (info), or a hit's answered before it (debug). */
const PATHS: Record<number, string> = { 30: "full path", 20: "before Express" };

interface LoggedServer {
  child: ChildProcess;
  origin: string;
  metrics: string;
  /** The level of each "request completed" line, in order. */
  levels: number[];
}

/**
 * 24 and 25 above the shared server's port (E2E_PORT, default 3210), so side-by-side checkouts never
 * clash; one server at a time (the tests run serially).
 */
const [PORT, METRICS_PORT] = [24, 25].map((offset) => Number(process.env.E2E_PORT ?? 3210) + offset);

/** A production server logging at the debug level, with metrics, that has kept nothing yet. */
async function startLogged(): Promise<LoggedServer> {
  const env = { LOG_LEVEL: "debug", METRICS_PORT: String(METRICS_PORT), ANALYTICS: "off" };
  const { child, origin } = await startServer(PORT, { env, stdio: ["ignore", "pipe", "inherit"] });
  const levels: number[] = [];
  let rest = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop()!;
    for (const line of lines) {
      const { level, msg } = JSON.parse(line) as { level: number; msg: string };
      if (msg === "request completed") levels.push(level);
    }
  });
  return { child, origin, metrics: `http://127.0.0.1:${METRICS_PORT}/metrics`, levels };
}

/** Asks `server` for `path`; the answer, with the path that gave it (read from its log line). */
async function ask(server: LoggedServer, path: string, headers: Record<string, string>, method = "GET") {
  const logged = server.levels.length;
  const answer = await encodedRequest(server.origin + path, headers, method);
  await expect.poll(() => server.levels.length, { message: `${method} ${path}'s log line` }).toBe(logged + 1);
  const headerLines = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2)
    if (!PER_REQUEST.has(answer.rawHeaders[i].toLowerCase()))
      headerLines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
  return {
    status: answer.status,
    headerLines,
    body: answer.body.toString("base64"),
    source: answer.headers["x-page-cache"],
    path: PATHS[server.levels[logged]] ?? `level ${server.levels[logged]}`,
  };
}

/**
 * Each kept page asked as `headersFor` it say, of a server that has kept nothing: the miss, then the
 * hit and a HEAD of it, compared. Returns each page's ETag.
 */
async function missThenHits(headersFor: (path: string) => Record<string, string>, expectedStatus: number) {
  const server = await startLogged();
  const tags: Record<string, string> = {};
  try {
    for (const path of KEPT) {
      const headers = headersFor(path);
      const label = `${path} ${JSON.stringify(headers)}`;
      const miss = await ask(server, path, headers);
      expect([miss.status, miss.source, miss.path], label).toEqual([expectedStatus, "miss", "full path"]);
      const hit = await ask(server, path, headers);
      expect([hit.status, hit.source, hit.path], label).toEqual([expectedStatus, "hit", "before Express"]);
      expect(hit.headerLines, label).toEqual(miss.headerLines);
      expect(hit.body, label).toBe(miss.body);
      const head = await ask(server, path, headers, "HEAD");
      expect([head.status, head.source, head.path], `HEAD ${label}`).toEqual([expectedStatus, "hit", "before Express"]);
      expect(head.headerLines, `HEAD ${label}`).toEqual(miss.headerLines);
      expect(head.body, `HEAD ${label}`).toBe("");
      tags[path] = miss.headerLines.find((line) => line.startsWith("ETag: "))!.slice("ETag: ".length);
    }
    // The hits answered before Express are counted as Express counts a request.
    const scrape = await (await fetch(server.metrics)).text();
    expect(scrape).toMatch(new RegExp(`^page_cache_hits_total ${KEPT.length * 2}$`, "m"));
    const counted = [...scrape.matchAll(/^http_requests_total\{route="([^"]*)".*\} (\d+)$/gm)]
      .filter(([, route]) => route !== "/healthz")
      .reduce((sum, [, , count]) => sum + Number(count), 0);
    expect(counted).toBe(KEPT.length * 3);
  } finally {
    await stopProcess(server.child);
  }
  return tags;
}

test.describe("a page-cache hit, answered before Express", () => {
  test.describe.configure({ mode: "serial" });

  for (const [encoding, acceptEncoding] of Object.entries(ACCEPT_ENCODING))
    test(`is the full path's answer, in ${encoding}, unconditional and revalidated`, async () => {
      test.setTimeout(60_000);
      const tags = await missThenHits(() => ({ "Accept-Encoding": acceptEncoding }), 200);
      if (encoding !== "identity") for (const tag of Object.values(tags)) expect(tag).toMatch(`-${encoding}"`);
      // Revalidated, each page with its tag in this encoding.
      await missThenHits((path) => ({ "Accept-Encoding": acceptEncoding, "If-None-Match": tags[path] }), 304);
    });

  test("a 404 and a redirect, never kept, go the full path every time, the same each time", async () => {
    const server = await startLogged();
    try {
      for (const path of NEVER_KEPT)
        for (const method of ["GET", "HEAD"]) {
          const [first, second] = [await ask(server, path, {}, method), await ask(server, path, {}, method)];
          expect([first.source, first.path, second.source, second.path], `${method} ${path}`).toEqual([
            "miss",
            "full path",
            "miss",
            "full path",
          ]);
          expect(first.status, `${method} ${path}`).toBe(path === "/" ? 302 : 404);
          expect(second.headerLines, `${method} ${path}`).toEqual(first.headerLines);
          expect(second.body, `${method} ${path}`).toBe(first.body);
        }
    } finally {
      await stopProcess(server.child);
    }
  });
});
