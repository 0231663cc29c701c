/**
 * The follow section's site (follow.mjs): the agency's repository as the e2e's (tests/support/site-remote.ts),
 * followed as docs/deploy.md runs it, `npm run start:cluster` with SITE_FOLLOW set (one follower serving both
 * instances behind Varnish, release/follower.ts), told of each push by the git host's signed webhook and asking
 * the remote every 3 s (the default) on its own. What the follower did with each commit is read from its own
 * log lines, which the cluster's output carries.
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { startCluster } from "#tests/support/server-process.mjs";
import { callPushHook, siteRemote } from "#tests/support/site-remote.ts";
import { SITE_URL } from "#tests/support/site-url.mjs";
import { ROOT } from "./edit-service-instance.mjs";

/**
 * The site's cluster takes its port and the two after it, the webhook and the media origin theirs, the follower
 * killed and started again (follow-recovery.mjs) its own, the floor's cluster (follow-floor.mjs) its port and the
 * two after it. The other sections use 3321–3343 and 3377, the tests
 * 3660–3699 and 8280–8289.
 */
export const PORTS = { site: 3350, hook: 3355, recovery: 3356, media: 3359, floor: 3360 };
const MEDIA_ORIGIN = `http://127.0.0.1:${PORTS.media}`;
/** What the site and its floor are given beside their ports: where the media are, the public origin, no analytics. */
export const SITE_ENV = { MEDIA_ORIGIN, SITE_URL, ANALYTICS: "off" };
const SECRET = "the webhook secret the bench and the site share";
/** A release is built, served and purged within this, or the round failed. */
const RELEASE_TIMEOUT_MS = 180_000;

/**
 * The repository: this project's files in one commit (tests/support/site-remote.ts), then vendor/, which the
 * agency's repository holds as this one does and the floor's `npm ci` installs `global` from.
 * @param {string} scratch
 */
export async function seedRemote(scratch) {
  const remote = await siteRemote(scratch);
  await cp(path.join(ROOT, "vendor"), path.join(remote.clone, "vendor"), { recursive: true });
  await remote.push({}, "vendor/global, as the site's repository holds it");
  return remote;
}

/** What the instance on `port` says it serves. @param {number} port */
async function servedCommit(port) {
  const { commit } = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
  return commit;
}

/** The git host's push webhook for the branch's newest commit, signed as GitHub signs it. @param {string} commit */
export async function callHook(commit) {
  const response = await callPushHook(PORTS.hook, commit, SECRET);
  if (response.status !== 202) throw new Error(`the webhook was answered ${response.status}`);
}

/** The follower's lines a wait is for: once its workers serve a commit, once Varnish has dropped what it changed. */
const PREFIXES = { serving: "site: serving", dropped: "site: Varnish dropped" };

/**
 * The follower's own lines (`site: …`, JSON from pino) in the cluster's output, and a wait for those of a commit.
 * A refusal of the commit, or a purge that failed once it served, ends the wait.
 * @param {import("node:stream").Readable} output
 */
function followerLog(output) {
  /** @type {Record<string, any>[]} */
  const lines = [];
  /** @type {Set<() => void>} */
  const waits = new Set();
  let rest = "";
  output.on("data", (chunk) => {
    const split = (rest + chunk).split("\n");
    rest = split.pop() ?? "";
    for (const text of split) if (text.includes('"msg":"site: ')) lines.push(JSON.parse(text));
    for (const wait of waits) wait();
  });

  /**
   * What the lines so far say of `what` for `commit`: its line, an Error, or undefined while nothing yet.
   * @param {string} commit
   * @param {keyof PREFIXES} what
   */
  function outcome(commit, what) {
    const served = lines.findIndex((line) => line.commit === commit && line.msg.startsWith(PREFIXES.serving));
    for (const [index, line] of lines.entries()) {
      if (line.commit === commit && line.msg.startsWith(PREFIXES[what])) return line;
      if (line.commit === commit && line.level >= 50) return new Error(line.msg);
      // The purge's failure names no commit: it is the one served just before.
      if (what === "dropped" && served >= 0 && index > served && line.msg.startsWith("site: Varnish was not purged"))
        return new Error(`${line.msg}: ${line.err?.message}`);
    }
    return undefined;
  }

  /**
   * @param {string} commit
   * @param {keyof PREFIXES} what
   * @returns {Promise<Record<string, any>>}
   */
  const next = (commit, what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waits.delete(wait);
        reject(new Error(`no "${PREFIXES[what]}" line for ${commit} in ${RELEASE_TIMEOUT_MS / 1000} s`));
      }, RELEASE_TIMEOUT_MS);
      function wait() {
        const found = outcome(commit, what);
        if (found === undefined) return;
        clearTimeout(timer);
        waits.delete(wait);
        if (found instanceof Error) reject(found);
        else resolve(found);
      }
      waits.add(wait);
      wait();
    });
  return { next };
}

/**
 * `npm run start:cluster` following `remote`: its first start builds the branch. `released(commit, pushed)` resolves
 * once both instances serve the commit and Varnish has dropped and fetched again what it changed, with the
 * follower's figures (its `kind`, `built`, `seconds`, `banned`, `warmed`) and when, in s after `pushed` (the
 * push's Date.now()), it logged that it served the commit (its old workers gone) and that Varnish had dropped it.
 * @param {string} scratch
 * @param {import("#tests/support/site-remote.ts").SiteRemote} remote
 */
export async function startFollower(scratch, remote) {
  const cluster = await startCluster(PORTS.site, {
    env: {
      ...SITE_ENV,
      SITE_FOLLOW: remote.remote,
      SITE_DATA: path.join(scratch, "site-data"),
      SITE_FOLLOW_SECRET: SECRET,
      SITE_FOLLOW_HOOK_PORT: String(PORTS.hook),
    },
    stderr: "ignore",
    startSeconds: 300,
  });
  if (!cluster.child.stdout) throw new Error("the cluster's output is not piped");
  const log = followerLog(cluster.child.stdout);
  const instances = [PORTS.site + 1, PORTS.site + 2];
  /** @param {string} commit @param {number} pushed */
  async function released(commit, pushed) {
    const [serving, dropped] = await Promise.all([log.next(commit, "serving"), log.next(commit, "dropped")]);
    for (const port of instances) while ((await servedCommit(port)) !== commit) await sleep(50);
    return {
      kind: serving.kind,
      built: serving.built,
      seconds: serving.seconds,
      servedS: (serving.time - pushed) / 1000,
      droppedS: (dropped.time - pushed) / 1000,
      banned: dropped.banned,
      warmed: dropped.warmed,
    };
  }
  return { cluster, instances, released };
}
