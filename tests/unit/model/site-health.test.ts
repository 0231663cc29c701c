/**
 * The /healthz contract (model/site-health.ts): the body the site's own handler writes
 * (server/healthz.ts) passes the schema the editing screens read it with, for a SHA-1 and a SHA-256
 * repository alike, and a body that is not the site's is refused.
 */
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, describe, expect, it } from "vitest";

import { healthBody, releaseStatus } from "#model/site-health.ts";
import { healthz } from "#server/healthz.ts";

const TOKEN = "a-status-token-of-at-least-32-characters";
const SHA1 = "0123456789abcdef0123456789abcdef01234567";
const SHA256 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

const app = express().get(
  "/healthz",
  healthz({
    status: () => ({ commit: SHA1, refused: { commit: SHA256, reason: "a.md:1: name: required" } }),
    token: TOKEN,
  }),
);
const server = app.listen(0, "127.0.0.1");
afterAll(() => void server.close());

async function written(authorization?: string): Promise<unknown> {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`, authorization ? { headers: { authorization } } : {});
  return answer.json();
}

describe("the /healthz body", () => {
  it("takes what the site writes, to the public and to the token's holder", async () => {
    expect(healthBody.parse(await written())).toEqual({ status: "ok", commit: SHA1 });
    expect(healthBody.parse(await written(`Bearer ${TOKEN}`))).toEqual({
      status: "ok",
      commit: SHA1,
      refused: { commit: SHA256, reason: "a.md:1: name: required" },
    });
    expect(healthBody.parse({ status: "ok", commit: null })).toEqual({ status: "ok", commit: null });
  });

  it.each([
    ["the plain ok of a site that follows nothing", "ok"],
    ["no status", { commit: SHA1 }],
    ["a commit in uppercase", { status: "ok", commit: SHA1.toUpperCase() }],
    ["an abbreviated commit", { status: "ok", commit: SHA1.slice(0, 12) }],
    ["a commit of 41 digits", { status: "ok", commit: `${SHA1}0` }],
    ["a refusal without its reason", { status: "ok", commit: SHA1, refused: { commit: SHA256 } }],
    ["a refusal of no commit", { status: "ok", commit: SHA1, refused: { commit: null, reason: "x" } }],
  ])("refuses %s", (_, body) => {
    expect(healthBody.safeParse(body).success).toBe(false);
  });

  it("keeps, as the follower's status, the same rules without the word ok", () => {
    expect(releaseStatus.parse({ commit: SHA256 })).toEqual({ commit: SHA256 });
    expect(releaseStatus.safeParse({ commit: "HEAD" }).success).toBe(false);
  });
});
