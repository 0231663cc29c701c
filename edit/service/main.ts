/**
 * `npm run edit:service`: the editing service for a team (service-server.ts), bundled by esbuild into
 * build/edit-service.js and run by Node itself (no tsx at run time), set by the environment
 * (settings.ts; docs/deploy.md, "The editing service for a team"). A missing or malformed setting
 * stops it at start, naming the setting.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { SettingError } from "#media-publish/settings.ts";
import { nodeVersionRefusal } from "#model/node-version.ts";

import { engines } from "../../package.json";
import { startEditService } from "./service-server.ts";
import { readSettings, SettingsError } from "./settings.ts";

// First, before the sessions' store loads its native module, which crashes an older Node.
const olderNode = nodeVersionRefusal(engines.node, process.versions.node);
if (olderNode) {
  console.error(`edit:service: ${olderNode}`);
  process.exit(1);
}

/** This project's folder: the first above this file with a package.json (edit/service/ in the source, build/ bundled). */
function projectRoot(dir: string): string {
  return existsSync(path.join(dir, "package.json")) ? dir : projectRoot(path.dirname(dir));
}

const root = projectRoot(import.meta.dirname);

try {
  const service = await startEditService(readSettings(process.env), root);
  const stop = () => void service.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  console.log(`editing service: ${service.url}`);
} catch (error) {
  // A setting's problem is the operator's to fix: its words, not a stack trace.
  if (!(error instanceof SettingsError || error instanceof SettingError)) throw error;
  console.error(`edit:service: ${error.message}`);
  process.exit(1);
}
