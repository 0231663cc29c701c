/**
 * The server's JSON log (server/log.ts) through the app (server/app.ts), with a stand-in for Remix:
 * one valid JSON line per request, a 404, a redirect, a malformed URL and a thrown error included,
 * each with a request id of its own; a proxy's sane X-Request-Id kept and sent back, any other
 * replaced (and the replacement sent back), none sent to a browser that sent none; health checks
 * left out; the visitor's address only at the debug level; a recipient link's token never.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp, type Render } from "#server/app.ts";
import { createLogger, logLevel, redactedUrl, requestId } from "#server/log.ts";
import { PageCache } from "#server/page-cache.ts";
import { rawRequest, sendRaw } from "#tests/support/raw-http.ts";

const render: Render = async (request) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/throws") throw new Error("secret stack detail");
  if (pathname === "/missing") return new Response("not here", { status: 404 });
  if (pathname === "/moved") return new Response(null, { status: 302, headers: { Location: "/" } });
  return new Response(`<html>${pathname}</html>`, { headers: { "Content-Type": "text/html" } });
};

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
  err?: { message: string; stack: string };
  responseTime?: number;
}

let root: string;

/** An app logging at `level` on a loopback port, and the raw lines it writes. */
async function loggingApp(level: string) {
  const lines: string[] = [];
  const app = await createApp({
    root,
    build: { assetsBuildDirectory: "public/build", publicPath: "/build/" },
    serving: () => ({ render, pageCache: new PageCache(0) }),
    log: createLogger({ level, destination: { write: (line: string) => void lines.push(line) } }),
  });
  const server: Server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return { lines, server, port, origin: `http://127.0.0.1:${port}` };
}

/** The lines once there are `count` (each is written as its answer closes), parsed: each must be JSON. */
async function linesOnce(lines: string[], count: number): Promise<Line[]> {
  await expect.poll(() => lines.length).toBeGreaterThanOrEqual(count);
  for (const line of lines) expect(line.endsWith("\n") && !line.slice(0, -1).includes("\n"), line).toBe(true);
  return lines.map((line) => JSON.parse(line));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "server-log-"));
  await mkdir(path.join(root, "public/build"), { recursive: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the request log", () => {
  let app: Awaited<ReturnType<typeof loggingApp>>;
  beforeAll(async () => {
    app = await loggingApp("info");
  });
  afterAll(async () => {
    await new Promise((resolve) => app.server.close(resolve));
  });

  it("writes one JSON line per request, each with an id of its own, and none for /healthz", async () => {
    const answered: { url: string; status: number; id: string | null }[] = [];
    for (const target of ["/contact", "/missing", "/moved", "/throws", "/healthz"]) {
      const response = await fetch(app.origin + target, { redirect: "manual" });
      const body = await response.text();
      expect(body).not.toContain("secret");
      answered.push({ url: target, status: response.status, id: response.headers.get("X-Request-Id") });
    }
    const malformed = await sendRaw(app.port, rawRequest("/%E0%A4%A"));
    answered.push({ url: "/%E0%A4%A", status: malformed.status, id: malformed.headers["x-request-id"]?.[0] ?? null });
    expect(answered.map(({ status }) => status)).toEqual([200, 404, 302, 500, 200, 400]);
    // A browser sent no id, and is sent none back.
    expect(answered.map(({ id }) => id)).toEqual(answered.map(() => null));

    const lines = await linesOnce(app.lines, 5);
    // Nothing more arrives for the health check.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.lines).toHaveLength(5);
    const logged = answered.filter(({ url }) => url !== "/healthz");
    expect(lines.map((line) => [line.req?.url, line.res?.statusCode])).toEqual(
      expect.arrayContaining(logged.map(({ url, status }) => [url, status])),
    );
    expect(new Set(lines.map((line) => line.req?.id)).size).toBe(lines.length);
    for (const line of lines) {
      expect(line.req?.id, JSON.stringify(line)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(line.req?.method).toBe("GET");
      expect(typeof line.responseTime).toBe("number");
      // No header dump, and no address at the default level.
      expect(Object.keys(line.req ?? {}).sort()).toEqual(["id", "method", "url"]);
      expect(JSON.stringify(line)).not.toMatch(/127\.0\.0\.1|user-agent/i);
    }
    const failed = lines.find((line) => line.req?.url === "/throws");
    expect(failed?.level).toBe(50);
    expect(failed?.err?.stack).toMatch(/^Error: secret stack detail\n {4}at /);
    expect(lines.filter((line) => line.level !== 30)).toEqual([failed]);
  });

  it("keeps a proxy's sane X-Request-Id, replaces any other, and sends the one it logged back", async () => {
    app.lines.length = 0;
    const sent = ["trace-42.a_B", "two words", "x".repeat(65), "a\u00e9b"];
    const echoed: (string | null)[] = [];
    for (const id of sent) {
      const response = await sendRaw(app.port, rawRequest("/contact", { headers: { "X-Request-Id": id } }));
      echoed.push(response.headers["x-request-id"]?.[0] ?? null);
    }
    expect(echoed[0]).toBe("trace-42.a_B");
    for (const replaced of echoed.slice(1)) expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(echoed).size).toBe(4);
    const lines = await linesOnce(app.lines, 4);
    expect(lines.map((line) => line.req?.id).sort()).toEqual([...echoed].sort());
  });
});

describe("a recipient link's token", () => {
  const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-";

  it("is written [redacted], and the rest of the URL as it was sent", () => {
    expect(redactedUrl(`/selects?artists=mira-castell,clara-wren&link=${TOKEN}`)).toBe(
      "/selects?artists=mira-castell,clara-wren&link=[redacted]",
    );
    expect(redactedUrl(`/selects?link=${TOKEN}&artists=a%2Cb&q=mira+c&&x`)).toBe(
      "/selects?link=[redacted]&artists=a%2Cb&q=mira+c&&x",
    );
    // Every one, however its name is spelt for URLSearchParams, and whatever it holds.
    expect(redactedUrl(`/selects?link=${TOKEN}&%6Cink=${TOKEN}&link=&link=%E0%A4%A`)).toBe(
      "/selects?link=[redacted]&%6Cink=[redacted]&link=[redacted]&link=[redacted]",
    );
  });

  it("leaves a URL without one as it is, a malformed one included", () => {
    for (const url of [
      "/",
      "/selects",
      "/selects?",
      "/selects?artists=a&linked=x&q=link",
      "/%E0%A4%A",
      "/x?%E0=%A&link",
    ]) {
      expect(redactedUrl(url)).toBe(url);
    }
  });

  it("never reaches the request's log line", async () => {
    const app = await loggingApp("debug");
    try {
      await (await fetch(`${app.origin}/selects?artists=mira-castell&link=${TOKEN}`)).text();
      const [line] = await linesOnce(app.lines, 1);
      expect(line.req?.url).toBe("/selects?artists=mira-castell&link=[redacted]");
      expect(app.lines.join("")).not.toContain(TOKEN);
    } finally {
      await new Promise((resolve) => app.server.close(resolve));
    }
  });
});

describe("at the debug level", () => {
  it("logs the visitor's address too", async () => {
    const app = await loggingApp("debug");
    try {
      await (await fetch(`${app.origin}/contact`)).text();
      const [line] = await linesOnce(app.lines, 1);
      expect(line.req?.remoteAddress).toMatch(/127\.0\.0\.1$/);
    } finally {
      await new Promise((resolve) => app.server.close(resolve));
    }
  });
});

describe("settings", () => {
  it("takes LOG_LEVEL, info by default, and refuses a level pino does not know", () => {
    expect(logLevel({})).toBe("info");
    expect(logLevel({ LOG_LEVEL: "warn" })).toBe("warn");
    expect(createLogger({ level: "warn" }).level).toBe("warn");
    expect(() => createLogger({ level: "loud" })).toThrow(/loud/);
  });

  it("takes a request id of at most 64 letters, digits, dots, dashes and underscores", () => {
    expect(requestId("abc-DEF_1.2")).toBe("abc-DEF_1.2");
    expect(requestId("y".repeat(64))).toBe("y".repeat(64));
    for (const insane of ["y".repeat(65), "", "a b", "a\nb", "{}", undefined, ["a", "b"]])
      expect(requestId(insane), String(insane)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
  });
});
