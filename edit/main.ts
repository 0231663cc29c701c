/**
 * `npm run edit`: the editing screen on http://127.0.0.1:4000 (EDIT_PORT), writing to this working
 * copy, and beside it the site's production server on http://127.0.0.1:3000 (PORT) as its preview,
 * built again after every save (edit/server/preview-site.ts). Loopback only, no account: one person
 * on one machine (docs/content.md).
 */
import path from "node:path";

import { nodeVersionRefusal } from "#model/node-version.ts";

import { engines } from "../package.json";
import { startEditServer } from "./server/local-editor.ts";

// First, before anything loads a native module built for a newer Node.
const olderNode = nodeVersionRefusal(engines.node, process.versions.node);
if (olderNode) {
  console.error(olderNode);
  process.exit(1);
}

const root = path.join(import.meta.dirname, "..");
const port = Number(process.env.EDIT_PORT ?? 4000);
const previewPort = Number(process.env.PORT ?? 3000);

const { server, preview } = await startEditServer({ root, port, previewPort });
const stop = () => server.close(() => void preview?.stop().then(() => process.exit(0)));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
console.log(`editing screen: http://127.0.0.1:${port}/keystatic (preview: ${preview?.origin})`);
