/**
 * One save from request to answer (edit/server/save-request.ts), as both screens call it: refused
 * before the lock for a path the rule refuses, refused by the guard with nothing written, or
 * decoded once, checked once, written, recorded with its entry, journaled before its answer and
 * handed to the pipeline.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { validateContent } from "#content-check/check.ts";
import type { Saved } from "#edit/server/save-landing.ts";
import { saveLog } from "#edit/server/save-log.ts";
import { saveQueue } from "#edit/server/save-queue.ts";
import { type SaveGuard, saveRequests } from "#edit/server/save-request.ts";
import { scratchProject } from "#tests/support/project-copy.ts";

vi.mock("#content-check/check.ts", async (importOriginal) => {
  const check = await importOriginal<typeof import("#content-check/check.ts")>();
  return { ...check, validateContent: vi.fn(check.validateContent) };
});

const ADA = { name: "Ada Rowe", email: "ada@agency.example" };
const THEO = "app/content/artists/directors/theo-marchand.md";
const LISTING = JSON.stringify([{ path: THEO, mode: "100644", type: "blob", sha: "0".repeat(40) }]);

let root: string;
let answer: ReturnType<typeof saveRequests>;
let guard: SaveGuard | undefined;
const log = saveLog();
const steps: string[] = [];
const handed: Saved[] = [];
const pipeline = {
  keep: vi.fn(async (saved: Saved) => void steps.push(`keep ${saved.record.subject}`)),
  land: vi.fn(async (saved: Saved) => void (steps.push(`land ${saved.record.subject}`), handed.push(saved))),
};

beforeAll(async () => {
  root = await scratchProject("save-request-", ["app/content", "media/manifest.json"]);
  answer = saveRequests({
    root,
    lock: saveQueue(),
    log,
    pipeline,
    listing: async () => ({ status: 200, headers: { "content-type": "application/json" }, body: LISTING }),
  });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  guard = undefined;
  steps.length = 0;
  handed.length = 0;
});

const file = (name: string, text: string) => ({ path: name, contents: Buffer.from(text).toString("base64url") });

async function post(save: unknown, headers: Record<string, string> = { "no-cors": "1" }) {
  const request = new Request("http://edit/api/keystatic/update", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(save),
  });
  const response = await answer(request, ADA, guard);
  return { status: response.status, text: await response.text() };
}

/** Theo's file with his bio changed. */
const theoSaying = async (bio: string) =>
  file(THEO, (await readFile(path.join(root, THEO), "utf8")).replace(/\n---\n[\s\S]*$/, `\n---\n${bio}\n`));

describe("one save, from request to answer", () => {
  test("not a save (no no-cors header) is refused 400, unread", async () => {
    expect(await post({ additions: [], deletions: [] }, {})).toEqual({ status: 400, text: "Bad Request" });
  });

  test("a path the rule refuses: 400 before the lock, the guard never asked, nothing written", async () => {
    const landed = vi.fn(async () => () => true);
    guard = { landed, refuse: async () => undefined };
    const outcome = await post({
      additions: [file("../escape.md", "x"), file("app/content/index.ts", "")],
      deletions: [],
    });
    expect(outcome).toEqual({
      status: 400,
      text: 'Bad Request\n"../escape.md": not a path in normal form\napp/content/index.ts: not a file the screen saves',
    });
    expect(landed).not.toHaveBeenCalled();
    expect(validateContent).not.toHaveBeenCalled();
    expect(pipeline.keep).not.toHaveBeenCalled();
  });

  test("the guard's refusal is the answer: given the entry, nothing written, nothing recorded", async () => {
    const refuse = vi.fn(async () => ({ status: 409, message: "Not saved: stale." }));
    guard = { landed: async () => () => true, refuse };
    const before = await readFile(path.join(root, THEO), "utf8");
    const save = { additions: [await theoSaying("Refused words.")], deletions: [] };
    expect(await post(save)).toEqual({ status: 409, text: "Not saved: stale." });
    expect(refuse).toHaveBeenCalledWith(expect.anything(), {
      collection: "directors",
      id: "theo-marchand",
      action: "update",
    });
    expect(await readFile(path.join(root, THEO), "utf8")).toBe(before);
    expect(validateContent).not.toHaveBeenCalled();
    expect(log.unlanded()).toEqual([]);
  });

  test("a save: decoded once, checked once, written, recorded with its entry, journaled, answered, landed", async () => {
    const written = vi.fn();
    guard = { landed: async () => () => false, refuse: async () => undefined, written };
    const change = await theoSaying("New words.");
    const decode = vi.spyOn(Buffer, "from");
    const outcome = await post({ additions: [change], deletions: [] });
    const decoded = decode.mock.calls.filter((call: unknown[]) => call[1] === "base64url");
    expect(outcome).toEqual({ status: 200, text: LISTING });
    expect(decoded).toHaveLength(1);
    expect(validateContent).toHaveBeenCalledTimes(1);
    expect(await readFile(path.join(root, THEO), "utf8")).toMatch(/\nNew words\.\n$/);
    // Not on the branch, as the guard said: a create.
    const [record] = log.unlanded();
    expect(record).toMatchObject({
      author: ADA,
      entry: { collection: "directors", id: "theo-marchand", action: "create" },
      subject: "directors/theo-marchand: create",
      step: "saving",
    });
    expect(written).toHaveBeenCalledWith(expect.objectContaining({ body: LISTING }));
    await expect
      .poll(() => steps)
      .toEqual(["keep directors/theo-marchand: create", "land directors/theo-marchand: create"]);
    expect(handed[0]).toMatchObject({ record, touched: [THEO], jobs: undefined });
  });

  test("without a guard (`npm run edit`): the working copy says the entry exists", async () => {
    expect((await post({ additions: [await theoSaying("Local words.")], deletions: [] })).status).toBe(200);
    await expect.poll(() => handed.length).toBe(1);
    expect(handed[0].record.entry).toEqual({ collection: "directors", id: "theo-marchand", action: "update" });
  });
});
