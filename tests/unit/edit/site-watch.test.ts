/**
 * Following saves to the public site (EDIT_SITE_URL): the entry's page a save links to, the site's
 * /healthz read and refused, the watch's rounds against a tiny site served here (asked only while a
 * save waits, a site that does not answer only logged), and the words the author's status and
 * Recent saves use for live and not live.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, test } from "vitest";

import { SavesTable } from "#edit/app/components/saves-table.tsx";
import { type SaveRecord, saveLog } from "#edit/server/save-log.ts";
import { entryOfSubject } from "#edit/server/save-subject.ts";
import { askSite, siteOrigin } from "#edit/server/site-health.ts";
import { siteWatch } from "#edit/server/site-watch.ts";
import { listedSaves } from "#edit/service/recent-saves.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const ADA = { name: "Ada Rowe", email: "ada@agency.example" };
const SITE = "https://www.calloway.example";
const subject = (line: string) => ({ entry: entryOfSubject(line), subject: line });
const TOKEN = "the-public-site's-status-token-0123456789";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A site on the loopback whose /healthz answers `body()` (a string as it is, anything else as JSON). */
async function site(body: () => unknown, type = "application/json") {
  let asked = 0;
  /** Each ask's Authorization header, or null without one. */
  const authorizations: (string | null)[] = [];
  const server = createServer((request, response) => {
    asked++;
    authorizations.push(request.headers.authorization ?? null);
    const value = body();
    response.writeHead(request.url === "/healthz" ? 200 : 404, { "content-type": type });
    response.end(typeof value === "string" ? value : JSON.stringify(value));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: () => asked,
    authorizations,
    /** The site goes down: nothing answers at its address any more. */
    down() {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("the site's /healthz", () => {
  test("EDIT_SITE_URL: an https origin, http on the loopback only, no path", () => {
    expect(siteOrigin("https://www.calloway.example/")).toBe(SITE);
    expect(siteOrigin("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    for (const wrong of ["http://www.calloway.example", "https://www.calloway.example/site", "www.calloway.example"])
      expect(() => siteOrigin(wrong), wrong).toThrow(/^EDIT_SITE_URL must be the public site's origin/);
  });

  test("the served commit and a refusal read; a plain 'ok', a wrong shape or no answer is a problem", async () => {
    const refused = await site(() => ({ status: "ok", commit: A, refused: { commit: B, reason: "x.md:1: bad\n" } }));
    expect(await askSite(refused.origin)).toEqual({
      health: { commit: A, refused: { commit: B, reason: "x.md:1: bad" } },
    });
    const none = await site(() => ({ status: "ok", commit: null }));
    expect(await askSite(none.origin)).toEqual({ health: { commit: null } });
    // The site's health check before it follows a branch: answered, but no commit in it.
    const plain = await site(() => "ok\n", "text/plain");
    expect(await askSite(plain.origin)).toEqual({ problem: expect.stringMatching(/without the commit it serves/) });
    const short = await site(() => ({ status: "ok", commit: "abc" }));
    expect(await askSite(short.origin)).toEqual({ problem: expect.stringMatching(/without the commit/) });
    const closed = plain.origin.replace(/:\d+$/, ":1");
    expect(await askSite(closed)).toEqual({ problem: expect.stringMatching(/did not answer/) });
  });

  test("asked with the site's status token as a Bearer credential, and without one when none is set", async () => {
    const answering = await site(() => ({ status: "ok", commit: A }));
    await askSite(answering.origin, { token: TOKEN });
    await askSite(answering.origin);
    expect(answering.authorizations).toEqual([`Bearer ${TOKEN}`, null]);
  });

  test("a SHA-256 repository's commits (64 hex digits) are read as a SHA-1 one's", async () => {
    const [served, refused] = ["a".repeat(64), "b".repeat(64)];
    const sha256 = await site(() => ({
      status: "ok",
      commit: served,
      refused: { commit: refused, reason: "x.md:1: bad" },
    }));
    expect(await askSite(sha256.origin, { token: TOKEN })).toEqual({
      health: { commit: served, refused: { commit: refused, reason: "x.md:1: bad" } },
    });
    for (const wrong of ["a".repeat(39), "a".repeat(41), "a".repeat(63), "a".repeat(65), "A".repeat(40)]) {
      const odd = await site(() => ({ status: "ok", commit: wrong }));
      expect(await askSite(odd.origin), wrong).toEqual({ problem: expect.stringMatching(/without the commit/) });
    }
  });
});

describe("the watch", () => {
  const pushed = (subject: string, commit: string): SaveRecord => ({
    author: ADA,
    entry: entryOfSubject(subject),
    subject,
    step: "pushed",
    date: new Date().toISOString(),
    commit,
  });

  test("a pushed save becomes live with its link; the site is no longer asked once none waits", async () => {
    const served = await site(() => ({ status: "ok", commit: A }));
    const record = pushed("directors/theo-marchand: update", A);
    const watch = siteWatch({
      origin: served.origin,
      saves: () => [record],
      from: "pushed",
      verdict: async ({ commit }, health) => (commit === health.commit ? { live: true } : undefined),
      everyMs: 20,
      log: () => undefined,
    });
    watch.wake();
    await expect.poll(() => record.step).toBe("live");
    expect(record.link).toBe(`${served.origin}/artists/film/theo-marchand`);
    const asked = served.asked();
    await sleep(100);
    expect(served.asked()).toBe(asked);
    watch.stop();
  });

  test("a refusal makes it not live with the check's words; a site that does not answer is logged once, the save left pushed", async () => {
    const served = await site(() => ({
      status: "ok",
      commit: A,
      refused: { commit: B, reason: "contact.yaml:3: bad" },
    }));
    const refusedSave = pushed("contact: update", B);
    const waiting = pushed("clients: update", "c".repeat(40));
    const lines: string[] = [];
    const watch = siteWatch({
      origin: served.origin,
      saves: () => [waiting, refusedSave],
      from: "pushed",
      verdict: async ({ commit }, { refused }) =>
        refused && commit === refused.commit ? { live: false, reason: refused.reason } : undefined,
      everyMs: 20,
      forMs: 400,
      log: (line) => lines.push(line),
    });
    watch.wake();
    await expect.poll(() => refusedSave.step).toBe("not live");
    expect(refusedSave.message).toBe("contact.yaml:3: bad");
    served.down();
    const unanswered = () => lines.filter((line) => line.includes("did not answer"));
    await expect.poll(() => unanswered().length).toBe(1);
    await sleep(100);
    expect(unanswered()).toHaveLength(1);
    // Refused, or reset if the watch's kept-alive connection was open as the site went down.
    expect(unanswered()[0]).toMatch(/did not answer: fetch failed: .*(ECONNREFUSED|ECONNRESET)/);
    expect([waiting.step, refusedSave.step]).toEqual(["pushed", "not live"]);
    // Ten minutes in the service, 400 ms here: then it is no longer waited for, and the log says so.
    await expect.poll(() => lines.some((line) => line.includes("clients: update: not seen"))).toBe(true);
    expect(waiting.step).toBe("pushed");
    watch.stop();
  });

  test("the token is sent with every ask; without it, a save the answering site never shows is not live, why untold", async () => {
    const served = await site(() => ({ status: "ok", commit: A }));
    const told = pushed("contact: update", B);
    const watchTold = siteWatch({
      origin: served.origin,
      token: TOKEN,
      saves: () => [told],
      from: "pushed",
      verdict: async () => undefined,
      everyMs: 20,
      forMs: 300,
      log: () => undefined,
    });
    watchTold.wake();
    await expect.poll(() => served.authorizations.length).toBeGreaterThan(1);
    expect(new Set(served.authorizations)).toEqual(new Set([`Bearer ${TOKEN}`]));
    const untold = pushed("clients: update", B);
    const lines: string[] = [];
    const watchUntold = siteWatch({
      origin: served.origin,
      refusalsUntold: true,
      saves: () => [untold],
      from: "pushed",
      verdict: async () => undefined,
      everyMs: 20,
      forMs: 300,
      log: (line) => lines.push(line),
    });
    watchUntold.wake();
    await expect.poll(() => untold.step).toBe("not live");
    expect(untold.message).toBe(
      "the site has not shown it within 0.005 minutes. If it refused it, why is private to the site and its log (this service has no EDIT_SITE_TOKEN to ask it).",
    );
    expect(lines).toEqual([
      expect.stringMatching(/clients: update: not seen on .* within 0.005 minutes; no longer asked$/),
    ]);
    // With the token, the site would have said it refused the save: a save it did not is left as it was.
    await sleep(100);
    expect(told.step).toBe("pushed");
    watchTold.stop();
    watchUntold.stop();
  });

  test("without the token, a save waiting while the site does not answer is left pushed: nothing says it was refused", async () => {
    const served = await site(() => ({ status: "ok", commit: A }));
    served.down();
    const record = pushed("clients: update", B);
    const lines: string[] = [];
    const watch = siteWatch({
      origin: served.origin,
      refusalsUntold: true,
      saves: () => [record],
      from: "pushed",
      verdict: async () => undefined,
      everyMs: 20,
      forMs: 200,
      log: (line) => lines.push(line),
    });
    watch.wake();
    await expect.poll(() => lines.some((line) => line.includes("clients: update: not seen"))).toBe(true);
    expect(record.step).toBe("pushed");
    watch.stop();
  });
});

describe("the words", () => {
  test("the author's status: waiting, live with the page, not live with why", () => {
    const saves = saveLog();
    const record = saves.add(ADA, { collection: "directors", id: "theo-marchand", action: "update" });
    Object.assign(record, { step: "pushed", commit: A, siteUntil: Date.now() + 60_000 });
    expect(saves.statusOf(ADA.email)).toEqual({
      state: "idle",
      message: "Saved and pushed: directors/theo-marchand: update. Waiting for the site to show it…",
      waiting: true,
    });
    Object.assign(record, { siteUntil: Date.now() - 1 });
    expect(saves.statusOf(ADA.email)).toEqual({
      state: "idle",
      message: "Saved and pushed: directors/theo-marchand: update.",
    });
    Object.assign(record, { step: "live", link: `${SITE}/artists/film/theo-marchand` });
    expect(saves.statusOf(ADA.email)).toEqual({
      state: "idle",
      message: `Live on the site: directors/theo-marchand — ${SITE}/artists/film/theo-marchand`,
    });
    Object.assign(record, { step: "not live", message: "theo-marchand.md:4: website: must be a bare host" });
    expect(saves.statusOf(ADA.email)).toEqual({
      state: "failed",
      message:
        "Not live on the site: theo-marchand.md:4: website: must be a bare host\nYour save is recorded; the site still shows the version before it.",
    });
    // Landed, it is listed from git's history, not as one of the service's own in flight.
    expect(saves.unlanded()).toEqual([]);
    expect(saves.landed()).toEqual([record]);
  });

  test("Recent saves: live with a link to the entry's page, not live with why, the others as git has them", () => {
    const date = new Date().toISOString();
    const commits = [A, B, "c".repeat(40)].map((commit, n) => ({
      commit,
      author: ADA,
      date,
      subject: ["directors/theo-marchand: update", "contact: update", "clients: update"][n],
      state: "pushed" as const,
    }));
    const link = `${SITE}/artists/film/theo-marchand?a=1&b="2"`;
    const followed: SaveRecord[] = [
      {
        author: ADA,
        ...subject("contact: update"),
        step: "not live",
        date,
        commit: B,
        message: "contact.yaml:3: <bad>",
      },
      { author: ADA, ...subject("directors/theo-marchand: update"), step: "live", date, commit: A, link },
    ];
    const listed = listedSaves(commits, [], followed);
    expect(listed.map(({ state }) => state)).toEqual(["live", "not live", "pushed"]);
    const page = renderToStaticMarkup(createElement(SavesTable, { saves: listed }));
    expect(page).toContain(
      `live: <a href="${SITE}/artists/film/theo-marchand?a=1&amp;b=&quot;2&quot;">${SITE}/artists/film/theo-marchand?a=1&amp;b=&quot;2&quot;</a>`,
    );
    expect(page).toContain("not live: contact.yaml:3: &lt;bad&gt;");
    expect(page).toMatch(/<td>pushed<\/td>/);
  });
});
