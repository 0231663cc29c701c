import http from "node:http";
import net from "node:net";

/**
 * Requests written byte for byte over a raw loopback socket, for hostile and malformed input (an
 * HTTP client would normalise or refuse most of it): hostile.spec.ts and cluster.spec.ts.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string[]>;
  body: string;
  /** The whole answer as it came, status line and headers included. */
  text: string;
}

/** Sends `request` to `port` and reads the answer until the server closes the connection. */
export function sendRaw(port: number, request: string, { timeoutMs = 5_000 } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`no answer to ${JSON.stringify(request.slice(0, 80))}`)),
    );
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head, ...body] = text.split("\r\n\r\n");
      const [statusLine, ...headerLines] = head.split("\r\n");
      const headers: Record<string, string[]> = {};
      for (const line of headerLines) {
        const name = line.slice(0, line.indexOf(":")).toLowerCase();
        (headers[name] ??= []).push(line.slice(line.indexOf(":") + 1).trim());
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: body.join("\r\n\r\n"), text });
    });
    // Not end(): a half-closed socket may be dropped before the answer is written.
    socket.write(request);
  });
}

/** A raw HTTP/1.1 request; `headers` may replace the Host. */
export const rawRequest = (
  target: string,
  { method = "GET", headers = {} as Record<string, string>, body = "" } = {},
) =>
  [
    `${method} ${target} HTTP/1.1`,
    ...Object.entries({ Host: "127.0.0.1", Connection: "close", ...headers }).map(([k, v]) => `${k}: ${v}`),
    "",
    body,
  ].join("\r\n");

/**
 * A request by node:http whose body is returned as sent, still encoded (fetch and Playwright would
 * decode it; fetch adds no-cache to If-None-Match), with its headers as sent too (`rawHeaders`, in
 * order, as `[name, value, …]`): caching.spec.ts, cache-hit.spec.ts and the server's unit tests.
 */
export function encodedRequest(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject)
      .end();
  });
}
