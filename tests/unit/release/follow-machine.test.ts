import { describe, expect, it } from "vitest";

import type { BuiltRelease } from "#release/build-release.ts";
import { followMachine } from "#release/follow-machine.ts";
import { INITIAL_STATE, nextState, type Release } from "#release/follow-state.ts";
import { FULL_PLAN } from "#release/release-plan.ts";
import type { WarmStart } from "#model/warm-pages.ts";

/**
 * The follower's decisions with fakes for its ports: a remote whose head the test moves, a builder
 * that fails or waits when told to, workers that are objects the test can kill.
 */

const DISK_FULL = "SITE_DATA is full";
const PORTS = [8081, 8082];
const commitOf = (n: number) => String(n).repeat(40);

interface FakeWorker {
  release: Release;
  port: number;
  before?: string;
  warm?: WarmStart;
  told: unknown[];
  retired: boolean;
  dead: boolean;
  listeners: ((code: number | null, signal: string | null) => void)[];
}

/** A promise the test settles. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/** Lets every queued step run: the fakes answer in microtasks and a few timers. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function follower() {
  const remote = { head: commitOf(1), answers: true, asked: 0, fetches: 0, fetchError: undefined as Error | undefined };
  const builds: string[] = [];
  /** What the build of a commit does: fail with an error, or wait for a promise. */
  const building = new Map<string, Error | Promise<void>>();
  const workers: FakeWorker[] = [];
  /** Why the worker of a commit on a port index does not start ("commit:index"). */
  const failing = new Map<string, Error>();
  const recorded: Release[] = [];
  const purged: { commit: string; change: unknown }[] = [];
  const lines: { level: string; msg: string; fields: object }[] = [];
  let purgerStopped = false;
  const say = (level: string) => (fields: object, msg: string) => lines.push({ level, msg, fields });

  const machine = followMachine<FakeWorker>(
    {
      mirror: {
        async remoteHead() {
          remote.asked++;
          if (!remote.answers) throw new Error("could not resolve host");
          return remote.head;
        },
        async fetch() {
          remote.fetches++;
          if (remote.fetchError) throw remote.fetchError;
          return remote.head;
        },
      },
      async build(commit, serving): Promise<BuiltRelease> {
        builds.push(commit);
        const how = building.get(commit);
        if (how instanceof Error) throw how;
        await how;
        const folder = serving?.folder === "releases/a" ? "releases/b" : "releases/a";
        return { folder, commit, plan: FULL_PLAN, installed: false, seconds: 1 };
      },
      workers: {
        async start(release, index, before, warm) {
          const refused = failing.get(`${release.commit}:${index}`);
          if (refused) throw refused;
          const worker: FakeWorker = {
            release,
            port: PORTS[index]!,
            before,
            warm,
            told: [],
            retired: false,
            dead: false,
            listeners: [],
          };
          workers.push(worker);
          return worker;
        },
        onExit: (worker, exited) => worker.listeners.push(exited),
        async retire(worker) {
          worker.retired = true;
        },
        tell: (worker, status) => worker.told.push(status),
        pages: async (worker) => [[`/kept-by-${worker.port}`, { release: worker.release.commit }]],
      },
      purger: {
        purge: (commit, change) => purged.push({ commit, change }),
        async stop() {
          purgerStopped = true;
        },
      },
      async record(release) {
        recorded.push(release);
      },
      async refusalOf(error) {
        const full = (error as Error).message.includes("ENOSPC");
        return full ? { reason: DISK_FULL, again: true } : { reason: (error as Error).message, again: false };
      },
      log: { info: say("info"), warn: say("warn"), error: say("error") },
    },
    { ports: PORTS, remote: "git@host:site.git", branch: "main", restartDelayMs: 0 },
  );
  const serving = () => workers.filter((worker) => !worker.retired && !worker.dead);
  const said = (text: string) => lines.filter((line) => line.msg.includes(text)).length;
  const ask = async () => {
    machine.ask();
    await settle();
  };
  return {
    machine,
    remote,
    builds,
    building,
    failing,
    workers,
    serving,
    recorded,
    purged,
    lines,
    said,
    ask,
    purgerStopped: () => purgerStopped,
  };
}

describe("the follower's state machine", () => {
  it("builds a new commit and switches to it: its workers serve, those before retire, the cache drops its pages", async () => {
    const site = follower();
    await site.ask();
    expect(site.machine.status()).toEqual({ commit: commitOf(1) });
    expect(site.serving().map((worker) => [worker.port, worker.release.commit])).toEqual([
      [8081, commitOf(1)],
      [8082, commitOf(1)],
    ]);
    expect(site.recorded).toEqual([{ folder: "releases/a", commit: commitOf(1) }]);
    expect(site.purged).toEqual([]);
    // The first release replaces no worker: it starts cold.
    expect(site.serving().map((worker) => worker.warm)).toEqual([undefined, undefined]);

    site.remote.head = commitOf(2);
    await site.ask();
    expect(site.serving().map((worker) => [worker.release.folder, worker.before])).toEqual([
      ["releases/b", "releases/a"],
      ["releases/b", "releases/a"],
    ]);
    // Each new worker starts with the pages of the one it replaces on its port, and what the release changed.
    expect(site.serving().map((worker) => worker.warm)).toEqual(
      PORTS.map((port) => ({
        pages: [[`/kept-by-${port}`, { release: commitOf(1) }]],
        changed: FULL_PLAN.drop.banned,
      })),
    );
    expect(site.serving()[0]!.told).toEqual([{ commit: commitOf(2) }]);
    expect(site.purged).toEqual([{ commit: commitOf(2), change: FULL_PLAN.drop }]);
    expect(site.said(`site: serving ${commitOf(2).slice(0, 12)} (code; built in 1.0 s)`)).toBe(1);
  });

  it("refuses a commit that fails to build, keeps the release before, and tries it again only once the branch moves", async () => {
    const site = follower();
    await site.ask();
    site.remote.head = commitOf(2);
    site.building.set(commitOf(2), new Error("app/content/x.md:3: name: required"));
    await site.ask();
    const refused = { commit: commitOf(2), reason: "app/content/x.md:3: name: required" };
    expect(site.machine.status()).toEqual({ commit: commitOf(1), refused });
    expect(site.serving().every((worker) => worker.release.commit === commitOf(1))).toBe(true);
    expect(site.serving()[0]!.told.at(-1)).toEqual({ commit: commitOf(1), refused });
    await site.ask();
    await site.ask();
    expect(site.builds).toEqual([commitOf(1), commitOf(2)]);
    expect(site.said("refused:")).toBe(1);

    site.remote.head = commitOf(3);
    await site.ask();
    expect(site.builds).toEqual([commitOf(1), commitOf(2), commitOf(3)]);
    expect(site.machine.status()).toEqual({ commit: commitOf(3) });
  });

  it("refuses a release one of whose workers does not start: the other is retired, the release before serves on", async () => {
    const site = follower();
    await site.ask();
    site.remote.head = commitOf(2);
    site.failing.set(`${commitOf(2)}:1`, new Error("its server exited before it listened (code 1)"));
    await site.ask();
    expect(site.machine.status()).toEqual({
      commit: commitOf(1),
      refused: { commit: commitOf(2), reason: "its server exited before it listened (code 1)" },
    });
    expect(site.serving().map((worker) => worker.release.commit)).toEqual([commitOf(1), commitOf(1)]);
    const other = site.workers.find((worker) => worker.release.commit === commitOf(2));
    expect(other?.retired).toBe(true);
    expect(site.recorded).toEqual([{ folder: "releases/a", commit: commitOf(1) }]);
  });

  it("tries a commit a full disk refused again at the next ask, said once, and serves it once there is room", async () => {
    const site = follower();
    await site.ask();
    site.remote.head = commitOf(2);
    site.building.set(commitOf(2), new Error("ENOSPC: no space left on device"));
    await site.ask();
    await site.ask();
    expect(site.builds).toEqual([commitOf(1), commitOf(2), commitOf(2)]);
    expect(site.said(`refused: ${DISK_FULL}`)).toBe(1);
    expect(site.machine.status()).toEqual({ commit: commitOf(1), refused: { commit: commitOf(2), reason: DISK_FULL } });

    site.building.delete(commitOf(2));
    await site.ask();
    expect(site.machine.status()).toEqual({ commit: commitOf(2) });
  });

  it("says once that the remote does not answer, serves on, and says when it answers again", async () => {
    const site = follower();
    await site.ask();
    site.remote.answers = false;
    for (let ask = 0; ask < 3; ask++) await site.ask();
    expect(site.said("site: could not ask git@host:site.git for main")).toBe(1);
    expect(site.machine.status()).toEqual({ commit: commitOf(1) });
    site.remote.answers = true;
    await site.ask();
    await site.ask();
    expect(site.said("site: the remote answers again")).toBe(1);
  });

  it("runs exactly one more update after one under way, however often it is asked meanwhile", async () => {
    const site = follower();
    const build = deferred();
    site.building.set(commitOf(1), build.promise);
    site.machine.ask();
    await settle();
    site.remote.head = commitOf(2);
    for (let ask = 0; ask < 3; ask++) site.machine.ask();
    expect(site.remote.asked).toBe(1);
    build.resolve();
    await settle();
    expect(site.remote.asked).toBe(2);
    expect(site.builds).toEqual([commitOf(1), commitOf(2)]);
    expect(site.machine.status()).toEqual({ commit: commitOf(2) });
  });

  it("starts a worker that died again, on its port, and tells it the status", async () => {
    const site = follower();
    await site.ask();
    site.remote.head = commitOf(2);
    site.building.set(commitOf(2), new Error("esbuild failed"));
    await site.ask();
    const dead = site.serving()[1]!;
    dead.dead = true;
    dead.listeners.forEach((exited) => exited(null, "SIGKILL"));
    await settle();
    expect(site.said("site: a serving process died; starting it again")).toBe(1);
    const again = site.serving().find((worker) => worker.port === 8082)!;
    expect(again).not.toBe(dead);
    expect(again.release.commit).toBe(commitOf(1));
    expect(again.told).toEqual([{ commit: commitOf(1), refused: { commit: commitOf(2), reason: "esbuild failed" } }]);
  });

  it("starts a worker that died again with the scripts of the release before, which its cached pages still name", async () => {
    const site = follower();
    await site.ask();
    site.remote.head = commitOf(2);
    await site.ask();
    const dead = site.serving()[0]!;
    dead.dead = true;
    dead.listeners.forEach((exited) => exited(1, null));
    await settle();
    const again = site.serving().find((worker) => worker.port === dead.port)!;
    expect(again).not.toBe(dead);
    expect([again.release.folder, again.before]).toEqual(["releases/b", "releases/a"]);
    // The worker it replaced is gone with its pages: it starts cold.
    expect(again.warm).toBeUndefined();
  });

  it("serves the release kept from before a restart at once, and builds nothing until the branch moves", async () => {
    const site = follower();
    await site.machine.resume({ folder: "releases/b", commit: commitOf(1) });
    expect(site.serving().map((worker) => worker.release.folder)).toEqual(["releases/b", "releases/b"]);
    expect(site.recorded).toEqual([]);
    await site.ask();
    expect(site.builds).toEqual([]);
    expect(site.remote.fetches).toBe(0);
    expect(site.machine.status()).toEqual({ commit: commitOf(1) });
  });

  it("stops once the build under way is over and served, then retires every worker", async () => {
    const site = follower();
    await site.ask();
    site.remote.head = commitOf(2);
    const build = deferred();
    site.building.set(commitOf(2), build.promise);
    site.machine.ask();
    await settle();
    let stopped = false;
    const stopping = site.machine.stop().then(() => (stopped = true));
    site.machine.ask();
    await settle();
    expect(stopped).toBe(false);
    build.resolve();
    await stopping;
    expect(site.recorded.at(-1)?.commit).toBe(commitOf(2));
    expect(site.serving()).toEqual([]);
    expect(site.purgerStopped()).toBe(true);
    expect(site.remote.asked).toBe(2);
  });

  it("decides alone, without its ports: one ask under way is one more after it, none once stopping", () => {
    const asking = nextState(INITIAL_STATE, { type: "ask" });
    expect(asking.step).toEqual({ name: "asking" });
    const askedTwice = nextState(nextState(asking, { type: "ask" }), { type: "ask" });
    expect(askedTwice).toEqual({ ...asking, again: true });
    const building = nextState(askedTwice, { type: "fetched", commit: commitOf(2) });
    expect(building).toMatchObject({ step: { name: "building", commit: commitOf(2) }, tried: commitOf(2) });
    expect(nextState(building, { type: "unreachable", error: new Error("gone") })).toMatchObject({
      step: { name: "asking" },
      again: false,
      unreachable: true,
    });
    const stopping = nextState(building, { type: "stop" });
    expect(nextState(stopping, { type: "ask" })).toBe(stopping);
    expect(nextState(stopping, { type: "switched" }).step).toEqual({ name: "idle" });
  });
});
