import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import Database from "better-sqlite3";

import { EVENT_PATH, MAX_EVENT_BYTES } from "#model/analytics-event.ts";
import { freePort } from "#tests/support/scratch-project.ts";
import { residentMiB, startServer } from "#tests/support/server-process.mjs";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { expect, test } from "#tests/support/fixtures.ts";

/**
 * The event endpoint as robots, visitors who opted out, and hostile clients reach it: none of them
 * is counted, and no body, however made, gets a 5xx or leaves a trace in the store. The server is
 * its own, with a store of its own, so the counts are this spec's alone.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
/** Lighthouse's own user agent (its default emulation), a link preview's, curl's and headless Chromium's. */
const ROBOTS = [
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "curl/8.5.0",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/141.0.0.0 Safari/537.36",
];
const PAGEVIEW = { name: "pageview", url: `${SITE_URL}/clients`, domain: new URL(SITE_URL).hostname, referrer: null };

let server: { child: ChildProcess; origin: string };
let dir: string;
let database: string;

test.describe("the event endpoint", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "analytics-endpoint-"));
    database = path.join(dir, "analytics.sqlite");
    // A heap held small, as a container's limit would: V8 then collects as it goes, so what the
    // process holds after a round is what it keeps, not garbage it has not yet had a reason to free.
    const env = { ANALYTICS_DB: database, SITE_URL, NODE_OPTIONS: "--max-old-space-size=64" };
    server = await startServer(await freePort(), { env });
  });

  test.afterAll(async () => {
    server?.child.kill();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    fetch(server.origin + EVENT_PATH, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME, ...headers },
      body,
    });

  /** The events stored, once the server has written what it holds (it writes every second). */
  async function storedEvents(): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const db = new Database(database, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT count(*) AS n FROM events").get() as { n: number }).n;
    } finally {
      db.close();
    }
  }

  test("robots, curl and visitors who opted out are answered 202 and not counted; a browser is", async () => {
    const refused: Record<string, string>[] = [
      ...ROBOTS.map((userAgent) => ({ "user-agent": userAgent })),
      { "user-agent": "" },
      { "sec-gpc": "1" },
      { dnt: "1" },
    ];
    for (const headers of refused) {
      const response = await post(JSON.stringify(PAGEVIEW), headers);
      expect(response.status, JSON.stringify(headers)).toBe(202);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await storedEvents()).toBe(0);

    const counted = await post(JSON.stringify(PAGEVIEW));
    expect(counted.status).toBe(202);
    expect(counted.headers.get("set-cookie")).toBeNull();
    expect(await storedEvents()).toBe(1);
  });

  test("1000 malformed, oversized, wrong-type and hostile bodies: each 400 or 413, none stored, memory flat", async () => {
    const before = await storedEvents();
    const bodies = hostileBodies(1000);
    const send = async ({ body, headers }: HostileBody) => {
      const response = await post(body, headers);
      const text = await response.text();
      expect([400, 413], `${response.status} for ${describe(body)}: ${text}`).toContain(response.status);
      expect(text).not.toMatch(/\bat .+:\d+:\d+/);
    };
    const sendAll = async (some: HostileBody[]) => {
      for (let start = 0; start < some.length; start += 50) await Promise.all(some.slice(start, start + 50).map(send));
    };
    // A first round warms the server up to the memory it settles at; a second, as long, must not add to it.
    await sendAll(bodies.slice(0, 500));
    const settled = await residentMiB(server.child.pid!);
    await sendAll(bodies.slice(500));
    const after = await residentMiB(server.child.pid!);
    expect(server.child.exitCode, "the server is still running").toBeNull();
    expect(after - settled, `resident memory ${settled.toFixed(1)} → ${after.toFixed(1)} MiB`).toBeLessThan(12);
    expect(await storedEvents()).toBe(before);
  });
});

interface HostileBody {
  body: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const describe = (body: string | Uint8Array) =>
  (typeof body === "string" ? body : `${body.byteLength} bytes`).slice(0, 120);

/**
 * `count` bodies of every kind below, in turn, varied by a seeded generator (the same ones each
 * run): broken JSON, bodies past the limit, fields of the wrong type, and bodies written to hurt.
 */
function hostileBodies(count: number): HostileBody[] {
  let seed = 51;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const valid = {
    name: "progress",
    url: `${SITE_URL}/reel-2021`,
    domain: new URL(SITE_URL).hostname,
    props: {
      reel: "reel-2021",
      play: "0f8fad5b-d9cb-469f-a165-70867728950e",
      seconds: 12,
      duration: 30,
      twentieths: "11111111000000000000",
      spots: "",
      ended: false,
    },
  };
  const strange = [
    null,
    true,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    "",
    "x".repeat(3000),
    [],
    {},
    ["pageview"],
    { $gt: "" },
    "'; DROP TABLE events; --",
    "../../../etc/passwd",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "\u0000",
    "\ud800",
    "NaN",
  ];
  const makers: (() => HostileBody)[] = [
    // Broken JSON: cut short, or with a byte changed.
    () => {
      const text = JSON.stringify(valid);
      return { body: text.slice(0, Math.floor(random() * (text.length - 1))) };
    },
    // (Only a change that leaves no JSON: one inside a string could still make a valid event.)
    () => {
      const text = JSON.stringify(valid);
      for (;;) {
        const at = Math.floor(random() * text.length);
        const broken = text.slice(0, at) + pick(["{", "}", '"', "\\", ",", "\u0000"]) + text.slice(at + 1);
        if (!parsesAsJson(broken)) return { body: broken };
      }
    },
    // Past the limit, as JSON and as bytes.
    () => ({ body: JSON.stringify({ ...valid, url: `${SITE_URL}/${"a".repeat(MAX_EVENT_BYTES)}` }) }),
    () => ({ body: new Uint8Array(MAX_EVENT_BYTES + 1 + Math.floor(random() * 100_000)).fill(0x20) }),
    // A field of the wrong type, or a prop of the wrong type.
    // (A referrer may be null or empty, a domain any host name, spots empty, ended true: those are not picked.)
    () => ({ body: JSON.stringify({ ...valid, [pick(["name", "url", "props"])]: pick(strange) }) }),
    () => ({ body: JSON.stringify({ ...valid, domain: pick(["", "a/b", "x".repeat(300), "<b>", 7, null]) }) }),
    () => ({
      body: JSON.stringify({
        ...valid,
        props: {
          ...valid.props,
          [pick(Object.keys(valid.props))]: pick(strange.filter((value) => value !== true && value !== "")),
        },
      }),
    }),
    // Written to hurt: deep nesting, prototype keys, bytes that are not UTF-8, forms, encoded bodies.
    () => ({ body: `${"[".repeat(4000)}${"]".repeat(4000)}` }),
    () => ({ body: '{"__proto__":{"name":"pageview"},"constructor":{"prototype":{"polluted":1}}}' }),
    () => ({ body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]) }),
    () => ({ body: "name=pageview&url=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    () => ({ body: new Uint8Array(gzipSync(JSON.stringify(valid))), headers: { "content-encoding": "gzip" } }),
    () => ({ body: JSON.stringify({ ...valid, name: "pageview", url: "https://agency.example/%" }) + "\u0000" }),
  ];
  return Array.from({ length: count }, (_, index) => makers[index % makers.length]());
}
