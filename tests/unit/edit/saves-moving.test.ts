/**
 * Whether Recent saves asks again (edit/app/lib/saves-moving.ts): while a save is on its way, or pushed and
 * waited for by the public site (edit/service/recent-saves.ts marks it), and never once every save is where it stays.
 */
import { describe, expect, it } from "vitest";

import { anySaveMoving } from "#edit/app/lib/saves-moving.ts";
import type { ListedSave } from "#edit/server/editing-context.ts";
import type { SaveRecord, SaveStep } from "#edit/server/save-log.ts";
import { entryOfSubject } from "#edit/server/save-subject.ts";
import { listedSaves } from "#edit/service/recent-saves.ts";

const ADA = { name: "Ada Rowe", email: "ada@agency.example" };
const DATE = "2026-12-08T10:00:00.000Z";
const NOW = Date.parse(DATE) + 60_000;
const COMMIT = "a".repeat(40);
const SUBJECT = "directors/theo-marchand: update";

const listed = (state: SaveStep, more: Partial<ListedSave> = {}): ListedSave => ({
  author: ADA,
  subject: SUBJECT,
  date: DATE,
  state,
  ...more,
});

/** Git's pushed save of COMMIT, as the service followed it: its record at `step`, asked about until `siteUntil`. */
function followedAs(step: SaveStep, siteUntil?: number) {
  const record: SaveRecord = {
    author: ADA,
    entry: entryOfSubject(SUBJECT),
    subject: SUBJECT,
    step,
    date: DATE,
    commit: COMMIT,
    ...(siteUntil === undefined ? {} : { siteUntil }),
  };
  const pushed = { commit: COMMIT, author: ADA, date: DATE, subject: SUBJECT, state: "pushed" as const };
  return listedSaves([pushed], [], [record], NOW);
}

describe("Recent saves asks again", () => {
  it.each<SaveStep>([
    "saving",
    "making media",
    "publishing",
    "waiting for the bucket",
    "pushing",
    "waiting for the remote",
  ])("while a save is %s", (state) => {
    expect(anySaveMoving([listed("live"), listed(state)])).toBe(true);
  });

  it("while a pushed save is waited for by the public site, and no longer once its time is up", () => {
    const waited = followedAs("pushed", NOW + 1);
    expect(waited).toEqual([expect.objectContaining({ state: "pushed", waiting: true })]);
    expect(anySaveMoving(waited)).toBe(true);

    const givenUp = followedAs("pushed", NOW);
    expect(givenUp[0]).not.toHaveProperty("waiting");
    expect(anySaveMoving(givenUp)).toBe(false);
  });

  it("never for a pushed save the service does not follow: no site to ask, or pushed before it started", () => {
    expect(followedAs("pushed")[0]).not.toHaveProperty("waiting");
    const unfollowed = listedSaves(
      [{ commit: COMMIT, author: ADA, date: DATE, subject: SUBJECT, state: "pushed" }],
      [],
      [],
      NOW,
    );
    expect(anySaveMoving(unfollowed)).toBe(false);
  });

  it("never once every save is where it stays", () => {
    expect(
      anySaveMoving([
        listed("live", { link: "https://www.calloway.example/artists/film/theo-marchand" }),
        listed("not live", { message: "contact.yaml:3: bad" }),
        listed("kept aside", { branch: "edits/ada-1" }),
        listed("failed", { message: "no room" }),
        listed("pushed"),
      ]),
    ).toBe(false);
    expect(anySaveMoving(followedAs("live"))).toBe(false);
    expect(anySaveMoving([])).toBe(false);
  });
});
