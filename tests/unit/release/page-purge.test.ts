import { createServer, type Server, type Socket } from "node:net";

import { afterEach, describe, expect, it, vi } from "vitest";

import { pagePurger } from "#release/page-purge.ts";

/** A request as the stand-in Varnish read it: its method, path and the patterns it bans. */
interface Heard {
  method: string;
  path: string;
  banned?: string;
}

/**
 * A stand-in for Varnish (Node's HTTP parser knows no BAN): answers each BAN with the next of
 * `answers` (the last one for ever after; "silent" for no answer at all), every GET with a page.
 */
async function varnish(answers: (number | "silent")[]) {
  const heard: Heard[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString();
      if (!head.includes("\r\n\r\n")) return;
      const [line, ...headers] = head.split("\r\n\r\n")[0]!.split("\r\n");
      const [method, path] = line!.split(" ");
      const banned = headers.find((header) => /^x-ban-url:/i.test(header))?.replace(/^x-ban-url:\s*/i, "");
      heard.push({ method: method!, path: path!, ...(banned && { banned }) });
      head = "";
      const bans = heard.filter((request) => request.method === "BAN").length;
      const status = method === "BAN" ? (answers[bans - 1] ?? answers.at(-1)!) : 200;
      if (status === "silent") return;
      const body = status === 200 ? "ok" : "Backend fetch failed";
      socket.end(`HTTP/1.1 ${status} X\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const close = () => {
    sockets.forEach((socket) => socket.destroy());
    server.close();
  };
  return { origin, heard, close, bans: () => heard.filter((request) => request.method === "BAN") };
}

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("the ban after a release", () => {
  it("is tried again while Varnish fails, then drops the pages and fetches them again", async () => {
    const stand = await varnish([503, 503, 200]);
    close = stand.close;
    const said = log();
    const purger = pagePurger(stand.origin, said, { delaysMs: [50, 100, 200], timeoutMs: 1_000 });
    const start = performance.now();
    purger.purge("c1", { banned: ["^/artists/directors/mira-castell/?$"], warm: ["/artists/directors/mira-castell"] });
    // Never waited for: the call is over before any answer.
    expect(stand.heard).toEqual([]);
    await vi.waitFor(() => expect(said.info).toHaveBeenCalled(), { timeout: 5_000 });
    expect(performance.now() - start).toBeGreaterThanOrEqual(150);
    expect(stand.bans()).toEqual(
      Array.from({ length: 3 }, () => ({
        method: "BAN",
        path: "/",
        banned: "(^/artists/directors/mira-castell/?$)",
      })),
    );
    expect(stand.heard.filter(({ method }) => method === "GET").map(({ path }) => path)).toEqual([
      "/artists/directors/mira-castell",
      "/artists/directors/mira-castell",
    ]);
    expect(said.warn).toHaveBeenCalledTimes(2);
    expect(said.warn.mock.calls[0]![1]).toBe("site: Varnish was not purged; trying again in 0.05 s");
    expect(said.info).toHaveBeenCalledWith(
      { commit: "c1", banned: ["^/artists/directors/mira-castell/?$"], warmed: 1 },
      "site: Varnish dropped ^/artists/directors/mira-castell/?$",
    );
    await purger.stop();
  });

  it("gives up after its tries; the next release's ban carries what it owed", async () => {
    const stand = await varnish([503, 503, 200]);
    close = stand.close;
    const said = log();
    const purger = pagePurger(stand.origin, said, { delaysMs: [50], timeoutMs: 1_000 });
    purger.purge("c1", { banned: ["^/a$"], warm: [] });
    await vi.waitFor(() => expect(said.error).toHaveBeenCalled(), { timeout: 5_000 });
    expect(stand.bans()).toHaveLength(2);
    purger.purge("c2", { banned: ["^/b$"], warm: [] });
    await vi.waitFor(() => expect(said.info).toHaveBeenCalled(), { timeout: 5_000 });
    expect(stand.bans().at(-1)!.banned).toBe("(^/a$)|(^/b$)");
    // Once banned, nothing is owed: the next release bans its own pages only.
    purger.purge("c3", { banned: ["^/c$"], warm: [] });
    await vi.waitFor(() => expect(said.info).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    expect(stand.bans().at(-1)!.banned).toBe("(^/c$)");
    await purger.stop();
  });

  it("is given up when Varnish takes the request and never answers, within its time limit", async () => {
    const stand = await varnish(["silent", 200]);
    close = stand.close;
    const said = log();
    const purger = pagePurger(stand.origin, said, { delaysMs: [50], timeoutMs: 300 });
    purger.purge("c1", { banned: ["^/"], warm: [] });
    await vi.waitFor(() => expect(said.info).toHaveBeenCalled(), { timeout: 5_000 });
    expect((said.warn.mock.calls[0]![0] as { err: Error }).err.name).toBe("TimeoutError");
    expect(stand.bans()).toHaveLength(2);
    await purger.stop();
  });
});
