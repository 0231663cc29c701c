/**
 * GitLab's token is compared with the secret in time that does not depend on either's length
 * (release/push-hook.ts): node:crypto's timingSafeEqual is watched, and must see two SHA-256 digests
 * for a token of any length, the right one or not, never return early on a length that differs.
 */
import { createHash } from "node:crypto";

import { beforeEach, expect, it, vi } from "vitest";

const compared = vi.hoisted(() => [] as [Buffer, Buffer][]);

vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof import("node:crypto")>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    compared.push([
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
      Buffer.from(b.buffer, b.byteOffset, b.byteLength),
    ]);
    return crypto.timingSafeEqual(a, b);
  };
  return { ...crypto, default: { ...crypto, timingSafeEqual }, timingSafeEqual };
});

const { judgePushHook } = await import("#release/push-hook.ts");

const SECRET = "a webhook secret, typed into the host";
const body = Buffer.from(JSON.stringify({ ref: "refs/heads/main" }));
const digest = (text: string) => createHash("sha256").update(text).digest();

beforeEach(() => {
  compared.length = 0;
});

it("compares the digests of a token of any length with the secret's, in one timingSafeEqual", () => {
  for (const token of ["short", "", `${SECRET}x`, SECRET.replace(/.$/, "!"), SECRET]) {
    compared.length = 0;
    const judgement = judgePushHook({ "x-gitlab-event": "Push Hook", "x-gitlab-token": token }, body, {
      secret: SECRET,
      branch: "main",
    });
    expect(judgement.status).toBe(token === SECRET ? 202 : 401);
    expect(compared).toEqual([[digest(token), digest(SECRET)]]);
  }
});
