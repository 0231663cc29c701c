import { once } from "node:events";
import { existsSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";

import { afterEach, describe, expect, it } from "vitest";

import { stoppable } from "#server/graceful-stop.ts";
import { SERVER_ENTRY, startServer } from "#tests/support/server-process.mjs";

/** Servers a test started, closed after it whatever happened. */
const started: http.Server[] = [];
afterEach(() => {
  for (const server of started.splice(0)) server.close().closeAllConnections();
});

/** A server answering with `handler`, watched by `stoppable`; `stopped()` stops it and resolves once it has. */
async function listening(handler: http.RequestListener) {
  const server = http.createServer(handler);
  const { stop } = stoppable(server);
  started.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const stopped = () => new Promise<void>((resolve) => stop(resolve));
  return { server, port: (server.address() as AddressInfo).port, stopped };
}

/** Reads what `socket` receives until it closes; rejects on a reset. */
function readToClose(socket: net.Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
}

/** A kept-alive request, as a browser's; the server's answer says whether the connection then closes. */
const REQUEST = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

/**
 * Clients on a thread of their own: each connects and sends its request while the test's thread,
 * blocked, accepts nothing (an instance busy rendering), then says so through `sent`; each answer,
 * or its error's code, comes back as a message.
 */
const QUEUED_CLIENTS = `
const net = require("node:net");
const { parentPort, workerData: { port, count, sent, request } } = require("node:worker_threads");
let written = 0;
const answers = Array.from({ length: count }, () => new Promise((resolve) => {
  const socket = net.connect(port, "127.0.0.1", () =>
    socket.write(request, () => {
      if (++written === count) { Atomics.store(sent, 0, 1); Atomics.notify(sent, 0); }
    }),
  );
  const chunks = [];
  socket.on("data", (chunk) => chunks.push(chunk));
  socket.on("error", (error) => resolve(error.code));
  socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
}));
Promise.all(answers).then((texts) => parentPort.postMessage(texts));
`;

describe("stoppable", () => {
  it("accepts and answers, each with Connection: close, the connections queued when the stop begins", async () => {
    const { port, stopped } = await listening((_, response) => response.end("ok"));
    const sent = new Int32Array(new SharedArrayBuffer(4));
    const count = 8;
    const clients = new Worker(QUEUED_CLIENTS, { eval: true, workerData: { port, count, sent, request: REQUEST } });
    const answers = once(clients, "message");

    // This thread blocks: the clients' connections wait in the kernel's queue, their requests sent.
    expect(Atomics.wait(sent, 0, 0, 10_000)).not.toBe("timed-out");
    const stop = stopped();
    // And it stays busy a while longer (a page rendering): a stop that waited a set time would find
    // it over with the queue still full.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    const [texts] = (await answers) as [string[]];

    expect(texts).toHaveLength(count);
    for (const text of texts) {
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(text.toLowerCase()).toContain("\r\nconnection: close\r\n");
      expect(text.endsWith("\r\n\r\nok")).toBe(true);
    }
    await stop;
    const refused = net.connect(port, "127.0.0.1");
    await expect(once(refused, "connect")).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("after the grace cuts only the connections silent since an answer, not an answer still written nor one yet to ask", async () => {
    // More than the kernel's buffers hold for a reader that has stopped, so the end of it waits in Node.
    const download = Buffer.alloc(64 * 1024 * 1024, "x");
    let downloadEnded!: () => void;
    const ended = new Promise<void>((resolve) => (downloadEnded = resolve));
    const { server, port, stopped } = await listening((request, response) => {
      if (request.url !== "/download") return response.end("ok");
      response.end(download);
      downloadEnded();
    });

    // A kept-alive connection, answered once and silent since.
    const keptAlive = net.connect(port, "127.0.0.1");
    keptAlive.write(REQUEST);
    await once(keptAlive, "data");
    const keptAliveClosed = once(keptAlive, "close");

    // A download whose reader stops: its answer is ended, its end still to be written.
    const downloading = net.connect(port, "127.0.0.1");
    downloading.pause();
    downloading.write("GET /download HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await ended;

    // A connection opened (a browser's preconnect) whose request comes after the grace.
    const silentAccepted = once(server, "connection");
    const silent = net.connect(port, "127.0.0.1");
    await silentAccepted;

    const stop = stopped();
    // The kept-alive one is cut: the cutting has begun.
    await keptAliveClosed;

    const downloadText = readToClose(downloading);
    downloading.resume();
    const silentAnswer = readToClose(silent);
    silent.write(REQUEST);

    const [head, body] = (await downloadText).split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(body.length).toBe(download.length);
    const answer = await silentAnswer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain("\r\nconnection: close\r\n");
    await stop;
  });
});

/** A port no one listens on now, for a server started as a child process. */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

// The site's own server, as `npm start` runs it (vitest runs after the build in `npm test`).
describe.skipIf(!existsSync(SERVER_ENTRY))("build/server.js on SIGTERM", () => {
  it("answers every request sent before the signal, though it was too busy to accept them", async () => {
    const port = await freePort();
    const { child } = await startServer(port);
    const exited = once(child, "exit");
    try {
      // Stopped, it accepts nothing, as when busy rendering: the connections wait in the kernel's queue.
      child.kill("SIGSTOP");
      const sockets = Array.from({ length: 8 }, () => net.connect(port, "127.0.0.1"));
      await Promise.all(sockets.map((socket) => once(socket, "connect")));
      const answers = sockets.map(readToClose);
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise((resolve) => socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", resolve)),
        ),
      );
      // The signal comes while they wait; the instance sees it the moment it runs again.
      child.kill("SIGTERM");
      child.kill("SIGCONT");

      // Each answered whole (those it took before it ran the signal's handler keep-alive, then cut once silent).
      for (const answer of await Promise.all(answers))
        expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"status":"ok"/);
      expect(await exited).toEqual([0, null]);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
