/**
 * Whether the public site shows a pushed save, for the team's service (edit/server/site-watch.ts
 * asks the site; this asks git). The site serves one commit of the branch and may have refused a
 * newer one: a save is live once the served commit is its commit or a descendant of it, and not
 * live when the refused commit is (the refusal then holds it) while the served one does not. Git
 * answers in the service's own clone, which fetches first when the site names a commit it has not
 * seen yet (a developer's push the service has not synced).
 */
import type { SaveRecord } from "#edit/server/save-log.ts";
import type { SaveQueue } from "#edit/server/save-queue.ts";
import type { SiteHealth } from "#edit/server/site-health.ts";
import { siteWatch, type SiteVerdict } from "#edit/server/site-watch.ts";
import { type Author, baseEnv, gitRunner } from "./git-cli.ts";

export interface LiveCheckOptions {
  /** The service's clone. */
  dir: string;
  /** The service, as git-store.ts runs git. */
  committer: Author;
  /** The service's lock: a fetch changes the clone's refs, as its saves' fetches and pushes do. */
  lock: SaveQueue;
}

/** What the site's health says of the save at `commit`. */
export function liveCheck({ dir, committer, lock }: LiveCheckOptions) {
  const git = gitRunner(dir, baseEnv(committer));
  /** Commits fetched for once already: a commit the remote does not have is not fetched again every 2 s. */
  const fetched = new Set<string>();

  const has = async (commit: string) =>
    (await git(["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], { ok: [1] })).code === 0;

  async function known(commit: string): Promise<boolean> {
    if (await has(commit)) return true;
    if (fetched.has(commit)) return false;
    fetched.add(commit);
    await lock.run(() => git(["fetch", "--quiet", "--prune", "origin"]));
    return has(commit);
  }

  /** Whether `newer` is `older` or one of its descendants, as `git merge-base --is-ancestor` says. */
  async function holds(newer: string, older: string): Promise<boolean> {
    if (!(await known(newer))) return false;
    return (await git(["merge-base", "--is-ancestor", older, newer], { ok: [1] })).code === 0;
  }

  return async function verdict(commit: string, { commit: served, refused }: SiteHealth): Promise<SiteVerdict> {
    if (served !== null && (await holds(served, commit))) return { live: true };
    if (refused && (await holds(refused.commit, commit))) return { live: false, reason: refused.reason };
    return undefined;
  };
}

export interface PushedSavesOptions extends LiveCheckOptions {
  /** EDIT_SITE_TOKEN: the site's status token, which has it say why it refused a commit. */
  siteToken?: string;
}

/**
 * The service's watch: its pushed saves followed to the site at `origin`, by their commits. Without
 * the site's token, a refusal is never seen: a save the site has not shown in time is not live, why untold.
 */
export function watchPushedSaves(origin: string, saves: () => SaveRecord[], options: PushedSavesOptions) {
  const check = liveCheck(options);
  return siteWatch({
    origin,
    token: options.siteToken,
    refusalsUntold: options.siteToken === undefined,
    saves,
    from: "pushed",
    verdict: async ({ commit }, health) => (commit === undefined ? undefined : check(commit, health)),
  });
}
