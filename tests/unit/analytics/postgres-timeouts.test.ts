/**
 * The PostgreSQL engine gives up on a database that takes the connection and never answers
 * (analytics/postgres-store.ts): without a limit, the collector's next write, a page's link check and the
 * editing screen's figures would wait for ever. A TCP server that accepts and says nothing plays it.
 */
import { once } from "node:events";
import net, { type AddressInfo } from "node:net";

import { afterAll, beforeAll, expect, test } from "vitest";

import { openPostgresEngine, POSTGRES_TIMEOUTS } from "#analytics/postgres-store.ts";

let silent: net.Server;
const sockets = new Set<net.Socket>();
beforeAll(async () => {
  silent = net.createServer((socket) => sockets.add(socket)).listen(0, "127.0.0.1");
  await once(silent, "listening");
});
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  silent.close();
});

test("a database that never answers fails the query within its connection limit", async () => {
  const { port } = silent.address() as AddressInfo;
  const engine = await openPostgresEngine(`postgres://site:secret@127.0.0.1:${port}/analytics`, {
    ...POSTGRES_TIMEOUTS,
    connectionTimeoutMillis: 300,
  });
  try {
    await expect(engine.query({ sql: "SELECT 1" })).rejects.toThrow(/timeout/i);
  } finally {
    await engine.close();
  }
});

test("the limits are set, and a query may take no longer than a minute", () => {
  expect(POSTGRES_TIMEOUTS.connectionTimeoutMillis).toBeGreaterThan(0);
  expect(POSTGRES_TIMEOUTS.query_timeout).toBeGreaterThan(0);
  expect(POSTGRES_TIMEOUTS.query_timeout).toBeLessThanOrEqual(60_000);
});
