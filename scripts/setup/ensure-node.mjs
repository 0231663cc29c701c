/**
 * The Node the project runs on (package.json's `engines`, the images' base): where the machine's
 * own is older, `npm test` fetches the official build from the npm registry (the `node-linux-*`
 * packages carry the binary and its headers) and runs itself again on it, with native modules
 * (better-sqlite3) built against its headers. No version manager is needed: only the registry.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The LTS line the suite runs on: the least `engines` in package.json admits (`>=24`), which the
 * images' base and the README name too (tests/unit/docs/node-version.test.ts).
 */
const { engines } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const NODE_MAJOR = Number(/^>=(\d+)$/.exec(engines.node)?.[1]);

/** Where fetched builds stay between runs: outside the checkout, so that `npm ci` keeps them. */
function cacheRoot() {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "agency-portfolio");
}

/** A build of NODE_MAJOR already in the cache, the newest by name, for when the registry cannot be asked. */
function cachedNode() {
  const prefix = `node-v${NODE_MAJOR}.`;
  const names = existsSync(cacheRoot()) ? readdirSync(cacheRoot()) : [];
  const found = names
    .filter((name) => name.startsWith(prefix) && existsSync(path.join(cacheRoot(), name, "bin", "node")))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  return found.length > 0 ? path.join(cacheRoot(), found.at(-1) ?? "") : undefined;
}

/** The newest `node-linux-<arch>@NODE_MAJOR` unpacked in the cache, fetched when absent; its folder. */
function fetchNode() {
  const name = `node-linux-${process.arch}`;
  const wanted = `${name}@${NODE_MAJOR}`;
  const version = spawnSync("npm", ["view", wanted, "version", "--json"], { encoding: "utf8" });
  const listed = version.status === 0 ? JSON.parse(version.stdout) : null;
  // `npm view` lists every match for a range: the last is the newest.
  const newest = Array.isArray(listed) ? listed.at(-1) : listed;
  if (typeof newest !== "string") {
    const cached = cachedNode();
    if (cached) return cached;
    throw new Error(`npm view ${wanted} failed, and no Node ${NODE_MAJOR} is cached: ${version.stderr}`);
  }
  const folder = path.join(cacheRoot(), `node-v${newest}-linux-${process.arch}`);
  if (existsSync(path.join(folder, "bin", "node"))) return folder;

  console.log(
    `Node ${process.versions.node} is older than ${NODE_MAJOR}: fetching ${name}@${newest} from the npm registry.`,
  );
  const scratch = `${folder}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const pack = spawnSync("npm", ["pack", `${name}@${newest}`, "--silent", "--pack-destination", scratch], {
    encoding: "utf8",
  });
  const packed = pack.stdout.trim().split("\n").at(-1);
  if (pack.status !== 0 || !packed) throw new Error(`npm pack ${name}@${newest} failed: ${pack.stderr}`);
  const tarball = path.join(scratch, packed);
  const untar = spawnSync("tar", ["xzf", tarball, "--strip-components=1", "-C", scratch], { stdio: "inherit" });
  if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
  rmSync(tarball);
  renameSync(scratch, folder);
  return folder;
}

/** The environment that puts the Node in `folder` first and builds native modules against its headers. */
function nodeEnv(folder, env = process.env) {
  return { ...env, PATH: `${path.join(folder, "bin")}${path.delimiter}${env.PATH}`, npm_config_nodedir: folder };
}

/**
 * Runs `script` again on the project's Node when this one is older, and exits with its status;
 * returns at once when this Node is already the project's (or newer).
 */
export function ensureNode(script, args) {
  if (!Number.isInteger(NODE_MAJOR)) throw new Error(`package.json's engines.node is not ">=<major>": ${engines.node}`);
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= NODE_MAJOR) return;
  const folder = fetchNode();
  const { status } = spawnSync(path.join(folder, "bin", "node"), [script, ...args], {
    stdio: "inherit",
    env: nodeEnv(folder),
  });
  process.exit(status ?? 1);
}

/**
 * Whether better-sqlite3 loads on this Node: a checkout installed on another Node holds a binary
 * built for that one's ABI, which `npm rebuild` replaces.
 */
export function nativeModulesLoad() {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  return spawnSync(process.execPath, ["-e", probe], { stdio: "ignore" }).status === 0;
}
