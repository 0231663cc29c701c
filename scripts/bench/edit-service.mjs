/**
 * The benchmark's edit section (issue 50): a one-minute 1080p film, as a camera gives it, added as a new
 * director's clip through the editing service (`npm run edit:service`) in Chromium, signed in at a real
 * OpenID provider, and timed from the file chosen to the commit on the remote; against its floor, the
 * same film made and published by hand in a clone of the same repository: copied into media/,
 * `npm run media`, git add, commit, push. No bucket on either side: the service commits the outputs, as
 * the repository keeps them. Beside it, a team's day (issue 55: edit-service-team.mjs): a second editor's
 * text save while the film is made, text saves' answers, the service's memory. docs/benchmarks.md says how
 * to read the table.
 */
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { mediaPaths } from "#model/media-paths.ts";
import { startOidcProvider, TEST_USERS } from "#tests/support/oidc-provider.ts";
import { cpuTimeWithReaped } from "./cpu-time.mjs";
import { directorOf, FILM, filmOf, floorClone, floorRound } from "./edit-service-floor.mjs";
import {
  commitOf,
  ensureFree,
  memoryWatch,
  PORTS,
  remoteHead,
  run,
  signIn,
  startService,
  stopService,
  TIMEOUTS,
} from "./edit-service-instance.mjs";
import { watchSave } from "./edit-service-watch.mjs";
import { descendants, settle } from "./edit-service-processes.mjs";
import { sameWork, table } from "./edit-service-table.mjs";
import { memoryAtRest, remoteAway, SECOND, secondEditor, textSaves } from "./edit-service-team.mjs";
import { firstLine, launchBrowser } from "./shared.mjs";

/** Rounds, each a save through the service and the same by hand. */
const ROUNDS = Number(process.env.BENCH_EDIT_RUNS ?? 3);
/** The editor who adds the film. */
const EDITOR = TEST_USERS.ada;

/**
 * One new director with the film as her clip, through the screen: its times and CPU in ms, its memory, its
 * commit; and the second editor's text save, pressed as soon as hers is answered (`second`).
 */
async function serviceRound(browser, service, film, round) {
  const director = directorOf(round);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const memory = memoryWatch(service.pid);
  /** @type {Awaited<ReturnType<typeof secondEditor>> | undefined} */
  let second;
  /** @type {NodeJS.Timeout | undefined} */
  let sampler;
  try {
    await signIn(page, service.origin, EDITOR);
    second = await secondEditor(browser, service.origin, round);
    await page.goto(`${service.origin}/keystatic/collection/directors/create`);
    await page.getByRole("textbox", { name: "Order" }).fill(String(director.order));
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(director.name);
    const id = await page.getByRole("textbox", { name: "Id" }).inputValue();
    if (id !== director.id) throw new Error(`the screen made the id ${JSON.stringify(id)} of ${director.name}`);
    await page.getByRole("textbox", { name: "Website" }).fill(director.website);
    await settle(service.pid);
    // Read once settled: a save of an earlier round that failed on the bench's side may still land before that.
    const before = await remoteHead(service.remote, service.env);

    // At rest once settled, then sampled through the upload and the save.
    memory.sample();
    memory.phase("upload");
    sampler = setInterval(memory.sample, 250);
    const chosen = performance.now();
    await page.locator('input[type="file"][aria-label="Clip"]').setInputFiles(film);
    // The field names the file once the service holds all of it (source-upload.tsx); a refusal is an alert.
    const refused = page.getByRole("alert").waitFor({ timeout: TIMEOUTS.upload });
    const held = page.getByText(", made when you save").waitFor({ timeout: TIMEOUTS.upload });
    if ((await Promise.race([held.then(() => "held"), refused.then(() => "refused")])) === "refused")
      throw new Error(`the upload was refused: ${await page.getByRole("alert").first().innerText()}`);
    const uploaded = performance.now();

    const answer = page.waitForResponse((response) => response.url().endsWith("/api/keystatic/update"), {
      timeout: TIMEOUTS.save,
    });
    memory.phase("save");
    // The browser is the editor's own machine's, here sharing the cores: its CPU is told apart from the service's.
    const browserSide = () =>
      [...descendants(process.pid)].filter((pid) => pid !== process.pid && !descendants(service.pid).has(pid));
    const cpuBefore = {
      service: cpuTimeWithReaped(descendants(service.pid)),
      browser: cpuTimeWithReaped(browserSide()),
    };
    const pressed = performance.now();
    const pressedAt = Date.now();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const response = await answer;
    const answered = performance.now();
    if (response.status() !== 200)
      throw new Error(`the save was answered ${response.status()}: ${await response.text()}`);
    // His, pressed as soon as hers is answered, while her film's media are made; a failure of his is his row's.
    const his = second.save().catch((error) => {
      console.error(error);
      return { error: firstLine(error) };
    });
    const { made, pushed, shown, unanswered, commits, sha } = await watchSave(context, service, {
      id: director.id,
      pressed,
      before,
      editor: EDITOR,
    });
    const cpu = {
      service: cpuTimeWithReaped(descendants(service.pid)) - cpuBefore.service,
      browser: cpuTimeWithReaped(browserSide()) - cpuBefore.browser,
    };
    const git = (...args) => run("git", ["--git-dir", service.remote, ...args], { env: service.env });
    const clip = await git("ls-tree", "--name-only", sha, "--", `public${mediaPaths.directorClip(director.id)}`);
    if (!clip) throw new Error(`her commit ${sha} on the remote holds no clip`);
    const saved = await his;
    // The commits before hers are in `commits` by the time hers is: his is there only if it landed first.
    const him = `${SECOND.user.email}\x1f${second.subject}`;
    const hisCommit = commits.find(({ who }) => who === him);
    const secondResult =
      "error" in saved
        ? saved
        : {
            answered: saved.answered,
            first: hisCommit !== undefined,
            pushed: hisCommit && hisCommit.seen - saved.pressed,
          };

    // Where the answer's time went: the screen before its request left, the service until its answer began.
    const { startTime, responseStart } = response.request().timing();
    const peaks = memory.peaks();
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.error(
      `edit: round ${round}, the service: the save's request left ${s(startTime - pressedAt)} after the press and ` +
        `was answered ${s(responseStart)} later; Chromium and Playwright spent ${s(cpu.browser / 1000)} of CPU from ` +
        `the press to the push; its status after the press: ` +
        shown.map(({ at, state, message }) => `${s(at)} ${state} "${message}"`).join("; ") +
        (unanswered.length ? `; status polls not answered: ${unanswered.join("; ")}` : "") +
        `; the second editor's save: ` +
        ("error" in secondResult
          ? secondResult.error
          : `answered ${s(secondResult.answered)} after his press, ` +
            (secondResult.pushed === undefined
              ? "not on the remote before hers"
              : `pushed ${s(secondResult.pushed)} after it, before hers`)) +
        `; its memory at its highest, MiB: ` +
        Object.entries(peaks)
          .map(([phase, { parts }]) => `${phase} ${parts}`)
          .join("; "),
    );
    return {
      placed: uploaded - chosen,
      answered: answered - pressed,
      made: made - pressed,
      pushed: pushed - pressed,
      whole: pushed - chosen,
      cpu: cpu.service / 1000,
      memory: Object.fromEntries(Object.entries(peaks).map(([phase, { total }]) => [phase, total])),
      commit: await commitOf(git, sha, director.id),
      second: secondResult,
    };
  } finally {
    clearInterval(sampler);
    await second?.context.close();
    await context.close();
  }
}

/** A measurement, or its failure's first line. */
async function attempt(measure) {
  try {
    return await measure();
  } catch (error) {
    console.error(error);
    return { error: firstLine(error) };
  }
}

/**
 * A team's day before the film's rounds: everything the service started, at rest; then one-field text saves
 * with a session of the first editor's, taken from her browser once she has signed in; then the same while the
 * git remote is away.
 */
async function teamFigures(browser, service) {
  const context = await browser.newContext();
  let cookie;
  try {
    await signIn(await context.newPage(), service.origin, EDITOR);
    cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  } finally {
    // Closed before anything is measured: her screen would otherwise be asking the service meanwhile.
    await context.close();
  }
  const rest = await attempt(() => memoryAtRest(service.pid));
  const saves = await attempt(() => textSaves(service, cookie));
  const away = await attempt(() => remoteAway(service, cookie));
  return { rest, saves, away };
}

export async function editServiceSection() {
  const film = await filmOf();
  const filmBytes = (await stat(film)).size;
  const { width, height, fps, seconds } = FILM;
  console.log(
    `Edit: a new director with a ${seconds} s ${width}×${height} ${fps} fps film (${(filmBytes / 1e6).toFixed(1)} MB, ` +
      `${((filmBytes * 8) / seconds / 1e6).toFixed(1)} Mbit/s) as her clip, through the editing service in Chromium ` +
      `(signed in at a test OpenID provider, no bucket: outputs committed) against the floor, the same by hand in a ` +
      `clone (copy, npm run media, git add, commit, push); median (range) of ${ROUNDS} interleaved rounds, each with ` +
      `a second editor's text save while the film is made; before the rounds, the service's memory at rest and over ` +
      `one-field text saves`,
  );
  for (const port of [PORTS.service, PORTS.preview, PORTS.provider]) await ensureFree(port);
  const scratch = await mkdtemp(path.join(tmpdir(), "bench-edit-"));
  await writeFile(path.join(scratch, "gitconfig"), "");
  /** @type {Awaited<ReturnType<typeof startOidcProvider>> | undefined} */
  let provider;
  /** @type {Awaited<ReturnType<typeof startService>> | undefined} */
  let service;
  /** @type {Awaited<ReturnType<typeof launchBrowser>> | undefined} */
  let browser;
  /** @type {{ service: Record<string, any>[], floor: Record<string, any>[] }} */
  const results = { service: [], floor: [] };
  /** @type {Record<string, any>} */
  let team = { error: "not measured" };
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stopAll = () =>
    (stopping ??= (async () => {
      // A Ctrl-C at the terminal has reached the browser too: closing it may fail, and the rest is stopped anyway.
      await browser?.close().catch(() => undefined);
      if (service) await stopService(service);
      await provider?.stop();
      await rm(scratch, { recursive: true, force: true });
    })());
  // The service has a process group of its own, which a Ctrl-C at the terminal does not reach.
  const interrupted = (/** @type {NodeJS.Signals} */ signal) =>
    void stopAll().finally(() => process.kill(process.pid, signal));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    provider = await startOidcProvider({
      redirectUris: [`http://127.0.0.1:${PORTS.service}/auth/callback`],
      port: PORTS.provider,
    });
    const started = await startService(scratch, provider);
    service = started;
    const floor = await floorClone(scratch);
    // Playwright would otherwise end the process on a signal, before the service is stopped (stopAll).
    const launched = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false });
    browser = launched;
    team = await attempt(() => teamFigures(launched, started));
    for (let round = 1; round <= ROUNDS; round++) {
      const measureFloor = async () => {
        await settle(started.pid);
        results.floor.push(await attempt(() => floorRound(floor, film, round)));
      };
      const measureService = async () =>
        results.service.push(await attempt(() => serviceRound(launched, started, film, round)));
      // Alternating which goes first, so a drift of the shared machine falls on both alike.
      if (round % 2 === 1) {
        await measureFloor();
        await measureService();
      } else {
        await measureService();
        await measureFloor();
      }
      console.error(`edit: round ${round} of ${ROUNDS} done`);
    }
    if (started.complaints.length > 0)
      console.error(`edit: the service's stderr, its first lines:\n${started.complaints.join("\n")}`);
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await stopAll();
  }
  console.table(table(results.service, results.floor, filmBytes, team));
  for (const line of sameWork(results.service, results.floor)) console.log(line);
}
