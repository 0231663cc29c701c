/**
 * Links for one recipient in the editing app (edit/app/loaders/links.server.ts) over a real SQLite
 * store, its loaders and actions given Fetch requests as Remix gives them: a link made, listed with
 * what its visit did, revoked, erased, through the JSON API and through the page's forms; every
 * refusal naming its field; nothing made while links are off; a body past its bound refused unread.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { type AnalyticsStore, openStore } from "#analytics/store.ts";
import type { LinksAnswer } from "#analytics/types.ts";
import {
  linkApiAction,
  linkApiLoader,
  linksApiAction,
  linksApiLoader,
  linksPageAction,
  linksPageLoader,
} from "#edit/app/loaders/links.server.ts";
import { editingOf, loadContextOf } from "#edit/server/editing-context.ts";
import { editingContext } from "#tests/support/editing-context.ts";
import { isLinkToken } from "#model/shortlist-url.ts";
import { storedEvent } from "#tests/support/analytics-events.ts";

const NOW = new Date("2025-03-10T15:00:00Z");
const NAMES = { reels: {}, artists: { "ada-rowe": "Ada Rowe", "bo-lind": "Bo Lind" } };

let dir = "";
let store: AnalyticsStore;
let linksOn = true;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "links-api-"));
  const settings = { enabled: true, retentionDays: 90, recipientRetentionDays: 30 };
  store = await openStore({ ...settings, recipientLinks: true, kind: "sqlite", file: path.join(dir, "a.sqlite") });
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** The load context the screens give the app, its links on the test's store. */
const context = editingContext({
  views: {
    content: () => NAMES,
    figures: () => Promise.reject(new Error("the links ask no figures")),
    now: () => NOW,
  },
  links: {
    open: async () => store,
    settings: () => ({ recipientLinks: linksOn, recipientRetentionDays: 30 }),
    siteUrl: "https://agency.example",
  },
});

/** What Remix gives a route's loader or action for `url`, `params` its dynamic segments. */
const args = (url: string, init: RequestInit = {}, params = {}): ActionFunctionArgs => ({
  request: new Request(`http://edit${url}`, init),
  context,
  params,
});

/** A request to the API, as Remix routes it: /edit/api/links or /edit/api/links/{id}. */
function ask(url: string, init: RequestInit = {}): Promise<Response> {
  const id = /^\/edit\/api\/links\/([^/?]+)/.exec(url)?.[1];
  const method = init.method ?? "GET";
  if (id !== undefined) {
    const asked = args(url, init, { id: decodeURIComponent(id) });
    return Promise.resolve(method === "GET" ? linkApiLoader() : linkApiAction(asked));
  }
  return method === "GET" ? linksApiLoader(args(url, init)) : linksApiAction(args(url, init));
}

const post = (body: unknown, type = "application/json") =>
  ask("/edit/api/links", {
    method: "POST",
    headers: { "content-type": type },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const answerOf = async (response: Response) => [response.status, await response.text()];
const listed = async () => (await (await ask("/edit/api/links?from=2025-03-01&to=2025-03-10")).json()) as LinksAnswer;

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

    const revoked = await ask(`/edit/api/links/${id}`, { method: "DELETE" });
    expect(await revoked.json()).toEqual({ id, revoked: true });
    expect((await listed()).links[0]).toMatchObject({ id, revoked: true, active: false });
    expect(await store.links.active(token!, NOW)).toBeUndefined();

    const erased = await ask(`/edit/api/links?recipient=${encodeURIComponent("Juniper Films — Sam")}`, {
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
    const put = await ask("/edit/api/links/abc", { method: "PUT" });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "DELETE"]);
    const get = await ask("/edit/api/links/abc");
    expect([get.status, get.headers.get("allow")]).toEqual([405, "DELETE"]);
    const patch = await ask("/edit/api/links", { method: "PATCH" });
    expect([patch.status, patch.headers.get("allow")]).toEqual([405, "GET, HEAD, POST, DELETE"]);
    expect((await ask("/edit/api/links/nope", { method: "DELETE" })).status).toBe(404);
    expect((await ask("/edit/api/links/a%2Fb", { method: "DELETE" })).status).toBe(404);
    expect((await ask("/edit/api/links?from=tomorrow")).status).toBe(400);
    expect((await ask("/edit/api/links", { method: "DELETE" })).status).toBe(400);
  });
});

describe("the API's bounds", () => {
  test("refuses a body past 16 KiB, by its Content-Length unread or as it arrives, and makes nothing", async () => {
    const large = JSON.stringify({ artists: ["ada-rowe"], recipient: "x".repeat(17 * 1024) });
    const before = (await listed()).links.length;
    const asked: Record<string, string>[] = [
      { "content-type": "application/json" },
      { "content-type": "application/json", "content-length": String(large.length) },
    ];
    for (const headers of asked) {
      const [status, text] = await answerOf(await ask("/edit/api/links", { method: "POST", headers, body: large }));
      expect([status, text]).toEqual([413, "A link's request is at most 16384 bytes."]);
    }
    expect((await listed()).links).toHaveLength(before);
  });

  test("answers a store that cannot be had with its 503 in words, never a stack", async () => {
    const broken = loadContextOf({
      ...editingOf(context),
      links: {
        open: () => Promise.reject(new Error("SQLITE_CANTOPEN")),
        settings: () => ({ recipientLinks: true, recipientRetentionDays: 30 }),
        siteUrl: "https://agency.example",
      },
    });
    const answer = await linksApiLoader({
      request: new Request("http://edit/edit/api/links"),
      context: broken,
      params: {},
    });
    expect([answer.status, await answer.text()]).toEqual([503, "The analytics store did not answer: SQLITE_CANTOPEN"]);
    const page = await linksPageLoader({ request: new Request("http://edit/edit/links"), context: broken, params: {} });
    expect([page.answer, page.problem]).toEqual([null, "The analytics store did not answer: SQLITE_CANTOPEN"]);
  });
});

/** What the page's action answers, as its JSON reads. */
interface Posted {
  intent: string;
  message: string;
  made?: { recipient: string; url: string; plainUrl: string };
}

/** The page's form posted as a browser posts it, without the page's script or with it. */
const submit = async (fields: Record<string, string>): Promise<[number, Posted]> => {
  const answer = await linksPageAction(
    args("/edit/links", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return [answer.status, (await answer.json()) as Posted];
};

describe("the Links page", () => {
  test("shows the days asked, the content's names, the prefill and the links, or why there are none", async () => {
    const page = await linksPageLoader(args("/edit/links?from=2025-03-01&to=2025-03-10&artists=ada-rowe"));
    expect(page).toMatchObject({
      range: { from: "2025-03-01", to: "2025-03-10" },
      today: "2025-03-10",
      content: NAMES,
      artists: "ada-rowe",
      problem: "",
      answer: { enabled: true, retentionDays: 30 },
    });
    const asked = await linksPageLoader(args("/edit/links?from=2025-03-11"));
    expect([asked.range, asked.answer, asked.problem]).toEqual([
      { from: "2025-03-11", to: "" },
      null,
      "Bad Request: from: 2025-03-11 is after to (2025-03-10)",
    ]);
  });

  test("makes a link from the form's fields, refuses naming the field with the form as typed, revokes and erases", async () => {
    const shortlist = "https://agency.example/selects?artists=bo-lind,ada-rowe";
    const [status, made] = await submit({ intent: "make", shortlist, recipient: " Northlight — Ola ", expires: "" });
    expect(status).toBe(200);
    expect(made).toMatchObject({
      intent: "make",
      message: "Made a link for “Northlight — Ola”.",
      made: { recipient: "Northlight — Ola", plainUrl: shortlist },
    });
    const url = made.made?.url ?? "";
    expect(url).toMatch(new RegExp(`^${shortlist.replaceAll("?", "\\?")}&link=[A-Za-z0-9_-]{22}$`));
    const [link] = (await listed()).links.filter(({ recipient }) => recipient === "Northlight — Ola");
    expect(link).toMatchObject({ url, expires: null, active: true });

    const typed = { shortlist: "ada-rowe", recipient: "Sam", expires: "2025-03-09" };
    expect(await submit({ intent: "make", ...typed })).toEqual([
      400,
      {
        intent: "make",
        message: "Expires: 2025-03-09 is past; choose 2025-03-10 or later.",
        refused: { field: "expires", error: "Expires: 2025-03-09 is past; choose 2025-03-10 or later." },
        typed,
      },
    ]);

    expect(await submit({ intent: "revoke", id: link.id, recipient: link.recipient })).toEqual([
      200,
      {
        intent: "revoke",
        message: "Revoked the link for “Northlight — Ola”: it still shows the shortlist, but counts nothing more.",
      },
    ]);
    expect((await listed()).links.find(({ id }) => id === link.id)).toMatchObject({ revoked: true, active: false });
    expect(await submit({ intent: "revoke", id: "nope", recipient: "x" })).toEqual([
      404,
      { intent: "revoke", message: "No link has that id." },
    ]);
    expect(await submit({ intent: "erase", recipient: "Northlight — Ola" })).toEqual([
      200,
      { intent: "erase", message: "Erased 1 link made for “Northlight — Ola”, and what their visits did." },
    ]);
    expect((await listed()).links.some(({ recipient }) => recipient === "Northlight — Ola")).toBe(false);
    expect(await submit({ intent: "publish" })).toEqual([
      400,
      { intent: "none", message: "Bad Request: intent: make, revoke or erase" },
    ]);
  });

  test("makes nothing while links are off", async () => {
    linksOn = false;
    try {
      const [status, answer] = await submit({ intent: "make", shortlist: "ada-rowe", recipient: "Sam" });
      expect([status, answer.message]).toEqual([409, expect.stringContaining("ANALYTICS_RECIPIENT_LINKS=on")]);
    } finally {
      linksOn = true;
    }
  });
});
