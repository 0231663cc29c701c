/**
 * A bucket whose store takes the connection and never answers (media-publish/bucket.ts): the call
 * is given up after its timeout, so that the editing service can try the publish again later,
 * rather than wait on it for good.
 */
import { createServer, type Socket } from "node:net";

import { afterAll, beforeAll, expect, test, vi } from "vitest";

import { openBucket } from "#media-publish/bucket.ts";

const sockets = new Set<Socket>();
const silent = createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});

beforeAll(async () => {
  vi.stubEnv("AWS_ACCESS_KEY_ID", "test");
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test");
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

test(
  "a store that says nothing is given up after the socket's timeout, named in the error",
  { timeout: 30_000 },
  async () => {
    const address = silent.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    const settings = {
      bucket: "agency-media",
      sourcesBucket: "agency-media",
      endpoint: `http://127.0.0.1:${address.port}`,
      region: "us-east-1",
      prefix: "",
    };
    const started = Date.now();
    await expect(openBucket(settings, { connectionTimeout: 1_000, socketTimeout: 300 })).rejects.toThrow(
      /MEDIA_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:\d+: .*timed out/,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  },
);
