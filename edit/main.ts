/**
 * `npm run edit`: the editing screen on http://127.0.0.1:4000 (EDIT_PORT), writing to this working
 * copy, and beside it the site in development mode on http://127.0.0.1:3000 (PORT) as its preview,
 * which reloads on every save. Loopback only, no account: one person on one machine (docs/content.md).
 * The preview is `npm run edit:preview`, `npm run dev` without its watch of the content files: the
 * editing server compiles the content once a save's media are made (server/site-update.ts).
 */
import { spawn } from "node:child_process";
import path from "node:path";

import { startEditServer } from "./server/edit-server.ts";

const root = path.join(import.meta.dirname, "..");
const editPort = Number(process.env.EDIT_PORT ?? 4000);
const sitePort = Number(process.env.PORT ?? 3000);
const previewOrigin = `http://127.0.0.1:${sitePort}`;

// Its own process group, so the servers `npm run edit:preview` starts stop with it.
const site = spawn("npm", ["run", "edit:preview", "--", "--port", String(sitePort + 1)], {
  cwd: root,
  detached: true,
  stdio: "inherit",
  env: { ...process.env, PORT: String(sitePort), HOST: "127.0.0.1" },
});
const stop = () => {
  if (site.pid) process.kill(-site.pid, "SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

await startEditServer({ root, port: editPort, previewOrigin });
console.log(`editing screen: http://127.0.0.1:${editPort}/keystatic (preview: ${previewOrigin})`);
