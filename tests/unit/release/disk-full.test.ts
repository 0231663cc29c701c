import { describe, expect, it } from "vitest";

import { DISK_FULL_REASON, LOW_ROOM_BYTES, refusalOf } from "#release/disk-full.ts";
import { CommandFailed } from "#release/run-to-end.ts";

/** An error as Node's file system throws it. */
const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** SITE_DATA with plenty of room, and one with less than a release takes. */
const roomy = async () => 10 * LOW_ROOM_BYTES;
const cramped = async () => LOW_ROOM_BYTES - 1;

/** git-mirror.ts's words for a checkout that could not write a file: git says no more. */
const CHECKOUT_FAILED = new Error(
  "git worktree: error: unable to write file app/root.tsx\nfatal: Could not reset index file to revision 'HEAD'.",
);

describe("a release that failed", () => {
  it("for want of room under SITE_DATA is refused in plain words, naming no path, and tried again", async () => {
    const full = [
      systemError("ENOSPC", "ENOSPC: no space left on device, write"),
      systemError("EDQUOT", "EDQUOT: disk quota exceeded, write"),
      // git-mirror.ts's words for a fetch that could not write its objects.
      new Error("git fetch: error: unable to write file ./objects/ab/cdef: No space left on device"),
      // A build that found no room: npm's last line says only that it failed, its output why.
      new CommandFailed(
        "npm error Lifecycle script `build` failed with error:",
        "✘ [ERROR] ENOSPC: no space left on device, write '/srv/site-data/releases/b/build/index.js'",
      ),
      new Error("SQLITE_FULL: database or disk is full"),
    ];
    for (const error of full)
      expect(await refusalOf(error, "/srv/site-data", roomy)).toEqual({ reason: DISK_FULL_REASON, again: true });
    // A write that fails without saying why, on a disk with less room than a release takes.
    expect(await refusalOf(CHECKOUT_FAILED, "/srv/site-data", cramped)).toEqual({
      reason: DISK_FULL_REASON,
      again: true,
    });
    expect(DISK_FULL_REASON).toMatch(/^SITE_DATA is full/);
    expect(DISK_FULL_REASON).not.toMatch(/\//);
  });

  it("for anything else is refused for good, with the command's first line or the error's message", async () => {
    expect(
      await refusalOf(new CommandFailed('app/root.tsx:12:5: Unexpected ";"', "npm error …"), "/srv", roomy),
    ).toEqual({ reason: 'app/root.tsx:12:5: Unexpected ";"', again: false });
    const died = new Error("its server exited before it listened (code 1)");
    expect(await refusalOf(died, "/srv", cramped)).toEqual({ reason: died.message, again: false });
    // A write that failed with room to spare is not the disk's doing (a permission, say).
    expect(await refusalOf(CHECKOUT_FAILED, "/srv", roomy)).toEqual({ reason: CHECKOUT_FAILED.message, again: false });
  });
});
