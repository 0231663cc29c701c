/**
 * A save's state machine (edit/server/save-state.ts): each move a save may make, the moves it may
 * not (refused, the record left as it was), the screen's words derived from the state, and the
 * entry carried from the request into the subject and back.
 */
import { describe, expect, test } from "vitest";

import {
  isDone,
  isLanded,
  mayMove,
  moveSave,
  newRecord,
  type SaveRecord,
  type SaveState,
  type SaveStep,
  screenStatus,
  SaveStepRefused,
} from "#edit/server/save-state.ts";
import { saveLog } from "#edit/server/save-log.ts";
import { entryOfSubject } from "#edit/server/save-subject.ts";

const ADA = { name: "Ada Rowe", email: "ada@agency.example" };
const THEO = { collection: "directors", id: "theo-marchand", action: "update" };
const C = "c".repeat(40);

/** A state of each step, with what it carries. */
const STATES: Record<SaveStep, SaveState> = {
  saving: { step: "saving" },
  "making media": { step: "making media" },
  publishing: { step: "publishing" },
  "waiting for the bucket": { step: "waiting for the bucket", message: "bucket away" },
  pushing: { step: "pushing", commit: C },
  "waiting for the remote": { step: "waiting for the remote" },
  saved: { step: "saved" },
  pushed: { step: "pushed", commit: C },
  live: { step: "live", link: "https://site.example/artists/film/theo-marchand" },
  "not live": { step: "not live", message: "theo-marchand.md:4: bad" },
  "kept aside": { step: "kept aside", message: "conflict", branch: "edits/ada/1" },
  failed: { step: "failed", message: "disk" },
};

/** Every move a save makes, by hand: the pipeline's, git's landing's and the site watch's. */
const ALLOWED: [SaveStep, SaveStep][] = [
  ["saving", "saved"],
  ["saving", "pushing"],
  ["saving", "making media"],
  ["saving", "failed"],
  ["making media", "publishing"],
  ["making media", "kept aside"],
  ["making media", "failed"],
  ["publishing", "waiting for the bucket"],
  ["publishing", "saved"],
  ["publishing", "pushing"],
  ["publishing", "failed"],
  ["waiting for the bucket", "waiting for the bucket"],
  ["waiting for the bucket", "saved"],
  ["waiting for the bucket", "pushing"],
  ["waiting for the bucket", "failed"],
  ["pushing", "waiting for the remote"],
  ["pushing", "pushed"],
  ["pushing", "kept aside"],
  ["pushing", "failed"],
  ["waiting for the remote", "waiting for the remote"],
  ["waiting for the remote", "pushed"],
  ["waiting for the remote", "kept aside"],
  ["waiting for the remote", "failed"],
  ["saved", "live"],
  ["saved", "not live"],
  ["pushed", "live"],
  ["pushed", "not live"],
  ["not live", "live"],
  ["not live", "not live"],
];

const STEPS = Object.keys(STATES) as SaveStep[];

/** A record standing at `step` (as a run reaches it), for the moves from there. */
function at(step: SaveStep): SaveRecord {
  return { ...newRecord(ADA, THEO, "2026-12-07T10:00:00.000Z"), ...STATES[step] };
}

describe("a save's moves", () => {
  test.each(ALLOWED)("%s → %s", (from, to) => {
    const record = at(from);
    moveSave(record, STATES[to]);
    expect(record).toMatchObject(STATES[to]);
  });

  const refused = STEPS.flatMap((from) =>
    STEPS.filter((to) => !ALLOWED.some(([a, b]) => a === from && b === to)).map((to) => [from, to] as const),
  );

  test("every other move is refused, the record left as it was", () => {
    expect(refused.length).toBe(STEPS.length ** 2 - ALLOWED.length);
    for (const [from, to] of refused) {
      const record = at(from);
      const before = { ...record };
      expect(() => moveSave(record, STATES[to]), `${from} → ${to}`).toThrow(SaveStepRefused);
      expect(record).toEqual(before);
      expect(mayMove(from, to)).toBe(false);
    }
  });

  test("a few refusals by name: no going back, nothing after the end", () => {
    for (const [from, to] of [
      ["pushed", "pushing"],
      ["saving", "pushed"],
      ["live", "not live"],
      ["failed", "pushed"],
      ["kept aside", "pushed"],
      ["saved", "pushed"],
      ["making media", "pushing"],
    ] as const)
      expect(() => moveSave(at(from), STATES[to]), `${from} → ${to}`).toThrow(`"${from}" to "${to}"`);
  });

  test("a state's message and branch go with it; the commit stays with the save", () => {
    const record = newRecord(ADA, THEO);
    moveSave(record, { step: "making media" });
    moveSave(record, { step: "publishing" });
    moveSave(record, { step: "waiting for the bucket", message: "away" });
    moveSave(record, { step: "pushing", commit: C });
    expect(record.message).toBeUndefined();
    moveSave(record, { step: "waiting for the remote" });
    expect(record.commit).toBe(C);
    moveSave(record, { step: "pushed", commit: "d".repeat(40) });
    moveSave(record, { step: "not live", message: "refused" });
    moveSave(record, { step: "live", link: "https://x.example/" });
    expect(record).toMatchObject({ step: "live", commit: "d".repeat(40), link: "https://x.example/" });
    expect(record.message).toBeUndefined();
  });

  test("done and landed", () => {
    expect(STEPS.filter(isDone)).toEqual(["saved", "pushed", "live", "not live", "kept aside", "failed"]);
    expect(STEPS.filter(isLanded)).toEqual(["saved", "pushed", "live", "not live"]);
  });
});

describe("the entry, carried from the request", () => {
  test("its subject is said from it, and a commit's subject reads back to it", () => {
    for (const entry of [
      THEO,
      { collection: "contact", action: "update" },
      { collection: "reels", id: "reel-2021", action: "create" },
      { collection: "photographers", id: "clara-wren", action: "new photo, phone photo" },
    ]) {
      const record = newRecord(ADA, entry);
      expect(entryOfSubject(record.subject)).toEqual(entry);
    }
    expect(newRecord(ADA, THEO).subject).toBe("directors/theo-marchand: update");
  });

  test("a record starts saving, or where a previous run left it", () => {
    expect(newRecord(ADA, THEO).step).toBe("saving");
    expect(newRecord(ADA, THEO, undefined, { step: "pushed", commit: C })).toMatchObject({ step: "pushed", commit: C });
  });
});

describe("the screen's status, from the state", () => {
  const now = Date.parse("2026-12-07T10:00:00.000Z");
  const status = (step: SaveStep, extra: Partial<SaveRecord> = {}) =>
    screenStatus({ ...at(step), ...extra } as SaveRecord, now);

  test("each step's words", () => {
    expect(screenStatus(undefined)).toEqual({ state: "idle" });
    expect(status("saving")).toEqual({ state: "running", message: "Saving directors/theo-marchand: update…" });
    expect(status("making media")).toEqual({
      state: "running",
      message: "Making the media of directors/theo-marchand…",
    });
    expect(status("publishing")).toEqual({
      state: "running",
      message: "Publishing the media of directors/theo-marchand…",
    });
    expect(status("waiting for the bucket")).toEqual({
      state: "running",
      message:
        "Made; waiting for the bucket to publish the media of directors/theo-marchand, tried again in a moment: bucket away",
    });
    expect(status("pushing")).toEqual({ state: "running", message: "Saving directors/theo-marchand: update…" });
    expect(status("waiting for the remote")).toEqual({
      state: "idle",
      message:
        "Saved here, waiting for the git remote: directors/theo-marchand: update. It is pushed as soon as the remote answers.",
      waiting: true,
    });
    expect(status("saved")).toEqual({ state: "idle", message: "Saved: directors/theo-marchand: update." });
    expect(status("saved", { siteUntil: now + 1 })).toEqual({
      state: "idle",
      message: "Saved: directors/theo-marchand: update.",
      waiting: true,
    });
    expect(status("pushed")).toEqual({ state: "idle", message: "Saved and pushed: directors/theo-marchand: update." });
    expect(status("pushed", { siteUntil: now + 1 })).toEqual({
      state: "idle",
      message: "Saved and pushed: directors/theo-marchand: update. Waiting for the site to show it…",
      waiting: true,
    });
    expect(status("live")).toEqual({
      state: "idle",
      message: "Live on the site: directors/theo-marchand — https://site.example/artists/film/theo-marchand",
    });
    expect(status("not live")).toEqual({
      state: "failed",
      message:
        "Not live on the site: theo-marchand.md:4: bad\nYour save is recorded; the site still shows the version before it.",
    });
    expect(status("kept aside")).toEqual({
      state: "failed",
      message: "Not published: conflict\nYour save is kept on the branch edits/ada/1.",
    });
    expect(status("failed")).toEqual({ state: "failed", message: "Not published: disk" });
  });

  test("the log: the author's latest save is her status; landed and not are listed apart", () => {
    const log = saveLog();
    const first = log.add(ADA, THEO);
    const second = log.add(ADA, { collection: "contact", action: "update" });
    moveSave(first, { step: "pushing", commit: C });
    moveSave(first, { step: "pushed", commit: C });
    expect(log.statusOf(ADA.email)).toEqual({ state: "running", message: "Saving contact: update…" });
    expect(log.landed()).toEqual([first]);
    expect(log.unlanded()).toEqual([second]);
    expect(log.statusOf("ben@agency.example")).toEqual({ state: "idle" });
  });
});
