/**
 * The editing servers' bounds on a request (edit/http/request-body.ts, editingServer, which
 * `npm run edit` and the team's service are made with; the routes read bodies with boundedBody through
 * the screens' bridge), against a raw socket that declares a large
 * body and trickles it a byte at a time, as a client that never finishes would.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";

import { afterEach, describe, expect, test } from "vitest";

import { boundedBody, editingServer, type RequestTimeouts } from "#edit/http/request-body.ts";
import { textAnswer } from "#edit/http/answers.ts";
import { sendAnswer } from "#edit/http/editing-app.ts";
import { fetchServer } from "#tests/support/fetch-server.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = editingServer(handler);
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** The port of a server whose routes read the body whole (at most `limit` bytes), as the editing app's do, then answer "ok". */
async function reading(limit: number, timeouts?: RequestTimeouts) {
  const server = await fetchServer(async (request) => {
    await boundedBody(request, limit);
    return new Response("ok");
  }, timeouts);
  closers.push(server.close);
  return Number(new URL(server.origin).port);
}

/** What a client trickling a 32 MiB body a byte every 50 ms reads, and when the server closed on it (or "still open" at `waitMs`). */
function trickle(port: number, waitMs: number) {
  return new Promise<{ answer: string; closedMs: number | "still open" }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    const dribble = setInterval(() => socket.writable && socket.write("x"), 50);
    const done = (closedMs: number | "still open") => {
      clearInterval(dribble);
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, closedMs });
    };
    const timer = setTimeout(() => done("still open"), waitMs);
    socket.on("close", () => done(Date.now() - started));
    socket.write(`PUT /edit/api/uploads/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${32 * 1024 * 1024}\r\n\r\nx`);
  });
}

describe("a request answered before its body is read", () => {
  test("401: the answer reaches the client, then the connection is closed, the trickled body unread", async () => {
    const port = await listen((_, response) => void sendAnswer(response, textAnswer(401, "Not signed in.")));
    const { answer, closedMs } = await trickle(port, 3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain("Not signed in.");
    expect(closedMs).toBeLessThan(1_000);
  });

  test("a request whose body was read whole keeps its connection for the next", async () => {
    const port = await reading(1024);
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "a small body" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("connection")).toBe("keep-alive");
  });
});

describe("a request that never finishes arriving", () => {
  test("is answered 408 and closed once past the request timeout", async () => {
    // The body never ends: its read is cut when the server closes the connection.
    const port = await reading(64 * 1024 * 1024, { requestMs: 1_000, headersMs: 500, checkEveryMs: 100 });
    const { answer, closedMs } = await trickle(port, 4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedMs).toBeGreaterThanOrEqual(1_000);
    expect(closedMs).toBeLessThan(2_500);
  });

  test("by default, bounded, yet long enough for a 32 MiB slice of a film at 0.5 Mbit/s", () => {
    const server = editingServer(() => undefined);
    const sliceAtHalfAMegabit = ((32 * 1024 * 1024 * 8) / 500_000) * 1000;
    expect(server.requestTimeout).toBeGreaterThan(sliceAtHalfAMegabit);
    expect(server.requestTimeout).toBeLessThanOrEqual(60 * 60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });
});
