/**
 * The edit section's figures of a team's working day (issue 55; edit-service.mjs runs them): a second editor's
 * text save while the first's film is being made, the answer to a one-field text save, the service's memory over
 * 100 of them, and its memory at rest with its preview. docs/benchmarks.md says how to read them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { TEST_USERS } from "#tests/support/oidc-provider.ts";
import { BRANCH, collectGarbage, remoteHead, run, serviceMemory, signIn, TIMEOUTS } from "./edit-service-instance.mjs";
import { settle } from "./edit-service-processes.mjs";
import { firstLine } from "./shared.mjs";

/** The second editor, and the demo director he changes while the first's film is made. */
export const SECOND = { user: TEST_USERS.ben, entry: "callum-ashby" };
/**
 * One field's change to each demo director in turn: this many with the service at rest, each once the preview is
 * rebuilt after the one before (a save's answer as an editor at a desk gets it); then this many back to back, for
 * the service's memory a save (and their answers, the preview being rebuilt throughout).
 */
const RESTING_SAVES = 5;
const TEXT_SAVES = 100;
/** How often the remote is read for a text save's push. */
const PUSH_POLL_MS = 20;
/** The git remote away (issue 64): this long, while this many text saves are answered. */
const REMOTE_AWAY = { ms: 10_000, saves: 3 };
const DIRECTORS = "app/content/artists/directors";

/**
 * Goals. Saves made while the git remote is away are on it within 10 s of its return (issue 64). A second editor's save is answered within the 2 s of any save, film or not (issue 55: nobody waits
 * behind a film), and his commit is on the remote before the film's. A text save's answer within 300 ms, a
 * button's wait nobody notices. The service's memory grows by at most 1 MiB a save (a working day's few hundred
 * saves stay within a small container's spare), and with its preview stays within 600 MiB at rest.
 */
export const TEAM_GOALS = {
  secondAnswerMs: 2_000,
  textAnswerMs: 300,
  perSaveMiB: 1,
  restMiB: 600,
  remoteBackMs: 10_000,
};

/**
 * The second editor, signed in, with SECOND.entry open and its Website changed, not yet saved: `save()` presses
 * Save and times its answer.
 * @param {import("@playwright/test").Browser} browser
 */
export async function secondEditor(browser, origin, round) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, origin, SECOND.user);
  await page.goto(`${origin}/keystatic/collection/directors/item/${SECOND.entry}`);
  const website = page.getByRole("textbox", { name: "Website" });
  // The form is filled once the screen has read the entry: a change before that would be overwritten.
  for (const deadline = performance.now() + TIMEOUTS.start; (await website.inputValue()) === ""; await sleep(100))
    if (performance.now() > deadline) throw new Error(`${SECOND.entry} did not open in the second editor's screen`);
  await website.fill(`${SECOND.entry}.round-${round}.example`);
  return {
    subject: `directors/${SECOND.entry}: update`,
    context,
    /** Presses Save; when, and how long its answer took, in ms. */
    async save() {
      const answer = page.waitForResponse((response) => response.url().endsWith("/api/keystatic/update"), {
        timeout: TIMEOUTS.save,
      });
      const pressed = performance.now();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const response = await answer;
      const answered = performance.now() - pressed;
      if (response.status() !== 200)
        throw new Error(`the second editor's save was answered ${response.status()}: ${await response.text()}`);
      return { pressed, answered };
    },
  };
}

/** Everything the service started, its preview included, once settled: in all, the service's part, the preview's. */
export async function memoryAtRest(servicePid) {
  await settle(servicePid);
  const all = serviceMemory(servicePid, { preview: true });
  const own = serviceMemory(servicePid, { preview: false });
  console.error(`edit: at rest, everything the service started, MiB: ${all.parts}`);
  return { total: all.total, service: own.total, preview: all.total - own.total };
}

/**
 * One-field saves (a demo director's Website, each in turn) through the screen's API as the screen sends them,
 * with the session of `cookie`. `save()` sends the next and waits for its push: the next one's answer would
 * otherwise wait behind its commit and push (git's lock), which no editor at a desk does.
 * @param {{ origin: string, remote: string, env: NodeJS.ProcessEnv, checkout: string }} service
 * @param {string} cookie
 */
async function textSaver(service, cookie) {
  const { origin } = service;
  const headers = { cookie, origin, "no-cors": "1" };
  // Tells the service what the screen shows: a save is checked against it, and refused with 409 when stale.
  const showTree = async () => {
    const response = await fetch(`${origin}/api/keystatic/tree`, { headers });
    if (!response.ok)
      throw new Error(`the listing was answered ${response.status}: ${firstLine(await response.text())}`);
    await response.arrayBuffer();
  };
  // The demo roster as the service's clone has it (the bench's film directors come after these saves).
  const ids = readdirSync(path.join(service.checkout, DIRECTORS))
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.basename(file, ".md"));
  const files = new Map(
    ids.map((id) => [id, readFileSync(path.join(service.checkout, DIRECTORS, `${id}.md`), "utf8")]),
  );
  await showTree();
  let sent = 0;
  let stale = 0;
  return {
    /** How many saves were refused as stale (and sent again after a new listing). */
    stale: () => stale,
    /** The next save, answered: its answer's time in ms, and the file and line it wrote. */
    async send() {
      const n = sent++;
      const id = ids[n % ids.length];
      const contents = /** @type {string} */ (files.get(id)).replace(
        /^website: .*$/m,
        `website: ${id}.save-${n}.example`,
      );
      const body = JSON.stringify({
        additions: [{ path: `${DIRECTORS}/${id}.md`, contents: Buffer.from(contents).toString("base64url") }],
        deletions: [],
      });
      let answered;
      while (answered === undefined) {
        const started = performance.now();
        const response = await fetch(`${origin}/api/keystatic/update`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body,
        });
        // The answer is the new listing, read whole, as the screen reads it before it shows the save done.
        const text = await response.text();
        if (response.status === 409) {
          stale++;
          await showTree();
        } else if (response.status === 200) answered = performance.now() - started;
        else throw new Error(`text save ${n + 1} was answered ${response.status}: ${firstLine(text)}`);
      }
      files.set(id, contents);
      return { n, answered, file: `${DIRECTORS}/${id}.md`, line: `website: ${id}.save-${n}.example` };
    },
    /** The next save: its answer's time, and from its answer to its push, in ms. */
    async save() {
      const head = await remoteHead(service.remote, service.env);
      const { n, answered } = await this.send();
      const answeredAt = performance.now();
      while ((await remoteHead(service.remote, service.env)) === head) {
        if (performance.now() - answeredAt > TIMEOUTS.save) throw new Error(`text save ${n + 1} was never pushed`);
        await sleep(PUSH_POLL_MS);
      }
      return { answered, pushed: performance.now() - answeredAt };
    },
  };
}

/**
 * The service's memory without its preview, settled: as it is (its garbage not yet collected), and held, once a
 * full collection has run (collectGarbage).
 * @param {{ pid: number, output: () => string }} service
 */
async function settledMemory(service) {
  await settle(service.pid);
  const uncollected = serviceMemory(service.pid, { preview: false });
  await collectGarbage(service);
  return { ...serviceMemory(service.pid, { preview: false }), uncollected };
}

/**
 * One-field text saves: RESTING_SAVES each with the service at rest (settled: the preview rebuilt after the one
 * before), then TEXT_SAVES back to back, the preview being rebuilt throughout; each answer's time in ms, and the
 * service's memory without its preview (settledMemory) before and after the TEXT_SAVES.
 * @param {{ origin: string, remote: string, env: NodeJS.ProcessEnv, checkout: string, pid: number, output: () => string }} service
 * @param {string} cookie
 */
export async function textSaves(service, cookie) {
  const { pid } = service;
  const saver = await textSaver(service, cookie);
  const resting = [];
  for (let n = 0; n < RESTING_SAVES; n++) {
    await settle(pid);
    resting.push((await saver.save()).answered);
  }
  const before = await settledMemory(service);
  const answers = [];
  const pushes = [];
  for (let n = 0; n < TEXT_SAVES; n++) {
    const { answered, pushed } = await saver.save();
    answers.push(answered);
    pushes.push(pushed);
  }
  const after = await settledMemory(service);
  const ms = (values) => values.map(Math.round).join(" ");
  console.error(
    `edit: text saves (${saver.stale()} refused as stale and sent again): ${RESTING_SAVES} at rest answered in ` +
      `${ms(resting)} ms; ${TEXT_SAVES} back to back in ${ms(answers)} ms, each answer → pushed in ${ms(pushes)} ms; ` +
      `the service's memory without its preview, MiB, collected (uncollected): before: ${before.parts} ` +
      `(${before.uncollected.parts}); after: ${after.parts} (${after.uncollected.parts})`,
  );
  return { resting, answers, before, after, count: TEXT_SAVES };
}

/**
 * The git remote away (its folder moved aside) for REMOTE_AWAY.ms while REMOTE_AWAY.saves text saves are answered,
 * then back: each save's answer in ms, and the ms from the remote's return to the last of them on it. Each commit
 * on the remote is checked to hold its save, in the order they were answered.
 * @param {{ origin: string, remote: string, env: NodeJS.ProcessEnv, checkout: string }} service
 * @param {string} cookie
 */
export async function remoteAway(service, cookie) {
  const saver = await textSaver(service, cookie);
  const git = (/** @type {string[]} */ ...args) =>
    run("git", ["--git-dir", service.remote, ...args], { env: service.env });
  const aside = `${service.remote}.away`;
  const sent = [];
  await rename(service.remote, aside);
  try {
    for (let n = 0; n < REMOTE_AWAY.saves; n++) sent.push(await saver.send());
    await sleep(REMOTE_AWAY.ms);
  } finally {
    await rename(aside, service.remote);
  }
  const back = performance.now();
  const last = /** @type {(typeof sent)[number]} */ (sent.at(-1));
  const holds = ({ file, line }, commit = BRANCH) =>
    git("show", `${commit}:${file}`).then(
      (text) => text.includes(line),
      () => false,
    );
  while (!(await holds(last))) {
    if (performance.now() - back > TIMEOUTS.save)
      throw new Error("the saves made while the remote was away never reached it");
    await sleep(PUSH_POLL_MS);
  }
  const returnedMs = performance.now() - back;
  const commits = (await git("rev-list", `--max-count=${sent.length}`, "--reverse", BRANCH)).split("\n");
  for (const [index, save] of sent.entries())
    if (!(await holds(save, commits[index])))
      throw new Error(`save ${index + 1} of those made while the remote was away is not in its own commit, in order`);
  console.error(
    `edit: the remote away ${REMOTE_AWAY.ms / 1000} s: ${sent.length} saves answered in ${sent.map(({ answered }) => Math.round(answered)).join(" ")} ms; ` +
      `the last on the remote ${Math.round(returnedMs)} ms after its return`,
  );
  return { answers: sent.map(({ answered }) => answered), returnedMs };
}
