/**
 * The push webhook's receiver, for "follow a branch" mode: the git host calls it the moment the
 * followed branch moves, so the site need not wait for its next look. GitHub, Gitea, Forgejo and
 * GitLab each prove a call is theirs in their own way; `judgePushHook` decides what a call is and what
 * to answer (pure, so every case is tested without a socket), `pushHookServer` answers it over HTTP.
 *
 * A call only says "look now": the follower fetches the branch itself and never trusts the body's
 * commit. The signature covers the body, not the headers or the time, so a replayed call can at
 * worst cost one fetch too many.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";

import { COMMIT_ID } from "#model/site-health.ts";

/** What a call is: the answer's status and text, and whether the followed branch moved. */
export interface PushHookJudgement {
  status: number;
  message: string;
  push: boolean;
}

export interface PushHookSettings {
  /** The webhook's secret, as typed into the git host's webhook settings. */
  secret: string;
  /** The followed branch's name (`main`, not `refs/heads/main`). */
  branch: string;
}

export interface PushHookServerOptions extends PushHookSettings {
  /** Hears that the followed branch moved; a throw is answered 500, so the host shows a failed delivery. */
  onPush: () => void;
  /** Hears one line per call: its status and why. */
  log?: (line: string) => void;
}

/**
 * How each host proves a call is its own, in the order they are looked for: Gitea and Forgejo send
 * GitHub's header too, and its check comes first. `hmac`: the body's HMAC-SHA256 under the secret, in
 * hex after `prefix`; `token`: the secret itself. Only the first header present is checked: a wrong
 * one is a wrong one, whatever the others say.
 */
const PROOFS = [
  { header: "x-hub-signature-256", name: "X-Hub-Signature-256", host: "GitHub", kind: "hmac", prefix: "sha256=" },
  { header: "x-gitea-signature", name: "X-Gitea-Signature", host: "Gitea", kind: "hmac", prefix: "" },
  { header: "x-forgejo-signature", name: "X-Forgejo-Signature", host: "Forgejo", kind: "hmac", prefix: "" },
  { header: "x-gitlab-token", name: "X-Gitlab-Token", host: "GitLab", kind: "token", prefix: "" },
] as const;
type Proof = (typeof PROOFS)[number];

/** Where each kind of proof's host names the event, first present first, and the name of a push. */
const EVENTS = {
  // Any of the three: Gitea and Forgejo send X-GitHub-Event beside their own.
  hmac: { headers: ["x-github-event", "x-gitea-event", "x-forgejo-event"], push: "push" },
  token: { headers: ["x-gitlab-event"], push: "Push Hook" },
} as const;

const UNSIGNED = `no signature: expected one of ${PROOFS.map(({ name, host }) => `${name} (${host})`).join(", ")}`;

/** The proof a call offers: the first of PROOFS' headers present. */
const proofOf = (headers: IncomingHttpHeaders) => PROOFS.find(({ header: name }) => headers[name] !== undefined);

/** A header's one value; a repeated header's values joined, as Node joins most (so it fails any check). */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Whether two byte strings are equal, in time that depends on their length only. */
const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest();

/** Whether a token is the secret, in time that depends on neither's length: their digests are compared, never they. */
const sameSecret = (token: Buffer, secret: Buffer) => timingSafeEqual(sha256(token), sha256(secret));

/** Why `value` does not prove the call, or undefined when it does. Never names the secret or the expected value. */
function disproof(proof: Proof, value: string, body: Buffer, secret: string): string | undefined {
  if (proof.kind === "token") {
    // Node reads header bytes as Latin-1: back to the bytes sent, which are the secret's UTF-8 when right.
    const right = sameSecret(Buffer.from(value, "latin1"), Buffer.from(secret, "utf8"));
    return right ? undefined : `${proof.name} is not the webhook's secret`;
  }
  const hex = value.startsWith(proof.prefix) ? value.slice(proof.prefix.length) : "";
  // Checked before decoding: Buffer.from(…, "hex") stops quietly at the first character that is not hex.
  if (!/^[0-9a-f]{64}$/i.test(hex)) return `${proof.name} is not ${proof.prefix}<64 hex digits>`;
  const expected = createHmac("sha256", secret).update(body).digest();
  const right = sameBytes(Buffer.from(hex, "hex"), expected);
  return right ? undefined : `${proof.name} does not match the body signed with the webhook's secret`;
}

/** Throws on an empty secret or branch: a mistake of the caller's, which no call should be answered around. */
function checkSettings({ secret, branch }: PushHookSettings) {
  if (!secret) throw new Error("The push hook's secret is empty: any call would pass for signed.");
  if (!branch) throw new Error("The push hook's branch is empty: no push could be to it.");
}

const answer = (status: number, message: string, push = false): PushHookJudgement => ({ status, message, push });

/**
 * What a call's headers alone decide, before a byte of its body is read: 401 when no host's proof is
 * among them, or GitLab's token (which does not cover the body) is not the secret; undefined when the
 * body is still to be judged. Throws on an empty secret or branch, a mistake of the caller's.
 */
export function judgePushHeaders(
  headers: IncomingHttpHeaders,
  { secret, branch }: PushHookSettings,
): PushHookJudgement | undefined {
  checkSettings({ secret, branch });
  const proof = proofOf(headers);
  if (!proof) return answer(401, UNSIGNED);
  if (proof.kind !== "token") return undefined;
  const failed = disproof(proof, header(headers, proof.header) ?? "", Buffer.alloc(0), secret);
  return failed ? answer(401, failed) : undefined;
}

/**
 * What a webhook call is and what to answer it: 401 unless it proves itself; then 400 for a body that
 * is not a JSON object, 204 for an event that is not a push (a ping), 202 for a push (`push` true only
 * for one to the followed branch). Throws on an empty secret or branch, a mistake of the caller's.
 */
export function judgePushHook(
  headers: IncomingHttpHeaders,
  body: Buffer,
  { secret, branch }: PushHookSettings,
): PushHookJudgement {
  checkSettings({ secret, branch });
  const proof = proofOf(headers);
  if (!proof) return answer(401, UNSIGNED);
  const failed = disproof(proof, header(headers, proof.header) ?? "", body, secret);
  if (failed) return answer(401, failed);

  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch {
    return answer(400, "the body is not JSON: set the webhook's content type to application/json");
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return answer(400, "the body is not a JSON object");
  }
  const events = EVENTS[proof.kind];
  const event = events.headers.map((name) => header(headers, name)).find((value) => value !== undefined);
  if (event !== events.push) return answer(204, `not a push (${event ?? "no event header"}): nothing to do`);

  const { ref, after } = payload as { ref?: unknown; after?: unknown };
  if (typeof ref !== "string") return answer(400, "a push without a ref");
  if (ref !== `refs/heads/${branch}`) return answer(202, `ignored: a push to ${ref}`);
  const commit = typeof after === "string" && COMMIT_ID.test(after.toLowerCase()) ? `, now at ${after}` : "";
  return answer(202, `a push to ${ref}${commit}`, true);
}

/** The largest body read. A push's payload is a few kB for a few commits; GitHub's are capped at 25 MB. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * The request's body, or undefined once it is past `limit`: what comes after is then read and
 * dropped, so the answer reaches a client still sending and the connection serves its next call
 * (Node's requestTimeout bounds how long). Rejects when the client goes before the body's end.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      if (size > limit) return;
      size += chunk.length;
      if (size > limit) resolve(undefined);
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
    request.on("close", () => {
      if (!request.complete) reject(new Error("the call was cut off before its body's end"));
    });
  });
}

/** A plain-text answer, never cached; a 204 has no body (HTTP allows none), so its reason is only logged. */
function send(response: ServerResponse, status: number, message: string, headers: http.OutgoingHttpHeaders = {}) {
  const text = status === 204 ? "" : `${message}\n`;
  response.writeHead(status, {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(status === 204
      ? {}
      : { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(text) }),
    ...headers,
  });
  response.end(text);
}

/**
 * The webhook's HTTP server, not yet listening (the caller picks the port and address): POSTs to any
 * path are judged by `judgePushHook`, `onPush` hears each push to the branch. Answers 405 to other
 * methods, 401 unread to a call whose headers prove nothing (judgePushHeaders) and 413 to a body past
 * 5 MiB; a client's mistake is never a 5xx.
 */
export function pushHookServer({ secret, branch, onPush, log }: PushHookServerOptions): http.Server {
  // Thrown now rather than at the first call.
  checkSettings({ secret, branch });
  const reply = (response: ServerResponse, status: number, message: string, headers?: http.OutgoingHttpHeaders) => {
    log?.(`push hook: ${status} ${message}`);
    send(response, status, message, headers);
  };

  async function take(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== "POST") {
      return reply(response, 405, "a git host's push webhook takes only POST", { Allow: "POST" });
    }
    // Refused on its headers alone: answered at once, its body unread, and the connection closed, so a
    // caller without the secret can neither make the server read megabytes nor hold it with a slow body.
    const refused = judgePushHeaders(request.headers, { secret, branch });
    if (refused) return reply(response, refused.status, refused.message, { Connection: "close" });
    const tooLarge = `the body is past ${MAX_BODY_BYTES} bytes, which no push needs`;
    if (Number(request.headers["content-length"]) > MAX_BODY_BYTES) return reply(response, 413, tooLarge);
    const body = await readBody(request, MAX_BODY_BYTES);
    if (!body) return reply(response, 413, tooLarge);
    const judgement = judgePushHook(request.headers, body, { secret, branch });
    if (judgement.push) onPush();
    reply(response, judgement.status, judgement.message);
  }

  return http.createServer((request, response) => {
    take(request, response).catch((error: unknown) => {
      log?.(`push hook: ${error instanceof Error ? error.message : String(error)}`);
      // A client gone needs no answer; anything else here is onPush's throw or a fault of this file's.
      if (!response.headersSent && !request.socket.destroyed) {
        send(response, 500, "the push hook failed; its log says why");
      }
    });
  });
}
