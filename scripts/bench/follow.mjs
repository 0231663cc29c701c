/**
 * The benchmark's follow section: how soon a push to the branch the public site follows (SITE_FOLLOW,
 * release/follower.ts; docs/deploy.md) is what visitors get through Varnish, and what those visitors meet while
 * the site switches, against its floor in the same run: the copy-paste script the hosts ran on each push before
 * (follow-floor.mjs). The site is `npm run start:cluster` following a bare remote (follow-site.mjs); each change
 * is pushed by a developer's clone, and measured the same way on both sides (follow-switch.mjs). Changes: one
 * word of a director's text, by webhook and by polling; a new director's film already published (follow-film.mjs);
 * a component's words. `--no-floor` leaves the floor out (it takes minutes: `npm ci`). docs/benchmarks.md says
 * how to read the table.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { artists } from "#app/content/index.ts";
import { DEFAULT_INTERVAL_SECONDS } from "#release/settings.ts";
import { startStaticServer, stopProcess } from "#tests/support/server-process.mjs";
import { ensureFree } from "./edit-service-instance.mjs";
import { publishedFilms } from "./follow-film.mjs";
import { startFloor } from "./follow-floor.mjs";
import { recoveryAfterKill } from "./follow-recovery.mjs";
import { callHook, PORTS, seedRemote, SITE_ENV, startFollower } from "./follow-site.mjs";
import { measureSwitch } from "./follow-switch.mjs";
import { notes, table } from "./follow-table.mjs";
import { firstLine } from "./shared.mjs";

/**
 * Rounds of the text change by each way of hearing of a push (BENCH_FOLLOW_RUNS); of the film and the code change;
 * of the follower killed and started again.
 */
const ROUNDS = { text: Number(process.env.BENCH_FOLLOW_RUNS ?? 5), film: 3, code: 3, recovery: 5 };
const WITH_FLOOR = !process.argv.includes("--no-floor");
/** A change shows within this on the site; the floor's `npm ci` and build take minutes. */
const TIMEOUTS = { site: 120_000, floor: 15 * 60_000 };

const [DIRECTOR] = artists.directors;
const DIRECTOR_FILE = `app/content/artists/directors/${DIRECTOR.id}.md`;
const FOOTER_FILE = "app/components/site-footer.tsx";

/**
 * A change of a file's text by `replace`, which must change it: a change that misses would measure nothing.
 * @param {string} file
 * @param {(text: string) => string} replace
 */
const change = (file, replace) => ({
  [file]: (/** @type {string} */ text) => {
    const changed = replace(text);
    if (changed === text) throw new Error(`${file}: the bench's change found nothing to change`);
    return changed;
  },
});

/**
 * One word of the entry's text, after its front matter: the first of four letters or more, in lower case, which
 * each round's word (letters and digits) replaces again. @param {string} word
 */
const textChange = (word) =>
  change(DIRECTOR_FILE, (text) => {
    const body = text.indexOf("\n---\n", 3) + "\n---\n".length;
    return text.slice(0, body) + text.slice(body).replace(/\b[a-z][a-z0-9]{3,}\b/, word);
  });

/** The footer's words, on every page: a change of the code. @param {string} word */
const codeChange = (word) =>
  change(FOOTER_FILE, (text) => text.replace(/All rights reserved[^.]*\./, `All rights reserved, ${word}.`));

/** `measure()`'s figures, or `{ error }` naming the round, told on stderr, so that one failed round does not end the section. */
async function attempt(label, measure) {
  try {
    const figures = await measure();
    const { servedS, droppedS, pages } = figures;
    const follower = servedS === undefined ? "" : `, served at ${servedS} s, dropped at ${droppedS} s`;
    const first = pages.firstChanged ? `, the first ${pages.firstChanged}` : "";
    console.error(
      `follow: ${label}: visible in ${(figures.visibleMs / 1000).toFixed(1)} s${follower}, banned ` +
        `${figures.banned.join(" ")}; ${pages.changed} pages changed${first}`,
    );
    return figures;
  } catch (error) {
    console.error(`follow: ${label}:`, error);
    return { error: `${label}: ${firstLine(error)}` };
  }
}

/**
 * One change pushed to the site's remote, by webhook or left to the follower's polling, measured.
 * @param {Awaited<ReturnType<typeof startFollower>>} site
 * @param {import("#tests/support/site-remote.ts").SiteRemote} remote
 * @param {{ changes: Record<string, (text: string) => string>, subject: string, page: string, marker: string, hook: boolean }} push
 */
const siteRound = (site, remote, { changes, subject, page, marker, hook }) =>
  measureSwitch({
    varnish: site.cluster.origin,
    instance: `http://127.0.0.1:${site.instances[0]}`,
    page,
    marker,
    timeoutMs: TIMEOUTS.site,
    release: async () => {
      const commit = await remote.push(changes, subject);
      const [pushedAt, pushed] = [performance.now(), Date.now()];
      if (hook) await callHook(commit);
      return { pushedAt, done: site.released(commit, pushed) };
    },
  });

export async function followSection() {
  console.log(
    `Follow: push → visible through Varnish on npm run start:cluster following a branch (SITE_FOLLOW): one word of ` +
      `${DIRECTOR.url}'s text by webhook and by polling (${ROUNDS.text} rounds each), a new director's one-minute ` +
      `film already published (${ROUNDS.film}), a component's words (${ROUNDS.code}); visitors meanwhile (4 ` +
      `connections at 100 requests/s, through Varnish and straight to an instance) against 5 s at rest; the pages ` +
      `Varnish dropped against those whose render changed; the follower killed (SIGKILL) and started again ` +
      `(${ROUNDS.recovery})` +
      (WITH_FLOOR ? `; then the floor, the copy-paste script (npm ci, npm run build, restarts, a full ban), once` : ""),
  );
  const floorPorts = WITH_FLOOR ? [PORTS.floor, PORTS.floor + 1, PORTS.floor + 2] : [];
  for (const port of [
    PORTS.site,
    PORTS.site + 1,
    PORTS.site + 2,
    PORTS.hook,
    PORTS.recovery,
    PORTS.media,
    ...floorPorts,
  ])
    await ensureFree(port);
  const scratch = await mkdtemp(path.join(tmpdir(), "bench-follow-"));
  /** @type {{ hook: Record<string, any>[], poll: Record<string, any>[], film: Record<string, any>[], code: Record<string, any>[], recovery?: number[] | { error: string }, floor?: Record<string, any> }} */
  const results = { hook: [], poll: [], film: [], code: [] };
  /** @type {Awaited<ReturnType<typeof publishedFilms>> | undefined} */
  let films;
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let media;
  /** @type {Awaited<ReturnType<typeof startFollower>> | undefined} */
  let site;
  /** @type {Awaited<ReturnType<typeof startFloor>> | undefined} */
  let floor;
  try {
    const remote = await seedRemote(scratch);
    films = await publishedFilms(ROUNDS.film);
    media = (await startStaticServer(films.bucket, PORTS.media, { media: true })).child;
    const following = await startFollower(scratch, remote);
    site = following;
    for (let round = 1; round <= ROUNDS.text; round++)
      for (const hook of [true, false]) {
        const word = `${hook ? "hook" : "poll"}word${round}`;
        const label = `text change by ${hook ? "webhook" : "polling"}, round ${round}`;
        const push = {
          changes: textChange(word),
          subject: `${DIRECTOR.id}: ${word}`,
          page: DIRECTOR.url,
          marker: word,
          hook,
        };
        (hook ? results.hook : results.poll).push(await attempt(label, () => siteRound(following, remote, push)));
      }
    for (const [index, { director, changes }] of films.films.entries()) {
      const push = { changes, subject: `directors/${director.id}: create`, page: "/artists/directors", hook: true };
      const marker = `/videos/directors/${director.id}.mp4`;
      results.film.push(
        await attempt(`film, round ${index + 1}`, () => siteRound(following, remote, { ...push, marker })),
      );
    }
    for (let round = 1; round <= ROUNDS.code; round++) {
      const word = `codeword${round}`;
      const push = {
        changes: codeChange(word),
        subject: `Footer: ${word}`,
        page: DIRECTOR.url,
        marker: word,
        hook: true,
      };
      results.code.push(await attempt(`code change, round ${round}`, () => siteRound(following, remote, push)));
    }
    // Its Varnish and follower stopped before the floor's cluster takes the cores.
    await stopProcess(following.cluster.child);
    // The same releases, served by a follower of its own killed and started again.
    const recoveryEnv = { ...SITE_ENV, SITE_FOLLOW: remote.remote, SITE_DATA: path.join(scratch, "site-data") };
    results.recovery = await recoveryAfterKill(PORTS.recovery, recoveryEnv, ROUNDS.recovery).catch((error) => {
      console.error("follow: the follower killed:", error);
      return { error: `the follower killed: ${firstLine(error)}` };
    });
    if (WITH_FLOOR) {
      const hosts = await startFloor(scratch, remote);
      floor = hosts;
      results.floor = await attempt("the floor", () =>
        measureSwitch({
          varnish: hosts.origin,
          instance: hosts.instance,
          page: DIRECTOR.url,
          marker: "floorword",
          timeoutMs: TIMEOUTS.floor,
          release: async () => {
            await remote.push(textChange("floorword"), `${DIRECTOR.id}: floorword`);
            // Run at the push, as if hooked to the webhook.
            return { pushedAt: performance.now(), done: hosts.update() };
          },
        }),
      );
    }
  } finally {
    await floor?.stop();
    await stopProcess(site?.cluster.child);
    await stopProcess(media);
    await films?.remove();
    await rm(scratch, { recursive: true, force: true });
  }
  console.table(table(results, { director: DIRECTOR.url, interval: DEFAULT_INTERVAL_SECONDS }));
  for (const line of notes(results, films?.made)) console.log(line);
}
