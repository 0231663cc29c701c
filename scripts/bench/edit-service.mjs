/**
 * The benchmark's edit section (issue 50): a one-minute 1080p film, as a camera gives it, added as a new
 * director's clip through the editing service (`npm run edit:service`) in Chromium, signed in at a real
 * OpenID provider, and timed from the file chosen to the commit on the remote; against its floor, the
 * same film made and published by hand in a clone of the same repository: copied into media/,
 * `npm run media`, git add, commit, push. No bucket on either side: the service commits the outputs, as
 * the repository keeps them. docs/benchmarks.md says how to read the table.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

import { mediaPaths, mediaSource } from "#model/media-paths.ts";
import { LOGIN_FORM, startOidcProvider, TEST_USERS } from "#tests/support/oidc-provider.ts";
import { cpuTimeWithReaped, reapedCpuTime } from "./cpu-time.mjs";
import { firstLine, launchBrowser, mark, median } from "./shared.mjs";

const ROOT = path.join(import.meta.dirname, "../..");
/**
 * The service takes EDIT_PORT and the two after it (its preview, and the preview's development server:
 * service-server.ts); the other sections use 3321–3330 and 3377, the tests 3660–3699.
 */
const PORTS = { service: 3331, provider: 3334 };
/** Rounds, each a save through the service and the same by hand. */
const ROUNDS = Number(process.env.BENCH_EDIT_RUNS ?? 3);
const BRANCH = "main";
const EDITOR = TEST_USERS.ada;
/** Who commits by hand on the floor's side. */
const DEVELOPER = { name: "Dev Eloper", email: "dev@agency.example" };

/** As a camera gives it: 1080p at 25 fps, H.264 at 24 Mbit/s with its sound, one minute. */
const FILM = { width: 1920, height: 1080, fps: 25, seconds: 60, videoMbits: 24 };
/**
 * The film is a few seconds encoded (noise over a test picture keeps x264 at the bitrate, as a camera's
 * grain does) and repeated by stream copy: a minute encoded whole takes this 2-core machine several minutes.
 * Two GOPs of 2 s, so each repeat starts on a keyframe.
 */
const SEGMENT_SECONDS = 4;

const MINUTE = 60_000;
const TIMEOUTS = { start: 5 * MINUTE, upload: 10 * MINUTE, save: 15 * MINUTE, command: 15 * MINUTE };
/** How often the save is looked at: the manifest and the remote each poll, the service's status every fifth. */
const POLL_MS = 100;
const STATUS_EVERY = 5;
/**
 * Before each round, the service and what it started must have been nearly idle (under this share of one
 * core over the window): its start (the screen's bundle, the preview's first build) and a save's aftermath
 * (the preview recompiling the content) would otherwise be timed with the next round.
 */
const SETTLE = { windowMs: 2_000, share: 0.1, maxMs: 2 * MINUTE };

/**
 * Goals. The film's upload: at least 40 MB/s on loopback, where the line costs nothing, so the service is not
 * what an editor waits for on an office's 100–300 Mbit/s line (12–38 MB/s). The save's answer: within 2 s, the
 * time an editor waits for a button without wondering. Save → media made and → pushed: at most 1.5× the floor
 * (the same work by hand), as the reels' start is against a bare <video>: the service may add its checks,
 * its git and its queue, not a second build.
 */
const GOALS = { uploadMBps: 40, answerMs: 2_000, ratio: 1.5 };

const execFileAsync = promisify(execFile);

/** Runs a command to its end; its output, trimmed. */
async function run(command, args, options = {}) {
  const { stdout } = await execFileAsync(command, args, {
    maxBuffer: 64 * 1024 * 1024,
    timeout: TIMEOUTS.command,
    ...options,
  });
  return stdout.trim();
}

/** Git without this machine's or this user's configuration, for the bench's git and the service's alike. */
const gitEnv = (scratch) => ({
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: path.join(scratch, "gitconfig"),
});

const remoteHead = (remote, env) => run("git", ["--git-dir", remote, "rev-parse", BRANCH], { env });

/** The film, made once and kept in the OS's temporary folder under its parameters: a second run takes it as it is. */
async function filmOf() {
  const { width, height, fps, seconds, videoMbits } = FILM;
  const file = path.join(tmpdir(), `bench-edit-film-${width}x${height}-${fps}fps-${seconds}s-${videoMbits}M.mp4`);
  if (existsSync(file)) return file;
  console.error(`edit: making the film ${file} (once)`);
  const segment = `${file}.segment.mp4`;
  const part = `${file}.part.mp4`;
  const rate = `${videoMbits}M`;
  try {
    await run(
      "ffmpeg",
      [
        ["-v", "error", "-y"],
        ["-f", "lavfi", "-i", `testsrc2=s=${width}x${height}:r=${fps}:d=${SEGMENT_SECONDS}`],
        ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${SEGMENT_SECONDS}`],
        ["-vf", "noise=alls=12:allf=t", "-c:v", "libx264", "-preset", "veryfast", "-g", String(fps * 2)],
        ["-b:v", rate, "-maxrate", rate, "-bufsize", rate, "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k"],
        [segment],
      ].flat(),
    );
    await run(
      "ffmpeg",
      [
        ["-v", "error", "-y", "-stream_loop", String(seconds / SEGMENT_SECONDS - 1), "-i", segment],
        ["-c", "copy", "-movflags", "+faststart", part],
      ].flat(),
    );
    // Renamed once whole: a run stopped halfway leaves nothing for the next to take as the film.
    await rename(part, file);
  } finally {
    await rm(segment, { force: true });
    await rm(part, { force: true });
  }
  return file;
}

/** Refuses a port something listens on: the service or the provider would fail to start, or the bench would talk to a stranger. */
async function ensureFree(port) {
  await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`port ${port} is taken: stop what listens there`)));
    probe.listen(port, "127.0.0.1", () => probe.close(resolve));
  });
}

/** Each process's name, parent and process group, from /proc. */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      // After the name (which may hold spaces): state, ppid, pgrp; proc(5).
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z") table.set(Number(entry), { name, ppid: Number(ppid), pgrp: Number(pgrp) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return table;
}

/** `root` and every process under it, whatever group each has put itself in. */
function descendants(root) {
  const table = processTable();
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of table)
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  return new Set([...found].filter((pid) => table.has(pid)));
}

function residentMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * The resident memory of process group `pgrp` (the service's Node and the ffmpegs it runs; its preview has a
 * group of its own) at its highest in each phase of a round, with what it was made of then.
 */
function memoryWatch(pgrp) {
  /** @type {Record<string, { total: number, parts: string }>} */
  const peaks = {};
  let phase = "rest";
  return {
    /** @param {"rest" | "upload" | "save"} name */
    phase: (name) => (phase = name),
    sample() {
      /** @type {Map<string, { count: number, mib: number }>} */
      const byName = new Map();
      for (const [pid, { name, pgrp: group }] of processTable()) {
        if (group !== pgrp) continue;
        const part = byName.get(name) ?? { count: 0, mib: 0 };
        byName.set(name, { count: part.count + 1, mib: part.mib + residentMiB(pid) });
      }
      const total = [...byName.values()].reduce((sum, { mib }) => sum + mib, 0);
      if (total > (peaks[phase]?.total ?? -1))
        peaks[phase] = {
          total,
          parts: [...byName]
            .map(([name, { count, mib }]) => `${name}${count > 1 ? ` ×${count}` : ""} ${Math.round(mib)}`)
            .join(", "),
        };
    },
    peaks: () => peaks,
  };
}

/** Waits (up to SETTLE.maxMs) until `pid` and its processes have been nearly idle for a window. */
async function settle(pid) {
  for (let waited = 0; waited < SETTLE.maxMs; waited += SETTLE.windowMs) {
    // With what the tree reaps meanwhile: a process ending in the window takes its time with it otherwise.
    const before = cpuTimeWithReaped(descendants(pid));
    await sleep(SETTLE.windowMs);
    if (cpuTimeWithReaped(descendants(pid)) - before < SETTLE.windowMs * 1000 * SETTLE.share) return;
  }
  console.error(`edit: the service was still busy after ${SETTLE.maxMs / 1000} s; measuring anyway`);
}

/**
 * The service on its own bare remote (a clone of this repository's HEAD), signing in at `provider`, with no
 * bucket. Its own process group; it answers once it has printed its address.
 */
async function startService(scratch, provider) {
  const origin = `http://127.0.0.1:${PORTS.service}`;
  const remote = path.join(scratch, "service-remote.git");
  const data = path.join(scratch, "service-data");
  const env = gitEnv(scratch);
  await run("git", ["clone", "-q", "--bare", "--branch", BRANCH, ROOT, remote], { env });
  /** @type {NodeJS.ProcessEnv} */
  const serviceEnv = {
    ...env,
    EDIT_PUBLIC_URL: origin,
    EDIT_OIDC_ISSUER: provider.issuer,
    EDIT_OIDC_CLIENT_ID: provider.clientId,
    EDIT_OIDC_CLIENT_SECRET: provider.clientSecret,
    EDIT_ALLOWED: `@${EDITOR.email.split("@")[1]}`,
    EDIT_SESSION_SECRET: `bench-${process.pid}-`.padEnd(48, "0"),
    EDIT_REPO: remote,
    EDIT_DATA: data,
    EDIT_HOST: "127.0.0.1",
    EDIT_PORT: String(PORTS.service),
  };
  // Outputs committed, as this repository keeps them: a bucket set in the bench's environment is not the service's.
  delete serviceEnv.MEDIA_BUCKET;
  const child = spawn(process.execPath, ["--import", "tsx", "edit/service/main.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: serviceEnv,
  });
  let output = "";
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const service = {
    origin,
    remote,
    env,
    child,
    manifest: path.join(data, "site/media/manifest.json"),
  };
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the service did not start in ${TIMEOUTS.start / 1000} s:\n${output}`)),
      TIMEOUTS.start,
    );
    child.stdout.on("data", () => {
      if (!output.includes(`editing service: ${origin}`)) return;
      clearTimeout(timer);
      resolve(undefined);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code ?? signal}) before it answered:\n${output}`));
    });
  });
  return service;
}

/** Ends the service and every process it started (its preview is in a group of its own), found before any is signalled. */
async function stopService(child) {
  if (!child.pid) return;
  const tree = descendants(child.pid);
  const signal = (pid, name) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal(-child.pid, "SIGTERM");
  for (let waited = 0; waited < 100 && [...tree].some((pid) => processTable().has(pid)); waited++) await sleep(100);
  for (const pid of tree) if (processTable().has(pid)) signal(pid, "SIGKILL");
}

/** Signs in as the editor at the provider's login form, and waits for the screen and its preview. */
async function signIn(page, origin) {
  await page.goto(`${origin}/keystatic`);
  await page.locator(LOGIN_FORM.selectors.login).fill(EDITOR.email);
  // The provider's development form takes any password.
  await page.locator(LOGIN_FORM.selectors.password).fill("bench");
  await page.locator(LOGIN_FORM.selectors.submit).click();
  await page.waitForURL(`${origin}/keystatic**`, { timeout: TIMEOUTS.start });
  // The preview builds the site on its first request: asked here, so that no round pays for it.
  const deadline = performance.now() + TIMEOUTS.start;
  while (!(await page.request.get(`${origin}/artists/directors`)).ok()) {
    if (performance.now() > deadline) throw new Error(`the preview did not answer in ${TIMEOUTS.start / 1000} s`);
    await sleep(1_000);
  }
}

/** The round's new director: her id, and the fields the screen is given and the floor writes. */
function directorOf(round) {
  const id = `bench-film-${round}`;
  return { id, name: `Bench Film ${round}`, order: 30 + round, website: `${id}.example` };
}

/** Her file as the screen writes it for those fields, for the floor to write by hand. */
const entryFile = ({ id, name, order, website }) =>
  `---\nid: ${id}\norder: ${order}\nname: ${name}\ntitle: Director\nwebsite: ${website}\ninstagram: ''\nrecentWorkThumbs: []\nextraThumbs: []\n---\n`;

/**
 * Watches a save from the press on: the service's manifest naming the clip (media made), the remote's
 * branch moving (pushed), and the service's status (each message it shows, a failure).
 */
async function watchSave(context, service, { id, pressed, before }) {
  const clip = `${JSON.stringify(mediaPaths.directorClip(id))}:`;
  const status = `${service.origin}/edit/api/status?entry=directors/${id}`;
  /** @type {{ at: number, state: string, message: string }[]} */
  const shown = [];
  /** @type {string[]} */
  const unanswered = [];
  let made;
  const deadline = pressed + TIMEOUTS.save;
  for (let poll = 0; ; poll++) {
    const now = performance.now();
    if (now > deadline) throw new Error(`not pushed ${TIMEOUTS.save / 1000} s after the press`);
    if (made === undefined && (await readFile(service.manifest, "utf8")).includes(clip)) made = now;
    if ((await remoteHead(service.remote, service.env)) !== before)
      return { made: made ?? now, pushed: now, shown, unanswered };
    if (poll % STATUS_EVERY === 0) {
      // A poll the connection drops (a kept-alive socket the server closed as it was reused) is asked again at
      // the next, as the screen's own polling would; the drops are told.
      const answer = await context.request.get(status).catch((error) => {
        unanswered.push(`${((now - pressed) / 1000).toFixed(1)} s ${firstLine(error)}`);
        return undefined;
      });
      const build = answer && (await answer.json()).build;
      const last = shown.at(-1);
      if (build && (last?.state !== build.state || last?.message !== build.message))
        shown.push({ at: now - pressed, state: build.state, message: build.message ?? "" });
      if (build?.state === "failed") throw new Error(`the service failed the save: ${build.message}`);
    }
    await sleep(POLL_MS);
  }
}

/**
 * What the branch's last commit holds: its files, and her entry's blob (the floor writes it by hand, so it is
 * compared with the screen's), for the two sides' commits to be compared.
 */
async function commitOf(git, id) {
  return {
    files: (await git("show", "--name-only", "--format=", BRANCH)).split("\n").sort(),
    entry: await git("rev-parse", `${BRANCH}:app/content/artists/directors/${id}.md`),
  };
}

/** One new director with the film as her clip, through the screen: its times and CPU in ms, its memory, its commit. */
async function serviceRound(browser, service, film, round) {
  const director = directorOf(round);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const memory = memoryWatch(/** @type {number} */ (service.child.pid));
  /** @type {NodeJS.Timeout | undefined} */
  let sampler;
  try {
    await signIn(page, service.origin);
    await page.goto(`${service.origin}/keystatic/collection/directors/create`);
    await page.getByRole("textbox", { name: "Order" }).fill(String(director.order));
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(director.name);
    const id = await page.getByRole("textbox", { name: "Id" }).inputValue();
    if (id !== director.id) throw new Error(`the screen made the id ${JSON.stringify(id)} of ${director.name}`);
    await page.getByRole("textbox", { name: "Website" }).fill(director.website);
    await settle(/** @type {number} */ (service.child.pid));
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
    const servicePid = /** @type {number} */ (service.child.pid);
    // The browser is the editor's own machine's, here sharing the cores: its CPU is told apart from the service's.
    const browserSide = () =>
      [...descendants(process.pid)].filter((pid) => pid !== process.pid && !descendants(servicePid).has(pid));
    const cpuBefore = {
      service: cpuTimeWithReaped(descendants(servicePid)),
      browser: cpuTimeWithReaped(browserSide()),
    };
    const pressed = performance.now();
    const pressedAt = Date.now();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const response = await answer;
    const answered = performance.now();
    if (response.status() !== 200)
      throw new Error(`the save was answered ${response.status()}: ${await response.text()}`);
    const { made, pushed, shown, unanswered } = await watchSave(context, service, { id: director.id, pressed, before });
    const cpu = {
      service: cpuTimeWithReaped(descendants(servicePid)) - cpuBefore.service,
      browser: cpuTimeWithReaped(browserSide()) - cpuBefore.browser,
    };

    const git = (...args) => run("git", ["--git-dir", service.remote, ...args], { env: service.env });
    const [author, subject] = (await git("log", "-1", "--format=%ae%x1f%s", BRANCH)).split("\x1f");
    const clip = await git("ls-tree", "--name-only", BRANCH, "--", `public${mediaPaths.directorClip(director.id)}`);
    if (author !== EDITOR.email || subject !== `directors/${director.id}: create` || !clip)
      throw new Error(
        `the remote's new commit is not her save with its clip: ${author}, "${subject}", ${clip || "no clip"}`,
      );
    // Where the answer's time went: the screen before its request left, the service until its answer began.
    const { startTime, responseStart } = response.request().timing();
    const peaks = memory.peaks();
    console.error(
      `edit: round ${round}, the service: the save's request left ${((startTime - pressedAt) / 1000).toFixed(1)} s ` +
        `after the press and was answered ${(responseStart / 1000).toFixed(1)} s later; Chromium and Playwright ` +
        `spent ${(cpu.browser / 1e6).toFixed(1)} s of CPU from the press to the push; its status after the press: ` +
        shown.map(({ at, state, message }) => `${(at / 1000).toFixed(1)} s ${state} "${message}"`).join("; ") +
        (unanswered.length ? `; status polls not answered: ${unanswered.join("; ")}` : "") +
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
      commit: await commitOf(git, director.id),
    };
  } finally {
    clearInterval(sampler);
    await context.close();
  }
}

/** The floor's clone of its own bare remote, with this project's node_modules, `npm run media` run once untimed (as on a developer's machine). */
async function floorClone(scratch) {
  const env = gitEnv(scratch);
  const remote = path.join(scratch, "floor-remote.git");
  const clone = path.join(scratch, "floor");
  await run("git", ["clone", "-q", "--bare", "--branch", BRANCH, ROOT, remote], { env });
  await run("git", ["clone", "-q", remote, clone], { env });
  await run("ln", ["-s", path.join(ROOT, "node_modules"), path.join(clone, "node_modules")]);
  await run("npm", ["run", "--silent", "media"], { cwd: clone, env });
  return { clone, env };
}

/** The same director and film by hand: the film copied into her slot and her file written, media made, committed, pushed. */
async function floorRound({ clone, env }, film, round) {
  const director = directorOf(round);
  const slot = path.join(clone, `${mediaSource("directorClip", director.id)}.mp4`);
  const started = performance.now();
  await mkdir(path.dirname(slot), { recursive: true });
  await copyFile(film, slot);
  await writeFile(path.join(clone, `app/content/artists/directors/${director.id}.md`), entryFile(director));
  const placed = performance.now();
  // The bench runs nothing else to its end meanwhile: what its reaped children spent is the floor's.
  const cpuBefore = reapedCpuTime(process.pid);
  const media = await run("npm", ["run", "--silent", "media"], { cwd: clone, env });
  const made = performance.now();
  const git = (...args) => run("git", args, { cwd: clone, env });
  await git("add", "-A");
  const who = ["-c", `user.name=${DEVELOPER.name}`, "-c", `user.email=${DEVELOPER.email}`];
  await git(...who, "commit", "-q", "-m", `directors/${director.id}: create`);
  await git("push", "-q", "origin", BRANCH);
  const pushed = performance.now();
  const cpu = (reapedCpuTime(process.pid) - cpuBefore) / 1000;
  console.error(`edit: round ${round}, the floor's npm run media: ${media.split("\n").at(-1)}`);
  return {
    placed: placed - started,
    made: made - placed,
    pushed: pushed - placed,
    whole: pushed - started,
    cpu,
    commit: await commitOf(git, director.id),
  };
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

/** Seconds as the table shows them: the median of the rounds that succeeded, their range, and how many failed. */
function secondsCell(results, field) {
  const values = results.filter((result) => result.error === undefined).map((result) => result[field]);
  const failed = results.length - values.length;
  if (values.length === 0) return { text: "✗ all failed", value: undefined };
  const s = (ms) => (ms / 1000).toFixed(1);
  const range = values.length > 1 ? ` (${s(Math.min(...values))}–${s(Math.max(...values))})` : "";
  return { text: `${s(median(values))}${range}${failed ? `, ${failed} failed` : ""}`, value: median(values) };
}

function table(service, floor, filmBytes) {
  const rows = [];
  const compared = (figure, serviceField, floorField = serviceField, judged = true) => {
    const ours = secondsCell(service, serviceField);
    const theirs = secondsCell(floor, floorField);
    const ratio = ours.value !== undefined && theirs.value !== undefined ? ours.value / theirs.value : undefined;
    rows.push({
      figure,
      "the service": ours.text,
      "the floor": theirs.text,
      ratio: ratio === undefined ? "-" : `${ratio.toFixed(2)}×${judged ? ` ${mark(ratio <= GOALS.ratio)}` : ""}`,
      goal: judged ? `≤ ${GOALS.ratio}×` : "-",
    });
  };
  const upload = secondsCell(service, "placed");
  const mbps = upload.value === undefined ? undefined : filmBytes / 1e6 / (upload.value / 1000);
  rows.push({
    figure: "film chosen → uploaded, s (the floor: copied into media/)",
    "the service":
      mbps === undefined ? upload.text : `${upload.text}, ${mbps.toFixed(0)} MB/s ${mark(mbps >= GOALS.uploadMBps)}`,
    "the floor": secondsCell(floor, "placed").text,
    ratio: "-",
    goal: `≥ ${GOALS.uploadMBps} MB/s`,
  });
  const answer = secondsCell(service, "answered");
  rows.push({
    figure: "Save pressed → its answer, s",
    "the service": `${answer.text}${answer.value === undefined ? "" : ` ${mark(answer.value <= GOALS.answerMs)}`}`,
    "the floor": "-",
    ratio: "-",
    goal: `≤ ${GOALS.answerMs / 1000} s`,
  });
  compared("Save pressed → media made, s (the floor: npm run media)", "made");
  compared("Save pressed → pushed, s (the floor: media, add, commit, push)", "pushed");
  compared("film chosen → pushed, s (the floor: copy to push)", "whole", "whole", false);
  compared("CPU s, Save pressed → pushed (the service: all it runs, its preview too)", "cpu");
  const highest = (phase) => {
    const values = service.filter((result) => result.error === undefined).map((result) => result.memory[phase]);
    return values.length ? Math.round(Math.max(...values)) : "-";
  };
  rows.push({
    figure: "the service's memory MiB, at rest / uploading / saving (its Node and ffmpegs, not its preview)",
    "the service": `${highest("rest")} / ${highest("upload")} / ${highest("save")}`,
    "the floor": "-",
    ratio: "-",
    goal: "-",
  });
  return rows;
}

/** Whether each round's two commits hold the same files and the same entry: the ratios compare the same work only then. */
function sameWork(service, floor) {
  return service.flatMap((ours, index) => {
    const theirs = floor[index];
    if (ours.commit === undefined || theirs?.commit === undefined) return [];
    const only = (a, b) => a.files.filter((file) => !b.files.includes(file));
    const differences = [
      ...only(ours.commit, theirs.commit).map((file) => `only the service's commit has ${file}`),
      ...only(theirs.commit, ours.commit).map((file) => `only the floor's commit has ${file}`),
      ...(ours.commit.entry === theirs.commit.entry ? [] : ["her entry's file differs"]),
    ];
    const round = `round ${index + 1}`;
    return differences.length === 0
      ? [`${round}: both commits hold the same ${ours.commit.files.length} files, her entry byte for byte`]
      : differences.map((difference) => `${round}: ${difference}`);
  });
}

export async function editServiceSection() {
  const film = await filmOf();
  const filmBytes = (await stat(film)).size;
  const { width, height, fps, seconds } = FILM;
  console.log(
    `Edit: a new director with a ${seconds} s ${width}×${height} ${fps} fps film (${(filmBytes / 1e6).toFixed(1)} MB, ` +
      `${((filmBytes * 8) / seconds / 1e6).toFixed(1)} Mbit/s) as her clip, through the editing service in Chromium ` +
      `(signed in at a test OpenID provider, no bucket: outputs committed) against the floor, the same by hand in a ` +
      `clone (copy, npm run media, git add, commit, push); median (range) of ${ROUNDS} interleaved rounds`,
  );
  for (const port of [PORTS.service, PORTS.service + 1, PORTS.service + 2, PORTS.provider]) await ensureFree(port);
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
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stopAll = () =>
    (stopping ??= (async () => {
      // A Ctrl-C at the terminal has reached the browser too: closing it may fail, and the rest is stopped anyway.
      await browser?.close().catch(() => undefined);
      if (service) await stopService(service.child);
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
    for (let round = 1; round <= ROUNDS; round++) {
      const measureFloor = async () => {
        await settle(/** @type {number} */ (started.child.pid));
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
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await stopAll();
  }
  console.table(table(results.service, results.floor, filmBytes));
  for (const line of sameWork(results.service, results.floor)) console.log(line);
}
