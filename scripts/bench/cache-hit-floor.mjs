/**
 * `node cache-hit-floor.mjs <port> <answer.json>`: the hit section's floor (cache-hit.mjs), a bare
 * `http.createServer` writing one stored answer (`{ status, headers: [name, value, …], body: base64 }`,
 * a page-cache hit as the site sent it) to every request: what Node alone costs to send those bytes.
 * Plain JavaScript with no imports of the project's, so that every Node the section measures runs it.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const { status, headers, body } = JSON.parse(readFileSync(file, "utf8"));
const bytes = Buffer.from(body, "base64");

http
  .createServer((request, response) => {
    response.writeHead(status, headers);
    response.end(bytes);
  })
  .listen(Number(port), "127.0.0.1");
// Stopped as a deploy stops the site (SIGTERM), it exits normally: `--cpu-prof` writes its profile only then.
process.once("SIGTERM", () => process.exit(0));
