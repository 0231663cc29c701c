import { describe, expect, it } from "vitest";

import { QueueFullError, RenderQueue } from "#server/render-queue.ts";

/** Work that finishes when the test says so. */
function pending() {
  let finish!: () => void;
  const promise = new Promise<void>((resolve) => (finish = resolve));
  return { promise, finish };
}

describe("RenderQueue", () => {
  it("runs `concurrency` at once, the rest in arrival order, and refuses past the line's length", async () => {
    const queue = new RenderQueue(2, 2);
    const started: number[] = [];
    const works = [0, 1, 2, 3].map(() => pending());
    const runs = works.map((work, n) =>
      queue.run(async () => {
        started.push(n);
        await work.promise;
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    await expect(queue.run(async () => 4)).rejects.toBeInstanceOf(QueueFullError);

    works[1].finish();
    await runs[1];
    expect(started).toEqual([0, 1, 2]);
    // A newcomer waits behind those already in line.
    const late = queue.run(async () => "late");
    works[0].finish();
    works[2].finish();
    works[3].finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(await late).toBe("late");
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("lets a request leave the line when its client does", async () => {
    const queue = new RenderQueue(1, 5);
    const first = pending();
    const running = queue.run(() => first.promise);
    const controller = new AbortController();
    let ran = false;
    const leaving = queue.run(async () => void (ran = true), controller.signal);
    expect(queue.waiting).toBe(1);
    controller.abort(new Error("client left"));
    await expect(leaving).rejects.toThrow("client left");
    expect(queue.waiting).toBe(0);
    first.finish();
    await running;
    expect(ran).toBe(false);
    expect(queue.running).toBe(0);
  });

  it("frees its place when the work fails", async () => {
    const queue = new RenderQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    expect(await queue.run(async () => "next")).toBe("next");
  });
});
