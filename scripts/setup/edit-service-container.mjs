/**
 * What the editing service's container needs for scripts/cli/test-images.mjs to check it: a test
 * OpenID provider to run inside it, its commit, and its preview's status asked from inside it.
 */
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

import { lastLines, podman, seconds } from "./podman.mjs";

/**
 * A test OpenID provider (oidc-provider, one of the image's dev dependencies, as in tests/support/oidc-provider.ts),
 * run inside the service's container beside it: the service reads its discovery document at start.
 */
export const OIDC_PROVIDER = `
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Provider } from "oidc-provider";
const env = process.env;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const provider = new Provider(env.EDIT_OIDC_ISSUER, {
  clients: [{ client_id: env.EDIT_OIDC_CLIENT_ID, client_secret: env.EDIT_OIDC_CLIENT_SECRET,
    redirect_uris: [env.EDIT_PUBLIC_URL + "/auth/callback"], grant_types: ["authorization_code"], response_types: ["code"] }],
  jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test", alg: "RS256", use: "sig" }] },
  cookies: { keys: [randomBytes(32).toString("base64url")] },
});
createServer(provider.callback()).listen(new URL(env.EDIT_OIDC_ISSUER).port, "127.0.0.1", () => writeFileSync("/tmp/oidc-ready", ""));
`;

export const commitOf = (source) =>
  spawnSync("git", ["-C", source, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();

/**
 * The preview's /healthz (EDIT_PORT + 1, on the container's loopback), asked until it serves `commit` or refuses it,
 * for at most 5 minutes: its first build runs on the service's start.
 */
export async function previewStatus(container, commit) {
  const since = performance.now();
  const ask = "fetch('http://127.0.0.1:4001/healthz').then((r) => r.text()).then(console.log, () => console.log('{}'))";
  let status = {};
  while (performance.now() - since < 5 * 60_000) {
    const answer = await podman(["exec", container, "node", "-e", ask]);
    try {
      status = JSON.parse(answer.output.trim().split("\n").at(-1) ?? "{}");
    } catch {
      status = {};
    }
    if (status.commit === commit) return { ok: true, took: seconds(since) };
    if (status.refused?.commit === commit) break;
    await sleep(2_000);
  }
  const logs = await podman(["logs", "--tail=20", container]);
  return { ok: false, took: seconds(since), detail: `${JSON.stringify(status)}\n${lastLines(logs.output)}` };
}
