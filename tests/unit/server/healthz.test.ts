/**
 * /healthz (server/healthz.ts) as the site's app serves it: anyone is told the site is alive and the
 * commit it serves; why a commit was refused only a caller holding SITE_STATUS_TOKEN. Every other
 * caller (no token, a wrong one, one of another length, another scheme) gets the public answer with
 * the same 200, never a 401, and no cache keeps either answer.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { healthBody } from "#model/site-health.ts";
import type { ReleaseStatus } from "#model/site-health.ts";
import { createApp } from "#server/app.ts";
import { type ReleaseHealth, releaseStatus, statusToken } from "#server/healthz.ts";
import { createLogger } from "#server/log.ts";
import { PageCache } from "#server/page-cache.ts";

const TOKEN = "s3cret-status-token-of-the-site-0123456789";
const SERVED = "a".repeat(40);
const REFUSED = { commit: "b".repeat(64), reason: "app/content/artists/directors/unannounced.md:3: name: required" };

let root: string;
const servers: Server[] = [];

/** The site's app on the loopback, its /healthz saying `status` and told of refusals by `token`. */
async function siteSaying(status: ReleaseStatus, token?: string) {
  const release: ReleaseHealth = { status: () => status, token };
  const app = await createApp({
    root,
    build: { assetsBuildDirectory: "public/build", publicPath: "/build/" },
    serving: () => ({ render: async () => new Response("a page"), pageCache: new PageCache(0) }),
    log: createLogger({ destination: { write: () => undefined } }),
    release,
  });
  const server = createServer(app).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (authorization?: string) => {
    const response = await fetch(`${origin}/healthz`, authorization ? { headers: { authorization } } : undefined);
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "healthz-"));
  await mkdir(path.join(root, "public/build"), { recursive: true });
});

afterAll(async () => {
  for (const server of servers) server.close();
  await rm(root, { recursive: true, force: true });
});

describe("/healthz", () => {
  it("tells the public the commit served, never the refusal, and the token's holder why", async () => {
    const ask = await siteSaying({ commit: SERVED, refused: REFUSED }, TOKEN);
    const told = await ask(`Bearer ${TOKEN}`);
    expect(told.status).toBe(200);
    expect(told.body).toEqual({ status: "ok", commit: SERVED, refused: REFUSED });
    // The scheme is case-insensitive (RFC 9110), as any client may spell it.
    expect((await ask(`bearer ${TOKEN}`)).body.refused).toEqual(REFUSED);

    const wrongs = [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}${TOKEN}`,
      `Basic ${TOKEN}`,
      TOKEN,
      `Bearer ${TOKEN} extra`,
      "Bearer ",
    ];
    for (const authorization of wrongs) {
      const answer = await ask(authorization);
      expect(answer.status, authorization).toBe(200);
      expect(answer.body, authorization).toEqual({ status: "ok", commit: SERVED });
    }
  });

  it("answers, to the public and to the token's holder, the body the editing screens read", async () => {
    const ask = await siteSaying({ commit: SERVED, refused: REFUSED }, TOKEN);
    expect(healthBody.parse((await ask()).body)).toEqual({ status: "ok", commit: SERVED });
    expect(healthBody.parse((await ask(`Bearer ${TOKEN}`)).body).refused).toEqual(REFUSED);
  });

  it("is never kept by a cache, and says it differs by the token", async () => {
    const ask = await siteSaying({ commit: SERVED, refused: REFUSED }, TOKEN);
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const { headers } = await ask(authorization);
      expect(headers.get("Cache-Control"), authorization).toBe("no-store");
      expect(headers.get("Vary"), authorization).toMatch(/\bAuthorization\b/);
      expect(headers.get("Content-Type"), authorization).toBe("application/json; charset=utf-8");
    }
  });

  it("tells nobody why without SITE_STATUS_TOKEN, whatever they send; says nothing of a refusal there is not", async () => {
    const untold = await siteSaying({ commit: SERVED, refused: REFUSED });
    for (const authorization of [undefined, `Bearer ${TOKEN}`, "Bearer "])
      expect((await untold(authorization)).body, authorization).toEqual({ status: "ok", commit: SERVED });
    const clean = await siteSaying({ commit: null }, TOKEN);
    expect((await clean(`Bearer ${TOKEN}`)).body).toEqual({ status: "ok", commit: null });
  });
});

describe("SITE_STATUS_TOKEN", () => {
  it("unset or empty: nobody is told; set: taken as it is", () => {
    expect(statusToken({})).toBeUndefined();
    expect(statusToken({ SITE_STATUS_TOKEN: "" })).toBeUndefined();
    expect(statusToken({ SITE_STATUS_TOKEN: TOKEN })).toBe(TOKEN);
    expect(releaseStatus({ SITE_STATUS_TOKEN: TOKEN, SITE_COMMIT: SERVED })).toMatchObject({ token: TOKEN });
    expect(releaseStatus({ SITE_COMMIT: SERVED }).status()).toEqual({ commit: SERVED });
  });

  it("refused at start when shorter than 32 characters or not sendable in a header, naming the setting, not its value", () => {
    const short = "x".repeat(31);
    expect(() => statusToken({ SITE_STATUS_TOKEN: short })).toThrow(
      "SITE_STATUS_TOKEN must be at least 32 characters: letters, digits or punctuation, no spaces (e.g. `openssl rand -hex 32`): got 31",
    );
    expect(() => releaseStatus({ SITE_STATUS_TOKEN: short })).toThrow(/^SITE_STATUS_TOKEN must be/);
    for (const spaced of [`${TOKEN} `, `with a space ${TOKEN}`, `${TOKEN}é`]) {
      let message = "";
      try {
        statusToken({ SITE_STATUS_TOKEN: spaced });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, spaced).toMatch(/^SITE_STATUS_TOKEN must be .*: got one with a space or a character a header/);
      expect(message, spaced).not.toContain(TOKEN);
    }
  });
});
