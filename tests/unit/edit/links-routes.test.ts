/**
 * The links' JSON API in the editing screen (edit/links/links-routes.ts) over a real SQLite store: a
 * link made, listed with what its visit did, revoked, erased; every refusal naming its field; nothing
 * made while links are off.
 */
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { type AnalyticsStore, openStore } from "#analytics/store.ts";
import type { LinksAnswer } from "#analytics/types.ts";
import { linksRoutes } from "#edit/links/links-routes.ts";
import { isLinkToken } from "#model/shortlist-url.ts";
import { storedEvent } from "#tests/support/analytics-events.ts";

const NOW = new Date("2025-03-10T15:00:00Z");
const NAMES = { reels: {}, artists: { "ada-rowe": "Ada Rowe", "bo-lind": "Bo Lind" } };

let dir = "";
let store: AnalyticsStore;
let origin = "";
let server: http.Server;
let linksOn = true;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "links-routes-"));
  const settings = { enabled: true, retentionDays: 90, recipientRetentionDays: 30 };
  store = await openStore({ ...settings, recipientLinks: true, kind: "sqlite", file: path.join(dir, "a.sqlite") });
  const links = linksRoutes({
    content: () => NAMES,
    open: async () => store,
    settings: () => ({ recipientLinks: linksOn, recipientRetentionDays: 30 }),
    siteUrl: "https://agency.example",
    script: { path: "/edit/links.0123456789abcdef.js", send: (_request, response) => response.end("script") },
    now: () => NOW,
  });
  server = http.createServer((request, response) => {
    void links.serve(request, response, new URL(request.url ?? "/", "http://edit")).then((answered) => {
      if (!answered) response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (body: unknown, type = "application/json") =>
  fetch(`${origin}/edit/api/links`, {
    method: "POST",
    headers: { "content-type": type },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const answerOf = async (response: Response) => [response.status, await response.text()];
const listed = async () =>
  (await (await fetch(`${origin}/edit/api/links?from=2025-03-01&to=2025-03-10`)).json()) as LinksAnswer;

describe("the links' API", () => {
  test("makes a link, lists what its visit did, revokes it, and erases its recipient", async () => {
    const made = await post({
      artists: ["bo-lind", "ada-rowe", "bo-lind"],
      recipient: "  Juniper Films — Sam ",
      expires: "2025-03-31",
    });
    expect(made.status).toBe(201);
    const { id, url, plainUrl } = (await made.json()) as { id: string; url: string; plainUrl: string };
    const token = new URL(url).searchParams.get("link");
    expect(url).toBe(`https://agency.example/selects?artists=bo-lind,ada-rowe&link=${token}`);
    expect(plainUrl).toBe("https://agency.example/selects?artists=bo-lind,ada-rowe");
    expect(isLinkToken(token)).toBe(true);

    const opened = storedEvent({ name: "shortlist", day: "2025-03-10", at: Date.parse("2025-03-10T09:00:00Z") });
    await store.insert([{ ...opened, shortlist: "ada-rowe,bo-lind", link: id }]);
    const [link] = (await listed()).links;
    expect(link).toMatchObject({
      id,
      recipient: "Juniper Films — Sam",
      artists: ["bo-lind", "ada-rowe"],
      url,
      plainUrl: "https://agency.example/selects?artists=bo-lind,ada-rowe",
      expires: "2025-04-01T00:00:00.000Z",
      revoked: false,
      active: true,
      opens: [{ at: "2025-03-10T09:00:00.000Z" }],
    });

    const revoked = await fetch(`${origin}/edit/api/links/${id}`, { method: "DELETE" });
    expect(await revoked.json()).toEqual({ id, revoked: true });
    expect((await listed()).links[0]).toMatchObject({ id, revoked: true, active: false });
    expect(await store.links.active(token!, NOW)).toBeUndefined();

    const erased = await fetch(`${origin}/edit/api/links?recipient=${encodeURIComponent("Juniper Films — Sam")}`, {
      method: "DELETE",
    });
    expect(await erased.json()).toEqual({ erased: 1 });
    expect((await listed()).links).toEqual([]);
    expect(await store.links.events("2025-03-01", "2025-03-10")).toEqual([]);
  });

  test.each([
    [{ artists: [], recipient: "Sam" }, "artists: name at least one artist"],
    [{ artists: ["ada-rowe"], recipient: " " }, "recipient: say whom the link is for"],
    [{ artists: ["ada-rowe"], recipient: "x".repeat(121) }, "recipient: at most 120 characters"],
    [{ artists: ["ada-rowe"], recipient: "Sam\u0007" }, "recipient: no control characters"],
    [{ artists: ["ada-rowe", "cy-moss"], recipient: "Sam" }, "artists: no artist has the id “cy-moss”"],
    [{ artists: ["<b>", "constructor"], recipient: "Sam" }, "artists: no artist has the id “<b>”, “constructor”"],
    [{ artists: "ada-rowe", recipient: "Sam" }, "artists: a list of artists' ids"],
    [
      { artists: ["ada-rowe"], recipient: "Sam", expires: "2025-03-09" },
      "expires: 2025-03-09 is past; choose 2025-03-10 or later",
    ],
    [{ artists: ["ada-rowe"], recipient: "Sam", expires: "31/12/2025" }, "expires: a date as YYYY-MM-DD, or nothing"],
    [{ artists: ["ada-rowe"], recipient: "Sam", name: "extra" }, "body: no field “name”"],
    [["ada-rowe"], "body: a JSON object of artists, recipient and expires"],
    ["{", "the body is not JSON"],
  ])("refuses %j, naming the field", async (body, reason) => {
    expect(await answerOf(await post(body))).toEqual([400, `Bad Request: ${reason}`]);
  });

  test("makes nothing from a form post, nor while links are off, and answers other methods 405", async () => {
    const link = { artists: ["ada-rowe"], recipient: "Sam" };
    expect(await answerOf(await post(link, "text/plain"))).toEqual([
      400,
      "Bad Request: a link is asked for as application/json",
    ]);
    linksOn = false;
    try {
      const [status, text] = await answerOf(await post(link));
      expect([status, text]).toEqual([409, expect.stringContaining("ANALYTICS_RECIPIENT_LINKS=on")]);
      expect((await listed()).enabled).toBe(false);
    } finally {
      linksOn = true;
    }
    const put = await fetch(`${origin}/edit/api/links/abc`, { method: "PUT" });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "DELETE"]);
    expect((await fetch(`${origin}/edit/api/links/nope`, { method: "DELETE" })).status).toBe(404);
    expect((await fetch(`${origin}/edit/api/links?from=tomorrow`)).status).toBe(400);
  });
});
